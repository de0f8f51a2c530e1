/**
 * POST /v1/search: compounds, documents and research items in one ranked list.
 *
 * Each type proposes up to CANDIDATES_PER_TYPE candidates lexically (FTS5 BM25; compound names also exactly and
 * with typos) and, when an embedding index is ready, by cosine KNN. Lexical scores are normalised per type
 * (score / best score of that type) because BM25 values of different indexes are not comparable; dense scores are
 * cosine similarities clipped to [0, 1]. The two are fused by a weighted sum (DENSE_WEIGHT) or, for comparison,
 * by reciprocal-rank fusion. Filters, facets, sorting and pagination then work on that one candidate set, so facet
 * counts equal the filtered total and walking the pages yields every result once.
 */
import type { Db } from '../db/connection.ts';
import type { SemanticSearchData, SearchHit } from '../../shared/schemas/search.ts';
import type { Category, CompoundType, EvidenceGrade } from '../../shared/enums.ts';
import { CATEGORIES, EVIDENCE_GRADES } from '../../shared/enums.ts';
import { normalizeName } from '../compounds/names.ts';
import { ftsMatchExpression, queryTokens } from './fts-query.ts';
import { FuzzyNames } from './fuzzy-names.ts';
import type { DenseRetriever, SearchKind } from './dense.ts';

export const CANDIDATES_PER_TYPE = 1000;
/** Weight of the dense score in the fused score (the lexical one gets 1 - w). See docs/search.md for how it was chosen. */
export const DENSE_WEIGHT = 0.5;
export type Fusion = { kind: 'weighted'; denseWeight: number } | { kind: 'rrf'; k: number };
export const DEFAULT_FUSION: Fusion = { kind: 'weighted', denseWeight: DENSE_WEIGHT };

type HitType = 'compound' | 'document' | 'research';
const KIND: Record<HitType, SearchKind> = { compound: 'compounds', document: 'documents', research: 'research' };
const TYPE_ORDER: Record<HitType, number> = { compound: 0, document: 1, research: 2 };

interface Candidate {
  type: HitType;
  id: string;
  lex: number;
  dense: number | null;
  score: number;
  grade: EvidenceGrade;
  date: string | null;
  name: string;
  category: Category | null;
}

export interface SearchInput {
  query: string;
  types: ('compounds' | 'documents' | 'research')[];
  filters?: { evidence_grade?: EvidenceGrade[]; category?: Category; compound_type?: CompoundType[] };
  limit: number;
  offset: number;
  sort: 'relevance' | 'evidence_grade' | 'date' | 'name';
  include_research: boolean;
  include_abstracts: boolean;
}

export class NoSearchableText extends Error {}

export class SearchService {
  private readonly fuzzy: FuzzyNames;
  private readonly exact: Map<string, number[]>;

  constructor(private readonly db: Db, private readonly withImported: boolean, private readonly dense: () => DenseRetriever | null, private readonly fusion: Fusion = DEFAULT_FUSION) {
    const names = db.prepare<[], { rowid: number; name: string; alt_names: string }>('SELECT rowid, name, alt_names FROM compounds').all();
    this.fuzzy = new FuzzyNames(names.flatMap((c) => [c.name, ...(JSON.parse(c.alt_names) as string[])].map((name) => ({ name, compoundRowid: c.rowid }))));
    this.exact = new Map();
    for (const r of db.prepare<[], { name_norm: string; compound_rowid: number }>('SELECT name_norm, compound_rowid FROM compound_names').all()) {
      const list = this.exact.get(r.name_norm);
      if (list) list.push(r.compound_rowid); else this.exact.set(r.name_norm, [r.compound_rowid]);
    }
  }

  mode(): { mode: 'hybrid' | 'lexical'; reason: string } {
    const d = this.dense();
    return d ? { mode: 'hybrid', reason: `FTS5 (BM25) fused with cosine KNN over ${d.modelId} embeddings` } : { mode: 'lexical', reason: 'no embedding index is ready: search runs on FTS5 (BM25) only' };
  }

