/**
 * POST /v1/search: compounds, documents and research items in one ranked list.
 *
 * The query is planned first (query-plan.ts: stop words out, vitamins, lay terms, compound names by brand, synonym
 * or typo). Each type then proposes candidates lexically (FTS5 BM25, on a scale comparable across indexes:
 * lexical-index.ts; compound names also exactly and with typos) and, when the embedding index is ready, by cosine
 * KNN; every candidate gets its cosine similarity and its comparable lexical score, and one calibrated relevance
 * (fusion.ts) ranks all types together. Filters, facets, sorting and pagination then work on that one candidate set,
 * so facet counts equal the filtered total and walking the pages yields every result once.
 */
import type { Db } from '../db/connection.ts';
import { statementCache } from '../db/statements.ts';
import type { SemanticSearchData, SearchHit } from '../../shared/schemas/search.ts';
import type { Category, CompoundType, EvidenceGrade } from '../../shared/enums.ts';
import { CATEGORIES, EVIDENCE_GRADES } from '../../shared/enums.ts';
import { dateMax, dateMin, DOCUMENT_SOURCES, type DocumentSource } from '../../shared/schemas/search.ts';
import { allTokens, MAX_TOKENS, queryTokens } from './fts-query.ts';
import { STOP_WORDS } from './stop-words.ts';
import { layMatches } from '../vocabulary/lay.ts';
import { FuzzyNames } from '../vocabulary/fuzzy.ts';
import type { DenseRetriever, SearchKind } from './dense.ts';
import { CALIBRATION, relevance, type Calibration } from './fusion.ts';
import { LexicalIndex } from './lexical-index.ts';
import { QueryEmbeddingSkipped } from './embedder.ts';
import { RecordTable, type TableType } from './record-table.ts';
import { FtsTokenizer } from './fts-tokens.ts';
import { LivePostings } from './live-postings.ts';
import { FTS_WEIGHTS, storedPostings } from './postings-store.ts';
import { FTS_TOKENIZE } from '../db/content-schema.ts';
import { planQuery, type NameLookup, type QueryPlan } from './query-plan.ts';
import { keyName, mayResolveExactly, resolveName } from '../vocabulary/resolver.ts';
import { otherNameOf } from '../vocabulary/other-names.ts';

/**
 * Candidates per index: full-text proposes CANDIDATES, the vector index DENSE_CANDIDATES (every full-text candidate
 * also gets its exact cosine, so the dense list only adds records that share no word with the query). Both are fixed,
 * never grown with `offset`: the candidate set, and so the total and the order, are then the same for every page and
 * every `limit` (a set grown for deep pages re-ranked them and repeated items across pages).
 */
export const CANDIDATES = 1000;
export const DENSE_CANDIDATES = 300;
/**
 * The date, name and evidence-grade sorts order the relevant results only: those scoring at least this share of the
 * best text score of their type (a weak one-word match of a long query is not "the newest result").
 */
export const SORT_RELEVANCE_SHARE = 0.3;
/** A query of more than MAX_TOKENS words keeps up to this many key terms for full-text search (keyTerms). */
export const KEY_TERMS = 2 * MAX_TOKENS;
/** A record found only by meaning joins the results from this cosine similarity up (unrelated text scores below). */
export const DENSE_FLOOR = 0.3;
/** Text-based relevance is scaled into [0, MAX_UNNAMED]; names matched exactly or by a typo of the whole query score above. */
export const MAX_UNNAMED = 0.98;

type HitType = 'compound' | 'document' | 'research';
const KIND: Record<HitType, SearchKind> = { compound: 'compounds', document: 'documents', research: 'research' };
const TYPE_ORDER: Record<HitType, number> = { compound: 0, document: 1, research: 2 };

interface Candidate {
  type: HitType;
  id: string;
  lex: number;
  cos: number | null;
  score: number;
  /** The score the record's text earns, before a name match lifts a compound (the relevance floor is measured on it). */
  textScore: number;
  grade: EvidenceGrade;
  date: string | null;
  name: string;
  category: Category | null;
  source: DocumentSource | null;
  /** For a research item: its PubMedQA document (the same record, seen as a question). */
  documentId: string | null;
}

