/**
 * The /v1 face: ENDPOINTS bound to Express routes. Every route comes from ENDPOINTS, so the OpenAPI document and the
 * router cannot drift apart; each request is matched, authenticated, charged and validated in a fixed order before its
 * handler runs, and its answer is wrapped in the {success: true} envelope (and checked against its schema in tests).
 * Mounted by the composition root (app.ts) beside /mcp, which calls the same handler map.
 */
import express, { type RequestHandler, type Router } from 'express';
import { ENDPOINTS, type Endpoint, type EndpointName } from '../../shared/endpoints.ts';
import type { RateLimitRule } from '../../shared/rate-limits.ts';
import type { KeyStore } from '../keys/key-store.ts';
import type { RateLimiter } from '../ratelimit/limiter.ts';
import type { Handler, HandlerMap } from '../http/handlers.ts';
import { HttpError } from '../http/http-error.ts';
import { authenticate, refuseQueryKeys } from '../http/middleware/auth.ts';
import { bodyErrors, readBody } from '../http/middleware/json-body.ts';
import { hasBody } from '../http/middleware/body-state.ts';
import { refuseCrossSite } from '../http/middleware/local-only.ts';
import { rateLimit } from '../http/middleware/rate-limit.ts';
import { decodeParams, matchRoute } from '../http/route-match.ts';
import type { Log } from '../http/log.ts';
import { parseOrThrow } from '../http/validation.ts';

export interface V1Deps {
  keys: KeyStore;
  handlers: HandlerMap;
  limiter: RateLimiter;
  /** The rate-limit rule of an endpoint, by its name in ENDPOINTS. */
  ruleOf: (name: string) => RateLimitRule;
  bodyDeadlineMs: number;
  /** Check every response against its schema (tests); a mismatch becomes a 500 and is logged. */
  checkResponses: boolean;
  log: Log;
}

export const toExpressPath = (p: string) => p.replace(/\{(\w+)\}/g, ':$1');

export function v1Router(deps: V1Deps): Router {
  // Order matters: nothing about the request's content is looked at until it is known whose request it is and that it
  // may be made (edge checks → route → auth → rate limit → 404/405 → path parameters → body → handler).
  const api = express.Router();
  api.use(refuseCrossSite, refuseQueryKeys());
  api.use((req, _res, next) => {
    req.resolvedRoute = matchRoute(req.method, req.path);
    next();
  });
  api.use(authenticate(deps.keys), rateLimit(deps.limiter, deps.ruleOf));
  api.use((req, res, next) => {
    const route = req.resolvedRoute!;
    if (route.kind === 'none') {
      next(new HttpError('not_found', `no route ${req.method} /v1${req.path}`));
      return;
    }
    if (route.kind === 'wrong_method') {
      next(
        new HttpError(
          'method_not_allowed',
          `${req.method} is not allowed here; use ${route.allow.join(' or ')}`,
          undefined,
          { Allow: route.allow.join(', ') },
        ),
      );
      return;
    }
    const decoded = decodeParams(route.rawParams);
    if ('bad' in decoded) {
      next(
        new HttpError('invalid_request', `invalid path parameter: ${decoded.bad}`, [
          { field: decoded.bad, message: 'is not valid percent-encoded UTF-8' },
        ]),
      );
      return;
    }
    // A body sent to a route that takes none is never read; closing the connection after the answer discards it.
    if (!route.endpoint.body && hasBody(req)) res.setHeader('Connection', 'close');
    next();
  });
  api.use(...readBody(deps.bodyDeadlineMs), bodyErrors);
  for (const [name, endpoint] of Object.entries(ENDPOINTS) as [EndpointName, Endpoint][]) {
    const path = toExpressPath(endpoint.path).replace(/^\/v1/, '');
    api[endpoint.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'](
      path,
      bind(name, endpoint, deps.handlers[name] as Handler<EndpointName>, deps.checkResponses, deps.log),
    );
  }
  return api;
}

function bind(
  name: EndpointName,
  endpoint: Endpoint,
  handler: Handler<EndpointName>,
  checkResponses: boolean,
  log: Log,
): RequestHandler {
  return async (req, res, next) => {
    try {
      // The router must run the endpoint that auth and the limits were decided for (route-match.ts mirrors its matching).
      const resolved = req.resolvedRoute;
      if (resolved?.kind !== 'found' || resolved.name !== name)
        throw new Error(
          `route mismatch: resolved ${resolved?.kind === 'found' ? resolved.name : resolved?.kind}, dispatched ${name}`,
        );
      const input = {
        params: endpoint.params ? parseOrThrow(endpoint.params, req.params, 'path') : undefined,
        query: endpoint.query ? parseOrThrow(endpoint.query, req.query, 'query') : undefined,
        body: endpoint.body ? parseOrThrow(endpoint.body, req.body, 'body') : undefined,
        req,
        res,
      };
      if (!endpoint.query && Object.keys(req.query as object).length) {
        throw new HttpError(
          'invalid_request',
          'this route takes no query parameters',
          Object.keys(req.query as object).map((k) => ({ field: k, message: 'unknown parameter' })),
        );
      }
      const result = await handler(input as never);
      if (endpoint.stream) return; // the handler wrote the response (server-sent events)
      const body = endpoint.envelope === false ? result : { success: true, ...(result as object) };
      if (checkResponses) {
        const check = endpoint.response.safeParse(body);
        if (!check.success) {
          log(`response of ${endpoint.method} ${endpoint.path} does not match its schema`, check.error.issues);
          throw new Error('response schema mismatch');
        }
      }
      res.status(200).json(body);
    } catch (err) {
      next(err);
    }
  };
}
