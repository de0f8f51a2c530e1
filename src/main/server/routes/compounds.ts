import { NoSearchableTerms, toCompoundRecord } from '../../compounds/compound-repo.ts';
import type { FiltersApplied } from '../../../shared/schemas/compounds.ts';
import type { z } from 'zod';
import { HttpError, notFound } from '../../http/http-error.ts';
import type { Handler } from '../../http/handlers.ts';
import type { AppContext } from '../../http/app-context.ts';

export function compoundHandlers(ctx: AppContext): {
  compoundSearch: Handler<'compoundSearch'>;
  compoundGet: Handler<'compoundGet'>;
  compoundBatch: Handler<'compoundBatch'>;
} {
  return {
    compoundSearch: ({ body }) => {
      const applied: z.infer<typeof FiltersApplied> = {
        ...(body.category ? { category: body.category } : {}),
        ...(body.subcategory ? { subcategory: body.subcategory } : {}),
        ...(body.filters?.evidence_grade ? { evidence_grade: body.filters.evidence_grade } : {}),
        ...(body.filters?.status ? { status: body.filters.status } : {}),
        ...(body.filters?.has_studies !== undefined ? { has_studies: body.filters.has_studies } : {}),
      };
      let result;
      try {
        result = ctx.compounds.search(body.query, applied, { limit: body.limit, offset: body.offset });
      } catch (err) {
        if (err instanceof NoSearchableTerms)
          throw new HttpError('invalid_request', 'the query has no searchable words', [
            { field: 'query', message: 'must contain at least one letter or digit (or be "*")' },
          ]);
        throw err;
      }
      const include = {
        interactions: body.include_interactions,
        research: body.include_research,
        dosing: body.include_dosing,
      };
      const data = result.rows.map((r) => toCompoundRecord(r, include));
      return {
        data,
        meta: {
          total: result.total,
          returned: data.length,
          limit: body.limit,
          offset: body.offset,
          has_more: body.offset + data.length < result.total,
          query: body.query,
          filters_applied: applied,
        },
      };
    },

    compoundGet: ({ params }) => {
      const row = ctx.compounds.bySlug(params.slug);
      if (!row) throw notFound(`compound "${params.slug}"`);
      return { data: toCompoundRecord(row) };
    },

    compoundBatch: ({ body }) => {
      const found = ctx.compounds.bySlugs(body.slugs);
      const data = body.slugs.flatMap((s) => {
        const r = found.get(s);
        return r ? [toCompoundRecord(r)] : [];
      });
      return {
        data,
        meta: { requested: body.slugs.length, found: data.length, missing: body.slugs.filter((s) => !found.has(s)) },
      };
    },
  };
}
