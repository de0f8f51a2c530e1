import type { Statement } from 'better-sqlite3';
import type { Db } from '../db/connection.ts';
import type { CompoundRecord } from '../../shared/schemas/compounds.ts';
import type { Category, CompoundStatus, EvidenceGrade } from '../../shared/enums.ts';
import { EDITORIAL_NOTE } from '../content/editorial.ts';
import { matchOf, queryTokens } from '../search/fts-query.ts';
import { lexicalUnits } from '../search/query-plan.ts';
import { FuzzyNames } from '../vocabulary/fuzzy.ts';
import { layMatches } from '../vocabulary/lay.ts';
import { normalizeName } from '../vocabulary/normalize.ts';
import { isClassWord, mayResolveExactly, resolveName } from '../vocabulary/resolver.ts';
import { otherNameOf } from '../vocabulary/other-names.ts';

export interface CompoundRow {
  rowid: number;
  id: string;
  slug: string;
  name: string;
  category: string;
  subcategory: string;
  status: string;
  compound_type: string;
  evidence_grade: string;
  description: string;
  research_count: number;
  drugbank_id: string | null;
  last_updated: string;
  alt_names: string;
  benefits: string;
  typical_dosing: string;
  side_effects: string;
  interactions: string;
  pubmed_ids: string;
  basis: string;
  has_monograph: 0 | 1;
}

export interface Include {
  interactions: boolean;
  research: boolean;
  dosing: boolean;
}
const ALL: Include = { interactions: true, research: true, dosing: true };

export function toCompoundRecord(r: CompoundRow, include: Include = ALL): CompoundRecord {
  return {
    id: r.id,
    slug: r.slug,
    name: r.name,
    alt_names: JSON.parse(r.alt_names) as string[],
    category: r.category as CompoundRecord['category'],
    subcategory: r.subcategory,
    status: r.status as CompoundRecord['status'],
    compound_type: r.compound_type as CompoundRecord['compound_type'],
    evidence_grade: r.evidence_grade as CompoundRecord['evidence_grade'],
    description: r.description,
    benefits: JSON.parse(r.benefits) as string[],
    ...(include.dosing ? { typical_dosing: JSON.parse(r.typical_dosing) as CompoundRecord['typical_dosing'] } : {}),
    side_effects: JSON.parse(r.side_effects) as string[],
    ...(include.interactions ? { interactions: JSON.parse(r.interactions) as CompoundRecord['interactions'] } : {}),
    ...(include.research ? { research_count: r.research_count, pubmed_ids: JSON.parse(r.pubmed_ids) as string[] } : {}),
    has_monograph: r.has_monograph === 1,
    drugbank_id: r.drugbank_id,
    sources: { editorial: true, basis: JSON.parse(r.basis) as string[], note: EDITORIAL_NOTE },
    last_updated: r.last_updated,
  };
}

const SELECT_COMPOUND = `SELECT c.*, (m.slug IS NOT NULL) AS has_monograph FROM compounds c LEFT JOIN monographs m ON m.slug = c.slug`;

export interface CompoundFilters {
  category?: Category;
  subcategory?: string;
  evidence_grade?: EvidenceGrade[];
  status?: CompoundStatus;
  has_studies?: boolean;
}

export class NoSearchableTerms extends Error {}

/**
 * Which compounds a query names, best first: exact name (tier 0), exact alternative or DrugBank name (tier 1),
 * then BM25 over name, alternative names, description and benefits (weights 10, 6, 1, 2).
 * "*" means every compound, by name.
 */
