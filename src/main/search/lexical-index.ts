/**
 * One FTS5 index seen as a BM25 retriever whose scores are comparable with other indexes': each BM25 is divided by
 * the score a record would get for holding every query unit once, at average length, in every column
 * (Σ idf(unit) · Σ column weights). Dividing by each index's best hit instead (the old way) scored every index's
 * best record 1.0, however weak.
 *
 * Two ways to the same scores: with in-memory postings (postings.ts: the bundled documents and research items, and
 * the user's imported documents once read) single-word units are scored there and only phrases go to FTS5; without
 * them (the compound index, scored by its best column, and any index whose postings are not loaded yet) FTS5 scores
 * everything. Query words become index terms through FTS5's own tokenizer (fts-tokens.ts).
 */
import type { Db } from '../db/connection.ts';
import { statementCache } from '../db/statements.ts';
import { matchOf, quoteUnit, type Unit } from './fts-query.ts';
import type { FtsTokenizer } from './fts-tokens.ts';
import type { Postings, ScoredUnit } from './postings.ts';

export interface LexicalHit {
  id: string;
  score: number;
}

/** Without postings, in an index of at least PRUNE_MIN_RECORDS records, units held by more than COMMON_SHARE of them are looked up per candidate (see `split`). */
export const COMMON_SHARE = 0.2;
export const PRUNE_MIN_RECORDS = Number(process.env.MATERIA_PRUNE_MIN_RECORDS ?? 20_000);
/** Phrases whose per-record scores are kept between queries ("vitamin d" and its alternatives recur). */
const PHRASE_CACHE = 64;
const DF_CACHE = 50_000;

export class LexicalIndex {
  private readonly df = new Map<string, number>();
  private readonly phrases = new Map<string, Map<number, number>>();
  private docs = -1;
  private readonly weightSum: number;
  private readonly bm25Args: string;
  private readonly table: string;
  private readonly columnScores: string | null;
  private postings: Postings | null = null;
  /** Record ids by rowid held in memory (bundled indexes), or null: looked up in SQLite per query. */
  private idOf: ((rowid: number) => string | undefined) | null = null;
  private readonly sql: ReturnType<typeof statementCache>;

  /**
   * @param fts  the FTS5 table, schema-qualified (`main.documents_fts`)
   * @param records  the table whose `id` the hits carry (the FTS5 table's content rows, by rowid)
   * @param weights  BM25 column weights, in column order
   * @param tokenizer  FTS5's tokenizer of this index, for document frequencies and postings look-ups
   * @param columnFactors  when given, a record's score is its best single column's BM25 times that column's factor
   *   (so a short record that names the query in its description is not diluted by the columns it lacks); otherwise the
   *   weighted sum over columns, divided by the sum of the weights
   */
  constructor(
    private readonly db: Db,
    private readonly fts: string,
    private readonly records: string,
    private readonly weights: number[],
    private readonly tokenizer: FtsTokenizer,
    private readonly columnFactors?: number[],
  ) {
    this.sql = statementCache(db);
    this.table = fts.split('.')[1]!;
    this.weightSum = columnFactors ? 1 : weights.reduce((a, b) => a + b, 0);
    this.bm25Args = weights.map((w) => w.toFixed(1)).join(', ');
    this.columnScores = columnFactors
      ? columnFactors
          .map((f, c) => `${f} * -bm25(${this.table}, ${weights.map((_, i) => (i === c ? '1.0' : '0.0')).join(', ')})`)
          .join(', ')
      : null;
  }

  /**
   * Scores single words from these postings from now on (they must have been read from this very index, with its
   * weights); null goes back to FTS5 alone.
   */
  usePostings(p: Postings | null, idOf?: (rowid: number) => string | undefined): void {
    if (p && (this.columnFactors || p.weights.join() !== this.weights.join()))
      throw new Error(`postings of ${this.fts} were read with other column weights`);
    this.postings = p;
    this.idOf = idOf ?? null;
    this.invalidate();
  }

  get hasPostings(): boolean {
    return this.postings !== null;
  }

  /** Forget cached statistics (after documents were added to or removed from this index). */
  invalidate(): void {
    this.df.clear();
    this.phrases.clear();
    this.docs = -1;
  }

  private documentCount(): number {
    if (this.docs < 0)
      this.docs =
        this.postings?.records ?? this.sql<[], { n: number }>(`SELECT count(*) AS n FROM ${this.fts}`).get()!.n;
    return this.docs;
  }

