/** Display helpers: words for the API's enum values, numbers and dates. Presentation only, never data. */
import type { Category, CompoundStatus, EvidenceGrade, StudyDesign } from '../../../shared/enums.ts';
import { EVIDENCE_GRADE_MEANING, STUDY_DESIGN_LABEL } from '../../../shared/enums.ts';

/** "amino_acid" → "Amino acid", "muscle_growth" → "Muscle growth". */
export function humanize(value: string): string {
  const s = value.replace(/[_-]+/g, ' ').trim();
  return s ? s[0]!.toUpperCase() + s.slice(1) : s;
}

const CATEGORY_LABELS: Record<Category, string> = {
  peptide: 'Peptide', supplement: 'Supplement', medication: 'Medication', sarm: 'SARM', steroid: 'Steroid',
  nootropic: 'Nootropic', amino_acid: 'Amino acid', vitamin: 'Vitamin', mineral: 'Mineral', probiotic: 'Probiotic',
};
export const categoryLabel = (c: Category) => CATEGORY_LABELS[c] ?? humanize(c);

const STATUS_LABELS: Record<CompoundStatus, string> = {
  approved: 'Approved', investigational: 'Investigational', supplement: 'Supplement', research_only: 'Research only', withdrawn: 'Withdrawn',
};
export const statusLabel = (s: CompoundStatus) => STATUS_LABELS[s] ?? humanize(s);

export const studyDesignLabel = (d: StudyDesign) => STUDY_DESIGN_LABEL[d] ?? humanize(d);

export const gradeMeaning = (g: EvidenceGrade) => EVIDENCE_GRADE_MEANING[g];

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
    if (!Number.isNaN(d.getTime())) return d.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  }
  return year ? String(year) : 'Date not given';
}

export const plural = (n: number, one: string, many = `${one}s`) => `${num(n, 0)} ${n === 1 ? one : many}`;

/** Research items are PubMedQA questions (`pubmedqa-q-<pmid>`); their abstract is the document `pubmedqa-<pmid>`. */
export function researchDocumentId(researchId: string): string | null {
  const m = /^pubmedqa-q-(\d+)$/.exec(researchId);
  return m ? `pubmedqa-${m[1]}` : null;
}
