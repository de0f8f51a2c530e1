/**
 * Reads an index's postings from a database file in a worker thread, so that reading millions of token instances
 * (seconds at 100k imported documents) never blocks the HTTP thread. Replies with the postings' stored form and the
 * index's FTS5 structure record as it was read (both in one read transaction), so the caller can tell whether the index
 * changed meanwhile. Only erasable TypeScript: Node's type stripping runs this file.
 */
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { Postings } from './postings.ts';

interface Job {
  path: string;
  table: string;
  weights: number[];
}
const job = workerData as Job;

try {
  const db = new Database(job.path, { readonly: true, fileMustExist: true });
  try {
    const read = db.transaction(() => ({
      version:
        db.prepare<[], { block: Buffer }>(`SELECT block FROM main.${job.table}_data WHERE id = 10`).get()?.block ??
        null,
      postings: Postings.read(db, `main.${job.table}`, job.weights).serialize(),
    }));
    const { version, postings } = read();
    // A fresh ArrayBuffer of its own: a Buffer may sit in Node's shared pool, which must not be transferred.
    const data = new Uint8Array(postings.length);
    data.set(postings);
    parentPort!.postMessage({ ok: true, data, version: version ? new Uint8Array(version) : null }, [data.buffer]);
  } finally {
    db.close();
  }
} catch (err) {
  parentPort!.postMessage({ ok: false, error: err instanceof Error ? err.message : String(err) });
}
