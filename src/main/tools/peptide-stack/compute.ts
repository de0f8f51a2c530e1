/**
 * Stack builder, pure part: what is said about each chosen compound (dose and how far it is a human dose, timing,
 * sport, warnings, rationale) and about the whole stack. The selection itself is select.ts.
 */
import { EVIDENCE_GRADE_MEANING, EVIDENCE_GRADES, type Category, type EvidenceGrade } from '../../../shared/enums.ts';
import type {
  DOSE_STATUSES,
  NOT_SELECTED_REASONS,
  STACK_WARNING_KINDS,
  TIMING_SLOTS,
} from '../../../shared/schemas/tools/peptide-stack.ts';
import type { InteractionPair } from '../../../shared/schemas/tools/interactions.ts';
import type { Substance } from '../../vocabulary/resolver.ts';
import { sentences } from '../../../shared/sentences.ts';
import type { DuplicationGroup } from './duplication.ts';
import type { OptInKind, OptIns } from './eligibility.ts';

export type DoseStatus = (typeof DOSE_STATUSES)[number];
export type NotSelectedReason = (typeof NOT_SELECTED_REASONS)[number];
export type WarningKind = (typeof STACK_WARNING_KINDS)[number];
export type TimingSlot = (typeof TIMING_SLOTS)[number];

export interface TypicalDosing {
  amount: number | null;
  unit: string;
  frequency: string;
  duration: string;
  route: string;
  animal_dose_note?: string | null;
}

export interface CandidateRecord {
  slug: string;
  name: string;
  category: Category;
  subcategory: string;
  status: string;
  compound_type: string;
  evidence_grade: EvidenceGrade;
  research_count: number;
  benefits: string[];
  description: string;
  typical_dosing: TypicalDosing;
  has_monograph: boolean;
}

/** A candidate with what it is: its duplication groups and the opt-in kinds it belongs to. */
export interface Candidate {
  record: CandidateRecord;
  substance: Substance;
  groups: DuplicationGroup[];
  kinds: OptInKind[];
}

/** A current medication with its duplication groups. */
export interface Medication {
  substance: Substance;
  groups: DuplicationGroup[];
}

export interface StackConstraints extends OptIns {
  max_compounds: number;
  min_evidence_grade: EvidenceGrade;
  exclude_categories: Category[];
  categories?: Category[];
  /** slugs resolved from exclude_compounds */
  exclude_slugs: string[];
  include_approved_medicines: boolean;
}

export const normGoal = (s: string) => s.trim().toLowerCase().replace(/-/g, '_');

export const gradeIndex = (g: EvidenceGrade) => EVIDENCE_GRADES.indexOf(g);
/** A is strongest; a grade is allowed when it is at least as strong as the minimum. */
export const gradeAllowed = (g: EvidenceGrade, min: EvidenceGrade) => gradeIndex(g) <= gradeIndex(min);

const NO_HUMAN_DOSE =
  /\bno (?:(?:approved|established|validated|standard|studied|clinically validated|human)\s+(?:or\s+)?)+(?:human\s+)?(?:dose|therapeutic regimen)\b|\bno human dose\b/i;
const NON_HUMAN = /\b(?:rodents?|rats?|mice|mouse|animal|veterinary|cattle|horses?|non-clinical use|circulat\w*)\b/i;

/**
 * How far the record's dose can be taken as a human dose: amount null → none established (docs/content.md: a
 * placeholder number is never used); a figure from animals, veterinary labels or non-clinical use → not a human
 * dose; a trial dose where the text says no approved/established dose exists → trial only; else established.
 */
export function doseStatus(d: TypicalDosing): DoseStatus {
  if (d.amount === null) return 'none_established';
  const text = `${d.unit}. ${d.frequency}`;
  if (NON_HUMAN.test(text)) return 'animal_or_nonclinical';
  if (NO_HUMAN_DOSE.test(`${text}. ${d.duration}`)) return 'trial_only';
  return 'established';
}

