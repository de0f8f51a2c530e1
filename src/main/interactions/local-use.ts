/**
 * Local use: an eye drop, ear drop, skin cream, shampoo, pessary or coil puts little of the drug into the blood, and
 * most interaction sources (DDInter, the ONC lists, label sentences) describe systemic use — ketoconazole tablets with
 * simvastatin, not ketoconazole shampoo. When a medication line names such a product form, the pair's level is capped
 * here, in the one verdict every surface shows, with a note saying why; the findings stay listed.
 *
 * Conservative by design (clinical lead review 2026-11-28): a missed interaction is worse than an over-warning. The
 * forms, the ingredients never capped and the pairs where local use itself interacts are data
 * (resources/interactions/local-use.json, validated at load). No form read → no cap; a form with a route that does
 * not fit it ("oral gel") → no cap; nasal, transdermal, rectal, buccal, vaginal-ring and inhaled use → never capped.
 */
import { z } from 'zod';
import file from '../../../resources/interactions/local-use.json' with { type: 'json' };
import type { Severity, SubstanceContext } from './rules.ts';
import { RULE_SEVERITIES, SEVERITY_RANK } from './rules.ts';

const Schema = z.object({
  about: z.string(),
  forms: z.record(
    z.string(),
    z.object({ cap: z.enum(RULE_SEVERITIES), routes: z.array(z.string()).min(1), words: z.string() }),
  ),
  never: z.array(z.object({ keys: z.array(z.string()).min(1), why: z.string() })),
  partners: z.array(
    z.object({
      keys: z.array(z.string()).min(1),
      partner_classes: z.array(z.string()).min(1),
      routes: z.array(z.string()).optional(),
      why: z.string(),
    }),
  ),
});
const DATA = Schema.parse(file);
const NEVER = new Set(DATA.never.flatMap((n) => n.keys));

export interface LocalCap {
  severity: Severity;
  note: string;
}

/** The other side of the pair: its ingredient keys and their classes (partner exceptions name classes). */
export interface Partner {
  keys: readonly string[];
  classes: readonly string[];
}

/**
 * The most severe level a pair may have given how this side is used, or null when its use is not known to be local
 * or local use is known to matter for this ingredient (or for this partner).
 */
export function localUseCap(
  name: string,
  keys: readonly string[],
  ctx: SubstanceContext,
  partner?: Partner,
): LocalCap | null {
  if (!ctx.form) return null;
  const form = DATA.forms[ctx.form];
  if (!form) return null;
  if (ctx.route && !form.routes.includes(ctx.route)) return null;
  if (keys.some((k) => NEVER.has(k))) return null;
  const route = ctx.route ?? form.routes[0]!;
  if (
    partner &&
    DATA.partners.some(
      (p) =>
        p.keys.some((k) => keys.includes(k)) &&
        p.partner_classes.some((c) => partner.classes.includes(c)) &&
        (!p.routes || p.routes.includes(route)),
    )
  )
    return null;
  const how = ctx.route === 'vaginal' && ctx.form === 'topical' ? 'vaginally' : form.words;
  return {
    severity: form.cap,
    note:
      `${name} is used ${how}, which puts little of it into the blood; the sources describe systemic use, so the level is capped at ${form.cap}. ` +
      'Check the product and the area treated (large areas, broken skin or long use raise exposure).',
  };
}

/** The stricter of two caps (either side's local use limits how much the pair can interact). */
export function stricterCap(p: LocalCap | null, q: LocalCap | null): LocalCap | null {
  if (!p || !q) return p ?? q;
  return SEVERITY_RANK[p.severity] >= SEVERITY_RANK[q.severity] ? p : q;
}
