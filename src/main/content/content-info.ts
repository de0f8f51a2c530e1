import type { Db } from '../db/connection.ts';
import { CATEGORIES, EVIDENCE_GRADES, type Category, type EvidenceGrade } from '../../shared/enums.ts';
import type { ContentInfo } from '../../shared/schemas/system.ts';

type Breakdown = ContentInfo['catalogue'];

function breakdown(db: Db): Breakdown {
  const zeroGrades = () => Object.fromEntries(EVIDENCE_GRADES.map((g) => [g, 0])) as Record<EvidenceGrade, number>;
  const zeroCategories = () => Object.fromEntries(CATEGORIES.map((c) => [c, 0])) as Record<Category, number>;
  const out: Breakdown = {
    compounds_by_category: zeroCategories(),
    compounds_by_grade: zeroGrades(),
    compounds_by_category_and_grade: Object.fromEntries(
      CATEGORIES.map((c) => [c, zeroGrades()]),
    ) as Breakdown['compounds_by_category_and_grade'],
    monographs_by_category: zeroCategories(),
    monographs_by_grade: zeroGrades(),
  };
  const rows = (table: string) =>
    db
      .prepare<[], { category: Category; grade: EvidenceGrade; n: number }>(
        `SELECT category, evidence_grade AS grade, COUNT(*) AS n FROM ${table} GROUP BY category, evidence_grade`,
      )
      .all();
  for (const r of rows('compounds')) {
    out.compounds_by_category[r.category] += r.n;
    out.compounds_by_grade[r.grade] += r.n;
    out.compounds_by_category_and_grade[r.category][r.grade] += r.n;
  }
  for (const r of rows('monographs')) {
    out.monographs_by_category[r.category] += r.n;
    out.monographs_by_grade[r.grade] += r.n;
  }
  return out;
}

/** Version, counts and sources of the content database, read once at start (the database is read-only). */
export function readContentInfo(db: Db): ContentInfo {
  const meta = new Map(
    db
      .prepare<[], { key: string; value: string }>('SELECT key, value FROM meta')
      .all()
      .map((r) => [r.key, r.value]),
  );
  const count = (table: string) => db.prepare<[], { n: number }>(`SELECT COUNT(*) AS n FROM ${table}`).get()!.n;
  return {
    version: meta.get('content_version') ?? 'unknown',
    inputs_sha256: meta.get('inputs_sha256') ?? '',
    counts: { compounds: count('compounds'), monographs: count('monographs'), documents: count('documents') },
    catalogue: breakdown(db),
    sources: db
      .prepare<[], ContentInfo['sources'][number]>(
        'SELECT id, name, licence, version, records, provenance, notes FROM sources ORDER BY rowid',
      )
      .all(),
  };
}
