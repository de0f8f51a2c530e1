import { notFound } from '../http-error.ts';
import type { Handler } from '../handlers.ts';
import type { AppContext } from './context.ts';

export function monographHandlers(ctx: AppContext): { monographList: Handler<'monographList'>; monographGet: Handler<'monographGet'> } {
  return {
    monographList: ({ query }) => {
      const { total, items } = ctx.monographs.list(query, query);
      return { data: items, meta: { total, returned: items.length, limit: query.limit, offset: query.offset, has_more: query.offset + items.length < total } };
    },
    monographGet: ({ params }) => {
      const m = ctx.monographs.get(params.slug);
      if (!m) throw notFound(`monograph "${params.slug}"`);
      return { data: m };
    },
  };
}
