/** Shapes shared by the content build and the pair model: the scale, the sources, a stored class rule. */
import { INTERACTION_SEVERITIES } from '../../shared/enums.ts';

export type Severity = (typeof INTERACTION_SEVERITIES)[number];
export const RULE_SEVERITIES = ['contraindicated', 'major', 'moderate', 'minor'] as const;

/** Position on the scale contraindicated > major > moderate > minor > unknown (0 is the most severe). */
export const SEVERITY_RANK: Record<Severity, number> = Object.fromEntries(
  INTERACTION_SEVERITIES.map((s, i) => [s, i]),
) as Record<Severity, number>;

export function worst<T extends { severity: Severity }>(list: readonly T[]): T | null {
  let best: T | null = null;
  for (const x of list) if (!best || SEVERITY_RANK[x.severity] < SEVERITY_RANK[best.severity]) best = x;
  return best;
}

export interface RuleSide {
  classes: string[];
  keys: string[];
}

/**
 * What is known of how a substance is taken, for rules whose label level depends on it (simvastatin above 20 mg with
 * amlodipine; intravenous, not oral, calcium with digoxin). The vocabulary's medication-line parser supplies it; absent
 * fields are unknown.
 */
export interface SubstanceContext {
  route?: string;
  doseMg?: number;
  /** the product's form when it says how much reaches the blood ("shampoo": local-use.ts) */
  form?: string;
  /** tablets, capsules or puffs per dose when the line gives a count ("2 tablets"): doseMg is per unit */
  unitsPerDose?: number;
  /** doses a day when the line gives a frequency ("BD" → 2): label dose limits are daily (dose-limits.ts) */
  dosesPerDay?: number;
}

/** Route words as people and parsers write them → the route a rule names. */
const ROUTE_WORDS: Record<string, string> = {
  iv: 'intravenous',
  'i.v.': 'intravenous',
  intravenous: 'intravenous',
  intravenously: 'intravenous',
  infusion: 'intravenous',
  injection: 'injection',
  po: 'oral',
  'p.o.': 'oral',
  oral: 'oral',
  orally: 'oral',
  'by mouth': 'oral',
  tablet: 'oral',
  tablets: 'oral',
  capsule: 'oral',
  capsules: 'oral',
  im: 'intramuscular',
  intramuscular: 'intramuscular',
  sc: 'subcutaneous',
  subcut: 'subcutaneous',
  subcutaneous: 'subcutaneous',
  topical: 'topical',
  cutaneous: 'topical',
  cream: 'topical',
  ointment: 'topical',
  gel: 'topical',
  ophthalmic: 'ophthalmic',
  'eye drops': 'ophthalmic',
  inhaled: 'inhaled',
  inhalation: 'inhaled',
  nasal: 'nasal',
  intranasal: 'nasal',
};

export function normalRoute(route: string): string {
  const r = route.trim().toLowerCase();
  return ROUTE_WORDS[r] ?? r;
}

/**
 * A rule's condition on one side's substance: its severity holds when the route is one of `routes` and/or the dose is
 * above `dose_mg_above` (mg per dose as written; the labels' caps are daily doses of once-daily drugs). When the
 * condition is known not to hold, `otherwise` applies (severity null: the rule says nothing). When route or dose is
 * not known, the rule's own, more severe level is shown with `note` (unless `if_unknown` is "otherwise": an
 * escalation for a route nobody means by default, such as intravenous verapamil). `known_routes` lists names whose
 * route is fixed ("calcium carbonate" is only taken by mouth).
 */
export interface RuleCondition {
  on: 'a' | 'b';
  routes?: string[];
  dose_mg_above?: number;
  known_routes?: Record<string, string[]>;
  otherwise: { severity: (typeof RULE_SEVERITIES)[number] | null; mechanism?: string; management: string };
  if_unknown?: 'rule' | 'otherwise';
  note: string;
}

export type ConditionState = 'met' | 'not_met' | 'unknown';

/** Whether a rule's condition holds for a substance written as `written`, taken as `ctx` says. */
export function conditionState(c: RuleCondition, ctx: SubstanceContext, written: string): ConditionState {
  const states: ConditionState[] = [];
  if (c.routes) {
    let route = ctx.route ? normalRoute(ctx.route) : null;
    if (!route && c.known_routes) {
      const w = ` ${written
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, ' ')
        .trim()} `;
      route =
        Object.entries(c.known_routes).find(([, names]) =>
          names.some((n) => w.includes(` ${n.toLowerCase()} `)),
        )?.[0] ?? null;
    }
    states.push(route === null ? 'unknown' : c.routes.map(normalRoute).includes(route) ? 'met' : 'not_met');
  }
  if (c.dose_mg_above !== undefined)
    states.push(ctx.doseMg === undefined ? 'unknown' : ctx.doseMg > c.dose_mg_above ? 'met' : 'not_met');
  if (states.includes('not_met')) return 'not_met';
  return states.includes('unknown') ? 'unknown' : 'met';
}

export interface StoredRule {
  id: string;
  a: RuleSide;
  b: RuleSide;
  /** ingredient keys the rule does not cover on either side */
  except: string[];
  severity: (typeof RULE_SEVERITIES)[number];
  mechanism: string;
  management: string;
  basis: string[];
  /** the route or dose the rule's level depends on (absent: it holds however the drugs are taken) */
  when?: RuleCondition;
}