export interface SearchInput {
  query: string;
  types: ('compounds' | 'documents' | 'research')[];
  filters?: {
    evidence_grade?: EvidenceGrade[];
    category?: Category;
    compound_type?: CompoundType[];
    source?: ('bundled' | DocumentSource)[];
    date_from?: string;
    date_to?: string;
  };
  limit: number;
  offset: number;
  sort: 'relevance' | 'evidence_grade' | 'date' | 'name';
  include_research: boolean;
  include_abstracts: boolean;
}

export class NoSearchableText extends Error {}

export class SearchService {
  private readonly fuzzy: FuzzyNames;
  private readonly exact: Map<string, { rowid: number; name: string; kind: 'name' | 'alt_name' | 'drugbank' }[]>;
  private readonly compoundsFts: LexicalIndex;
  private readonly documentsFts: LexicalIndex;
  private readonly researchFts: LexicalIndex;
  private readonly importedFts: LexicalIndex | null;
  private readonly importedPostings: LivePostings | null;
  private readonly sql: ReturnType<typeof statementCache>;

  constructor(
    private readonly db: Db,
    private readonly withImported: boolean,
    private readonly dense: () => DenseRetriever | null,
    private readonly calibration: Calibration = CALIBRATION,
  ) {
    const names = db
      .prepare<[], { rowid: number; name: string; alt_names: string }>('SELECT rowid, name, alt_names FROM compounds')
      .all();
    this.fuzzy = new FuzzyNames(
      names.flatMap((c) =>
        [c.name, ...(JSON.parse(c.alt_names) as string[])].map((name) => ({ name, compoundRowid: c.rowid })),
      ),
    );
    const nameOf = new Map(names.map((c) => [c.rowid, c.name]));
    this.exact = new Map();
    for (const r of db
      .prepare<[], { name_norm: string; compound_rowid: number; kind: 'name' | 'alt_name' | 'drugbank' }>(
        'SELECT name_norm, compound_rowid, kind FROM compound_names',
      )
      .all()) {
      const e = { rowid: r.compound_rowid, name: nameOf.get(r.compound_rowid)!, kind: r.kind };
      const list = this.exact.get(r.name_norm);
      if (list) list.push(e);
      else this.exact.set(r.name_norm, [e]);
    }
    // A compound's best column counts: its name fully, other names 0.9, description and benefits 0.6 (a compound record
    // is a few lines; summing columns would dilute one that names the query only in its description).
    this.sql = statementCache(db);
    const tokenizer = new FtsTokenizer(db, FTS_TOKENIZE);
    this.compoundsFts = new LexicalIndex(
      db,
      'main.compounds_fts',
      'main.compounds',
      [10, 6, 1, 2],
      tokenizer,
      [1, 0.9, 0.6, 0.6],
    );
    this.documentsFts = new LexicalIndex(
      db,
      'main.documents_fts',
      'main.documents',
      [...FTS_WEIGHTS.documents_fts],
      tokenizer,
    );
    this.researchFts = new LexicalIndex(
      db,
      'main.research_fts',
      'main.research_items',
      [...FTS_WEIGHTS.research_fts],
      tokenizer,
    );
    this.importedFts = withImported
      ? new LexicalIndex(
          db,
          'user.imported_documents_fts',
          'user.imported_documents',
          [...FTS_WEIGHTS.imported_documents_fts],
          tokenizer,
        )
      : null;
    // The bundled indexes' postings come with the content database; without them (an older build) FTS5 scores alone.
    this.documentsFts.usePostings(storedPostings(db, 'documents_fts'), (rowid) => this.table('document').idOf(rowid));
    this.researchFts.usePostings(storedPostings(db, 'research_fts'), (rowid) => this.table('research').idOf(rowid));
    this.importedPostings = this.importedFts
      ? new LivePostings(db, this.importedFts, 'user', 'imported_documents_fts', [
          ...FTS_WEIGHTS.imported_documents_fts,
        ])
      : null;
  }

