/**
 * Refusals on /mcp as JSON-RPC error bodies. MCP clients parse an answer as JSON-RPC, so the REST envelope
 * (`{success:false,error:{...}}`) is unreadable to them: the official TypeScript SDK (and the Inspector built on it)
 * shows the body of a non-2xx answer, and a JSON-RPC body gives it the reason. The HTTP status stays what it is
 * (401, 403, 405, 413, 415, 429: proxies, retry logic and OAuth-aware clients go by it), and a 401 names the scheme
 * in WWW-Authenticate. The REST code, the status and the field details go in `error.data`.
 */
import type { ErrorRequestHandler, Response } from 'express';
import { ERROR_STATUS, type ErrorCode, type ErrorDetail } from '../../shared/errors.ts';
import { HttpError } from '../http/http-error.ts';
import type { Log } from '../http/log.ts';
import { bodyStillArriving } from '../http/middleware/body-state.ts';

/** JSON-RPC 2.0 codes, and the server-defined ones (-32000 to -32099) this server uses for transport refusals. */
export const RPC = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internal: -32603,
  /** MCP: resources/read of a URI that names nothing. */
  resourceNotFound: -32002,
  unauthorized: -32001,
  forbidden: -32003,
  rateLimited: -32029,
} as const;

const RPC_OF: Partial<Record<ErrorCode, number>> = {
  unauthorized: RPC.unauthorized,
  forbidden: RPC.forbidden,
  rate_limited: RPC.rateLimited,
  internal: RPC.internal,
  upstream_error: RPC.internal,
};

export type RpcId = string | number | null;

export interface RpcErrorBody {
  jsonrpc: '2.0';
  id: RpcId;
  error: { code: number; message: string; data?: Record<string, unknown> };
}

/** The JSON-RPC error of a refusal: "<code>: <reason>" as the message, so a client that shows only that still says why. */
export function rpcErrorOf(err: HttpError, id: RpcId = null, rpcCode?: number): RpcErrorBody {
  const retry = err.headers?.['Retry-After'];
  return {
    jsonrpc: '2.0',
    id,
    error: {
      code: rpcCode ?? RPC_OF[err.code] ?? RPC.invalidRequest,
      message: `${err.code}: ${err.message}`,
      data: {
        status: err.status,
        code: err.code,
        ...(err.details?.length ? { details: err.details } : {}),
        ...(retry ? { retry_after: Number(retry) } : {}),
      },
    },
  };
}

/** WWW-Authenticate of a 401 (RFC 6750): the scheme is Bearer with an API key; there is no OAuth server to discover. */
export function wwwAuthenticate(details: readonly ErrorDetail[] | undefined): string {
  const missing = details?.some((d) => d.message === 'missing');
  const description = 'Materia uses API keys, not OAuth: send Authorization: Bearer <key> or X-API-Key: <key>';
  return missing
    ? `Bearer realm="materia", error_description="${description}"`
    : `Bearer realm="materia", error="invalid_token", error_description="${description}"`;
}

/** Writes a refusal: status, its headers, and one JSON-RPC error (or one per request of a refused batch). */
export function sendRefusal(res: Response, err: HttpError, ids: readonly RpcId[] = [null], rpcCode?: number) {
  for (const [k, v] of Object.entries(err.headers ?? {})) res.setHeader(k, v);
  if (err.status === 401) res.setHeader('WWW-Authenticate', wwwAuthenticate(err.details));
  const bodies = ids.map((id) => rpcErrorOf(err, id, rpcCode));
  res.status(err.status).json(bodies.length === 1 ? bodies[0] : bodies);
}

const CODE_OF_STATUS = new Map(
  Object.entries(ERROR_STATUS).map(([code, status]) => [status as number, code as ErrorCode]),
);

/**
 * The error handler of /mcp (mounted after the router, so the app-wide Host/Origin refusals reach it too). A 4xx from
 * Express or a library keeps its status; anything else unexpected is logged and is a 500.
 */
export function mcpErrorHandler(log: Log): ErrorRequestHandler {
  return (err: unknown, req, res, _next) => {
    let httpErr: HttpError;
    if (err instanceof HttpError) httpErr = err;
    else {
      const e = err as { status?: unknown; statusCode?: unknown } | null;
      const status = typeof e?.status === 'number' ? e.status : typeof e?.statusCode === 'number' ? e.statusCode : null;
      const code = status !== null && status >= 400 && status < 500 ? CODE_OF_STATUS.get(status) : undefined;
      if (code)
        httpErr = new HttpError(
          code,
          code === 'invalid_request' ? 'the request could not be read' : code.replace(/_/g, ' '),
        );
      else {
        log(`unexpected error on ${req.method} ${JSON.stringify(req.originalUrl)}`, err);
        httpErr = new HttpError('internal', 'internal error');
      }
    }
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (bodyStillArriving(req)) res.setHeader('Connection', 'close');
    const malformed =
      httpErr.code === 'invalid_request' && httpErr.details?.some((d) => d.message === 'malformed JSON');
    sendRefusal(res, httpErr, [null], malformed ? RPC.parseError : undefined);
  };
}
