/**
 * Stack builder, pure part. No formula: an explicit, deterministic selection over our compound records.
 *
 * 1. Goal fit. A compound fits a goal when the goal is its subcategory, i.e. its main use ("-" and "_"
 *    interchangeable). Benefit texts are not used: they also state null results ("no evidence of cognitive
 *    enhancement"), so word matching on them would recommend compounds for what they were shown not to do.
 * 2. Constraints rule candidates out, with the reason: excluded compound or category, category not allowed,
 *    withdrawn, approved therapeutic medicine (unless allowed), research-only, veterinary-only, SARM or anabolic
 *    steroid without the request's opt-in (eligibility.ts), evidence grade weaker than the minimum (default B),
 *    already taken.
 * 3. Order per goal: evidence grade (A first; the rubric of docs/content.md /
 *    compounds/evidence-grade.ts), then research_count (linked documents) descending, then slug.
 * 4. Goals take turns in the order given, each taking its next candidate, until the stack is full. A candidate is
 *    dropped with the reason, and the goal takes its next candidate, when it duplicates the action of a compound
 *    already chosen or of a medication (duplication.ts), or when it interacts at moderate severity or worse with one
 *    (the interaction checker, interactions/compute.ts).
 */
import { EVIDENCE_GRADE_MEANING, EVIDENCE_GRADES, type Category, type EvidenceGrade } from '../../../shared/enums.ts';
import type { DOSE_STATUSES, NOT_SELECTED_REASONS, STACK_WARNING_KINDS, TIMING_SLOTS } from '../../../shared/schemas/tools/peptide-stack.ts';
import {
  SEVERITY_RANK, checkInteractions, displayName, substanceKey, type DdinterLevel, type Interaction, type SubstanceInfo,
} from '../interactions/compute.ts';
import type { DuplicationGroup } from './duplication.ts';
import { missingOptIn, type OptInKind, type OptIns } from './eligibility.ts';

export type DoseStatus = (typeof DOSE_STATUSES)[number];
export type NotSelectedReason = (typeof NOT_SELECTED_REASONS)[number];
export type WarningKind = (typeof STACK_WARNING_KINDS)[number];
export type TimingSlot = (typeof TIMING_SLOTS)[number];

export interface TypicalDosing { amount: number | null; unit: string; frequency: string; duration: string; route: string }

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
export interface Candidate { record: CandidateRecord; substance: SubstanceInfo; groups: DuplicationGroup[]; kinds: OptInKind[] }

/** A current medication with its duplication groups. */
export interface Medication { substance: SubstanceInfo; groups: DuplicationGroup[] }

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

const gradeIndex = (g: EvidenceGrade) => EVIDENCE_GRADES.indexOf(g);
/** A is strongest; a grade is allowed when it is at least as strong as the minimum. */
export const gradeAllowed = (g: EvidenceGrade, min: EvidenceGrade) => gradeIndex(g) <= gradeIndex(min);

const NO_HUMAN_DOSE = /\bno (?:(?:approved|established|validated|standard|studied|clinically validated|human)\s+(?:or\s+)?)+(?:human\s+)?(?:dose|therapeutic regimen)\b|\bno human dose\b/i;
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
    animal_or_nonclinical: 'No established human dose: the record\'s figure comes from animal studies, veterinary labelling or non-clinical use, so no amount is given.',
    none_established: 'No human dose is established; no amount is given.',
  }[status];
  return {
    amount: status === 'established' || status === 'trial_only' ? { value: d.amount!, unit: d.unit } : null,
    dose_status: status,
    unit: d.unit, frequency: d.frequency, duration: d.duration, route: d.route, note,
  };
}

const SLOT_PATTERNS: [TimingSlot, RegExp][] = [
  ['morning', /\bmorning\b|\bon waking\b|\bbefore breakfast\b/i],
  ['evening', /\bevening\b/i],
  ['bedtime', /\bbedtime\b|\bbefore bed\b|\bat night\b|\bnightly\b/i],
  ['with_meals', /\bwith (?:a |each |the )?(?:meals?|food)\b|\bafter (?:food|meals?)\b|\bbefore (?:the )?(?:morning and evening )?meals\b/i],
  ['empty_stomach', /\bempty stomach\b/i],
  ['pre_exercise', /\bbefore (?:exercise|training|the event)\b|\bpre-exercise\b/i],
];

/** Times of day the dosing text names, in a fixed order. */
export function timingSlots(text: string): TimingSlot[] {
  return SLOT_PATTERNS.filter(([, re]) => re.test(text)).map(([s]) => s);
}

