/**
 * Stack selection, pure: no formula, an explicit, deterministic choice over our compound records.
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
 *    (the one pair model, src/main/interactions, passed in as `interaction`).
 */
import type { PairVerdict } from '../../interactions/pair-model.ts';
import type { Substance } from '../../vocabulary/resolver.ts';
import { SEVERITY_RANK } from '../../interactions/rules.ts';
import {
  gradeAllowed,
  gradeIndex,
  normGoal,
  type Assigned,
  type Candidate,
  type CandidateRecord,
  type Medication,
  type NotSelected,
  type NotSelectedReason,
  type StackConstraints,
  type StackResult,
} from './compute.ts';
import type { DuplicationGroup } from './duplication.ts';
import { missingOptIn, type OptInKind } from './eligibility.ts';

/** Interactions at this severity or worse keep a candidate out of the stack. */
export const EXCLUDING_SEVERITY = 'moderate';

export interface StackInput {
  goals: string[];
  candidates: Candidate[];
  constraints: StackConstraints;
  medications: Medication[];
  /** the pair model's verdict for two substances, or null when no source lists the pair */
  interaction: (x: Substance, y: Substance) => PairVerdict | null;
}

/** One substance, two spellings: the same record, or the same ingredients. */
export function sameSubstance(x: Substance, y: Substance): boolean {
  if (x.compound && y.compound) return x.compound.slug === y.compound.slug;
  return x.keys.length > 0 && [...x.keys].sort().join('+') === [...y.keys].sort().join('+');
}

function ruledOut(
  c: CandidateRecord,
  kinds: readonly OptInKind[],
  k: StackConstraints,
  meds: readonly Medication[],
  sub: Substance,
): { reason: NotSelectedReason; detail: string } | null {
  if (k.exclude_slugs.includes(c.slug)) return { reason: 'excluded_compound', detail: 'listed in exclude_compounds' };
  if (k.exclude_categories.includes(c.category))
    return { reason: 'excluded_category', detail: `category ${c.category} is excluded` };
  if (k.categories && !k.categories.includes(c.category))
    return { reason: 'category_not_allowed', detail: `category ${c.category} is not among ${k.categories.join(', ')}` };
  if (c.status === 'withdrawn')
    return { reason: 'withdrawn', detail: 'approval withdrawn or product removed from the market' };
  if (c.status === 'approved' && c.compound_type === 'therapeutic' && !k.include_approved_medicines) {
    return {
      reason: 'approved_medicine',
      detail:
        "an approved therapeutic medicine: a prescriber's decision (set include_approved_medicines to consider it)",
    };
  }
  const optIn = missingOptIn(kinds, k);
  if (optIn) return { reason: optIn.kind, detail: optIn.detail };
  if (!gradeAllowed(c.evidence_grade, k.min_evidence_grade))
    return {
      reason: 'below_min_grade',
      detail: `evidence grade ${c.evidence_grade} is weaker than the minimum ${k.min_evidence_grade}`,
    };
  const taken = meds.find((m) => sameSubstance(m.substance, sub));
  if (taken)
    return { reason: 'already_taken', detail: `already among the current medications (${taken.substance.input})` };
  return null;
}

const byPreference = (a: Assigned, b: Assigned) =>
  gradeIndex(a.candidate.record.evidence_grade) - gradeIndex(b.candidate.record.evidence_grade) ||
  b.candidate.record.research_count - a.candidate.record.research_count ||
  (a.candidate.record.slug < b.candidate.record.slug ? -1 : a.candidate.record.slug > b.candidate.record.slug ? 1 : 0);

const SOURCE_LABEL: Record<string, string> = {
  ddinter: 'DDInter',
  onc_high_priority: 'ONC high-priority list',
  onc_non_interruptive: 'ONC non-interruptive list',
  nlm_spl: 'FDA label (NLM corpus)',
  class_rule: 'class rule',
  editorial: 'record',
};

/** The verdict's sources in words: "DDInter: Melatonin + Warfarin (Moderate); class rule: … (serotonergic-combination)". */
export function verdictText(v: PairVerdict): string {
  const sources = v.findings
    .map(
      (f) =>
        `${f.record ? `the ${f.record} record` : (SOURCE_LABEL[f.source] ?? f.source)}: ${f.listedAs} (${f.level})`,
    )
    .join('; ');
  return `${sources}${v.sourcesDisagree ? ' (sources disagree)' : ''}.${v.mechanism ? ` ${v.mechanism}` : ''}`;
}

