/**
 * POST /v1/chat/completions, POST /v1/chat/stream (server-sent events), GET /v1/agents and the stored
 * conversations. Both chat routes produce the same answer through ChatService; the stream writes it as events.
 */
import { stderrLog } from '../../http/log.ts';
import { agentList } from '../../chat/agents/registry.ts';
import { LlmError } from '../../chat/llm.ts';
import { DEFAULT_HEARTBEAT_MS, SseWriter } from '../../chat/sse.ts';
import type { ChatStreamEvent } from '../../../shared/schemas/chat.ts';
import { HttpError, notFound } from '../../http/http-error.ts';
import type { Handler } from '../../http/handlers.ts';
import type { AppContext } from '../../http/app-context.ts';

type ChatEndpoint = 'chatCompletions' | 'chatStream' | 'agentList' | 'conversationList' | 'conversationGet';

export function chatHandlers(
  ctx: AppContext,
  opts: { heartbeatMs?: number; log?: (msg: string, err?: unknown) => void } = {},
): { [K in ChatEndpoint]: Handler<K> } {
  const log = opts.log ?? stderrLog;
  return {
    chatCompletions: async ({ body, req, res }) => {
      const gone = new AbortController();
      res.once('close', () => {
        if (!res.writableFinished) gone.abort();
      });
      const turn = await ctx.chat.prepare(body);
      let result;
      try {
        result = await ctx.chat.produce(turn, body.max_tokens, gone.signal, () => {});
      } catch (err) {
        if (err instanceof LlmError) throw new HttpError('upstream_error', `${err.message}; the answer was incomplete`);
        throw err;
      }
      if (!result) throw new HttpError('invalid_request', 'the client closed the connection'); // nobody is left to read this
      ctx.chat.save(turn, body, result, req.apiKey?.id ?? null);
      return ctx.chat.message(turn, body, result);
    },

    chatStream: async ({ body, req, res }) => {
      const gone = new AbortController();
      const sse = new SseWriter(res, opts.heartbeatMs ?? DEFAULT_HEARTBEAT_MS, () => gone.abort());
      const turn = await ctx.chat.prepare(body); // a failure here is still an ordinary JSON error
      if (res.destroyed) return;
      sse.open();
      const send = (e: ChatStreamEvent) => sse.send(e.type, e);
      try {
        await send(ctx.chat.startEvent(turn, body));
        await send({
          type: 'content_block_start',
          index: 0,
          content_block: { type: 'text', text: '', citations: turn.citations },
        });
        const result = await ctx.chat.produce(turn, body.max_tokens, gone.signal, (text) =>
          send({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } }),
        );
        if (!result || sse.closed) return;
        await send({ type: 'content_block_stop', index: 0 });
        await send({
          type: 'message_delta',
          delta: { stop_reason: result.stopReason },
          usage: { input_tokens: turn.inputTokens, output_tokens: result.outputTokens },
        });
        await send({ type: 'message_stop' });
        ctx.chat.save(turn, body, result, req.apiKey?.id ?? null);
      } catch (err) {
        if (!(err instanceof LlmError)) log('chat stream failed after the first byte', err);
        await send({
          type: 'error',
          error:
            err instanceof LlmError
              ? { code: 'upstream_error', message: `${err.message}; the answer was incomplete` }
              : { code: 'internal', message: 'internal error' },
        });
      } finally {
        sse.end();
      }
    },

    agentList: () => {
      const data = agentList();
      return { data, meta: { total: data.length } };
    },

    conversationList: ({ query }) => {
      const { total, items } = ctx.conversations.list(query);
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

    conversationGet: ({ params }) => {
      const c = ctx.conversations.get(params.id);
      if (!c) throw notFound(`conversation "${params.id}"`);
      return { data: c };
    },
  };
}
