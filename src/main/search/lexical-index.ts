/**
 * One FTS5 index seen as a BM25 retriever whose scores are comparable with other indexes': each BM25 is divided by
 * the score a record would get for holding every query unit once, at average length, in every column
 * (Σ idf(unit) · Σ column weights). Dividing by each index's best hit instead (the old way) scored every index's
 * best record 1.0, however weak. Document frequencies come from an fts5vocab table (stemmed as the index stems);
 * phrases, which the vocabulary does not hold, are counted with a MATCH once and cached.
 */
import { stemmer } from 'stemmer';
import type { Db } from '../db/connection.ts';
import { matchOf, quoteUnit, type Unit } from './fts-query.ts';

export interface LexicalHit { id: string; score: number }

/** In an index of at least PRUNE_MIN_RECORDS records, units held by more than COMMON_SHARE of them are looked up per candidate (see `split`). */
export const COMMON_SHARE = 0.2;
export const PRUNE_MIN_RECORDS = Number(process.env.MATERIA_PRUNE_MIN_RECORDS ?? 20_000);

export class LexicalIndex {
  private readonly df = new Map<string, number>();
  private docs = -1;
  private readonly weightSum: number;
  private readonly bm25Args: string;

  /**
   * @param fts  the FTS5 table, schema-qualified (`main.documents_fts`)
   * @param weights  BM25 column weights, in column order
   * @param porter  whether the index stems with Porter (its vocabulary then holds stems)
   */
  /**
   * @param columnFactors  when given, a record's score is its best single column's BM25 times that column's factor
   *   (so a short record that names the query in its description is not diluted by the columns it lacks); otherwise the
   *   weighted sum over columns, divided by the sum of the weights
   */
  /** @param records  the table whose `id` the hits carry (the FTS5 table's content rows, by rowid) */
  constructor(private readonly db: Db, private readonly fts: string, private readonly records: string, weights: number[], private readonly porter: boolean, private readonly columnFactors?: number[]) {
    const [schema, table] = fts.split('.') as [string, string];
    const vocab = `${schema}_${table}_vocab`;
    db.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS temp.${vocab} USING fts5vocab(${schema}, ${table}, row)`);
    this.vocab = `temp.${vocab}`;
    this.table = table;
    this.weightSum = columnFactors ? 1 : weights.reduce((a, b) => a + b, 0);
    this.bm25Args = weights.map((w) => w.toFixed(1)).join(', ');
    this.columnScores = columnFactors
      ? columnFactors.map((f, c) => `${f} * -bm25(${table}, ${weights.map((_, i) => (i === c ? '1.0' : '0.0')).join(', ')})`).join(', ')
      : null;
  }

  private readonly vocab: string;
  private readonly table: string;
  private readonly columnScores: string | null;

  /** Forget cached statistics (after documents were added to or removed from this index). */
  invalidate(): void { this.df.clear(); this.docs = -1; }

  private documentCount(): number {
    if (this.docs < 0) this.docs = this.db.prepare<[], { n: number }>(`SELECT count(*) AS n FROM ${this.fts}`).get()!.n;
    return this.docs;
  }

  /** How many records hold the word (as this index stems it). */
  documentFrequencyOf(word: string): number { return this.documentFrequency([word]); }

  private documentFrequency(u: Unit): number {
    const key = u.join(' ');
    let n = this.df.get(key);
    if (n === undefined) {
      n = u.length === 1
        ? this.db.prepare<[string], { doc: number }>(`SELECT doc FROM ${this.vocab} WHERE term = ?`).get(this.porter ? stemmer(u[0]!) : u[0]!)?.doc ?? -1
        : -1;
      // Not in the vocabulary as stemmed here (or a phrase): count the matches as FTS5 itself tokenises them.
      if (n < 0) n = this.db.prepare<[string], { n: number }>(`SELECT count(*) AS n FROM ${this.fts} WHERE ${this.table} MATCH ?`).get(quoteUnit(u))!.n;
      this.df.set(key, n);
    }
    return n;
  }

  /** FTS5's own idf: log((N - n + 0.5) / (n + 0.5)), floored at 1e-6. */
  idf(u: Unit): number {
    const N = this.documentCount();
    const n = this.documentFrequency(u);
    return Math.max(1e-6, Math.log((N - n + 0.5) / (n + 0.5)));
  }

  /** The score of a record holding each unit once, at average length, in every column: the unit of comparable scores. */
  scale(units: Unit[]): number {
    return units.reduce((s, u) => s + this.idf(u), 0) * this.weightSum;
  }

  /**
   * Common units (in more than COMMON_SHARE of the records: "patients", "increased") add little to BM25 (idf < 1.4) but
   * make FTS5 walk and score a large part of the index. In a large index they are left out of the candidate MATCH;
   * their contribution (BM25 sums over query phrases, so it is additive) is then added to each candidate by a rowid
   * lookup, so candidates keep their exact scores. A query of only common units keeps them all.
   */
  private split(units: Unit[]): { selective: Unit[]; common: Unit[] } {
    const N = this.documentCount();
    if (N < PRUNE_MIN_RECORDS || this.columnScores) return { selective: units, common: [] };
    const selective = units.filter((u) => this.documentFrequency(u) <= COMMON_SHARE * N);
    return selective.length ? { selective, common: units.filter((u) => !selective.includes(u)) } : { selective: units, common: [] };
  }

  /** Up to k records matching any unit, best first, with scores in units of `scale(scaleUnits)`. */
  search(units: Unit[], k: number, scaleUnits: Unit[] = units): LexicalHit[] {
    const { selective, common } = this.split(units);
    const match = matchOf(selective);
    if (!match) return [];
    const scale = this.scale(scaleUnits);
    // Ranked by the weighted sum either way; with column factors the score is the best factored column.
    const score = this.columnScores ? `max(${this.columnScores})` : `-bm25(${this.table}, ${this.bm25Args})`;
    const rows = this.db.prepare<[string, number], { rowid: number; id: string; s: number }>(
      `SELECT f.rowid, r.id, f.s FROM (SELECT rowid, ${score} AS s FROM ${this.fts} WHERE ${this.table} MATCH ? ORDER BY -bm25(${this.table}, ${this.bm25Args}) DESC LIMIT ?) f
       JOIN ${this.records} r ON r.rowid = f.rowid`)
      .all(match, common.length ? k * 2 : k);
    if (common.length) {
      const commonMatch = matchOf(common)!;
      const extra = this.db.prepare<[string, number], { s: number }>(`SELECT -bm25(${this.table}, ${this.bm25Args}) AS s FROM ${this.fts} WHERE ${this.table} MATCH ? AND rowid = ?`);
      for (const r of rows) r.s += extra.get(commonMatch, r.rowid)?.s ?? 0;
      rows.sort((a, b) => b.s - a.s || a.rowid - b.rowid);
      rows.length = Math.min(rows.length, k);
    }
    return rows.map((r) => ({ id: r.id, score: scale > 0 ? r.s / scale : 0 }));
  }
}
