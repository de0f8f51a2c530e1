/**
 * What ranking, filters and facets need of each bundled record (grade, date, category, source, research item's
 * document), held in memory once: looking them up in SQLite for every candidate of every query (700 or more rows a
 * search) cost more than the full-text scoring. Names (titles) are not held — only the name sort reads them, from
 * SQLite — so 100k documents take a few megabytes. The content database never changes while the server runs.
 */
import type { Category, EvidenceGrade } from '../../shared/enums.ts';
import type { DocumentSource } from '../../shared/schemas/search.ts';
import type { Db } from '../db/connection.ts';

export interface RecordAttributes { id: string; grade: EvidenceGrade; date: string | null; category: Category | null; source: DocumentSource | null; documentId: string | null }

const SQL = {
  compound: 'SELECT rowid, id, evidence_grade AS grade, NULL AS date, category, NULL AS source, NULL AS document_id FROM main.compounds',
  document: 'SELECT rowid, id, evidence_grade AS grade, coalesce(publication_date, CAST(publication_year AS TEXT)) AS date, NULL AS category, source, NULL AS document_id FROM main.documents',
  research: 'SELECT r.rowid, r.id, d.evidence_grade AS grade, CAST(d.publication_year AS TEXT) AS date, NULL AS category, d.source, r.document_id FROM main.research_items r JOIN main.documents d ON d.id = r.document_id',
} as const;
export type TableType = keyof typeof SQL;

export class RecordTable {
  private readonly byId = new Map<string, RecordAttributes>();
  private readonly idByRowid = new Map<number, string>();

  constructor(db: Db, type: TableType) {
    type Row = { rowid: number; id: string; grade: EvidenceGrade; date: string | null; category: Category | null; source: DocumentSource | null; document_id: string | null };
    for (const r of db.prepare<[], Row>(SQL[type]).iterate()) {
      this.byId.set(r.id, { id: r.id, grade: r.grade, date: r.date, category: r.category, source: r.source, documentId: r.document_id });
      this.idByRowid.set(r.rowid, r.id);
    }
  }

  get(id: string): RecordAttributes | undefined { return this.byId.get(id); }
  idOf(rowid: number): string | undefined { return this.idByRowid.get(rowid); }
}
