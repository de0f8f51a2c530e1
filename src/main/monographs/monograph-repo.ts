import type { Db } from '../db/connection.ts';
import type { Monograph, MonographListItem } from '../../shared/schemas/monographs.ts';
import type { Category, EvidenceGrade } from '../../shared/enums.ts';
import type { CompoundRepo } from '../compounds/compound-repo.ts';

interface ListRow {
  slug: string;
  name: string;
  full_name: string;
  category: string;
  evidence_grade: string;
  last_updated: string;
}

export class MonographRepo {
  constructor(
    private readonly db: Db,
    private readonly compounds: CompoundRepo,
  ) {}

  get(slug: string): Monograph | null {
    const row = this.db.prepare<[string], { data: string }>('SELECT data FROM monographs WHERE slug = ?').get(slug);
    return row ? (JSON.parse(row.data) as Monograph) : null;
  }

  /** With q: monographs of the compounds the query names, ranked as compound search ranks them; else by name. */
  list(
    f: { q?: string; category?: Category; evidence_grade?: EvidenceGrade },
    page: { limit: number; offset: number },
  ): { total: number; items: MonographListItem[] } {
    const clauses: string[] = [];
    const params: Record<string, string> = {};
    if (f.category) {
      clauses.push('category = @category');
      params.category = f.category;
    }
    if (f.evidence_grade) {
      clauses.push('evidence_grade = @grade');
      params.grade = f.evidence_grade;
    }
    const where = clauses.length ? `WHERE ${clauses.join(' AND ')}` : '';
    let rows = this.db
      .prepare<Record<string, string>, ListRow>(
        `SELECT slug, name, full_name, category, evidence_grade, last_updated FROM monographs ${where} ORDER BY name COLLATE NOCASE, slug`,
      )
      .all(params);
    if (f.q !== undefined) {
      const rank = this.compounds.matchingSlugs(f.q);
      rows = rows.filter((r) => rank.has(r.slug)).sort((a, b) => rank.get(a.slug)! - rank.get(b.slug)!);
    }
    return { total: rows.length, items: rows.slice(page.offset, page.offset + page.limit) as MonographListItem[] };
  }
}
