import { NoSearchableText } from '../../search/search-service.ts';
import { HttpError } from '../../http/http-error.ts';
import type { Handler } from '../../http/handlers.ts';
import type { AppContext } from '../../http/app-context.ts';

export function searchHandlers(ctx: AppContext): { search: Handler<'search'> } {
  return {
    search: async ({ body }) => {
      try {
        return { data: await ctx.search.search(body) };
      } catch (err) {
        if (err instanceof NoSearchableText)
          throw new HttpError('invalid_request', 'the query has no searchable words', [
            { field: 'query', message: 'must contain at least one letter or digit' },
          ]);
        throw err;
      }
    },
  };
}