export function dosingOf(d: TypicalDosing) {
  const status = doseStatus(d);
  const note = {
    established: 'Typical dose from the compound record (editorial); individual dosing is for a clinician to set.',
    trial_only: 'Dose used in trials; no approved or established dose exists.',
    animal_or_nonclinical:
      "No established human dose: the record's figure comes from animal studies, veterinary labelling or non-clinical use, so no amount is given.",
    none_established: 'No human dose is established; no amount is given.',
  }[status];
  return {
    amount: status === 'established' || status === 'trial_only' ? { value: d.amount!, unit: d.unit } : null,
    dose_status: status,
    unit: d.unit,
    frequency: d.frequency,
    duration: d.duration,
    route: d.route,
    note,
  };
}

const SLOT_PATTERNS: [TimingSlot, RegExp][] = [
  ['morning', /\bmorning\b|\bon waking\b|\bbefore breakfast\b/i],
  ['evening', /\bevening\b/i],
  ['bedtime', /\bbedtime\b|\bbefore bed\b|\bat night\b|\bnightly\b/i],
  [
    'with_meals',
    /\bwith (?:a |each |the )?(?:meals?|food)\b|\bafter (?:food|meals?)\b|\bbefore (?:the )?(?:morning and evening )?meals\b/i,
  ],
  ['empty_stomach', /\bempty stomach\b/i],
  ['pre_exercise', /\bbefore (?:exercise|training|the event)\b|\bpre-exercise\b/i],
];

/** Times of day the dosing text names, in a fixed order. */
export function timingSlots(text: string): TimingSlot[] {
  return SLOT_PATTERNS.filter(([, re]) => re.test(text)).map(([s]) => s);
}

/** Sentences, split after . ! ? when a capital or bracket follows (so "S1.2" and "e.g. archery" stay whole). */
/** The record's own statement on sport: "prohibited … (WADA S2)" is a warning; "not prohibited" is not. */
export function wadaStatement(description: string): { prohibited: boolean; text: string } | null {
  const hits = sentences(description).filter((s) => /\bWADA\b|\bin sport\b|\bdoping\b/i.test(s));
  const positive = hits.find(
    (s) => /prohibit/i.test(s) && !/\bnot (?:on the WADA|prohibited)\b|\bremoved from the WADA\b/i.test(s),
  );
  if (positive) return { prohibited: true, text: positive };
  const negative = hits.find((s) => /\bnot (?:on the WADA|prohibited)\b|\bremoved from the WADA\b/i.test(s));
  return negative ? { prohibited: false, text: negative } : null;
}

export interface Assigned {
  candidate: Candidate;
  goal: string;
}
export interface NotSelected extends Assigned {
  reason: NotSelectedReason;
  detail: string;
}

export interface StackResult {
  goals: { goal: string; subcategories: string[]; candidates: number; chosen: number }[];
  chosen: Assigned[];
  notSelected: NotSelected[];
}

/** Per-compound warnings: status, sport, evidence, dose and the (minor or unknown-severity) interactions it has. */
export function itemWarnings(
  a: Assigned,
  pairs: readonly { pair: InteractionPair; other: string }[],
): { kind: WarningKind; message: string }[] {
  const c = a.candidate.record;
  const out: { kind: WarningKind; message: string }[] = [];
  if (c.status === 'research_only')
    out.push({
      kind: 'research_only',
      message:
        'Research-only: not approved for human use and not a lawful dietary supplement in the US; product identity, purity and sterility are unverified.',
    });
  if (c.status === 'investigational')
    out.push({
      kind: 'investigational',
      message: 'Investigational: in clinical trials, not approved; products sold outside trials are unverified.',
    });
  if (c.status === 'approved' && c.compound_type === 'therapeutic')
    out.push({
      kind: 'approved_medicine',
      message: 'Approved medicine: use only as prescribed and monitored by a clinician.',
    });
  const wada = wadaStatement(c.description);
  if (wada?.prohibited) out.push({ kind: 'wada', message: `Sport: ${wada.text}` });
  if (c.evidence_grade === 'D' || c.evidence_grade === 'E')
    out.push({
      kind: 'low_evidence',
      message: `Evidence grade ${c.evidence_grade}: ${EVIDENCE_GRADE_MEANING[c.evidence_grade].toLowerCase()}.`,
    });
  const dose = doseStatus(c.typical_dosing);
  if (dose !== 'established') out.push({ kind: 'dose_not_established', message: dosingOf(c.typical_dosing).note });
  for (const { pair, other } of pairs) {
    const src = pair.sources.map((x) => `${x.listed_as}: ${x.level}`).join('; ');
    out.push({
      kind: 'interaction',
      message: `${pair.severity[0]!.toUpperCase()}${pair.severity.slice(1)} interaction with ${other} (${src}).${pair.mechanism ? ` ${pair.mechanism}` : ''}`,
    });
  }
  return out;
}

