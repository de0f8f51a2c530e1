/** NLM LHC flowsheet lab tests with reference ranges (LOINC-coded), as given: one range per test, no sex/age split. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from 'better-sqlite3';
import { parseCsv } from '../csv.ts';

const num = (s: string | undefined) =>
  s === undefined || s.trim() === '' || Number.isNaN(Number(s)) ? null : Number(s);

export function loadLabTests(db: Database, dataDir: string): number {
  const rows = parseCsv(readFileSync(join(dataDir, 'lab-reference-ranges-nlm/reference_ranges.csv'), 'utf8'));
  const insert =
    db.prepare(`INSERT INTO lab_tests (loinc, name, long_name, short_name, display, equivalence_class, units, range_text,
    low, high, danger_low, danger_high, ucum, si_unit, molecular_weight) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  let n = 0;
  for (const r of rows) {
    if (!r.loinc) continue;
    insert.run(
      r.loinc,
      r.indented_name!.trim(),
      r.loinc_long_common_name || null,
      r.loinc_short_name || null,
      r.loinc_display || null,
      r.equivalence_class || null,
      r.units_norm_range || null,
      r.norm_range_text || null,
      num(r.norm_low),
      num(r.norm_high),
      num(r.danger_low),
      num(r.danger_high),
      r.ucum_example || null,
      r.equivalence_class_ucum || null,
      num(r.molecular_weight),
    );
    n++;
  }
  return n;
}