  async search(input: SearchInput): Promise<SemanticSearchData> {
    const match = ftsMatchExpression(input.query);
    if (!match) throw new NoSearchableText('the query has no searchable words');
    const types = new Set<HitType>(input.types.map((t) => (t === 'compounds' ? 'compound' : t === 'documents' ? 'document' : 'research')));
    if (!input.include_research) types.delete('research');
    const dense = this.dense();
    const all: Candidate[] = [];
    for (const type of (['compound', 'document', 'research'] as const).filter((t) => types.has(t))) {
      const lexical = type === 'compound' ? this.compoundLexical(input.query, match) : type === 'document' ? this.documentLexical(match) : this.researchLexical(match);
      const denseHits = dense ? await dense.search(input.query, KIND[type], CANDIDATES_PER_TYPE) : new Map<string, number>();
      all.push(...this.fuse(type, lexical, denseHits, dense !== null));
    }
    const filtered = this.applyFilters(all, input.filters);
    sortCandidates(filtered, input.sort);
    const page = filtered.slice(input.offset, input.offset + input.limit);
    const { mode, reason } = this.mode();
    return {
      query: input.query,
      results_total: filtered.length,
      results: this.materialise(page, input.include_abstracts),
      facets: facets(filtered),
      pagination: { limit: input.limit, offset: input.offset, total: filtered.length, pages: Math.ceil(filtered.length / input.limit) },
      search_mode: mode,
      search_mode_reason: reason,
    };
  }

  /** Scores in [0, 1] per candidate id: BM25 normalised by the best of the type; exact and fuzzy names for compounds. */
  private compoundLexical(query: string, match: string): Map<string, number> {
    const rows = this.db.prepare<[string, number], { id: string; rowid: number; s: number }>(
      `SELECT c.id, c.rowid, -bm25(compounds_fts, 10.0, 6.0, 1.0, 2.0) AS s FROM compounds_fts JOIN compounds c ON c.rowid = compounds_fts.rowid
       WHERE compounds_fts MATCH ? ORDER BY s DESC LIMIT ?`).all(match, CANDIDATES_PER_TYPE);
    const out = normalise(rows.map((r) => [r.id, r.s]));
    const idOf = this.db.prepare<[number], { id: string }>('SELECT id FROM compounds WHERE rowid = ?');
    const bump = (rowid: number, s: number) => { const id = idOf.get(rowid)!.id; out.set(id, Math.max(out.get(id) ?? 0, s)); };
    for (const rowid of this.exact.get(normalizeName(query)) ?? []) bump(rowid, 1);
    const pieces = [query, ...queryTokens(query).filter((t) => t.length >= 5)];
    for (const piece of pieces) {
      if (this.exact.has(normalizeName(piece))) {
        if (piece !== query) for (const rowid of this.exact.get(normalizeName(piece))!) bump(rowid, 0.9);
        continue;
      }
      for (const hit of this.fuzzy.match(piece)) bump(hit.compoundRowid, hit.distance === 1 ? 0.8 : 0.6);
    }
    return out;
  }

  private documentLexical(match: string): Map<string, number> {
    const main = this.db.prepare<[string, number], { id: string; s: number }>(
      `SELECT d.id, -bm25(documents_fts, 1.0, 1.0) AS s FROM documents_fts JOIN documents d ON d.rowid = documents_fts.rowid
       WHERE documents_fts MATCH ? ORDER BY s DESC LIMIT ?`).all(match, CANDIDATES_PER_TYPE);
    const out = normalise(main.map((r) => [r.id, r.s]));
    if (this.withImported) {
      const imported = this.db.prepare<[string, number], { id: string; s: number }>(
        `SELECT d.id, -bm25(imported_documents_fts, 1.0, 1.0) AS s FROM user.imported_documents_fts f JOIN user.imported_documents d ON d.rowid = f.rowid
         WHERE imported_documents_fts MATCH ? ORDER BY s DESC LIMIT ?`).all(match, CANDIDATES_PER_TYPE);
      for (const [id, s] of normalise(imported.map((r) => [r.id, r.s]))) out.set(id, s);
    }
    return out;
  }

  private researchLexical(match: string): Map<string, number> {
    const rows = this.db.prepare<[string, number], { id: string; s: number }>(
      `SELECT r.id, -bm25(research_fts, 2.0, 1.0, 1.0) AS s FROM research_fts JOIN research_items r ON r.rowid = research_fts.rowid
       WHERE research_fts MATCH ? ORDER BY s DESC LIMIT ?`).all(match, CANDIDATES_PER_TYPE);
    return normalise(rows.map((r) => [r.id, r.s]));
  }

