import type { Db } from '../db/connection.ts';
import type { Document } from '../../shared/schemas/documents.ts';
import type { EvidenceGrade } from '../../shared/enums.ts';
import { ftsMatchExpression } from '../search/fts-query.ts';

export interface DocumentRow {
  rowid: number; id: string; source: string; title: string | null; abstract: string | null; authors: string; mesh_terms: string;
  publication_date: string | null; publication_year: number | null; journal: string | null; doi: string | null;
  pmid: string | null; pmcid: string | null; url: string | null; license: string | null; study_design: string; evidence_grade: string;
}

export function toDocument(r: DocumentRow): Document {
  return {
    id: r.id,
    source: r.source as Document['source'],
    title: r.title,
    authors: JSON.parse(r.authors) as string[],
    publication_date: r.publication_date,
    publication_year: r.publication_year,
    journal: r.journal,
    evidence_grade: r.evidence_grade as Document['evidence_grade'],
    study_design: r.study_design as Document['study_design'],
    abstract: r.abstract,
    doi: r.doi,
    pmid: r.pmid,
    pmcid: r.pmcid,
    url: r.url,
    license: r.license,
    mesh_terms: JSON.parse(r.mesh_terms) as string[],
  };
}

export interface DocumentFilters {
  q?: string;
  evidence_grade?: EvidenceGrade[];
  journal?: string;
  from?: string;
  to?: string;
  compoundRowid?: number;
  source?: string;
}

export class DocumentRepo {
  constructor(private readonly db: Db) {}

  /** Text queries rank by BM25 (title weighted 3, abstract 1); otherwise newest first, undated last. */
  list(f: DocumentFilters, page: { limit: number; offset: number }): { total: number; rows: DocumentRow[] } {
    const clauses: string[] = [];
    const params: Record<string, string | number> = {};
    let join = '';
    let order = 'd.date_max IS NULL, d.date_max DESC, d.id';
    if (f.q !== undefined) {
      const match = ftsMatchExpression(f.q);
      if (!match) return { total: 0, rows: [] };
      join += ' JOIN (SELECT rowid, bm25(documents_fts, 3.0, 1.0) AS score FROM documents_fts WHERE documents_fts MATCH @match) s ON s.rowid = d.rowid';
      params.match = match;
      order = 's.score, d.id';
    }
    if (f.compoundRowid !== undefined) {
      join += ' JOIN compound_documents cd ON cd.document_rowid = d.rowid AND cd.compound_rowid = @compound';
      params.compound = f.compoundRowid;
    }
    if (f.evidence_grade?.length) {
      clauses.push(`d.evidence_grade IN (${f.evidence_grade.map((_, i) => `@g${i}`).join(', ')})`);
      f.evidence_grade.forEach((g, i) => { params[`g${i}`] = g; });
    }
    if (f.journal) { clauses.push('d.journal_norm = @journal'); params.journal = f.journal.toLowerCase(); }
    // A year-only record spans its whole year: it is kept when that span overlaps the requested range.
    if (f.from) { clauses.push('d.date_max >= @from'); params.from = f.from.length === 4 ? `${f.from}-01-01` : f.from; }
    if (f.to) { clauses.push('d.date_min <= @to'); params.to = f.to.length === 4 ? `${f.to}-12-31` : f.to; }
    if (f.source) { clauses.push('d.source = @source'); params.source = f.source; }
    const where = clauses.length ? `WHERE ${clauses.join(' AND ')}` : '';
    const base = `FROM documents d${join} ${where}`;
    const total = this.db.prepare<Record<string, unknown>, { n: number }>(`SELECT COUNT(*) AS n ${base}`).get(params)!.n;
    const rows = total === 0 ? [] : this.db.prepare<Record<string, unknown>, DocumentRow>(
      `SELECT d.* ${base} ORDER BY ${order} LIMIT @limit OFFSET @offset`).all({ ...params, limit: page.limit, offset: page.offset });
    return { total, rows };
  }

  byId(id: string): DocumentRow | undefined {
    return this.db.prepare<[string], DocumentRow>('SELECT * FROM documents WHERE id = ?').get(id);
  }
}
