/** Checks of a profile that need the knowledge base: goals are known subcategories, compounds are slugs we carry. */
import type { ProfilePutRequest } from '../../shared/schemas/insights.ts';
import type { z } from 'zod';
import { suggestions } from '../vocabulary/resolver.ts';
import { checkGoals } from '../tools/peptide-stack/tool.ts';
import { ToolInputError, type ToolContext } from '../tools/tool.ts';

export function checkProfile(tool: ToolContext, p: z.output<typeof ProfilePutRequest>): void {
  const details: { field: string; message: string }[] = [];
  const year = new Date(tool.now()).getUTCFullYear();
  if (p.birth_year !== null && p.birth_year > year) details.push({ field: 'birth_year', message: `must not be after ${year}` });
  try {
    checkGoals(tool.content, p.goals);
  } catch (err) {
    if (!(err instanceof ToolInputError)) throw err;
    details.push(...err.details);
  }
  const found = tool.compounds.bySlugs(p.compounds);
  p.compounds.forEach((slug, i) => {
    if (found.has(slug)) return;
    const close = suggestions(tool.content, slug).filter((h) => h.slug).map((h) => h.slug);
    details.push({ field: `compounds.${i}`, message: `no compound with this slug${close.length ? `; did you mean ${close.join(', ')}?` : ' (list medications by name under medications)'}` });
  });
  if (details.length) throw new ToolInputError(`invalid profile: ${details.map((d) => d.field).join(', ')}`, details);
}
