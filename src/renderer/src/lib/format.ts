/** Display helpers: words for the API's enum values, numbers and dates. Presentation only, never data. */
import type { Category, CompoundStatus, EvidenceGrade, StudyDesign } from '../../../shared/enums.ts';
import { DOCUMENT_GRADE_MEANING, EVIDENCE_GRADE_MEANING, STUDY_DESIGN_LABEL } from '../../../shared/enums.ts';

/** "amino_acid" → "Amino acid", "muscle_growth" → "Muscle growth". */
export function humanize(value: string): string {
  const s = value.replace(/[_-]+/g, ' ').trim();
  return s ? s[0]!.toUpperCase() + s.slice(1) : s;
}

const CATEGORY_LABELS: Record<Category, string> = {
  peptide: 'Peptide',
  supplement: 'Supplement',
  medication: 'Medication',
  sarm: 'SARM',
  steroid: 'Steroid',
  nootropic: 'Nootropic',
  amino_acid: 'Amino acid',
  vitamin: 'Vitamin',
  mineral: 'Mineral',
  probiotic: 'Probiotic',
};
export const categoryLabel = (c: Category) => CATEGORY_LABELS[c] ?? humanize(c);

const STATUS_LABELS: Record<CompoundStatus, string> = {
  approved: 'Approved',
  investigational: 'Investigational',
  supplement: 'Supplement',
  research_only: 'Research only',
  withdrawn: 'Withdrawn',
};
export const statusLabel = (s: CompoundStatus) => STATUS_LABELS[s] ?? humanize(s);

export const studyDesignLabel = (d: StudyDesign) => STUDY_DESIGN_LABEL[d] ?? humanize(d);

/** Which scale a grade is on: a compound's (its evidence profile) or a document's (its study design alone). */
export type GradeScale = 'compound' | 'document';
export const gradeMeaning = (g: EvidenceGrade, scale: GradeScale = 'compound') =>
  (scale === 'document' ? DOCUMENT_GRADE_MEANING : EVIDENCE_GRADE_MEANING)[g];

/** Numbers as a clinician reads them: no float noise, thousands separated. */
export function num(value: number, maxFractionDigits = 2): string {
  return value.toLocaleString('en-GB', { maximumFractionDigits: maxFractionDigits });
}

export function quantity(q: { value: number; unit: string } | null | undefined, digits = 2): string {
  if (!q) return '—';
  return q.unit ? `${num(q.value, digits)} ${q.unit}` : num(q.value, digits);
}

/** "2024-03-05" → "5 Mar 2024"; a year alone stays a year. */
export function date(iso: string | null | undefined, year?: number | null): string {
  if (iso) {
    const d = new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso);
    if (!Number.isNaN(d.getTime()))
      return d.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  }
  return year ? String(year) : 'Date not given';
}

export const plural = (n: number, one: string, many = `${one}s`) => `${num(n, 0)} ${n === 1 ? one : many}`;

/** Research items are PubMedQA questions (`pubmedqa-q-<pmid>`); their abstract is the document `pubmedqa-<pmid>`. */
export function researchDocumentId(researchId: string): string | null {
  const m = /^pubmedqa-q-(\d+)$/.exec(researchId);
  return m ? `pubmedqa-${m[1]}` : null;
}

/** Decimal places a number is written with (12.35 → 2, 57 → 0). */
export function decimalsOf(x: number | null | undefined): number {
  if (x === null || x === undefined || !Number.isFinite(x)) return 0;
  const s = String(x);
  const e = /e-(\d+)$/.exec(s);
  if (e) return Number(e[1]);
  const dot = s.indexOf('.');
  return dot < 0 ? 0 : s.length - dot - 1;
}

/**
 * A lab value at the lab's precision: a converted value with one decimal more than its reference range (the bloodwork
 * API rounds it so, and JSON drops the trailing zero of 12.0), never fewer decimals than the API sent.
 */
export function labValue(
  value: number,
  range: { low: number | null; high: number | null },
  converted: boolean,
): string {
  const digits = Math.max(
    decimalsOf(value),
    converted ? Math.max(decimalsOf(range.low), decimalsOf(range.high)) + 1 : 0,
  );
  return value.toLocaleString('en-GB', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}