  /** Whether imported documents are scored from in-memory postings (false: by FTS5 alone, as while they are read). */
  importedPostingsReady(): boolean {
    return this.importedPostings?.ready ?? false;
  }

  /** Imported documents changed: their index statistics are read again. */
  importedChanged(): void {
    this.importedFts?.invalidate();
  }

  mode(): { mode: 'hybrid' | 'lexical'; reason: string } {
    const d = this.dense();
    if (!d) return { mode: 'lexical', reason: 'no embedding index is ready: search runs on FTS5 (BM25) only' };
    const pending = d.pending();
    const reason = `FTS5 (BM25) and cosine similarity over ${d.modelId} embeddings, fused on one calibrated scale`;
    return {
      mode: 'hybrid',
      reason: pending
        ? `${reason}; ${pending} newly imported record(s) are still being embedded and are found by full text until then`
        : reason,
    };
  }

  private lookup(): NameLookup {
    return {
      // Our records' names first; otherwise the interaction checker's resolver (Drugs@FDA brands, DrugBank and INN/USAN
      // spellings, salts) — one name resolver for the whole app — exact spellings only, never class words.
      exact: (norm) => this.exact.get(norm) ?? this.resolved(norm),
      fuzzy: this.fuzzy,
      // A word several documents use is a word, not a misspelt compound name ("insulin" is not "inulin").
      isKnownWord: (w) => this.exact.has(w) || this.documentsFts.documentFrequencyOf(w) >= 3,
      lay: (q) => layMatches(this.db, q),
      rowidOfSlug: (slug) =>
        this.sql<[string], { rowid: number }>('SELECT rowid FROM compounds WHERE slug = ?').get(slug)?.rowid ?? null,
    };
  }

  private resolved(norm: string): { rowid: number | null; name: string; kind: 'alt_name' | 'drugbank' }[] {
    // Short pieces and words the abstracts use are words, not names ("ice", "salt"); a name only another language or
    // everyday speech has ("Johanniskraut", "isabgol") is read as the name it stands for.
    // Three letters are a name only as the reviewed clinical abbreviation they are ("PCM", "LTG", "HCQ").
    const name = mayResolveExactly(this.db, norm) ? norm : (otherNameOf(norm) ?? norm);
    if (norm.length < 3 || !mayResolveExactly(this.db, name) || this.documentsFts.documentFrequencyOf(norm) >= 3)
      return [];
    const s = resolveName(this.db, name, { typos: false });
    if (s.status !== 'resolved' || s.kind === 'class' || (!s.keys.length && !s.compound)) return [];
    if (norm.length < 4 && s.matchedVia !== 'abbreviation') return [];
    if (s.compound) return [{ rowid: s.compound.rowid, name: s.compound.name, kind: 'alt_name' }];
    if (s.keys.length === 1) return [{ rowid: null, name: keyName(this.db, s.keys[0]!), kind: 'drugbank' }];
    // A combination no record of ours is ("Pan-D", "Saridon", "Xonvea"): each ingredient, as our record when we have one.
    return s.keys.map((k) => {
      const one = resolveName(this.db, keyName(this.db, k), { typos: false }).compound;
      return one
        ? { rowid: one.rowid, name: one.name, kind: 'alt_name' as const }
        : { rowid: null, name: keyName(this.db, k), kind: 'drugbank' as const };
    });
  }

  plan(query: string): QueryPlan {
    if (!queryTokens(query).length) throw new NoSearchableText('the query has no searchable words');
    const key = this.keyTerms(query);
    if (key === query) return planQuery(query, this.lookup());
    // A pasted message: full-text search and name finding work on its key terms; the model reads the message itself
    // (its encoder keeps the first 256 tokens).
    return { ...planQuery(key, this.lookup(), KEY_TERMS), denseText: query };
  }

