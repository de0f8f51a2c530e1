/**
 * Label dose limits: some labels do not forbid a combination but cap one drug's daily dose with it (simvastatin at most
 * 20 mg a day with amiodarone, ranolazine at most 500 mg twice a day with diltiazem). Sources that list the pair
 * whatever the dose disagree with that: the ONC high-priority list grades simvastatin + amiodarone contraindicated,
 * DDInter lists nothing for ranolazine + diltiazem. Where a limit in resources/interactions/dose-limits.json applies,
 * the pair's level is the label's for the dose the medication line gives (not given → `not_given`, never below major;
 * within → `within`; above → `above`), and the verdict's text says which limit applied and at what dose.
 *
 * The data is validated here at load and again at content build (steps/interaction-dose-limits.ts, which also checks
 * that every key and class is known). A limit applies only to a line that is the drug alone (not a combination product,
 * other than with its listed `companions` (ezetimibe with simvastatin: Vytorin carries Zocor's limits; a strength pair
 * does not say the drug's dose, so such a line counts as dose not given) against a line holding only listed partners.
 */
import { z } from 'zod';
import file from '../../../resources/interactions/dose-limits.json' with { type: 'json' };
import { RULE_SEVERITIES, SEVERITY_RANK, type Severity, type SubstanceContext } from './rules.ts';

const AT_LEAST_MAJOR = (s: Severity) => SEVERITY_RANK[s] <= SEVERITY_RANK.major;

export const DoseLimitsFile = z.strictObject({
  about: z.string(),
  limits: z
    .array(
      z.strictObject({
        id: z.string().regex(/^[a-z0-9-]+$/),
        drug: z.string().min(3),
        partners: z.array(z.string().min(3)).min(1),
        companions: z.array(z.string().min(3)).optional(),
        max_mg_per_day: z.number().positive(),
        unit: z.literal('mg'),
        doses_per_day: z.number().int().positive(),
        levels: z.strictObject({
          not_given: z.enum(RULE_SEVERITIES).refine(AT_LEAST_MAJOR, 'not_given is at least major'),
          within: z.enum(RULE_SEVERITIES),
          above: z.enum(RULE_SEVERITIES).refine(AT_LEAST_MAJOR, 'above is at least major'),
        }),
        label: z.string().min(5),
        basis: z.array(z.string().min(10)).min(1),
        mechanism: z.string().min(10),
        note: z.string().min(10).optional(),
      }),
    )
    .refine((l) => new Set(l.map((x) => x.id)).size === l.length, 'limit ids are unique'),
});
export type DoseLimit = z.infer<typeof DoseLimitsFile>['limits'][number];

export const DOSE_LIMITS: readonly DoseLimit[] = DoseLimitsFile.parse(file).limits;

/** One side of a pair as a dose limit reads it. */
export interface LimitSide {
  /** the ingredient keys of what the line names */
  keys: readonly string[];
  /** the classes those keys are in */
  classes: readonly string[];
  context: SubstanceContext;
}

export type DoseState = 'not_given' | 'within' | 'above';

export interface AppliedLimit {
  limit: DoseLimit;
  state: DoseState;
  severity: Severity;
  /** the daily dose the line gives, in mg (null: not given) */
  dailyMg: number | null;
  /** which side of the pair the limited drug is (0: the first) */
  drugSide: 0 | 1;
}

/** The daily dose in mg a line gives for a drug taken `usualDoses` times a day when the line does not say. */
export function dailyDoseMg(ctx: SubstanceContext, usualDoses: number): number | null {
  if (ctx.doseMg === undefined) return null;
  return ctx.doseMg * (ctx.unitsPerDose ?? 1) * (ctx.dosesPerDay ?? usualDoses);
}

const covers = (limit: DoseLimit, partner: LimitSide) =>
  partner.keys.length > 0 &&
  partner.keys.every((k) =>
    limit.partners.some((p) => (p.startsWith('class:') ? partner.classes.includes(p.slice(6)) : p === k)),
  );

function applied(limit: DoseLimit, drug: LimitSide, drugSide: 0 | 1): AppliedLimit {
  const dailyMg = dailyDoseMg(drug.context, limit.doses_per_day);
  const state: DoseState = dailyMg === null ? 'not_given' : dailyMg > limit.max_mg_per_day ? 'above' : 'within';
  return { limit, state, severity: limit.levels[state], dailyMg, drugSide };
}

/** The label dose limit that decides the pair (the most severe, should two apply), or null. */
export function doseLimitFor(x: LimitSide, y: LimitSide): AppliedLimit | null {
  let best: AppliedLimit | null = null;
  for (const limit of DOSE_LIMITS) {
    for (const [drug, partner, side] of [
      [x, y, 0],
      [y, x, 1],
    ] as const) {
      const alone = drug.keys.every((k) => k === limit.drug || limit.companions?.includes(k));
      if (!drug.keys.includes(limit.drug) || !alone || !covers(limit, partner)) continue;
      const a = applied(limit, drug, side);
      if (!best || SEVERITY_RANK[a.severity] < SEVERITY_RANK[best.severity]) best = a;
    }
  }
  return best;
}

const mg = (n: number) => `${Number(n.toFixed(2))} mg`;
const TIMES: Record<number, string> = { 1: 'a day', 2: 'twice a day', 3: 'three times a day', 4: 'four times a day' };

/** The limit as the label words it: "20 mg a day", "500 mg twice a day (1000 mg a day)". */
function limitWords(l: DoseLimit): string {
  const times = TIMES[l.doses_per_day];
  if (l.doses_per_day === 1 || !times) return `${mg(l.max_mg_per_day)} a day`;
  return `${mg(l.max_mg_per_day / l.doses_per_day)} ${times} (${mg(l.max_mg_per_day)} a day)`;
}

/**
 * What the verdict says about the limit: the label, the limit, the dose given and the level that follows, naming the
 * drug and its partner by their ingredients. `overruled` is true when a source graded the pair higher.
 */
export function limitNote(a: AppliedLimit, partnerKeys: readonly string[], overruled: boolean): string {
  const l = a.limit;
  const limitText = limitWords(l);
  const head = `Label dose limit (${l.label}): ${l.drug} at most ${limitText} with ${partnerKeys.join(' + ')}.`;
  const dose =
    a.state === 'not_given'
      ? ` The ${l.drug} dose was not given: ${a.severity} — check that it is at most ${limitText}.`
      : a.state === 'above'
        ? ` The dose given, ${mg(a.dailyMg!)} a day, is above the limit: ${a.severity} — lower it to at most ${limitText}, or use a drug the label does not limit.`
        : ` The dose given, ${mg(a.dailyMg!)} a day, is within the limit: ${a.severity}.`;
  const why = overruled
    ? ' Sources that list the pair whatever the dose grade it higher; the label sets a dose limit instead.'
    : '';
  return `${head}${dose}${why}${l.note ? ` ${l.note}` : ''}`;
}
