/**
 * Checks of a profile that need the knowledge base: goals are known subcategories, compounds are ones we carry — by slug
 * or by any name the vocabulary reads exactly ("St John's wort", a brand). Returns the compounds as slugs.
 */
import type { ProfilePutRequest } from '../../shared/schemas/insights.ts';
import type { z } from 'zod';
import { resolveName, suggestions } from '../vocabulary/resolver.ts';
import { checkGoals } from '../tools/peptide-stack/tool.ts';
import { ToolInputError, type ToolContext } from '../tools/tool.ts';

export function checkProfile(tool: ToolContext, p: z.output<typeof ProfilePutRequest>): string[] {
  const details: { field: string; message: string }[] = [];
  const year = new Date(tool.now()).getUTCFullYear();
  if (p.birth_year !== null && p.birth_year > year)
    details.push({ field: 'birth_year', message: `must not be after ${year}` });
  try {
    checkGoals(tool.content, p.goals);
  } catch (err) {
    if (!(err instanceof ToolInputError)) throw err;
    details.push(...err.details);
  }
  const found = tool.compounds.bySlugs(p.compounds);
  const slugs = p.compounds.map((entry, i) => {
    if (found.has(entry)) return entry;
    const named = resolveName(tool.content, entry, { typos: false });
    if (named.status === 'resolved' && named.compound) return named.compound.slug;
    const close = suggestions(tool.content, entry)
      .filter((h) => h.slug)
      .map((h) => h.slug);
    details.push({
      field: `compounds.${i}`,
      message: `no compound with this slug or name${close.length ? `; did you mean ${close.join(', ')}?` : ' (list medications by name under medications)'}`,
    });
    return entry;
  });
  if (new Set(slugs).size !== slugs.length)
    details.push({ field: 'compounds', message: 'compounds must not repeat (two entries name the same compound)' });
  if (details.length) throw new ToolInputError(`invalid profile: ${details.map((d) => d.field).join(', ')}`, details);
  return slugs;
}