  /**
   * A query of more than MAX_TOKENS words (a pasted message) is cut to its key terms: words the library or our names
   * know (not one- or two-letter pieces such as "m" of "I'm", not bare numbers), weighted by their idf in the documents (twice for a
   * word the message repeats, never more: a repeated aside must not outweigh the question), the best KEY_TERMS kept in
   * the message's order so adjacent words still form phrases and names. Shorter queries are unchanged.
   */
  keyTerms(query: string): string {
    const tokens = allTokens(query);
    if (tokens.length <= MAX_TOKENS) return query;
    const count = new Map<string, number>();
    for (const t of tokens) {
      if (STOP_WORDS.has(t) || /^\d+$/.test(t) || (t.length < 3 && !/\d/.test(t))) continue;
      count.set(t, Math.min(2, (count.get(t) ?? 0) + 1));
    }
    const weight = new Map<string, number>();
    for (const [t, n] of count) {
      const known = this.exact.has(t) || this.documentsFts.documentFrequencyOf(t) > 0;
      if (known) weight.set(t, n * this.documentsFts.idf([t]));
    }
    const order = [...weight.keys()];
    if (!order.length) return tokens.slice(0, KEY_TERMS).join(' ');
    const kept = new Set(
      [...order]
        .sort((a, b) => weight.get(b)! - weight.get(a)! || order.indexOf(a) - order.indexOf(b))
        .slice(0, KEY_TERMS),
    );
    return order.filter((t) => kept.has(t)).join(' ');
  }

  async search(input: SearchInput): Promise<SemanticSearchData> {
    const types = new Set<HitType>(
      input.types.map((t) => (t === 'compounds' ? 'compound' : t === 'documents' ? 'document' : 'research')),
    );
    if (!input.include_research) types.delete('research');
    const { plan, all, saturated, skipped } = await this.candidates(input.query, types);
    const kept = this.applyFilters(all, input.filters);
    const filtered = relevantForSort(onePerRecord(kept), input.sort);
    if (input.sort === 'name') this.withNames(filtered);
    sortCandidates(filtered, input.sort);
    const page = filtered.slice(input.offset, input.offset + input.limit);
    const { mode, reason } =
      skipped !== null
        ? { mode: 'lexical' as const, reason: `${skipped as string}: this query ran on FTS5 (BM25) only` }
        : this.mode();
    // Total and facets count the candidate set; when a retriever hit its cap, both are lower bounds and say so.
    const total = filtered.length;
    return {
      query: input.query,
      results_total: total,
      results_total_is_lower_bound: saturated,
      results: this.materialise(page, input.include_abstracts),
      facets: { ...facets(filtered), types: typeCounts(kept, input.sort) },
      pagination: { limit: input.limit, offset: input.offset, total, pages: Math.ceil(total / input.limit) },
      search_mode: mode,
      search_mode_reason: reason,
      query_interpretation: plan.interpretation,
    };
  }

  /**
   * Documents (bundled and imported) for a text query, best first, ranked exactly as POST /v1/search ranks them: the
   * one ranking `GET /v1/documents?q=` pages through after its own filters.
   */
  async rankDocuments(query: string): Promise<{ ids: string[]; saturated: boolean }> {
    const { all, saturated } = await this.candidates(query, new Set(['document']));
    sortCandidates(all, 'relevance');
    return { ids: all.map((c) => c.id), saturated };
  }