  private fuse(type: HitType, lexical: Map<string, number>, dense: Map<string, number>, hybrid: boolean): Candidate[] {
    const ids = new Set([...lexical.keys(), ...dense.keys()]);
    const lexRank = rankOf(lexical);
    const denseRank = rankOf(dense);
    const scored = [...ids].map((id) => {
      const lex = lexical.get(id) ?? 0;
      const d = dense.has(id) ? Math.max(0, dense.get(id)!) : null;
      let score = lex;
      if (hybrid) {
        const f = this.fusion;
        score = f.kind === 'rrf'
          // Reciprocal-rank fusion, scaled so that rank 1 in both lists scores 1.
          ? ((lexRank.has(id) ? 1 / (f.k + lexRank.get(id)!) : 0) + (denseRank.has(id) ? 1 / (f.k + denseRank.get(id)!) : 0)) / (2 / (f.k + 1))
          : f.denseWeight * (d ?? 0) + (1 - f.denseWeight) * lex;
      }
      return { id, lex, dense: d, score: Math.min(1, Math.max(0, score)) };
    });
    return this.attributes(type, scored);
  }

  private attributes(type: HitType, scored: { id: string; lex: number; dense: number | null; score: number }[]): Candidate[] {
    if (!scored.length) return [];
    const byId = new Map(scored.map((s) => [s.id, s]));
    const ids = [...byId.keys()];
    const rows: { id: string; grade: EvidenceGrade; date: string | null; name: string | null; category: Category | null }[] = [];
    for (let i = 0; i < ids.length; i += 500) {
      const chunk = ids.slice(i, i + 500);
      const marks = chunk.map(() => '?').join(', ');
      if (type === 'compound') {
        rows.push(...this.db.prepare<string[], (typeof rows)[number]>(`SELECT id, evidence_grade AS grade, NULL AS date, name, category FROM compounds WHERE id IN (${marks})`).all(...chunk));
      } else if (type === 'document') {
        rows.push(...this.db.prepare<string[], (typeof rows)[number]>(`SELECT id, evidence_grade AS grade, coalesce(publication_date, CAST(publication_year AS TEXT)) AS date, title AS name, NULL AS category FROM main.documents WHERE id IN (${marks})`).all(...chunk));
        if (this.withImported) rows.push(...this.db.prepare<string[], (typeof rows)[number]>(`SELECT id, evidence_grade AS grade, coalesce(publication_date, CAST(publication_year AS TEXT)) AS date, title AS name, NULL AS category FROM user.imported_documents WHERE id IN (${marks})`).all(...chunk));
      } else {
        rows.push(...this.db.prepare<string[], (typeof rows)[number]>(`SELECT r.id, d.evidence_grade AS grade, CAST(d.publication_year AS TEXT) AS date, r.title AS name, NULL AS category FROM research_items r JOIN documents d ON d.id = r.document_id WHERE r.id IN (${marks})`).all(...chunk));
      }
    }
    return rows.map((r) => ({ ...byId.get(r.id)!, type, grade: r.grade, date: r.date, name: r.name ?? '', category: r.category }));
  }

  private applyFilters(all: Candidate[], f: SearchInput['filters']): Candidate[] {
    if (!f) return all;
    let linkedDocs: Set<string> | null = null;
    let compoundOk: ((c: Candidate) => boolean) | null = null;
    if (f.category || f.compound_type?.length) {
      const clauses: string[] = [];
      const params: string[] = [];
      if (f.category) { clauses.push('c.category = ?'); params.push(f.category); }
      if (f.compound_type?.length) { clauses.push(`c.compound_type IN (${f.compound_type.map(() => '?').join(', ')})`); params.push(...f.compound_type); }
      const where = clauses.join(' AND ');
      const compoundIds = new Set(this.db.prepare<string[], { id: string }>(`SELECT id FROM compounds c WHERE ${where}`).all(...params).map((r) => r.id));
      compoundOk = (c) => compoundIds.has(c.id);
      linkedDocs = new Set(this.db.prepare<string[], { id: string }>(`SELECT DISTINCT d.id FROM compound_documents cd JOIN compounds c ON c.rowid = cd.compound_rowid
        JOIN documents d ON d.rowid = cd.document_rowid WHERE ${where}`).all(...params).map((r) => r.id));
    }
    const researchDoc = linkedDocs ? new Map(this.db.prepare<[], { id: string; document_id: string }>('SELECT id, document_id FROM research_items').all().map((r) => [r.id, r.document_id])) : null;
    return all.filter((c) => {
      if (f.evidence_grade?.length && !f.evidence_grade.includes(c.grade)) return false;
      if (compoundOk && c.type === 'compound') return compoundOk(c);
      if (linkedDocs && c.type === 'document') return linkedDocs.has(c.id);
      if (linkedDocs && c.type === 'research') return linkedDocs.has(researchDoc!.get(c.id)!);
      return true;
    });
  }

