/**
 * Local use: an eye drop, ear drop, skin cream, shampoo, nasal spray, pessary or coil puts little of the drug into the
 * blood, and most interaction sources (DDInter, the ONC lists, label sentences) describe systemic use — ketoconazole
 * tablets with simvastatin, not ketoconazole shampoo. When a medication line says the drug is used locally, the pair's
 * level is capped here, in the one verdict every surface shows, with a note saying why; the findings stay listed.
 *
 * Caps (editorial, conservative): eye, ear, scalp and intrauterine use → at most minor; skin, vaginal and nasal use
 * (larger or mucosal areas, with case reports such as vaginal miconazole raising the INR on warfarin) → at most moderate.
 * Not capped: transdermal patches, buccal gels and inhalers (made to reach the blood or the lung), and eye-drop
 * beta-blockers, whose labels warn of systemic beta-blockade (timolol with verapamil or with a beta-blocker by mouth).
 */
import type { Severity, SubstanceContext } from './rules.ts';
import { SEVERITY_RANK } from './rules.ts';

const ROUTE_CAP: Record<string, Severity> = {
  ophthalmic: 'minor', otic: 'minor', intrauterine: 'minor', topical: 'moderate', vaginal: 'moderate', nasal: 'moderate',
};
const FORM_CAP: Record<string, Severity> = { shampoo: 'minor' };
const ROUTE_WORDS: Record<string, string> = { ophthalmic: 'in the eye', otic: 'in the ear', intrauterine: 'in the womb (a coil)', topical: 'on the skin', vaginal: 'vaginally', nasal: 'in the nose' };

/** Ingredients whose local use still reaches the blood enough to matter. */
const SYSTEMIC_ANYWAY = new Set(['timolol', 'betaxolol', 'carteolol', 'levobunolol', 'metipranolol']);

export interface LocalCap { severity: Severity; note: string }

/** The most severe level a pair may have given how this side is used, or null when its use is not local. */
export function localUseCap(name: string, keys: readonly string[], ctx: SubstanceContext): LocalCap | null {
  if (keys.some((k) => SYSTEMIC_ANYWAY.has(k))) return null;
  const byForm = ctx.form ? FORM_CAP[ctx.form] : undefined;
  const byRoute = ctx.route ? ROUTE_CAP[ctx.route] : undefined;
  const severity = byForm ?? byRoute;
  if (!severity) return null;
  const how = ctx.form && byForm ? `as a ${ctx.form}` : ROUTE_WORDS[ctx.route!] ?? ctx.route!;
  return {
    severity,
    note: `${name} is used ${how}, which puts little of it into the blood; the sources describe systemic use, so the level is capped at ${severity}. `
      + 'Check the product and the area treated (large areas, broken skin or long use raise exposure).',
  };
}

/** The stricter of two caps (either side's local use limits how much the pair can interact). */
export function stricterCap(p: LocalCap | null, q: LocalCap | null): LocalCap | null {
  if (!p || !q) return p ?? q;
  return SEVERITY_RANK[p.severity] >= SEVERITY_RANK[q.severity] ? p : q;
}
