/** Shapes shared by the content build and the pair model: the scale, the sources, a stored class rule. */
import { INTERACTION_SEVERITIES } from '../../shared/enums.ts';

export type Severity = (typeof INTERACTION_SEVERITIES)[number];
export const RULE_SEVERITIES = ['contraindicated', 'major', 'moderate', 'minor'] as const;

/** Position on the scale contraindicated > major > moderate > minor > unknown (0 is the most severe). */
export const SEVERITY_RANK: Record<Severity, number> = Object.fromEntries(INTERACTION_SEVERITIES.map((s, i) => [s, i])) as Record<Severity, number>;

export function worst<T extends { severity: Severity }>(list: readonly T[]): T | null {
  let best: T | null = null;
  for (const x of list) if (!best || SEVERITY_RANK[x.severity] < SEVERITY_RANK[best.severity]) best = x;
  return best;
}

export interface RuleSide { classes: string[]; keys: string[] }

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
}