function matchSql(
  query: string,
  typos: number[] = [],
  meant: { rowids: number[]; tier: number }[] = [],
): { cte: string; order: string; params: Record<string, string> } {
  if (query.trim() === '*') {
    return {
      cte: 'hits AS (SELECT rowid, 2 AS tier, 0.0 AS score FROM compounds)',
      order: 'c.name COLLATE NOCASE, c.slug',
      params: {},
    };
  }
  const match = matchOf(lexicalUnits(query).units, { prefixLast: true });
  const norm = normalizeName(query);
  if (!match && !norm) throw new NoSearchableTerms('the query has no searchable words');
  const parts: string[] = [];
  if (norm)
    parts.push(
      `SELECT compound_rowid AS rowid, MIN(CASE kind WHEN 'name' THEN 0 ELSE 1 END) AS tier, 0.0 AS score FROM compound_names WHERE name_norm = @norm GROUP BY compound_rowid`,
    );
  // A compound named inside a longer query ("metformin and alcohol"), then a name within one or two edits of the
  // query or of one of its words ("metfromin"), both after exact names of the whole query.
  const tokens = queryTokens(query);
  const grams = [
    ...new Set(
      tokens.flatMap((_, i) =>
        [1, 2, 3, 4]
          .map((n) => tokens.slice(i, i + n))
          .filter((g) => g.length > 0)
          .map((g) => normalizeName(g.join(' ')))
          .filter((g) => g.length >= 3 && g !== norm),
      ),
    ),
  ];
  if (grams.length)
    parts.push(
      `SELECT compound_rowid AS rowid, 1.2 AS tier, 0.0 AS score FROM compound_names WHERE name_norm IN (SELECT value FROM json_each(@grams))`,
    );
  if (typos.length) parts.push(`SELECT value AS rowid, 1.5 AS tier, 0.0 AS score FROM json_each(@typos)`);
  // Members of a class the query names ("statin", "PPI") and compounds of the lay table's phrases ("water tablet").
  const meantParams: Record<string, string> = {};
  meant
    .filter((m) => m.rowids.length)
    .forEach((m, i) => {
      parts.push(`SELECT value AS rowid, ${m.tier} AS tier, 0.0 AS score FROM json_each(@meant${i})`);
      meantParams[`meant${i}`] = JSON.stringify(m.rowids);
    });
  if (match)
    parts.push(
      `SELECT rowid, 2 AS tier, bm25(compounds_fts, 10.0, 6.0, 1.0, 2.0) AS score FROM compounds_fts WHERE compounds_fts MATCH @match`,
    );
  return {
    cte: `raw AS (${parts.join(' UNION ALL ')}), hits AS (SELECT rowid, MIN(tier) AS tier, MIN(score) AS score FROM raw GROUP BY rowid)`,
    order: 'h.tier, h.score, c.name COLLATE NOCASE, c.slug',
    params: {
      ...meantParams,
      ...(norm ? { norm } : {}),
      ...(match ? { match } : {}),
      ...(typos.length ? { typos: JSON.stringify(typos) } : {}),
      ...(grams.length ? { grams: JSON.stringify(grams) } : {}),
    },
  };
}

function filterSql(f: CompoundFilters): { where: string; params: Record<string, string | number> } {
  const clauses: string[] = [];
  const params: Record<string, string | number> = {};
  if (f.category) {
    clauses.push('c.category = @category');
    params.category = f.category;
  }
  if (f.subcategory) {
    clauses.push('c.subcategory = @subcategory');
    params.subcategory = f.subcategory;
  }
  if (f.status) {
    clauses.push('c.status = @status');
    params.status = f.status;
  }
  if (f.evidence_grade?.length) {
    clauses.push(`c.evidence_grade IN (${f.evidence_grade.map((_, i) => `@g${i}`).join(', ')})`);
    f.evidence_grade.forEach((g, i) => {
      params[`g${i}`] = g;
    });
  }
  if (f.has_studies !== undefined) clauses.push(f.has_studies ? 'c.research_count > 0' : 'c.research_count = 0');
  return { where: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params };
}

export class CompoundRepo {
  private fuzzyNames: FuzzyNames | null = null;
  private meantSql: {
    members: Statement<[string], { rowid: number }>;
    exactly: Statement<[{ keys: string; n: number }], { rowid: number }>;
    bySlug: Statement<[string], { rowid: number }>;
  } | null = null;

  constructor(private readonly db: Db) {}

  /** Compounds whose name is a likely misspelling of the query or of one of its words (never of a word the documents use). */
  private typos(query: string): number[] {
    if (query.trim() === '*') return [];
    this.fuzzyNames ??= new FuzzyNames(
      this.db
        .prepare<[], { rowid: number; name: string; alt_names: string }>('SELECT rowid, name, alt_names FROM compounds')
        .all()
        .flatMap((c) =>
          [c.name, ...(JSON.parse(c.alt_names) as string[])].map((name) => ({ name, compoundRowid: c.rowid })),
        ),
    );
    const isName = this.db.prepare<[string], { n: number }>(
      'SELECT count(*) AS n FROM compound_names WHERE name_norm = ?',
    );
    // A word that several abstracts use is a word ("alcohol"), not a misspelt name.
    const isWord = this.db.prepare<[string], { n: number }>(
      'SELECT count(*) AS n FROM (SELECT 1 FROM documents_fts WHERE documents_fts MATCH ? LIMIT 3)',
    );
    const pieces = [query, ...queryTokens(query).filter((t) => t.length >= 5 && isWord.get(`"${t}"`)!.n < 3)];
    return [
      ...new Set(
        pieces
          .filter((p) => !isName.get(normalizeName(p))!.n)
          .flatMap((p) => this.fuzzyNames!.match(p).map((h) => h.compoundRowid)),
      ),
    ];
  }

