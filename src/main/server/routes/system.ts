import type { Handler } from '../handlers.ts';
import type { AppContext } from './context.ts';

export function systemHandlers(ctx: AppContext): { health: Handler<'health'>; openapi: Handler<'openapi'>; content: Handler<'content'> } {
  return {
    health: () => ({
      data: {
        status: 'ok',
        version: ctx.version,
        content: { version: ctx.content.version, counts: ctx.content.counts },
        search_mode: 'lexical',
        search_mode_reason: 'no embedding model is installed: search runs on FTS5 (BM25) only',
      },
    }),
    openapi: () => ctx.openapi(),
    content: () => ({ data: ctx.content }),
  };
}
