import type { Handler } from '../../http/handlers.ts';
import type { AppContext } from '../../http/app-context.ts';

export function systemHandlers(ctx: AppContext): {
  health: Handler<'health'>;
  openapi: Handler<'openapi'>;
  content: Handler<'content'>;
} {
  return {
    health: () => ({
      data: {
        status: 'ok',
        version: ctx.version,
        content: { version: ctx.content.version, counts: ctx.content.counts },
        search_mode: ctx.search.mode().mode,
        search_mode_reason:
          ctx.semantic?.status().state === 'ready' || !ctx.semantic
            ? ctx.search.mode().reason
            : ctx.semantic.status().reason,
        search_index: ctx.semantic
          ? (({ model, state, done, total }) => ({ model, state, done, total }))(ctx.semantic.status())
          : { model: 'none', state: 'no_model', done: 0, total: 0 },
      },
    }),
    openapi: () => ctx.openapi(),
    content: () => ({ data: ctx.content }),
  };
}
