/** Ingredient keys of the DDInter drugs and of our compounds, so the pair model can reach both from any spelling. */
import type { Database } from 'better-sqlite3';
import type { IxNames } from './interaction-names.ts';

export function keyDdinter(db: Database, names: IxNames): number {
  const insert = db.prepare('INSERT OR IGNORE INTO ix_ddinter (key, ddinter_id) VALUES (?, ?)');
  let n = 0;
  for (const d of db
    .prepare<[], { id: string; name: string }>('SELECT id, name FROM ddinter_drugs ORDER BY id')
    .all()) {
    for (const key of names.add(d.name, 'ddinter')) {
      insert.run(key, d.id);
      n++;
    }
  }
  return n;
}

/** A compound's keys: its own name's and its DrugBank entry's (alternative names can be brands of other things). */
export function keyCompounds(db: Database, names: IxNames): number {
  const insert = db.prepare('INSERT OR IGNORE INTO ix_compound_keys (compound_rowid, key) VALUES (?, ?)');
  const rows = db
    .prepare<[], { rowid: number; name: string; drugbank: string | null }>(
      `SELECT c.rowid, c.name, v.name AS drugbank
    FROM compounds c LEFT JOIN drugbank_vocabulary v ON v.drugbank_id = c.drugbank_id ORDER BY c.rowid`,
    )
    .all();
  let n = 0;
  for (const r of rows) {
    const keys = new Set<string>();
    // A combination record no source names as such ("Sulfamethoxazole–trimethoprim") is its known ingredients. A
    // parenthesis is another name for the whole ("Codeine–paracetamol (co-codamol)"), never an ingredient: split
    // inside it, "co-codamol" gave two keys no source knows and hid the paracetamol. A hyphen splits only between
    // letters: "Pyridoxal 5'-phosphate" is one molecule, not pyridoxal plus phosphate.
    const parts = r.name
      .replace(/\([^()]*\)/g, ' ')
      .trim()
      .split(/\s*(?:[–—/+;]|\band\b|\bwith\b)\s*|(?<=[a-z])-(?=[a-z])/i)
      .filter(Boolean);
    // (Parts no source knows yet — a drug newer than DrugBank 2021, "nirmatrelvir" — keep their own key.)
    if (
      !names.hasKey(names.key(r.name)) &&
      parts.length > 1 &&
      parts.every((p) => p.length >= 4) &&
      parts.some((p) => names.hasKey(names.key(p)))
    ) {
      for (const p of parts) keys.add(names.key(p));
      names.add(r.name, 'compound', [...keys]);
    } else {
      for (const k of names.add(r.name, 'compound')) keys.add(k);
    }
    if (r.drugbank) for (const k of names.add(r.drugbank, 'drugbank')) keys.add(k);
    for (const k of keys) {
      insert.run(r.rowid, k);
      n++;
    }
  }
  return n;
}