  /** Every candidate of the given types with its calibrated relevance: a fixed set for a query, whatever the page. */
  private async candidates(
    query: string,
    types: Set<HitType>,
  ): Promise<{ plan: QueryPlan; all: Candidate[]; saturated: boolean; skipped: string | null }> {
    this.importedPostings?.check();
    const plan = this.plan(query);
    const dense = this.dense();
    // The query is embedded in the worker thread while this one runs the full-text searches.
    const embedding = dense ? dense.embed(plan.denseText) : null;
    const kinds = (['compound', 'document', 'research'] as const).filter((t) => types.has(t));
    const lexical = new Map(kinds.map((type) => [type, this.lexicalScores(type, plan, CANDIDATES)] as const));
    // A query the embedding worker could not take in time (embedder.ts) is searched lexically, and the meta says why.
    let skipped: string | null = null;
    const q = embedding
      ? await embedding.catch((err: unknown) => {
          if (!(err instanceof QueryEmbeddingSkipped)) throw err;
          skipped = err.message;
          return null;
        })
      : null;
    const all: Candidate[] = [];
    let saturated = [...lexical.values()].some((l) => l.saturated);
    for (const type of kinds) {
      const fromDense = dense && q ? dense.knn(KIND[type], q, DENSE_CANDIDATES) : new Map<string, number>();
      if (fromDense.size >= DENSE_CANDIDATES && [...fromDense.values()].at(-1)! >= DENSE_FLOOR) saturated = true;
      const scored = new Map<string, { lex: number; cos: number | null; floor: number }>();
      for (const [id, l] of lexical.get(type)!.scores)
        scored.set(id, { lex: l.lex, cos: dense && q ? dense.similarity(KIND[type], id, q) : null, floor: l.name });
      for (const [id, cos] of fromDense)
        if (!scored.has(id) && cos >= DENSE_FLOOR) scored.set(id, { lex: 0, cos, floor: 0 });
      const hybrid = dense !== null && q !== null;
      all.push(
        ...this.attributes(
          type,
          [...scored].map(([id, s]) => {
            const textScore = MAX_UNNAMED * relevance(s.lex, s.cos, this.calibration, hybrid);
            // Only a compound named by the query may score above MAX_UNNAMED: its record leads the list.
            return { id, lex: s.lex, cos: s.cos, textScore, score: Math.min(1, Math.max(s.floor, textScore)) };
          }),
        ),
      );
    }
    return { plan, all, saturated, skipped };
  }

  /** Comparable lexical scores per id; compounds also get their name-match floor (also read by bench/eval-scifact.ts to calibrate). */
  lexicalScores(
    type: HitType,
    plan: QueryPlan,
    k: number,
  ): { scores: Map<string, { lex: number; name: number }>; saturated: boolean } {
    const scores = new Map<string, { lex: number; name: number }>();
    const put = (id: string, lex: number, name = 0) => {
      const prev = scores.get(id);
      scores.set(id, { lex: Math.max(prev?.lex ?? 0, lex), name: Math.max(prev?.name ?? 0, name) });
    };
    let saturated = false;
    const take = (index: LexicalIndex) => {
      const hits = index.search(plan.units, k, plan.scaleUnits);
      if (hits.length >= k) saturated = true;
      for (const h of hits) put(h.id, h.score);
    };
    if (type === 'compound') {
      take(this.compoundsFts);
      const idOf = this.sql<[number], { id: string }>('SELECT id FROM compounds WHERE rowid = ?');
      for (const n of plan.names) {
        if (n.rowid === null) continue;
        const id = idOf.get(n.rowid)!.id;
        put(id, scores.get(id)?.lex ?? 0, n.score);
      }
    } else if (type === 'document') {
      take(this.documentsFts);
      if (this.importedFts) take(this.importedFts);
    } else {
      take(this.researchFts);
    }
    return { scores, saturated };
  }

  private readonly tables = new Map<TableType, RecordTable>();
  /** The in-memory attributes of a bundled type, read at its first search. */
  private table(type: TableType): RecordTable {
    let t = this.tables.get(type);
    if (!t) {
      t = new RecordTable(this.db, type);
      this.tables.set(type, t);
    }
    return t;
  }

