/**
 * DDInter (CC BY-NC-SA 4.0): every drug and every unordered pair once. Drugs reach our compounds only through the
 * pair model's ingredient keys (ix_ddinter, interaction-keys.ts), the one mapping the checker and the pages share.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from 'better-sqlite3';
import { normalizeName } from '../../main/vocabulary/normalize.ts';
import { parseCsv } from '../csv.ts';

type Level = 'Major' | 'Moderate' | 'Minor' | 'Unknown';
const LEVEL_RANK: Record<Level, number> = { Major: 3, Moderate: 2, Minor: 1, Unknown: 0 };

export function loadDdinter(db: Database, dataDir: string): { drugs: number; pairs: number; rows: number } {
  const dir = join(dataDir, 'ddinter');
  const drugs = new Map<string, string>();
  const pairs = new Map<string, Level>();
  let rows = 0;
  for (const file of readdirSync(dir)
    .filter((f) => /^ddinter_downloads_code_[A-Z]\.csv$/.test(f))
    .sort()) {
    for (const r of parseCsv(readFileSync(join(dir, file), 'utf8'))) {
      const [a, b, level] = [r.DDInterID_A!, r.DDInterID_B!, r.Level as Level];
      if (!a || !b || !(level in LEVEL_RANK)) throw new Error(`${file}: unexpected row ${JSON.stringify(r)}`);
      rows++;
      drugs.set(a, r.Drug_A!);
      drugs.set(b, r.Drug_B!);
      const key = a < b ? `${a}\0${b}` : `${b}\0${a}`;
      const seen = pairs.get(key);
      // The same pair appears in several ATC files; should two files ever disagree, keep the more severe level.
      if (!seen || LEVEL_RANK[level] > LEVEL_RANK[seen]) pairs.set(key, level);
    }
  }
  const insertDrug = db.prepare('INSERT INTO ddinter_drugs (id, name, name_norm) VALUES (?, ?, ?)');
  for (const [id, name] of [...drugs].sort()) insertDrug.run(id, name, normalizeName(name));
  const insertPair = db.prepare('INSERT INTO ddinter_pairs (a, b, level) VALUES (?, ?, ?)');
  for (const [key, level] of pairs) {
    const [a, b] = key.split('\0');
    insertPair.run(a, b, level);
  }
  return { drugs: drugs.size, pairs: pairs.size, rows };
}
