/** DrugBank open vocabulary (CC0): names and synonyms, used to enrich alternative names and, later, to resolve drug names. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from 'better-sqlite3';
import { parseCsv } from '../csv.ts';

export interface DrugBankEntry {
  id: string;
  name: string;
  synonyms: string[];
}

export function loadDrugBank(db: Database, dataDir: string): Map<string, DrugBankEntry> {
  const rows = parseCsv(readFileSync(join(dataDir, 'drugbank-open/drugbank_vocabulary.csv'), 'utf8'));
  const insert = db.prepare(
    'INSERT INTO drugbank_vocabulary (drugbank_id, name, cas, unii, inchikey, synonyms) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const byId = new Map<string, DrugBankEntry>();
  for (const r of rows) {
    const id = r['DrugBank ID'];
    const name = r['Common name'];
    if (!id || !name) continue;
    const synonyms = (r.Synonyms ?? '')
      .split(' | ')
      .map((s) => s.trim())
      .filter(Boolean);
    insert.run(id, name, r.CAS || null, r.UNII || null, r['Standard InChI Key'] || null, JSON.stringify(synonyms));
    byId.set(id, { id, name, synonyms });
  }
  return byId;
}
