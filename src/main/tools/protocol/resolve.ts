/**
 * The protocol's compounds as people write them: slug, name, alternative name, brand, DrugBank synonym or a near
 * spelling, resolved with the one name resolver (src/main/interactions/resolver.ts). A name that is not one of our
 * compounds, or that names a compound already listed, is a 400 naming its field.
 */
import type { CompoundRow } from '../../compounds/compound-repo.ts';
import { normalizeName } from '../../vocabulary/normalize.ts';
import { resolveName, suggestions, type Substance } from '../../vocabulary/resolver.ts';
import { ToolInputError, type ToolContext } from '../tool.ts';

export interface ResolvedCompound {
  input: string;
  row: CompoundRow;
  substance: Substance;
}

export function resolveCompounds(ctx: ToolContext, names: readonly string[]): ResolvedCompound[] {
  const out: ResolvedCompound[] = [];
  names.forEach((name, i) => {
    const field = `compounds.${i}`;
    if (!normalizeName(name))
      throw new ToolInputError(`${field} has no letters or digits`, [
        { field, message: 'must contain letters or digits' },
      ]);
    const s = resolveName(ctx.content, name);
    const row = s.compound ? ctx.compounds.bySlug(s.compound.slug) : undefined;
    if (!row) {
      const sug = suggestions(ctx.content, name)
        .filter((h) => h.slug)
        .map((h) => h.name);
      const known =
        s.status === 'resolved'
          ? ` (the interaction checker knows it as ${s.name}, but we carry no record for it)`
          : '';
      throw new ToolInputError(`${field} is not a compound we carry`, [
        {
          field,
          message: `not a compound we carry${known}${sug.length ? `; did you mean ${sug.join(', ')}?` : ''}`,
        },
      ]);
    }
    const j = out.findIndex((o) => o.row.slug === row.slug);
    if (j >= 0) {
      throw new ToolInputError(`${field} repeats compounds.${j}`, [
        { field, message: `names the same compound as compounds.${j} (${row.name})` },
      ]);
    }
    out.push({ input: name, row, substance: s });
  });
  return out;
}