  private vocabTable: string | null = null;
  /** An fts5vocab view of the index: document frequencies without postings. */
  private vocab(): string {
    if (!this.vocabTable) {
      const [schema, table] = this.fts.split('.') as [string, string];
      this.vocabTable = `temp.${schema}_${table}_vocab`;
      this.db.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS ${this.vocabTable} USING fts5vocab(${schema}, ${table}, row)`);
    }
    return this.vocabTable;
  }

  /** How many records hold the word (as this index tokenizes it). */
  documentFrequencyOf(word: string): number {
    return this.documentFrequency([word]);
  }

  private documentFrequency(u: Unit): number {
    const key = u.join(' ');
    let n = this.df.get(key);
    if (n === undefined) {
      const terms = this.tokenizer.terms(key);
      const term = terms.length === 1 ? terms[0]! : null;
      if (term !== null && this.postings) n = this.postings.documentFrequency(term);
      else if (term !== null)
        n = this.sql<[string], { doc: number }>(`SELECT doc FROM ${this.vocab()} WHERE term = ?`).get(term)?.doc ?? 0;
      // A phrase (or a word FTS5 splits): count its matches as FTS5 itself finds them.
      else
        n = terms.length
          ? this.sql<[string], { n: number }>(`SELECT count(*) AS n FROM ${this.fts} WHERE ${this.table} MATCH ?`).get(
              quoteUnit(u),
            )!.n
          : 0;
      // Every distinct word run of every query lands here: a long-running server must not keep them all.
      if (this.df.size >= DF_CACHE) this.df.clear();
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

  /** Up to k records matching any unit, best first, with scores in units of `scale(scaleUnits)`. */
  search(units: Unit[], k: number, scaleUnits: Unit[] = units): LexicalHit[] {
    const scale = this.scale(scaleUnits);
    const hits = this.postings ? this.fromPostings(this.postings, units, k) : this.fromFts(units, k);
    return hits.map((h) => ({ id: h.id, score: scale > 0 ? h.s / scale : 0 }));
  }

  private fromPostings(postings: Postings, units: Unit[], k: number): { id: string; s: number }[] {
    const scored: ScoredUnit[] = [];
    for (const u of units) {
      const terms = this.tokenizer.terms(u.join(' '));
      if (terms.length === 1) scored.push({ term: terms[0]! });
      else if (terms.length > 1) scored.push({ contributions: this.phrase(u) });
    }
    const hits = postings.top(scored, k);
    if (!hits.length) return [];
    let idOf = this.idOf;
    if (!idOf) {
      const ids = new Map(
        this.sql<[string], { rowid: number; id: string }>(
          `SELECT rowid, id FROM ${this.records} WHERE rowid IN (SELECT value FROM json_each(?))`,
        )
          .all(JSON.stringify(hits.map((h) => h.rowid)))
          .map((r) => [r.rowid, r.id]),
      );
      idOf = (rowid) => ids.get(rowid);
    }
    return hits.flatMap((h) => {
      const id = idOf(h.rowid);
      return id === undefined ? [] : [{ id, s: h.score }];
    });
  }

  /** A phrase's share of bm25() for every record that holds it (bm25() sums over phrases, so shares add). */
  private phrase(u: Unit): Map<number, number> {
    const key = u.join(' ');
    let m = this.phrases.get(key);
    if (!m) {
      m = new Map(
        this.sql<[string], { rowid: number; s: number }>(
          `SELECT rowid, -bm25(${this.table}, ${this.bm25Args}) AS s FROM ${this.fts} WHERE ${this.table} MATCH ?`,
        )
          .all(quoteUnit(u))
          .map((r) => [r.rowid, r.s]),
      );
      if (this.phrases.size >= PHRASE_CACHE) this.phrases.delete(this.phrases.keys().next().value!);
      this.phrases.set(key, m);
    }
    return m;
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
    return selective.length
      ? { selective, common: units.filter((u) => !selective.includes(u)) }
      : { selective: units, common: [] };
  }

  private fromFts(units: Unit[], k: number): { id: string; s: number }[] {
    const { selective, common } = this.split(units);
    const match = matchOf(selective);
    if (!match) return [];
    // Ranked by the weighted sum either way; with column factors the score is the best factored column.
    const score = this.columnScores ? `max(${this.columnScores})` : `-bm25(${this.table}, ${this.bm25Args})`;
    const rows = this.sql<[string, number], { rowid: number; id: string; s: number }>(
      `SELECT f.rowid, r.id, f.s FROM (SELECT rowid, ${score} AS s FROM ${this.fts} WHERE ${this.table} MATCH ? ORDER BY -bm25(${this.table}, ${this.bm25Args}) DESC LIMIT ?) f
       JOIN ${this.records} r ON r.rowid = f.rowid`,
    ).all(match, common.length ? k * 2 : k);
    if (common.length) {
      const commonMatch = matchOf(common)!;
      const extra = this.sql<[string, number], { s: number }>(
        `SELECT -bm25(${this.table}, ${this.bm25Args}) AS s FROM ${this.fts} WHERE ${this.table} MATCH ? AND rowid = ?`,
      );
      for (const r of rows) r.s += extra.get(commonMatch, r.rowid)?.s ?? 0;
      rows.sort((a, b) => b.s - a.s || a.rowid - b.rowid);
      rows.length = Math.min(rows.length, k);
    }
    return rows;
  }
}
