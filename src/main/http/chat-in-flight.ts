/**
 * The per-key limit of chats in flight (src/shared/rate-limits.ts, CHAT_IN_FLIGHT_PER_KEY), for both faces: wraps the
 * two chat handlers, which /v1 and MCP's `chat` tool both call, so a key cannot keep more chats than that being worked
 * on at once. A chat beyond it is refused before any of its work starts: 429 `rate_limited` with Retry-After and the
 * field `in_flight` named. The slot is given back when the handler settles (a stream: when its last event is written).
 */
import type { EndpointName } from '../../shared/endpoints.ts';
import { CHAT_IN_FLIGHT_PER_KEY, CHAT_IN_FLIGHT_RETRY_AFTER_S } from '../../shared/rate-limits.ts';
import { InFlight } from '../ratelimit/in-flight.ts';
import type { Handler, HandlerMap } from './handlers.ts';
import { HttpError } from './http-error.ts';

const CHAT_ROUTES = ['chatCompletions', 'chatStream'] as const satisfies readonly EndpointName[];

export function limitChatsInFlight(
  handlers: HandlerMap,
  inFlight = new InFlight(),
  limit = CHAT_IN_FLIGHT_PER_KEY,
): HandlerMap {
  const out = { ...handlers } as Record<EndpointName, Handler<EndpointName>>;
  for (const name of CHAT_ROUTES) {
    const handler = handlers[name] as Handler<EndpointName>;
    out[name] = async (input) => {
      // chat needs a key (scope "chat"); the bucket is per key, whichever chat route or face it comes through
      const subject = input.req.apiKey?.id ?? 'anonymous';
      if (!inFlight.enter(subject, limit))
        throw new HttpError(
          'rate_limited',
          `this key already has ${limit} chats being answered; send the next one when one of them has finished (retry in ${CHAT_IN_FLIGHT_RETRY_AFTER_S} s)`,
          [{ field: 'in_flight', message: `at most ${limit} chats per key at a time` }],
          { 'Retry-After': String(CHAT_IN_FLIGHT_RETRY_AFTER_S) },
        );
      try {
        return await handler(input);
      } finally {
        inFlight.leave(subject);
      }
    };
  }
  return out as HandlerMap;
}
