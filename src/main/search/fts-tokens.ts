/**
 * The index terms FTS5 makes of a piece of text, asked of FTS5 itself: the text goes into a scratch FTS5 table in the
 * connection's temp schema with the same tokenizer, and its terms are read back through fts5vocab. In-memory postings
 * (postings.ts) are looked up by these terms, so a query word reaches exactly the entries FTS5 would match — the
 * `stemmer` package's Porter and FTS5's differ on some words, and unicode61 splits and folds characters its own way.
 */
import type { Db } from '../db/connection.ts';

const CACHE = 20_000;

export class FtsTokenizer {
  private readonly cache = new Map<string, string[]>();
  private readonly put;
  private readonly read;
  private readonly clear;

  /** @param tokenize the FTS5 `tokenize` option of the indexes whose terms this must match */
  constructor(db: Db, tokenize: string) {
    const name = `materia_tokens_${tokenize.replace(/[^a-z0-9]+/gi, '_')}`;
    db.exec(
      `CREATE VIRTUAL TABLE IF NOT EXISTS temp.${name} USING fts5(t, tokenize='${tokenize.replace(/'/g, "''")}')`,
    );
    db.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS temp.${name}_i USING fts5vocab(temp, ${name}, instance)`);
    this.put = db.prepare<[string]>(`INSERT INTO temp.${name} (rowid, t) VALUES (1, ?)`);
    this.read = db.prepare<[], { term: string }>(`SELECT term FROM temp.${name}_i ORDER BY offset`);
    this.clear = db.prepare(`DELETE FROM temp.${name}`);
  }

  /** The terms of `text` in order, as the index holds them. */
  terms(text: string): string[] {
    let t = this.cache.get(text);
    if (t) return t;
    this.clear.run();
    this.put.run(text);
    t = this.read.all().map((r) => r.term);
    this.clear.run();
    if (this.cache.size >= CACHE) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(text, t);
    return t;
  }
}
