/**
 * The vectors embedded on this machine (imported documents; everything when the content database has no vectors of
 * this model), persisted in a SQLite file of the user's data directory (one per model). Queries never read it: the
 * server loads it into MemoryVectors at start. `items` remembers each record's content hash, so an index build skips
 * unchanged records and resumes where an interrupted one stopped.
 */
import Database from 'better-sqlite3';
import * as sqliteVec from 'sqlite-vec';
import type { SearchKind } from './dense.ts';

export class VectorIndex {
  readonly db: Database.Database;

  constructor(
    path: string,
    readonly modelId: string,
    readonly dim: number,
  ) {
    this.db = new Database(path);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    sqliteVec.load(this.db);
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS items (rowid INTEGER PRIMARY KEY, kind TEXT NOT NULL, key TEXT NOT NULL, hash TEXT NOT NULL, UNIQUE (kind, key));
      CREATE VIRTUAL TABLE IF NOT EXISTS vectors USING vec0(kind text partition key, embedding float[${dim}] distance_metric=cosine);
    `);
    const meta = new Map(
      this.db
        .prepare<[], { key: string; value: string }>('SELECT key, value FROM meta')
        .all()
        .map((r) => [r.key, r.value]),
    );
    if (meta.size && (meta.get('model_id') !== modelId || Number(meta.get('dim')) !== dim)) {
      throw new Error(
        `${path} holds vectors of ${meta.get('model_id')} (${meta.get('dim')}-d), not ${modelId} (${dim}-d)`,
      );
    }
    this.db
      .prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?), (?, ?)')
      .run('model_id', modelId, 'dim', String(dim));
  }

  hashes(kind: SearchKind): Map<string, string> {
    return new Map(
      this.db
        .prepare<[string], { key: string; hash: string }>('SELECT key, hash FROM items WHERE kind = ?')
        .all(kind)
        .map((r) => [r.key, r.hash]),
    );
  }

  /** Writes one batch in one transaction: an interruption loses at most the batch in flight. */
  put(kind: SearchKind, batch: { key: string; hash: string; vector: Float32Array }[]): void {
    const find = this.db.prepare<[string, string], { rowid: number }>(
      'SELECT rowid FROM items WHERE kind = ? AND key = ?',
    );
    const insertItem = this.db.prepare('INSERT INTO items (kind, key, hash) VALUES (?, ?, ?)');
    const updateItem = this.db.prepare('UPDATE items SET hash = ? WHERE rowid = ?');
    const deleteVec = this.db.prepare('DELETE FROM vectors WHERE rowid = ?');
    const insertVec = this.db.prepare('INSERT INTO vectors (rowid, kind, embedding) VALUES (?, ?, ?)');
    this.db.transaction(() => {
      for (const b of batch) {
        const existing = find.get(kind, b.key);
        let rowid: number;
        if (existing) {
          rowid = existing.rowid;
          updateItem.run(b.hash, rowid);
          deleteVec.run(BigInt(rowid));
        } else rowid = Number(insertItem.run(kind, b.key, b.hash).lastInsertRowid);
        insertVec.run(BigInt(rowid), kind, Buffer.from(b.vector.buffer, b.vector.byteOffset, b.vector.byteLength));
      }
    })();
  }

  remove(kind: SearchKind, keys: string[]): void {
    const find = this.db.prepare<[string, string], { rowid: number }>(
      'SELECT rowid FROM items WHERE kind = ? AND key = ?',
    );
    this.db.transaction(() => {
      for (const key of keys) {
        const r = find.get(kind, key);
        if (!r) continue;
        this.db.prepare('DELETE FROM vectors WHERE rowid = ?').run(BigInt(r.rowid));
        this.db.prepare('DELETE FROM items WHERE rowid = ?').run(r.rowid);
      }
    })();
  }

  count(kind?: SearchKind): number {
    return kind
      ? this.db.prepare<[string], { n: number }>('SELECT COUNT(*) n FROM items WHERE kind = ?').get(kind)!.n
      : this.db.prepare<[], { n: number }>('SELECT COUNT(*) n FROM items').get()!.n;
  }

  /** Every stored vector (loaded into memory at start: queries scan memory, this file only persists). */
  *all(): Generator<{ kind: SearchKind; key: string; vector: Float32Array }> {
    for (const r of this.db
      .prepare<[], { kind: SearchKind; key: string; embedding: Buffer }>(
        'SELECT i.kind, i.key, v.embedding FROM items i JOIN vectors v ON v.rowid = i.rowid',
      )
      .iterate()) {
      yield {
        kind: r.kind,
        key: r.key,
        vector: new Float32Array(
          r.embedding.buffer.slice(r.embedding.byteOffset, r.embedding.byteOffset + r.embedding.byteLength),
        ),
      };
    }
  }

  close(): void {
    this.db.close();
  }
}