export function rationaleOf(a: Assigned): string {
  const c = a.candidate.record;
  const benefits = c.benefits.slice(0, 2).join('; ');
  return `Its main use is ${c.subcategory}; evidence grade ${c.evidence_grade} (${EVIDENCE_GRADE_MEANING[c.evidence_grade].toLowerCase()}).${benefits ? ` Record benefits: ${benefits}.` : ''}`;
}

const REASON_TEXT: Record<NotSelectedReason, string> = {
  excluded_compound: 'excluded by name',
  excluded_category: 'in an excluded category',
  category_not_allowed: 'outside the allowed categories',
  withdrawn: 'withdrawn from the market',
  approved_medicine: 'approved medicines (prescriber only)',
  below_min_grade: 'below the minimum evidence grade',
  already_taken: 'already taken',
  interaction: 'an interaction of moderate severity or worse',
  therapeutic_duplication: 'duplicating a chosen compound or a medication',
  research_only: 'research-only without the opt-in',
  veterinary_only: 'veterinary-only without the opt-in',
  sarm: 'SARMs without the opt-in',
  anabolic_steroid: 'anabolic steroids without the opt-in',
};

/** Why nothing could be chosen, goal by goal and reason by reason. */
export function emptyReasons(r: StackResult): string[] {
  if (r.chosen.length) return [];
  const out: string[] = [];
  for (const g of r.goals)
    if (g.candidates === 0) out.push(`No compound in the knowledge base has "${g.goal}" as its main use.`);
  const counts = new Map<NotSelectedReason, number>();
  for (const n of r.notSelected) counts.set(n.reason, (counts.get(n.reason) ?? 0) + 1);
  if (counts.size)
    out.push(`Every candidate was ruled out: ${[...counts].map(([k, n]) => `${n} ${REASON_TEXT[k]}`).join('; ')}.`);
  return out;
}

export function interpret(r: StackResult, pairs: readonly { severity: string }[], medicationsGiven: number): string {
  const disclaimer =
    'Editorial suggestion from the Materia knowledge base, not a prescription or medical advice; review with a clinician before use.';
  if (!r.chosen.length)
    return `No stack could be built for ${r.goals.map((g) => g.goal).join(', ')} under these constraints (see empty_reasons). ${disclaimer}`;
  const list = r.chosen
    .map((a) => `${a.candidate.record.name} (grade ${a.candidate.record.evidence_grade}, ${a.goal})`)
    .join(', ');
  const sev = pairs.map((x) => x.severity);
  const inter = sev.length
    ? 'Only minor or unknown-severity interactions are listed (see warnings).'
    : 'No interaction is listed between them' + (medicationsGiven ? ' or with the medications given.' : '.');
  const flags = r.chosen
    .filter((a) => ['research_only', 'investigational'].includes(a.candidate.record.status))
    .map((a) => a.candidate.record.name);
  return (
    `Stack of ${r.chosen.length}: ${list}. No interaction of moderate severity or worse and no therapeutic duplication within the stack${medicationsGiven ? ' or with the medications' : ''}. ${inter}` +
    `${flags.length ? ` Not approved for human use: ${flags.join(', ')}.` : ''} ${disclaimer}`
  );
}