  private materialise(page: Candidate[], includeAbstracts: boolean): SearchHit[] {
    const round = (x: number) => Math.round(x * 10_000) / 10_000;
    return page.map((c): SearchHit => {
      if (c.type === 'compound') {
        const r = this.db.prepare<[string], { id: string; name: string; slug: string; category: Category; evidence_grade: EvidenceGrade; description: string; research_count: number; typical_dosing: string; dosing_route: string | null }>(
          `SELECT c.*, json_extract(m.data, '$.dosing.route') AS dosing_route FROM compounds c LEFT JOIN monographs m ON m.slug = c.slug WHERE c.id = ?`).get(c.id)!;
        const dosing = JSON.parse(r.typical_dosing) as { amount: number | null; unit: string; frequency: string; route: string };
        const routes = new Set([dosing.route, ...(r.dosing_route ? (JSON.parse(r.dosing_route) as string[]) : [])]);
        return {
          type: 'compound', id: r.id, name: r.name, slug: r.slug, category: r.category, evidence_grade: r.evidence_grade, relevance_score: round(c.score),
          summary: r.description, research_count: r.research_count,
          typical_dosage: dosing.amount === null ? `No established dose (${dosing.frequency})` : `${dosing.amount} ${dosing.unit}, ${dosing.frequency}`,
          route_of_administration: [...routes],
        };
      }
      if (c.type === 'document') {
        const table = c.id.startsWith('imported-') ? 'user.imported_documents' : 'main.documents';
        const r = this.db.prepare<[string], { id: string; title: string | null; authors: string; publication_date: string | null; journal: string | null; evidence_grade: EvidenceGrade; abstract: string | null; doi: string | null; url: string | null }>(
          `SELECT * FROM ${table} WHERE id = ?`).get(c.id)!;
        return {
          type: 'document', id: r.id, title: r.title, authors: JSON.parse(r.authors) as string[], publication_date: r.publication_date, journal: r.journal,
          evidence_grade: r.evidence_grade, relevance_score: round(c.score), ...(includeAbstracts ? { abstract: r.abstract } : {}), doi: r.doi, url: r.url,
        };
      }
      const r = this.db.prepare<[string], { id: string; title: string; content_preview: string; topics: string }>('SELECT * FROM research_items WHERE id = ?').get(c.id)!;
      return { type: 'research', id: r.id, title: r.title, content_preview: r.content_preview, topics: JSON.parse(r.topics) as string[], relevance_score: round(c.score) };
    });
  }
}

function normalise(rows: [string, number][]): Map<string, number> {
  const best = rows.reduce((m, [, s]) => Math.max(m, s), 0);
  return new Map(rows.map(([id, s]) => [id, best > 0 ? s / best : 0]));
}

function rankOf(scores: Map<string, number>): Map<string, number> {
  return new Map([...scores].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([id], i) => [id, i + 1]));
}

const GRADE_ORDER = Object.fromEntries(EVIDENCE_GRADES.map((g, i) => [g, i])) as Record<EvidenceGrade, number>;

function sortCandidates(list: Candidate[], sort: SearchInput['sort']): void {
  const byRelevance = (a: Candidate, b: Candidate) => b.score - a.score || TYPE_ORDER[a.type] - TYPE_ORDER[b.type] || a.id.localeCompare(b.id);
  const cmp: Record<SearchInput['sort'], (a: Candidate, b: Candidate) => number> = {
    relevance: byRelevance,
    evidence_grade: (a, b) => GRADE_ORDER[a.grade] - GRADE_ORDER[b.grade] || byRelevance(a, b),
    // Newest first by the date string (YYYY-MM-DD or YYYY); undated items last.
    date: (a, b) => (a.date === null ? 1 : 0) - (b.date === null ? 1 : 0) || (b.date ?? '').localeCompare(a.date ?? '') || byRelevance(a, b),
    name: (a, b) => (a.name === '' ? 1 : 0) - (b.name === '' ? 1 : 0) || a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || byRelevance(a, b),
  };
  list.sort(cmp[sort]);
}

function facets(list: Candidate[]): SemanticSearchData['facets'] {
  const count = <K extends string>(keys: readonly K[], of: (c: Candidate) => K | null) => {
    const n = new Map<K, number>();
    for (const c of list) { const k = of(c); if (k !== null) n.set(k, (n.get(k) ?? 0) + 1); }
    return keys.filter((k) => n.has(k)).map((k) => [k, n.get(k)!] as const);
  };
  return {
    types: count(['compound', 'document', 'research'] as const, (c) => c.type).map(([name, n]) => ({ name, count: n })),
    evidence_grades: count(EVIDENCE_GRADES, (c) => c.grade).map(([grade, n]) => ({ grade, count: n })),
    categories: count(CATEGORIES, (c) => c.category).map(([name, n]) => ({ name, count: n })),
  };
}
