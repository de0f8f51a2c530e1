/**
 * Postings for an index that changes while the server runs: the user's imported documents. They are read in a worker
 * thread (postings-worker.ts) and used only while the index is as it was when they were read; FTS5 scores in the
 * meantime, so a search never waits for them and never misses a document just imported (by the API or by
 * `npm run import` in another process). The index's FTS5 structure record changes with every write to it: comparing it
 * costs one primary-key read per search.
 */
import { Worker } from 'node:worker_threads';
import type { Db } from '../db/connection.ts';
import type { LexicalIndex } from './lexical-index.ts';
import { Postings } from './postings.ts';

/** Below this many records FTS5 alone answers in a few milliseconds: no worker is started for them (read when needed, so tests can lower it). */
const livePostingsMin = () => Number(process.env.MATERIA_LIVE_POSTINGS_MIN ?? 5_000);
/** Imports come in bursts: the postings are read once the index has been quiet this long. */
const SETTLE_MS = 1_000;

type Reply = { ok: true; data: Uint8Array; version: Uint8Array | null } | { ok: false; error: string };

export class LivePostings {
  private loadedAt: Buffer | null = null;
  private seenAt: Buffer | null | undefined = undefined;
  private timer: NodeJS.Timeout | null = null;
  private worker: Worker | null = null;
  private readonly structure;
  private readonly size;

  constructor(
    private readonly db: Db,
    private readonly index: LexicalIndex,
    private readonly schema: string,
    private readonly table: string,
    private readonly weights: number[],
  ) {
    this.structure = db.prepare<[], { block: Buffer }>(`SELECT block FROM ${schema}.${table}_data WHERE id = 10`);
    this.size = db.prepare<[], { n: number }>(`SELECT count(*) AS n FROM ${schema}.${table}_docsize`);
  }

  /** Whether searches use postings now (FTS5 alone otherwise). */
  get ready(): boolean {
    return this.index.hasPostings;
  }

  /** Before a search: drops postings the index has moved past, and has new ones read once it settles. */
  check(): void {
    const now = this.structure.get()?.block ?? null;
    if (this.seenAt !== undefined && same(now, this.seenAt)) return;
    this.seenAt = now;
    if (this.index.hasPostings && !same(now, this.loadedAt)) this.index.usePostings(null);
    this.index.invalidate();
    if (!this.index.hasPostings) this.schedule();
  }

  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      // Off the request path: a failure here must not take the server down; FTS5 keeps scoring.
      try {
        this.read();
      } catch (err) {
        console.error(
          `imported documents' postings could not be read (${err instanceof Error ? err.message : String(err)})`,
        );
      }
    }, SETTLE_MS);
    this.timer.unref();
  }

  private read(): void {
    // The timer may outlive the server: a closed database means there is nothing left to search.
    if (!this.db.open) return;
    if (this.worker) {
      this.schedule();
      return;
    }
    if (this.size.get()!.n < livePostingsMin()) return;
    const path = this.db
      .prepare<[string], { file: string }>('SELECT file FROM pragma_database_list WHERE name = ?')
      .get(this.schema)?.file;
    if (!path) return;
    const here = import.meta.url;
    // From source (tsx, tests) the worker is the .ts file, run by Node's type stripping; in the bundle it sits next to server.js.
    const url = new URL(here.endsWith('.ts') ? './postings-worker.ts' : './postings-worker.js', here);
    const worker = new Worker(url, { workerData: { path, table: this.table, weights: this.weights }, execArgv: [] });
    this.worker = worker;
    worker.unref();
    worker.once('message', (m: Reply) => {
      if (!this.db.open) return;
      // Searches stay right without them (FTS5 scores); the next change to the library tries again.
      if (!m.ok) {
        console.error(
          `imported documents' postings could not be read (${m.error}); their full-text search stays on FTS5`,
        );
        return;
      }
      const version = m.version ? Buffer.from(m.version) : null;
      const now = this.structure.get()?.block ?? null;
      // Written to while it was read: read again once it settles.
      if (!same(version, now)) {
        this.schedule();
        return;
      }
      this.index.usePostings(Postings.deserialize(m.data));
      this.loadedAt = version;
      this.seenAt = now;
    });
    worker.once('exit', () => {
      this.worker = null;
    });
  }
}

const same = (a: Buffer | null | undefined, b: Buffer | null | undefined) =>
  a == null || b == null ? a == b : a.equals(b);
