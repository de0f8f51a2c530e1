/**
 * What ranking, filters and facets need of each bundled record (grade, date, category, source, research item's
 * document), held in memory once: looking them up in SQLite for every candidate of every query (700 or more rows a
 * search) cost more than the full-text scoring. Names (titles) are not held — only the name sort reads them, from
 * SQLite — so 100k documents take a few megabytes. The content database never changes while the server runs.
 */
import type { Category, EvidenceGrade } from '../../shared/enums.ts';
import type { DocumentSource } from '../../shared/schemas/search.ts';
import type { Db } from '../db/connection.ts';

export interface RecordAttributes {
  id: string;
  grade: EvidenceGrade;
  date: string | null;
  category: Category | null;
  source: DocumentSource | null;
  documentId: string | null;
}

const SQL = {
  compound:
    'SELECT rowid, id, evidence_grade AS grade, NULL AS date, category, NULL AS source, NULL AS document_id FROM main.compounds',
  document:
    'SELECT rowid, id, evidence_grade AS grade, coalesce(publication_date, CAST(publication_year AS TEXT)) AS date, NULL AS category, source, NULL AS document_id FROM main.documents',
  research:
    'SELECT r.rowid, r.id, d.evidence_grade AS grade, CAST(d.publication_year AS TEXT) AS date, NULL AS category, d.source, r.document_id FROM main.research_items r JOIN main.documents d ON d.id = r.document_id',
} as const;
export type TableType = keyof typeof SQL;

/**
 * Column arrays by position, not an object per record: 100k documents' attributes take ~15 MB instead of ~30.
 */
export class RecordTable {
  private readonly ids: string[] = [];
  private readonly slotOfId = new Map<string, number>();
  private readonly slotOfRowid = new Map<number, number>();
  private readonly grades: EvidenceGrade[] = [];
  private readonly dates: (string | null)[] = [];
  private readonly categories: (Category | null)[] = [];
  private readonly sources: (DocumentSource | null)[] = [];
  private readonly documentIds: (string | null)[] = [];

  constructor(db: Db, type: TableType) {
    type Row = [number, string, EvidenceGrade, string | null, Category | null, DocumentSource | null, string | null];
    for (const [rowid, id, grade, date, category, source, documentId] of db
      .prepare(SQL[type])
      .raw()
      .iterate() as IterableIterator<Row>) {
      const slot = this.ids.push(id) - 1;
      this.slotOfId.set(id, slot);
      this.slotOfRowid.set(rowid, slot);
      // Grades, sources and categories are a few values: one string each, not one per record.
      this.grades.push(intern(grade));
      this.dates.push(date);
      this.categories.push(intern(category));
      this.sources.push(intern(source));
      this.documentIds.push(documentId);
    }
  }

  get(id: string): RecordAttributes | undefined {
    const s = this.slotOfId.get(id);
    if (s === undefined) return undefined;
    return {
      id,
      grade: this.grades[s]!,
      date: this.dates[s]!,
      category: this.categories[s]!,
      source: this.sources[s]!,
      documentId: this.documentIds[s]!,
    };
  }

  idOf(rowid: number): string | undefined {
    const s = this.slotOfRowid.get(rowid);
    return s === undefined ? undefined : this.ids[s];
  }
}

const interned = new Map<string, string>();
function intern<T extends string | null>(s: T): T {
  if (s === null) return s;
  const seen = interned.get(s);
  if (seen !== undefined) return seen as T;
  interned.set(s, s);
  return s;
}
