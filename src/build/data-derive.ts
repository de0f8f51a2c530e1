/**
 * Files of the shared data folder that are conversions of a public original, rebuilt from that original by
 * `npm run data:fetch` and checked against the same pinned SHA-256 as a download. Each converter reproduces the
 * shared copy byte for byte (tested), so a clone gets exactly the bytes the project builds from.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** CSV field as the shared copies write it: quoted only when it holds a comma, a quote or a line break. */
function csvField(v: unknown): string {
  if (v === undefined || v === null) return '';
  const s = String(v);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

const FLOWSHEET_COLUMNS: readonly [string, string][] = [
  ['A', 'level'],
  ['B', 'indented_name'],
  ['C', 'equivalence_class'],
  ['D', 'code'],
  ['E', 'loinc'],
  ['F', 'loinc_long_common_name'],
  ['G', 'loinc_display'],
  ['H', 'units_norm_range'],
  ['I', 'norm_range_text'],
  ['J', 'norm_low'],
  ['K', 'norm_high'],
  ['L', 'danger_high'],
  ['M', 'danger_low'],
  ['N', 'loinc_short_name'],
  ['O', 'code_indicator'],
  ['P', 'equivalence_class_uom'],
  ['Q', 'equivalence_class_ucum'],
  ['R', 'molecular_weight'],
  ['S', 'convert_indicator'],
  ['T', 'units_ri'],
  ['U', 'units_display'],
  ['V', 'ucum_example'],
];

/**
 * NLM LHC flowsheet `h17.js` (a JavaScript module exporting an array of objects keyed A…V, the first object naming the
 * columns) → `reference_ranges.csv`: the rows that carry a normal low or high limit, with the columns renamed.
 */
export function flowsheetRangesCsv(h17: string): string {
  const rows = JSON.parse(h17.slice(h17.indexOf('['), h17.lastIndexOf(']') + 1)) as Record<string, unknown>[];
  const lines = [FLOWSHEET_COLUMNS.map(([, name]) => name).join(',')];
  for (const r of rows.slice(1)) {
    if (!('J' in r) && !('K' in r)) continue;
    lines.push(FLOWSHEET_COLUMNS.map(([key]) => csvField(r[key])).join(','));
  }
  return `${lines.join('\n')}\n`;
}

/** USDA SR28 ASCII: '^'-separated fields, '~' around text, Latin-1, CRLF. */
function sr28Rows(dataDir: string, file: string): string[][] {
  const text = readFileSync(join(dataDir, 'usda-sr28/original', file)).toString('latin1');
  return text
    .split(/\r?\n/)
    .filter((l) => l.length > 0)
    .map((l) => l.split('^').map((f) => f.replace(/^~(.*)~$/s, '$1')));
}

/** The SR28 convenience CSVs of the shared folder end their lines with CRLF, like the USDA originals. */
const csv = (header: string[], rows: string[][]) =>
  Buffer.from(`${[header.join(','), ...rows.map((r) => r.map(csvField).join(','))].join('\r\n')}\r\n`, 'utf8');

/** SR28 FOOD_DES (+ FD_GROUP for the group's name) → foods.csv. */
function sr28Foods(dataDir: string): Buffer {
  const groups = new Map(sr28Rows(dataDir, 'FD_GROUP.txt').map(([code, name]) => [code!, name!]));
  const rows = sr28Rows(dataDir, 'FOOD_DES.txt').map((f) => [f[0]!, f[1]!, groups.get(f[1]!) ?? '', ...f.slice(2, 14)]);
  return csv(
    [
      'ndb_no',
      'food_group_code',
      'food_group',
      'long_desc',
      'short_desc',
      'common_name',
      'manufacturer',
      'survey',
      'refuse_desc',
      'refuse_pct',
      'sci_name',
      'n_factor',
      'pro_factor',
      'fat_factor',
      'cho_factor',
    ],
    rows,
  );
}

export const DERIVERS: Record<string, (dataDir: string) => Buffer> = {
  'usda-sr28-foods': sr28Foods,
  'usda-sr28-nutrients': (dataDir) =>
    csv(['nutr_no', 'units', 'tagname', 'nutr_desc', 'num_dec', 'sr_order'], sr28Rows(dataDir, 'NUTR_DEF.txt')),
  'usda-sr28-weights': (dataDir) =>
    csv(
      ['ndb_no', 'seq', 'amount', 'measure_desc', 'gram_weight', 'num_data_pts', 'std_dev'],
      sr28Rows(dataDir, 'WEIGHT.txt'),
    ),
  'nlm-flowsheet-ranges': (dataDir) =>
    Buffer.from(flowsheetRangesCsv(readFileSync(join(dataDir, 'lab-reference-ranges-nlm/original/h17.js'), 'utf8'))),
};
