/**
 * The command-line import beside a running server: one transaction for a whole file would hold the database's write
 * lock for as long as the file takes, and every write the server is asked for meanwhile would wait (then get 503). So
 * the CLI commits in batches of at most BATCH_RECORDS records, each with its own document.imported event, and pauses
 * between batches so that a server retrying its write (db/busy.ts) gets in. A run that is interrupted keeps every batch
 * it committed; running it again imports the rest and updates, not duplicates, what was already there (importer.ts
 * recognises records by their key).
 */
import type { Db } from '../../db/connection.ts';
import { durably } from '../../db/durability.ts';
import type { ImportReport } from '../../../shared/schemas/documents.ts';
import { importDocuments } from './importer.ts';
import type { RawRecord } from './read-records.ts';

export const BATCH_RECORDS = 250;
export const PAUSE_BETWEEN_BATCHES_MS = 25;

export interface BatchOptions {
  now: () => number;
  onProgress?: (done: number, total: number) => void;
  /** Called inside each batch's transaction with that batch's report (the CLI emits its webhook event here). */
  onBatch?: (report: ImportReport) => void;
  batchRecords?: number;
  pauseMs?: number;
}

export async function importInBatches(db: Db, raw: RawRecord[], opts: BatchOptions): Promise<ImportReport> {
  const total: ImportReport = { received: raw.length, created: 0, updated: 0, failed: [], documents: [] };
  const size = Math.max(1, opts.batchRecords ?? BATCH_RECORDS);
  for (let start = 0; start < raw.length; start += size) {
    if (start > 0) await new Promise((ok) => setTimeout(ok, opts.pauseMs ?? PAUSE_BETWEEN_BATCHES_MS));
    const chunk = raw.slice(start, start + size);
    const r = durably(
      db,
      db.transaction(() => {
        const report = importDocuments(db, chunk, opts.now, (done) => opts.onProgress?.(start + done, raw.length));
        opts.onBatch?.(report);
        return report;
      }),
    );
    total.created += r.created;
    total.updated += r.updated;
    total.failed.push(...r.failed);
    total.documents.push(...r.documents);
  }
  opts.onProgress?.(raw.length, raw.length);
  return total;
}
