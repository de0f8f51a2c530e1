import { NoSearchableTerms } from '../../compounds/compound-repo.ts';
import { HttpError, notFound } from '../../http/http-error.ts';
import type { Handler } from '../../http/handlers.ts';
import type { AppContext } from '../../http/app-context.ts';

export function monographHandlers(ctx: AppContext): {
  monographList: Handler<'monographList'>;
  monographGet: Handler<'monographGet'>;
} {
  return {
    monographList: ({ query }) => {
      let page: ReturnType<typeof ctx.monographs.list>;
      try {
        page = ctx.monographs.list(query, query);
      } catch (err) {
        // `q` is a compound search: text without a letter or digit (`"`, `*)`) has nothing to search for, as in POST /v1/compounds/search.
        if (err instanceof NoSearchableTerms)
          throw new HttpError('invalid_request', 'the query has no searchable words', [
            { field: 'q', message: 'must contain at least one letter or digit' },
          ]);
        throw err;
      }
      const { total, items } = page;
      return {
        data: items,
        meta: {
          total,
          returned: items.length,
          limit: query.limit,
          offset: query.offset,
          has_more: query.offset + items.length < total,
        },
      };
    },
    monographGet: ({ params }) => {
      const m = ctx.monographs.get(params.slug);
      if (!m) throw notFound(`monograph "${params.slug}"`);
      return { data: m };
    },
  };
}
