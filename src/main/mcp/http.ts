/**
 * POST /mcp: the Model Context Protocol over Streamable HTTP (official SDK, stateless: one server and transport per
 * request, JSON responses). Mounted like /v1 (app.ts): the app-wide Host/Origin check (local-only.ts: a foreign Origin
 * is a 403) has run; then cross-site and query-string keys are refused, the key is verified (401), and only then is
 * the body read (JSON only, 1 MB). Scopes and rate limits are per tool call (server.ts), in the /v1 routes' buckets.
 * GET (a server-to-client event stream) and DELETE (ending a session) have no use without sessions: 405.
 * Every refusal is a JSON-RPC error body with the HTTP status kept (errors.ts, mounted after this router in app.ts).
 */
import express, { Router, type RequestHandler } from 'express';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { HttpError } from '../server/http-error.ts';
import { presentedKey, refuseQueryKeys } from '../server/middleware/auth.ts';
import { bodyDeadline, bodyErrors, MAX_BODY_BYTES, requireJson } from '../server/middleware/json-body.ts';
import { refuseCrossSite } from '../server/middleware/local-only.ts';
import { buildMcpServer, type McpDeps } from './server.ts';

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
    if (req.path !== '/') { next(new HttpError('not_found', `no route ${req.method} /mcp${req.path}`)); return; }
    if (req.method !== 'POST') {
      next(new HttpError('method_not_allowed', `${req.method} is not allowed here; this MCP endpoint is stateless: use POST`, undefined, { Allow: 'POST' }));
      return;
    }
    next();
  };
  const authenticate: RequestHandler = (req, _res, next) => {
    const presented = presentedKey(req);
    if (!presented) {
      next(new HttpError('unauthorized', 'API key required: send Authorization: Bearer <key> or X-API-Key: <key>', [{ field: 'Authorization', message: 'missing' }]));
      return;
    }
    const check = deps.ctx.keys.verify(presented);
    if (!check.ok) { next(new HttpError('unauthorized', REASONS[check.reason], [{ field: 'Authorization', message: check.reason }])); return; }
    req.apiKey = check.key;
    next();
  };

  router.use(onlyRoot, authenticate, requireJson, bodyDeadline(opts.bodyDeadlineMs), express.json({ limit: MAX_BODY_BYTES, strict: true, type: 'application/json' }), bodyErrors);
  router.post('/', async (req, res, next) => {
    try {
      const server = buildMcpServer(deps, { key: req.apiKey!, req, res });
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      res.once('close', () => { void transport.close(); void server.close(); });
      await server.connect(transport);
      await transport.handleRequest(req, res, req.body);
    } catch (err) {
      next(err);
    }
  });
  return router;
}