  private attributes(
    type: HitType,
    scored: { id: string; lex: number; cos: number | null; score: number; textScore: number }[],
  ): Candidate[] {
    const out: Candidate[] = [];
    const table = this.table(type);
    const imported: string[] = [];
    const byId = new Map(scored.map((s) => [s.id, s]));
    for (const s of scored) {
      const a = table.get(s.id);
      if (a)
        out.push({
          ...s,
          type,
          grade: a.grade,
          date: a.date,
          name: '',
          category: a.category,
          source: a.source,
          documentId: a.documentId,
        });
      else if (type === 'document' && this.withImported) imported.push(s.id);
    }
    if (imported.length) {
      type Row = { id: string; grade: EvidenceGrade; date: string | null };
      const rows = this.sql<[string], Row>(
        `SELECT id, evidence_grade AS grade, coalesce(publication_date, CAST(publication_year AS TEXT)) AS date
        FROM user.imported_documents WHERE id IN (SELECT value FROM json_each(?))`,
      ).all(JSON.stringify(imported));
      for (const r of rows)
        out.push({
          ...byId.get(r.id)!,
          type,
          grade: r.grade,
          date: r.date,
          name: '',
          category: null,
          source: 'imported',
          documentId: null,
        });
    }
    return out;
  }

  /**
   * Names (titles) for the name sort, read only then. Each table gets one statement with one bound value, the ids as a
   * JSON array read by json_each: never a parameter per id (SQLite caps bound parameters), never a parameter bound twice.
   */
  private withNames(list: Candidate[]): void {
    const tables: [HitType, string][] = [
      ['compound', 'SELECT id, name FROM main.compounds WHERE id IN (SELECT value FROM json_each(?))'],
      ['document', 'SELECT id, title AS name FROM main.documents WHERE id IN (SELECT value FROM json_each(?))'],
      ['research', 'SELECT id, title AS name FROM main.research_items WHERE id IN (SELECT value FROM json_each(?))'],
    ];
    if (this.withImported)
      tables.push([
        'document',
        'SELECT id, title AS name FROM user.imported_documents WHERE id IN (SELECT value FROM json_each(?))',
      ]);
    const names = new Map<string, string>();
    for (const [type, sql] of tables) {
      const ids = list.filter((c) => c.type === type).map((c) => c.id);
      if (!ids.length) continue;
      for (const r of this.sql<[string], { id: string; name: string | null }>(sql).all(JSON.stringify(ids)))
        names.set(`${type}:${r.id}`, r.name ?? '');
    }
    for (const c of list) c.name = names.get(`${c.type}:${c.id}`) ?? '';
  }

  private applyFilters(all: Candidate[], f: SearchInput['filters']): Candidate[] {
    if (!f) return all;
    let linkedDocs: Set<string> | null = null;
    let compoundOk: ((c: Candidate) => boolean) | null = null;
    if (f.category || f.compound_type?.length) {
      const clauses: string[] = [];
      const params: string[] = [];
      if (f.category) {
        clauses.push('c.category = ?');
        params.push(f.category);
      }
      if (f.compound_type?.length) {
        clauses.push(`c.compound_type IN (${f.compound_type.map(() => '?').join(', ')})`);
        params.push(...f.compound_type);
      }
      const where = clauses.join(' AND ');
      const compoundIds = new Set(
        this.db
          .prepare<string[], { id: string }>(`SELECT id FROM compounds c WHERE ${where}`)
          .all(...params)
          .map((r) => r.id),
      );
      compoundOk = (c) => compoundIds.has(c.id);
      linkedDocs = new Set(
        this.db
          .prepare<string[], { id: string }>(
            `SELECT DISTINCT d.id FROM compound_documents cd JOIN compounds c ON c.rowid = cd.compound_rowid
        JOIN documents d ON d.rowid = cd.document_rowid WHERE ${where}`,
          )
          .all(...params)
          .map((r) => r.id),
      );
    }
    // "bundled" stands for everything Materia ships: compounds, research items and the bundled documents.
    const sources = f.source?.length ? new Set(f.source) : null;
    // A date bound keeps dated items whose date (a year spans its whole year) overlaps the range; compounds have none.
    const from = f.date_from ? dateMin(f.date_from) : null;
    const to = f.date_to ? dateMax(f.date_to) : null;
    const dateOk = (c: Candidate) =>
      (!from && !to) || (c.date !== null && (!from || dateMax(c.date) >= from) && (!to || dateMin(c.date) <= to));
    const sourceOk = (c: Candidate) =>
      !sources ||
      (c.source === 'imported'
        ? sources.has('imported')
        : sources.has('bundled') || (c.source !== null && sources.has(c.source)));
    return all.filter((c) => {
      if (!sourceOk(c) || !dateOk(c)) return false;
      if (f.evidence_grade?.length && !f.evidence_grade.includes(c.grade)) return false;
      if (compoundOk && c.type === 'compound') return compoundOk(c);
      if (linkedDocs && c.type === 'document') return linkedDocs.has(c.id);
      if (linkedDocs && c.type === 'research') return linkedDocs.has(c.documentId!);
      return true;
    });
  }