/** Sentences, split after . ! ? when a capital or bracket follows (so "S1.2" and "e.g. archery" stay whole). */
export function sentences(text: string): string[] {
  return text.split(/(?<=[.!?])\s+(?=[A-Z(])/).map((s) => s.trim()).filter(Boolean);
}

/** The record's own statement on sport: "prohibited … (WADA S2)" is a warning; "not prohibited" is not. */
export function wadaStatement(description: string): { prohibited: boolean; text: string } | null {
  const hits = sentences(description).filter((s) => /\bWADA\b|\bin sport\b|\bdoping\b/i.test(s));
  const positive = hits.find((s) => /prohibit/i.test(s) && !/\bnot (?:on the WADA|prohibited)\b|\bremoved from the WADA\b/i.test(s));
  if (positive) return { prohibited: true, text: positive };
  const negative = hits.find((s) => /\bnot (?:on the WADA|prohibited)\b|\bremoved from the WADA\b/i.test(s));
  return negative ? { prohibited: false, text: negative } : null;
}

export interface Assigned { candidate: Candidate; goal: string }
export interface NotSelected extends Assigned { reason: NotSelectedReason; detail: string }

export interface StackInput {
  goals: string[];
  candidates: Candidate[];
  constraints: StackConstraints;
  medications: Medication[];
  pairs: ReadonlyMap<string, DdinterLevel>;
}

export interface StackResult {
  goals: { goal: string; subcategories: string[]; candidates: number; chosen: number }[];
  chosen: Assigned[];
  notSelected: NotSelected[];
  /** chosen substances, then the medications; interactions index into this list */
  subs: SubstanceInfo[];
  interactions: Interaction[];
}

/** Interactions of one pair, with indices into the caller's list. */
function pairInteractions(subs: readonly SubstanceInfo[], i: number, j: number, pairs: ReadonlyMap<string, DdinterLevel>): Interaction[] {
  return checkInteractions([subs[i]!, subs[j]!], pairs).interactions.map((x) => ({ ...x, a: x.a === 0 ? i : j, b: x.b === 0 ? i : j }));
}

function ruledOut(c: CandidateRecord, kinds: readonly OptInKind[], k: StackConstraints, medKeys: Set<string>, sub: SubstanceInfo): { reason: NotSelectedReason; detail: string } | null {
  if (k.exclude_slugs.includes(c.slug)) return { reason: 'excluded_compound', detail: 'listed in exclude_compounds' };
  if (k.exclude_categories.includes(c.category)) return { reason: 'excluded_category', detail: `category ${c.category} is excluded` };
  if (k.categories && !k.categories.includes(c.category)) return { reason: 'category_not_allowed', detail: `category ${c.category} is not among ${k.categories.join(', ')}` };
  if (c.status === 'withdrawn') return { reason: 'withdrawn', detail: 'approval withdrawn or product removed from the market' };
  if (c.status === 'approved' && c.compound_type === 'therapeutic' && !k.include_approved_medicines) {
    return { reason: 'approved_medicine', detail: 'an approved therapeutic medicine: a prescriber\'s decision (set include_approved_medicines to consider it)' };
  }
  const optIn = missingOptIn(kinds, k);
  if (optIn) return { reason: optIn.kind, detail: optIn.detail };
  if (!gradeAllowed(c.evidence_grade, k.min_evidence_grade)) return { reason: 'below_min_grade', detail: `evidence grade ${c.evidence_grade} is weaker than the minimum ${k.min_evidence_grade}` };
  if (medKeys.has(substanceKey(sub))) return { reason: 'already_taken', detail: 'already among the current medications' };
  return null;
}

const byPreference = (a: Assigned, b: Assigned) => gradeIndex(a.candidate.record.evidence_grade) - gradeIndex(b.candidate.record.evidence_grade)
  || b.candidate.record.research_count - a.candidate.record.research_count
  || (a.candidate.record.slug < b.candidate.record.slug ? -1 : a.candidate.record.slug > b.candidate.record.slug ? 1 : 0);

/** Interactions at this severity or worse keep a candidate out of the stack. */
export const EXCLUDING_SEVERITY = 'moderate';
const excludes = (x: Interaction) => SEVERITY_RANK[x.severity] <= SEVERITY_RANK[EXCLUDING_SEVERITY];

/** A group the newcomer shares with a chosen compound or a medication, and with which. */
function duplication(next: Candidate, chosen: readonly Assigned[], meds: readonly Medication[]): { group: DuplicationGroup; other: SubstanceInfo; isMed: boolean } | null {
  for (const g of next.groups) {
    const c = chosen.find((a) => a.candidate.groups.some((x) => x.id === g.id));
    if (c) return { group: g, other: c.candidate.substance, isMed: false };
    const m = meds.find((x) => x.groups.some((y) => y.id === g.id));
    if (m) return { group: g, other: m.substance, isMed: true };
  }
  return null;
}

export function buildStack(input: StackInput): StackResult {
  const { constraints: k, pairs } = input;
  const medications = input.medications.map((m) => m.substance);
  const goals = input.goals.map(normGoal);
  const assigned: Assigned[] = [];
  for (const cand of [...input.candidates].sort((a, b) => (a.record.slug < b.record.slug ? -1 : 1))) {
    const goal = goals.find((g) => g === normGoal(cand.record.subcategory));
    if (goal) assigned.push({ candidate: cand, goal });
  }

  const medKeys = new Set(medications.map(substanceKey));
  const notSelected: NotSelected[] = [];
  const queues = new Map<string, Assigned[]>(goals.map((g) => [g, []]));
  for (const a of assigned) {
    const why = ruledOut(a.candidate.record, a.candidate.kinds, k, medKeys, a.candidate.substance);
    if (why) notSelected.push({ ...a, ...why });
    else queues.get(a.goal)!.push(a);
  }
  for (const q of queues.values()) q.sort(byPreference);

  const chosen: Assigned[] = [];
  const subs: SubstanceInfo[] = [...medications];
  const pending = () => [...queues.values()].some((q) => q.length > 0);
  while (chosen.length < k.max_compounds && pending()) {
    for (const g of goals) {
      if (chosen.length >= k.max_compounds) break;
      const q = queues.get(g)!;
      while (q.length) {
        const next = q.shift()!;
        const dup = duplication(next.candidate, chosen, input.medications);
        const dupText = dup ? `duplicates ${displayName(dup.other)}${dup.isMed ? ' (a current medication)' : ' (already in the stack)'}: both are ${dup.group.name}. `
          + `Basis: ${dup.group.basis}` : null;
        // subs = [chosen…, medications…]; check the newcomer against each, most severe first.
        const trial = [next.candidate.substance, ...subs];
        const bad = subs.flatMap((_, j) => pairInteractions(trial, 0, j + 1, pairs)).filter(excludes)
          .sort((x, y) => SEVERITY_RANK[x.severity] - SEVERITY_RANK[y.severity]);
        if (bad.length) {
          const m = bad[0]!;
          const other = trial[m.a === 0 ? m.b : m.a]!;
          const isMed = medications.includes(other);
          notSelected.push({
            ...next, reason: 'interaction',
            detail: `${m.severity} interaction with ${displayName(other)}${isMed ? ' (a current medication)' : ' (already in the stack)'}: `
              + `${m.source === 'ddinter' ? `DDInter lists ${m.listedAs}` : `the ${m.record} record lists "${m.listedAs}": ${m.notes}`}`
              + `${dupText ? ` It also ${dupText}` : ''}`,
          });
          continue;
        }
        if (dupText) {
          notSelected.push({ ...next, reason: 'therapeutic_duplication', detail: `${dupText[0]!.toUpperCase()}${dupText.slice(1)}` });
          continue;
        }
        chosen.push(next);
        subs.splice(chosen.length - 1, 0, next.candidate.substance);
        break;
      }
    }
  }

  const interactions: Interaction[] = [];
  for (let i = 0; i < chosen.length; i++) {
    for (let j = i + 1; j < subs.length; j++) interactions.push(...pairInteractions(subs, i, j, pairs));
  }
  return {
    goals: goals.map((g) => ({
      goal: g,
      subcategories: [...new Set(input.candidates.filter((c) => normGoal(c.record.subcategory) === g).map((c) => c.record.subcategory))].sort(),
      candidates: assigned.filter((a) => a.goal === g).length,
      chosen: chosen.filter((a) => a.goal === g).length,
    })),
    chosen,
    notSelected,
    subs,
    interactions,
  };
}

/** Per-compound warnings: status, sport, evidence, dose and the (minor or unknown-severity) interactions it has. */
export function itemWarnings(a: Assigned, index: number, r: StackResult): { kind: WarningKind; message: string }[] {
  const c = a.candidate.record;
  const out: { kind: WarningKind; message: string }[] = [];
  if (c.status === 'research_only') out.push({ kind: 'research_only', message: 'Research-only: not approved for human use and not a lawful dietary supplement in the US; product identity, purity and sterility are unverified.' });
  if (c.status === 'investigational') out.push({ kind: 'investigational', message: 'Investigational: in clinical trials, not approved; products sold outside trials are unverified.' });
  if (c.status === 'approved' && c.compound_type === 'therapeutic') out.push({ kind: 'approved_medicine', message: 'Approved medicine: use only as prescribed and monitored by a clinician.' });
  const wada = wadaStatement(c.description);
  if (wada?.prohibited) out.push({ kind: 'wada', message: `Sport: ${wada.text}` });
  if (c.evidence_grade === 'D' || c.evidence_grade === 'E') out.push({ kind: 'low_evidence', message: `Evidence grade ${c.evidence_grade}: ${EVIDENCE_GRADE_MEANING[c.evidence_grade].toLowerCase()}.` });
  const dose = doseStatus(c.typical_dosing);
  if (dose !== 'established') out.push({ kind: 'dose_not_established', message: dosingOf(c.typical_dosing).note });
  for (const x of r.interactions) {
    if (x.a !== index && x.b !== index) continue;
    const other = r.subs[x.a === index ? x.b : x.a]!;
    const src = x.source === 'ddinter' ? `DDInter: ${x.listedAs}` : `${x.record} record: "${x.listedAs}"`;
    out.push({ kind: 'interaction', message: `${x.severity[0]!.toUpperCase()}${x.severity.slice(1)} interaction with ${displayName(other)} (${src}). ${x.notes}` });
  }
  return out;
}

export function rationaleOf(a: Assigned): string {
  const c = a.candidate.record;
  const benefits = c.benefits.slice(0, 2).join('; ');
  return `Its main use is ${c.subcategory}; evidence grade ${c.evidence_grade} (${EVIDENCE_GRADE_MEANING[c.evidence_grade].toLowerCase()}).${benefits ? ` Record benefits: ${benefits}.` : ''}`;
}

const REASON_TEXT: Record<NotSelectedReason, string> = {
  excluded_compound: 'excluded by name', excluded_category: 'in an excluded category', category_not_allowed: 'outside the allowed categories',
  withdrawn: 'withdrawn from the market', approved_medicine: 'approved medicines (prescriber only)', below_min_grade: 'below the minimum evidence grade',
  already_taken: 'already taken', interaction: 'an interaction of moderate severity or worse',
  therapeutic_duplication: 'duplicating a chosen compound or a medication', research_only: 'research-only without the opt-in',
  veterinary_only: 'veterinary-only without the opt-in', sarm: 'SARMs without the opt-in', anabolic_steroid: 'anabolic steroids without the opt-in',
};

/** Why nothing could be chosen, goal by goal and reason by reason. */
export function emptyReasons(r: StackResult): string[] {
  if (r.chosen.length) return [];
  const out: string[] = [];
  for (const g of r.goals) if (g.candidates === 0) out.push(`No compound in the knowledge base has "${g.goal}" as its main use.`);
  const counts = new Map<NotSelectedReason, number>();
  for (const n of r.notSelected) counts.set(n.reason, (counts.get(n.reason) ?? 0) + 1);
  if (counts.size) out.push(`Every candidate was ruled out: ${[...counts].map(([k, n]) => `${n} ${REASON_TEXT[k]}`).join('; ')}.`);
  return out;
}

export function interpret(r: StackResult, medicationsGiven: number): string {
  const disclaimer = 'Editorial suggestion from the Materia knowledge base, not a prescription or medical advice; review with a clinician before use.';
  if (!r.chosen.length) return `No stack could be built for ${r.goals.map((g) => g.goal).join(', ')} under these constraints (see empty_reasons). ${disclaimer}`;
  const list = r.chosen.map((a) => `${a.candidate.record.name} (grade ${a.candidate.record.evidence_grade}, ${a.goal})`).join(', ');
  const sev = r.interactions.map((x) => x.severity);
  const inter = sev.length ? 'Only minor or unknown-severity interactions are listed (see warnings).'
    : 'No interaction is listed between them' + (medicationsGiven ? ' or with the medications given.' : '.');
  const flags = r.chosen.filter((a) => ['research_only', 'investigational'].includes(a.candidate.record.status)).map((a) => a.candidate.record.name);
  return `Stack of ${r.chosen.length}: ${list}. No interaction of moderate severity or worse and no therapeutic duplication within the stack${medicationsGiven ? ' or with the medications' : ''}. ${inter}`
    + `${flags.length ? ` Not approved for human use: ${flags.join(', ')}.` : ''} ${disclaimer}`;
}
