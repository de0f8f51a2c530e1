/**
 * `npm run eval:compounds-blind -- [file.jsonl] [--verbose]`: catalogue coverage on a blind list of everyday lookups
 * (written by people who did not choose the catalogue; default bench/data/blind/compounds-r1.jsonl). Each row is what a
 * clinician types (generic, brand, abbreviation, misspelling) and the ingredients it means.
 *
 * - present: compound search (the same CompoundRepo.search as GET /v1/compounds?q=) shows, in its top 3, a compound
 *   whose ingredients cover every expected ingredient (a combination needs a record of the combination; one of its
 *   ingredients alone does not count);
 * - monograph: that compound has a monograph (only rows the writer marked `monograph_expected`);
 * - unknown names: expected ingredients the vocabulary cannot name at all (a gap in the vocabulary, not the catalogue).
 * Run once per new blind list before any fix; record the figure with its date in docs/content.md.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CompoundRepo } from '../src/main/compounds/compound-repo.ts';
import { openContentDb } from '../src/main/db/connection.ts';
import { resolveName } from '../src/main/vocabulary/resolver.ts';

interface Row {
  id: string;
  query: string;
  expect: string[];
  kind: string;
  monograph_expected: boolean;
}

const root = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const verbose = args.includes('--verbose');
const file = resolve(
  args.find((a) => !a.startsWith('--')) ?? join(import.meta.dirname, 'data/blind/compounds-r1.jsonl'),
);
const rows = readFileSync(file, 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as Row);
const db = openContentDb(process.env.MATERIA_CONTENT_DB ?? join(root, 'resources/db/content.sqlite'));
const compounds = new CompoundRepo(db);

/** The ingredient keys a name stands for (exact spellings only: the writer's names are INNs or common names). */
const keysOf = (name: string): string[] => {
  const s = resolveName(db, name, { typos: false });
  return s.status === 'resolved' && s.kind !== 'class' ? s.keys : [];
};

let present = 0;
let monoWanted = 0;
let monoFound = 0;
const unknownNames = new Map<string, number>();
const lines: string[] = [];
for (const row of rows) {
  const want = row.expect.map((n) => ({ name: n, keys: keysOf(n) }));
  for (const w of want) if (!w.keys.length) unknownNames.set(w.name, (unknownNames.get(w.name) ?? 0) + 1);
  let hits: { slug: string; name: string; has_monograph: number | boolean; keys: Set<string> }[] = [];
  try {
    hits = compounds.search(row.query, {}, { limit: 3, offset: 0 }).rows.map((r) => ({
      slug: r.slug,
      name: r.name,
      has_monograph: (r as unknown as { has_monograph: number }).has_monograph,
      keys: new Set(keysOf(r.name)),
    }));
  } catch {
    /* no searchable terms: nothing found */
  }
  // Each expected ingredient must be one of the record's ingredients (any of its keys when a name has several).
  const covers = (h: (typeof hits)[number]) =>
    want.every((w) => w.keys.length > 0 && w.keys.some((k) => h.keys.has(k)));
  const hit = hits.find(covers) ?? null;
  if (hit) present++;
  if (row.monograph_expected) {
    monoWanted++;
    if (hit?.has_monograph) monoFound++;
  }
  if (!hit || (row.monograph_expected && !hit.has_monograph) || verbose) {
    lines.push(
      `${row.id} ${!hit ? 'ABSENT  ' : !hit.has_monograph && row.monograph_expected ? 'NO MONO ' : 'ok      '} ${JSON.stringify(row.query)} want ${row.expect.join('+')}` +
        `${
          want.some((w) => !w.keys.length)
            ? ` [unknown: ${want
                .filter((w) => !w.keys.length)
                .map((w) => w.name)
                .join(', ')}]`
            : ''
        }` +
        ` | top: ${hits.map((h) => h.slug).join(', ') || '-'}`,
    );
  }
}
const pct = (a: number, b: number) => `${a}/${b} (${b ? ((100 * a) / b).toFixed(1) : 'n/a'}%)`;
console.log(lines.join('\n'));
console.log(`\nBlind compound list ${file}, ${new Date().toISOString().slice(0, 10)}: ${rows.length} lookups`);
console.log(`present (a record covering every expected ingredient in the top 3): ${pct(present, rows.length)}`);
console.log(`monograph present, where one is expected: ${pct(monoFound, monoWanted)}`);
console.log(
  `expected names the vocabulary cannot name: ${unknownNames.size} (${[...unknownNames.keys()].slice(0, 40).join(', ')})`,
);
db.close();
