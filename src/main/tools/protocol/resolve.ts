/**
 * The protocol's compounds as people write them: slug, name, alternative name, brand or DrugBank synonym, resolved
 * with the interaction checker's resolver (one name lookup for every tool). A name that is not one of our compounds,
 * or that names a compound already listed, is a 400 naming its field.
 */
import type { CompoundRow } from '../../compounds/compound-repo.ts';
import { resolveSubstance, suggestionsFor } from '../interactions/tool.ts';
import { ToolInputError, type ToolContext } from '../tool.ts';

export interface ResolvedCompound { input: string; row: CompoundRow }

export function resolveCompounds(ctx: ToolContext, names: readonly string[]): ResolvedCompound[] {
  const out: ResolvedCompound[] = [];
  names.forEach((name, i) => {
    const field = `compounds.${i}`;
    const s = resolveSubstance(ctx.content, name, field);
    const row = s.compound ? ctx.compounds.bySlug(s.compound.slug) : undefined;
    if (!row) {
      const sug = suggestionsFor(ctx.content, name).filter((h) => h.slug).map((h) => h.name);
      throw new ToolInputError(`${field} is not a compound we carry`, [{
        field, message: `not a compound we carry${s.status === 'ddinter' ? ' (it is known to the interaction checker only)' : ''}${sug.length ? `; did you mean ${sug.join(', ')}?` : ''}`,
      }]);
    }
    const j = out.findIndex((o) => o.row.slug === row.slug);
    if (j >= 0) {
      throw new ToolInputError(`${field} repeats compounds.${j}`, [{ field, message: `names the same compound as compounds.${j} (${row.name})` }]);
    }
    out.push({ input: name, row });
  });
  return out;
}
