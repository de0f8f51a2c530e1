/**
 * Where in-memory postings come from. The bundled indexes' postings are read once by `npm run build:content` and
 * stored in the content database (table search_postings), so a start loads them in milliseconds instead of scanning
 * millions of FTS5 token instances; they are used only while they still describe the index beside them.
 */
import type { Db } from '../db/connection.ts';
import { Postings } from './postings.ts';

/** bm25() column weights of the full-text indexes searched as one weighted sum (the compound index is scored per column). */
export const FTS_WEIGHTS = {
  documents_fts: [1, 1],
  research_fts: [2, 1, 1],
  imported_documents_fts: [1, 1],
} as const satisfies Record<string, readonly number[]>;
export type WeightedFts = keyof typeof FTS_WEIGHTS;

/** Reads an index's postings from FTS5 and stores them in the same database (build time). */
export function writePostings(db: Db, table: WeightedFts): Postings {
  const p = Postings.read(db, `main.${table}`, [...FTS_WEIGHTS[table]]);
  db.prepare('INSERT OR REPLACE INTO search_postings (fts, data) VALUES (?, ?)').run(table, p.serialize());
  return p;
}

/** The stored postings of a bundled index, or null when there are none or they no longer match the index. */
export function storedPostings(db: Db, table: WeightedFts): Postings | null {
  const row = db.prepare<[string], { data: Buffer }>('SELECT data FROM main.search_postings WHERE fts = ?').get(table);
  if (!row) return null;
  let p: Postings;
  // A blob this build cannot read (another format) is no reason not to search: FTS5 scores alone.
  try {
    p = Postings.deserialize(row.data);
  } catch {
    return null;
  }
  const records = db.prepare<[], { n: number }>(`SELECT count(*) AS n FROM main.${table}_docsize`).get()!.n;
  return p.records === records && p.weights.join() === FTS_WEIGHTS[table].join() ? p : null;
}
