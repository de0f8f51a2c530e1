/**
 * DDInter (CC BY-NC-SA 4.0): every drug and every unordered pair once. Drugs are mapped to our compounds by
 * normalised name, so compound records and monographs can show the DDInter pairs between compounds we carry.
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
  db.exec(`INSERT INTO ddinter_compounds (ddinter_id, compound_rowid)
    SELECT DISTINCT d.id, n.compound_rowid FROM ddinter_drugs d JOIN compound_names n ON n.name_norm = d.name_norm`);
  return { drugs: drugs.size, pairs: pairs.size, rows };
}

const SEVERITY: Record<Level, 'major' | 'moderate' | 'minor' | 'unknown'> = {
  Major: 'major',
  Moderate: 'moderate',
  Minor: 'minor',
  Unknown: 'unknown',
};
const DRUG_CATEGORIES = new Set(['medication', 'peptide', 'steroid', 'sarm']);

interface Pair {
  compound: number;
  other: number;
  other_name: string;
  other_category: string;
  level: Level;
}

/** DDInter pairs between two of our compounds, added to both records unless the editorial text already covers the pair. */
export function mergeDdinterInteractions(db: Database): number {
  const pairs = db
    .prepare<[], Pair>(
      `
    SELECT ca.compound_rowid AS compound, cb.compound_rowid AS other, c.name AS other_name, c.category AS other_category, p.level
    FROM ddinter_pairs p
    JOIN ddinter_compounds ca ON ca.ddinter_id = p.a
    JOIN ddinter_compounds cb ON cb.ddinter_id = p.b
    JOIN compounds c ON c.rowid = cb.compound_rowid
    UNION
    SELECT cb.compound_rowid, ca.compound_rowid, c.name, c.category, p.level
    FROM ddinter_pairs p
    JOIN ddinter_compounds ca ON ca.ddinter_id = p.a
    JOIN ddinter_compounds cb ON cb.ddinter_id = p.b
    JOIN compounds c ON c.rowid = ca.compound_rowid
    ORDER BY 1, 3`,
    )
    .all()
    .filter((p) => p.compound !== p.other);
  const namesOf = db.prepare<[number], { name_norm: string }>(
    'SELECT name_norm FROM compound_names WHERE compound_rowid = ?',
  );
  const compound = db.prepare<[number], { slug: string; interactions: string }>(
    'SELECT slug, interactions FROM compounds WHERE rowid = ?',
  );
  const monograph = db.prepare<[string], { data: string }>('SELECT data FROM monographs WHERE slug = ?');
  const updateCompound = db.prepare('UPDATE compounds SET interactions = ? WHERE rowid = ?');
  const updateMonograph = db.prepare('UPDATE monographs SET data = ? WHERE slug = ?');

  const byCompound = Map.groupBy(pairs, (p) => p.compound);
  let added = 0;
  for (const [rowid, list] of byCompound) {
    const c = compound.get(rowid)!;
    const interactions = JSON.parse(c.interactions) as {
      substance: string;
      severity: string;
      notes: string;
      source?: string;
    }[];
    const covered = new Set(interactions.map((i) => normalizeName(i.substance)));
    const m = monograph.get(c.slug);
    const mono = m
      ? (JSON.parse(m.data) as {
          interactions: Record<'drug_interactions' | 'supplement_interactions', { substance: string }[]>;
        })
      : null;
    const monoCovered = new Set(
      mono
        ? [...mono.interactions.drug_interactions, ...mono.interactions.supplement_interactions].map((i) =>
            normalizeName(i.substance),
          )
        : [],
    );
    list.sort((x, y) => LEVEL_RANK[y.level] - LEVEL_RANK[x.level] || x.other_name.localeCompare(y.other_name));
    for (const p of list) {
      const otherNames = new Set(namesOf.all(p.other).map((n) => n.name_norm));
      const note = `Listed in DDInter as ${p.level === 'Unknown' ? 'an interaction of unknown severity' : `${p.level.toLowerCase()}`}; the DDInter download gives no mechanism or management, so check a full interaction reference.`;
      if (![...covered].some((n) => otherNames.has(n))) {
        interactions.push({ substance: p.other_name, severity: SEVERITY[p.level], notes: note, source: 'ddinter' });
        added++;
      }
      if (mono && ![...monoCovered].some((n) => otherNames.has(n))) {
        const list2 = DRUG_CATEGORIES.has(p.other_category)
          ? mono.interactions.drug_interactions
          : mono.interactions.supplement_interactions;
        list2.push({
          substance: p.other_name,
          severity: SEVERITY[p.level],
          effect: `Interaction reported in DDInter (${p.level}).`,
          management:
            'DDInter gives no mechanism or management advice for this pair: check a full interaction reference before combining.',
          source: 'ddinter',
        } as { substance: string });
      }
    }
    updateCompound.run(JSON.stringify(interactions), rowid);
    if (mono) updateMonograph.run(JSON.stringify(mono), c.slug);
  }
  return added;
}