/** A group the newcomer shares with a chosen compound or a medication, and with which. */
function duplication(
  next: Candidate,
  chosen: readonly Assigned[],
  meds: readonly Medication[],
): { group: DuplicationGroup; other: Substance; isMed: boolean } | null {
  for (const g of next.groups) {
    const c = chosen.find((a) => a.candidate.groups.some((x) => x.id === g.id));
    if (c) return { group: g, other: c.candidate.substance, isMed: false };
    const m = meds.find((x) => x.groups.some((y) => y.id === g.id));
    if (m) return { group: g, other: m.substance, isMed: true };
  }
  return null;
}

/** The worst verdict (moderate or worse) between the newcomer and what is already there, with which. */
function worstInteraction(
  next: Candidate,
  chosen: readonly Assigned[],
  meds: readonly Medication[],
  interaction: StackInput['interaction'],
) {
  let worst: { v: PairVerdict; other: Substance; isMed: boolean } | null = null;
  const others = [
    ...chosen.map((a) => ({ s: a.candidate.substance, isMed: false })),
    ...meds.map((m) => ({ s: m.substance, isMed: true })),
  ];
  for (const o of others) {
    const v = interaction(next.substance, o.s);
    if (!v || SEVERITY_RANK[v.severity] > SEVERITY_RANK[EXCLUDING_SEVERITY]) continue;
    if (!worst || SEVERITY_RANK[v.severity] < SEVERITY_RANK[worst.v.severity])
      worst = { v, other: o.s, isMed: o.isMed };
  }
  return worst;
}

const where = (isMed: boolean) => (isMed ? ' (a current medication)' : ' (already in the stack)');

export function buildStack(input: StackInput): StackResult {
  const { constraints: k, medications } = input;
  const goals = input.goals.map(normGoal);
  const assigned: Assigned[] = [];
  for (const cand of [...input.candidates].sort((a, b) => (a.record.slug < b.record.slug ? -1 : 1))) {
    const goal = goals.find((g) => g === normGoal(cand.record.subcategory));
    if (goal) assigned.push({ candidate: cand, goal });
  }

  const notSelected: NotSelected[] = [];
  const queues = new Map<string, Assigned[]>(goals.map((g) => [g, []]));
  for (const a of assigned) {
    const why = ruledOut(a.candidate.record, a.candidate.kinds, k, medications, a.candidate.substance);
    if (why) notSelected.push({ ...a, ...why });
    else queues.get(a.goal)!.push(a);
  }
  for (const q of queues.values()) q.sort(byPreference);

  const chosen: Assigned[] = [];
  const pending = () => [...queues.values()].some((q) => q.length > 0);
  while (chosen.length < k.max_compounds && pending()) {
    for (const g of goals) {
      if (chosen.length >= k.max_compounds) break;
      const q = queues.get(g)!;
      while (q.length) {
        const next = q.shift()!;
        const dup = duplication(next.candidate, chosen, medications);
        const dupText = dup
          ? `duplicates ${dup.other.name}${where(dup.isMed)}: both are ${dup.group.name}. Basis: ${dup.group.basis}`
          : null;
        const bad = worstInteraction(next.candidate, chosen, medications, input.interaction);
        if (bad) {
          notSelected.push({
            ...next,
            reason: 'interaction',
            detail: `${bad.v.severity} interaction with ${bad.other.name}${where(bad.isMed)}: ${verdictText(bad.v)}${dupText ? ` It also ${dupText}` : ''}`,
          });
          continue;
        }
        if (dupText) {
          notSelected.push({
            ...next,
            reason: 'therapeutic_duplication',
            detail: `${dupText[0]!.toUpperCase()}${dupText.slice(1)}`,
          });
          continue;
        }
        chosen.push(next);
        break;
      }
    }
  }

  return {
    goals: goals.map((g) => ({
      goal: g,
      subcategories: [
        ...new Set(
          input.candidates.filter((c) => normGoal(c.record.subcategory) === g).map((c) => c.record.subcategory),
        ),
      ].sort(),
      candidates: assigned.filter((a) => a.goal === g).length,
      chosen: chosen.filter((a) => a.goal === g).length,
    })),
    chosen,
    notSelected,
  };
}