  private materialise(page: Candidate[], includeAbstracts: boolean): SearchHit[] {
    const round = (x: number) => Math.round(x * 10_000) / 10_000;
    return page.map((c): SearchHit => {
      if (c.type === 'compound') {
        const r = this.sql<
          [string],
          {
            id: string;
            name: string;
            slug: string;
            category: Category;
            evidence_grade: EvidenceGrade;
            description: string;
            research_count: number;
            typical_dosing: string;
            dosing_route: string | null;
          }
        >(
          `SELECT c.*, json_extract(m.data, '$.dosing.route') AS dosing_route FROM compounds c LEFT JOIN monographs m ON m.slug = c.slug WHERE c.id = ?`,
        ).get(c.id)!;
        const dosing = JSON.parse(r.typical_dosing) as {
          amount: number | null;
          unit: string;
          frequency: string;
          route: string;
        };
        const routes = new Set([dosing.route, ...(r.dosing_route ? (JSON.parse(r.dosing_route) as string[]) : [])]);
        return {
          type: 'compound',
          id: r.id,
          name: r.name,
          slug: r.slug,
          category: r.category,
          evidence_grade: r.evidence_grade,
          relevance_score: round(c.score),
          summary: r.description,
          research_count: r.research_count,
          typical_dosage:
            dosing.amount === null
              ? `No established dose (${dosing.frequency})`
              : `${dosing.amount} ${dosing.unit}, ${dosing.frequency}`,
          route_of_administration: [...routes],
        };
      }
      if (c.type === 'document') {
        const imported = c.source === 'imported';
        const r = this.sql<
          [string],
          {
            id: string;
            title: string | null;
            authors: string;
            publication_date: string | null;
            journal: string | null;
            evidence_grade: EvidenceGrade;
            abstract: string | null;
            doi: string | null;
            url: string | null;
            external_id: string | null;
          }
        >(
          `SELECT *${imported ? '' : ', NULL AS external_id'} FROM ${imported ? 'user.imported_documents' : 'main.documents'} WHERE id = ?`,
        ).get(c.id)!;
        return {
          type: 'document',
          id: r.id,
          title: r.title,
          authors: JSON.parse(r.authors) as string[],
          publication_date: r.publication_date,
          journal: r.journal,
          evidence_grade: r.evidence_grade,
          relevance_score: round(c.score),
          ...(includeAbstracts ? { abstract: r.abstract } : {}),
          doi: r.doi,
          url: r.url,
          source: c.source!,
          external_id: r.external_id,
        };
      }
      const r = this.sql<[string], { id: string; title: string; content_preview: string; topics: string }>(
        'SELECT * FROM research_items WHERE id = ?',
      ).get(c.id)!;
      return {
        type: 'research',
        id: r.id,
        title: r.title,
        content_preview: r.content_preview,
        topics: JSON.parse(r.topics) as string[],
        relevance_score: round(c.score),
      };
    });
  }
}