  /**
   * Compounds the query means without naming them: members of a class it names (whole query or a run of its words,
   * "statin" → atorvastatin …, never nystatin), then the lay table's compounds for its everyday phrases.
   */
  private meant(query: string): { rowids: number[]; tier: number }[] {
    if (query.trim() === '*') return [];
    const tokens = queryTokens(query);
    this.meantSql ??= {
      members: this.db.prepare(
        'SELECT DISTINCT k.compound_rowid AS rowid FROM ix_compound_keys k WHERE k.key IN (SELECT value FROM json_each(?))',
      ),
      // compounds whose ingredient keys are exactly the given ones ("Calpol" → acetaminophen, not co-codamol)
      exactly: this.db.prepare(`SELECT compound_rowid AS rowid FROM ix_compound_keys GROUP BY compound_rowid
        HAVING SUM(key IN (SELECT value FROM json_each(@keys))) = @n AND COUNT(*) = @n`),
      bySlug: this.db.prepare('SELECT rowid FROM compounds WHERE slug = ?'),
    };
    const { members, exactly, bySlug } = this.meantSql;
    const classRows = new Set<number>();
    const namedRows = new Set<number>();
    for (const run of [query, ...tokens.flatMap((_, i) => [3, 2, 1].map((n) => tokens.slice(i, i + n).join(' ')))]) {
      // A name only another language has ("Baldrian", "isabgol") as the name it stands for; a set look-up first: the
      // resolver's queries run only for word runs some spelling can name.
      const g = mayResolveExactly(this.db, run) ? run : (otherNameOf(run) ?? run);
      if (normalizeName(g).length < 3 || !mayResolveExactly(this.db, g)) continue;
      const r = resolveName(this.db, g, { typos: false });
      // (a class word in the other number, "antibiotic", is left to the lay table, whose phrases are more specific:
      // "antibiotic for chest infection")
      if (r.kind === 'class') {
        if (isClassWord(this.db, g)) for (const m of members.all(JSON.stringify(r.keys))) classRows.add(m.rowid);
      }
      // A brand or other name the vocabulary reads but no compound lists ("Calpol", "Somac", "Eltroxin"): the compound
      // with exactly its ingredients; for a combination no compound is ("Pan-D", "Saridon"), each ingredient's own.
      else if (r.status === 'resolved' && r.keys.length) {
        const whole = exactly.all({ keys: JSON.stringify(r.keys), n: r.keys.length });
        const parts =
          whole.length || r.keys.length === 1
            ? []
            : r.keys.flatMap((k) => exactly.all({ keys: JSON.stringify([k]), n: 1 }));
        for (const m of [...whole, ...parts]) namedRows.add(m.rowid);
      }
    }
    const lay = layMatches(this.db, query);
    const rows = (exact: boolean) =>
      lay
        .filter((m) => m.exact === exact)
        .flatMap((m) => m.compounds)
        .map((slug) => bySlug.get(slug)?.rowid)
        .filter((r) => r !== undefined);
    return [
      { rowids: [...namedRows], tier: 1.05 },
      { rowids: [...classRows], tier: 1.1 },
      { rowids: rows(true), tier: 1.3 },
      { rowids: rows(false), tier: 1.4 },
    ];
  }

  search(
    query: string,
    filters: CompoundFilters,
    page: { limit: number; offset: number },
  ): { total: number; rows: CompoundRow[] } {
    const m = matchSql(query, this.typos(query), this.meant(query));
    const f = filterSql(filters);
    const params = { ...m.params, ...f.params };
    const from = `WITH ${m.cte} SELECT %s FROM hits h JOIN compounds c ON c.rowid = h.rowid LEFT JOIN monographs mo ON mo.slug = c.slug ${f.where}`;
    const total = this.db
      .prepare<Record<string, unknown>, { n: number }>(from.replace('%s', 'COUNT(*) AS n'))
      .get(params)!.n;
    const rows =
      total === 0
        ? []
        : this.db
            .prepare<Record<string, unknown>, CompoundRow>(
              `${from.replace('%s', 'c.*, (mo.slug IS NOT NULL) AS has_monograph')} ORDER BY ${m.order} LIMIT @limit OFFSET @offset`,
            )
            .all({ ...params, limit: page.limit, offset: page.offset });
    return { total, rows };
  }

  /** Compound rowids matching a query, best first (used to search monographs by name). */
  matchingSlugs(query: string): Map<string, number> {
    const m = matchSql(query);
    const rows = this.db
      .prepare<Record<string, unknown>, { slug: string }>(
        `WITH ${m.cte} SELECT c.slug FROM hits h JOIN compounds c ON c.rowid = h.rowid ORDER BY ${m.order}`,
      )
      .all(m.params);
    return new Map(rows.map((r, i) => [r.slug, i]));
  }

  bySlug(slug: string): CompoundRow | undefined {
    return this.db.prepare<[string], CompoundRow>(`${SELECT_COMPOUND} WHERE c.slug = ?`).get(slug);
  }

  /** The slug of a compound id ("cmp_…", as search results name compounds). */
  slugById(id: string): string | undefined {
    return this.db.prepare<[string], { slug: string }>('SELECT slug FROM compounds WHERE id = ?').get(id)?.slug;
  }

  bySlugs(slugs: readonly string[]): Map<string, CompoundRow> {
    const unique = [...new Set(slugs)];
    if (!unique.length) return new Map();
    const rows = this.db
      .prepare<string[], CompoundRow>(`${SELECT_COMPOUND} WHERE c.slug IN (${unique.map(() => '?').join(', ')})`)
      .all(...unique);
    return new Map(rows.map((r) => [r.slug, r]));
  }
}
