/**
 * Every route (over /v1 and MCP) runs through here: a handler that meets the user database locked by another process
 * is run again from a timer (db/busy.ts) instead of blocking the event loop, and when the lock outlasts the deadline
 * the client gets 503 `unavailable` with Retry-After, never a 500. A handler is only retried while it has written
 * nothing to the client; its writes are single statements or transactions, so a failed try leaves nothing behind.
 */
import type { EndpointName } from '../../shared/endpoints.ts';
import { DatabaseBusyError, retryWhileBusy } from '../db/busy.ts';
import type { Handler, HandlerMap } from './handlers.ts';
import { HttpError } from './http-error.ts';

/** Seconds a client is asked to wait after a 503: a bounded import transaction (documents/import/cli.ts) is far shorter. */
export const BUSY_RETRY_AFTER_S = 2;

export function busyUnavailable(err: DatabaseBusyError): HttpError {
  return new HttpError('unavailable', `${err.message}; try again in a moment`, undefined, {
    'Retry-After': String(BUSY_RETRY_AFTER_S),
  });
}

export function retryHandlersWhileBusy(handlers: HandlerMap, deadlineMs: number): HandlerMap {
  const out: Partial<Record<EndpointName, Handler<EndpointName>>> = {};
  for (const [name, handler] of Object.entries(handlers) as [EndpointName, Handler<EndpointName>][]) {
    out[name] = async (input) => {
      try {
        return await retryWhileBusy(() => handler(input), { deadlineMs, canRetry: () => !input.res?.headersSent });
      } catch (err) {
        throw err instanceof DatabaseBusyError ? busyUnavailable(err) : err;
      }
    };
  }
  return out as HandlerMap;
}