/** A PubMedQA record is one result: its document and its research item (the same paper as a question) never both. */
function onePerRecord(list: Candidate[]): Candidate[] {
  const best = new Map<string, Candidate>();
  for (const c of list) {
    const key = c.type === 'research' ? `document:${c.documentId}` : `${c.type}:${c.id}`;
    const prev = best.get(key);
    if (!prev || c.score > prev.score || (c.score === prev.score && c.type === 'document')) best.set(key, c);
  }
  return list.filter((c) => best.get(c.type === 'research' ? `document:${c.documentId}` : `${c.type}:${c.id}`) === c);
}

/**
 * The relevance floor of the re-sorting sorts: results scoring at least SORT_RELEVANCE_SHARE of the best text score of
 * their type. Per type, because compounds are a few lines that match a named drug fully ("zoloft side effects":
 * sertraline's record scores 0.9) while the best document about it may score 0.05 and must still be sorted; and a
 * compound's name match lifts its place but never sets the bar. Relevance keeps all.
 */
function relevantForSort(list: Candidate[], sort: SearchInput['sort']): Candidate[] {
  if (sort === 'relevance' || !list.length) return list;
  const best = new Map<HitType, number>();
  for (const c of list) best.set(c.type, Math.max(best.get(c.type) ?? 0, c.textScore));
  return list.filter((c) => c.score >= SORT_RELEVANCE_SHARE * best.get(c.type)!);
}

const GRADE_ORDER = Object.fromEntries(EVIDENCE_GRADES.map((g, i) => [g, i])) as Record<EvidenceGrade, number>;

function sortCandidates(list: Candidate[], sort: SearchInput['sort']): void {
  const byRelevance = (a: Candidate, b: Candidate) =>
    b.score - a.score || TYPE_ORDER[a.type] - TYPE_ORDER[b.type] || a.id.localeCompare(b.id);
  const cmp: Record<SearchInput['sort'], (a: Candidate, b: Candidate) => number> = {
    relevance: byRelevance,
    evidence_grade: (a, b) => GRADE_ORDER[a.grade] - GRADE_ORDER[b.grade] || byRelevance(a, b),
    // Newest first by the date string (YYYY-MM-DD or YYYY); undated items last.
    date: (a, b) =>
      (a.date === null ? 1 : 0) - (b.date === null ? 1 : 0) ||
      (b.date ?? '').localeCompare(a.date ?? '') ||
      byRelevance(a, b),
    name: (a, b) =>
      (a.name === '' ? 1 : 0) - (b.name === '' ? 1 : 0) ||
      a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) ||
      byRelevance(a, b),
  };
  list.sort(cmp[sort]);
}

/**
 * Each type's count is what a search of that type alone returns (its own candidates, one per record, the same relevance
 * floor), so a click on a type shows the number it promised. Their sum can exceed `results_total`: with every type, a
 * PubMedQA record is one result (its document or its research item, whichever ranks higher) but each type counts it.
 */
function typeCounts(kept: Candidate[], sort: SearchInput['sort']): SemanticSearchData['facets']['types'] {
  return (['compound', 'document', 'research'] as const)
    .map((name) => ({ name, count: relevantForSort(onePerRecord(kept.filter((c) => c.type === name)), sort).length }))
    .filter((t) => t.count > 0);
}

function facets(list: Candidate[]): Omit<SemanticSearchData['facets'], 'types'> {
  const count = <K extends string>(keys: readonly K[], of: (c: Candidate) => K | null) => {
    const n = new Map<K, number>();
    for (const c of list) {
      const k = of(c);
      if (k !== null) n.set(k, (n.get(k) ?? 0) + 1);
    }
    return keys.filter((k) => n.has(k)).map((k) => [k, n.get(k)!] as const);
  };
  return {
    evidence_grades: count(EVIDENCE_GRADES, (c) => c.grade).map(([grade, n]) => ({ grade, count: n })),
    categories: count(CATEGORIES, (c) => c.category).map(([name, n]) => ({ name, count: n })),
    sources: count(DOCUMENT_SOURCES, (c) => c.source).map(([name, n]) => ({ name, count: n })),
  };
}
