/**
 * POST /mcp: the Model Context Protocol over Streamable HTTP (official SDK, stateless: one server and transport per
 * request, JSON responses). Mounted like /v1 (server/app.ts): the app-wide Host/Origin check (local-only.ts: a foreign Origin
 * is a 403) has run; then cross-site and query-string keys are refused, the key is verified (401), and only then is
 * the body read (JSON only, 1 MB). Its JSON-RPC messages are checked (messages.ts) and each one is charged to the key's
 * "mcp.messages" allowance (a batch as many times as it holds messages, all or none, X-RateLimit-* on every answer).
 * Scopes and the /v1 routes' own buckets are per tool call (server.ts).
 * GET (a server-to-client event stream) and DELETE (ending a session) have no use without sessions: 405.
 * Every refusal is a JSON-RPC error body with the HTTP status kept (errors.ts, mounted after this router in server/app.ts).
 */
import express, { Router, type RequestHandler } from 'express';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { HttpError } from '../http/http-error.ts';
import { presentedKey, refuseQueryKeys } from '../http/middleware/auth.ts';
import { bodyDeadline, bodyErrors, MAX_BODY_BYTES, requireJson } from '../http/middleware/json-body.ts';
import { refuseCrossSite } from '../http/middleware/local-only.ts';
import { rateLimitFor } from '../../shared/rate-limits.ts';
import { setRateLimitHeaders } from '../http/middleware/rate-limit.ts';
import { sendRefusal } from './errors.ts';
import { checkMessages } from './messages.ts';
import { buildMcpServer, type McpDeps } from './server.ts';

const MESSAGE_RULE = rateLimitFor('POST /mcp')!;

const REASONS = {
  malformed: 'malformed API key (expected mk_<id>_<secret>)',
  unknown: 'invalid API key',
  revoked: 'this API key has been revoked',
  expired: 'this API key has expired',
} as const;

export function mcpRouter(deps: McpDeps, opts: { bodyDeadlineMs: number }): Router {
  const router = Router({ strict: false });
  router.use(refuseCrossSite, refuseQueryKeys());

  const onlyRoot: RequestHandler = (req, _res, next) => {
    if (req.path !== '/') {
      next(new HttpError('not_found', `no route ${req.method} /mcp${req.path}`));
      return;
    }
    if (req.method !== 'POST') {
      next(
        new HttpError(
          'method_not_allowed',
          `${req.method} is not allowed here; this MCP endpoint is stateless: use POST`,
          undefined,
          { Allow: 'POST' },
        ),
      );
      return;
    }
    next();
  };
  const authenticate: RequestHandler = (req, _res, next) => {
    const presented = presentedKey(req);
    if (!presented) {
      next(
        new HttpError('unauthorized', 'API key required: send Authorization: Bearer <key> or X-API-Key: <key>', [
          { field: 'Authorization', message: 'missing' },
        ]),
      );
      return;
    }
    const check = deps.ctx.keys.verify(presented);
    if (!check.ok) {
      next(new HttpError('unauthorized', REASONS[check.reason], [{ field: 'Authorization', message: check.reason }]));
      return;
    }
    req.apiKey = check.key;
    next();
  };

  router.use(
    onlyRoot,
    authenticate,
    requireJson,
    bodyDeadline(opts.bodyDeadlineMs),
    express.json({ limit: MAX_BODY_BYTES, strict: false, type: 'application/json' }),
    bodyErrors,
  );
  router.post('/', async (req, res, next) => {
    try {
      const checked = checkMessages(req.body);
      if (!checked.ok) {
        res.status(checked.status).json(checked.body);
        return;
      }
      const { messages, requestIds, rawArguments } = checked.value;
      const keyId = req.apiKey!.id;
      const state = deps.limiter.peek(keyId, MESSAGE_RULE);
      if (state.remaining + state.burstRemaining < messages.length) {
        const reset = Math.max(1, state.reset - Math.floor(deps.ctx.now() / 1000));
        setRateLimitHeaders(res, state);
        const burst = state.burstLimit ? ` plus ${state.burstLimit} hourly burst` : '';
        sendRefusal(
          res,
          new HttpError(
            'rate_limited',
            `rate limit exceeded for MCP messages: ${state.limit} per minute${burst}; this POST holds ${messages.length}; retry in ${reset} s`,
            [{ field: 'retry_after', message: String(reset) }],
            { 'Retry-After': String(reset) },
          ),
          requestIds.length ? requestIds : [null],
        );
        return;
      }
      let last = state;
      for (let i = 0; i < messages.length; i++) last = deps.limiter.take(keyId, MESSAGE_RULE);
      setRateLimitHeaders(res, last);
      const server = buildMcpServer(deps, { key: req.apiKey!, req, res, rawArguments });
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      res.once('close', () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      await transport.handleRequest(req, res, req.body);
    } catch (err) {
      next(err);
    }
  });
  return router;
}
