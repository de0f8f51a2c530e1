import type { Db } from '../db/connection.ts';
import type { Document } from '../../shared/schemas/documents.ts';
import { STUDY_DESIGN_LABEL, type EvidenceGrade, type StudyDesign } from '../../shared/enums.ts';

export interface DocumentRow {
  id: string;
  source: string;
  title: string | null;
  abstract: string | null;
  authors: string;
  mesh_terms: string;
  publication_date: string | null;
  publication_year: number | null;
  journal: string | null;
  doi: string | null;
  pmid: string | null;
  pmcid: string | null;
  url: string | null;
  license: string | null;
  study_design: string;
  evidence_grade: string;
  external_id: string | null;
  title_derived: number;
}

export function toDocument(r: DocumentRow): Document {
  return {
    id: r.id,
    source: r.source as Document['source'],
    title: r.title,
    // PubMedQA abstracts have no article title; the build stores the dataset's question in its place.
    title_source: r.title_derived ? 'derived' : r.source === 'pubmedqa' ? 'question' : 'article',
    external_id: r.external_id,
    authors: JSON.parse(r.authors) as string[],
    publication_date: r.publication_date,
    publication_year: r.publication_year,
    journal: r.journal,
    evidence_grade: r.evidence_grade as Document['evidence_grade'],
    study_design: r.study_design as Document['study_design'],
    study_design_label: STUDY_DESIGN_LABEL[r.study_design as StudyDesign] ?? r.study_design,
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
  /** Document ids best first, from SearchService.rankDocuments: only these are listed, in this order. */
  ranked?: string[];
  evidence_grade?: EvidenceGrade[];
  journal?: string;
  from?: string;
  to?: string;
  compoundRowid?: number;
  source?: string;
}

/** Only imported documents have an id of the user's own and may have a title derived from their abstract. */
const BUNDLED_EXTRA = 'NULL AS external_id, 0 AS title_derived';
const IMPORTED_EXTRA = 'external_id, title_derived';
const COLUMNS =
  'id, title, abstract, mesh_terms, authors, publication_date, publication_year, date_min, date_max, journal, journal_norm, doi, pmid, pmcid, url, license, study_design, evidence_grade';

/**
 * Bundled documents (content database) and imported ones (the user database, attached as "user") are listed and
 * searched as one collection. Without an attached user database only bundled documents exist.
 */
export class DocumentRepo {
  private readonly all: string;

  constructor(
    private readonly db: Db,
    private readonly withImported: boolean,
  ) {
    this.all =
      `(SELECT rowid AS rid, 'c' AS origin, source, ${BUNDLED_EXTRA}, ${COLUMNS} FROM main.documents` +
      (withImported
        ? ` UNION ALL SELECT rowid, 'u', 'imported', ${IMPORTED_EXTRA}, ${COLUMNS} FROM user.imported_documents)`
        : ')');
  }

  /**
   * A text query's documents come ranked by search (`ranked`: the one ranking of POST /v1/search); they are filtered
   * here and keep that order. Without one, newest first, undated last.
   */
  list(f: DocumentFilters, page: { limit: number; offset: number }): { total: number; rows: DocumentRow[] } {
    const clauses: string[] = [];
    const params: Record<string, string | number> = {};
    let join = '';
    const order = 'd.date_max IS NULL, d.date_max DESC, d.id';
    if (f.ranked !== undefined) {
      if (!f.ranked.length) return { total: 0, rows: [] };
      // One bound value (a JSON array) whatever the number of ids.
      clauses.push('d.id IN (SELECT value FROM json_each(@ranked))');
      params.ranked = JSON.stringify(f.ranked);
    }
    if (f.compoundRowid !== undefined) {
      join +=
        " JOIN compound_documents cd ON d.origin = 'c' AND cd.document_rowid = d.rid AND cd.compound_rowid = @compound";
      params.compound = f.compoundRowid;
    }
    if (f.evidence_grade?.length) {
      clauses.push(`d.evidence_grade IN (${f.evidence_grade.map((_, i) => `@g${i}`).join(', ')})`);
      f.evidence_grade.forEach((g, i) => {
        params[`g${i}`] = g;
      });
    }
    if (f.journal) {
      clauses.push('d.journal_norm = @journal');
      params.journal = f.journal.toLowerCase();
    }
    // A year-only record spans its whole year: it is kept when that span overlaps the requested range.
    if (f.from) {
      clauses.push('d.date_max >= @from');
      params.from = f.from.length === 4 ? `${f.from}-01-01` : f.from;
    }
    if (f.to) {
      clauses.push('d.date_min <= @to');
      params.to = f.to.length === 4 ? `${f.to}-12-31` : f.to;
    }
    if (f.source) {
      clauses.push('d.source = @source');
      params.source = f.source;
    }
    const where = clauses.length ? `WHERE ${clauses.join(' AND ')}` : '';
    const base = `FROM ${this.all} d${join} ${where}`;
    if (f.ranked !== undefined) {
      const kept = new Set(
        this.db
          .prepare<Record<string, unknown>, { id: string }>(`SELECT d.id ${base}`)
          .all(params)
          .map((r) => r.id),
      );
      const ordered = f.ranked.filter((id) => kept.has(id));
      const ids = ordered.slice(page.offset, page.offset + page.limit);
      const byId = new Map(
        this.db
          .prepare<[string], DocumentRow>(
            `SELECT d.* FROM ${this.all} d WHERE d.id IN (SELECT value FROM json_each(?))`,
          )
          .all(JSON.stringify(ids))
          .map((r) => [r.id, r]),
      );
      return { total: ordered.length, rows: ids.map((id) => byId.get(id)!) };
    }
    const total = this.db
      .prepare<Record<string, unknown>, { n: number }>(`SELECT COUNT(*) AS n ${base}`)
      .get(params)!.n;
    const rows =
      total === 0
        ? []
        : this.db
            .prepare<Record<string, unknown>, DocumentRow>(
              `SELECT d.* ${base} ORDER BY ${order} LIMIT @limit OFFSET @offset`,
            )
            .all({ ...params, limit: page.limit, offset: page.offset });
    return { total, rows };
  }

  byId(id: string): DocumentRow | undefined {
    if (id.startsWith('imported-')) {
      return this.withImported
        ? this.db
            .prepare<[string], DocumentRow>(
              `SELECT 'imported' AS source, ${IMPORTED_EXTRA}, ${COLUMNS} FROM user.imported_documents WHERE id = ?`,
            )
            .get(id)
        : undefined;
    }
    return this.db
      .prepare<[string], DocumentRow>(`SELECT source, ${BUNDLED_EXTRA}, ${COLUMNS} FROM main.documents WHERE id = ?`)
      .get(id);
  }
}
