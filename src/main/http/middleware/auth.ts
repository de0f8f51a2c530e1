/**
 * API keys: `X-API-Key: <key>` or `Authorization: Bearer <key>` on every route (DESIGN.md §5 "Auth").
 * Keys in the query string are refused outright so they never land in logs or browser history.
 * Auth runs on the resolved route before the body is read or a path parameter decoded (see server/v1-router.ts for the order).
 */
import type { Request, RequestHandler } from 'express';
import type { ApiKeyRecord, KeyStore } from '../../keys/key-store.ts';
import { HttpError } from '../http-error.ts';
import type { RouteMatch } from '../route-match.ts';

const QUERY_KEY_NAMES = ['api_key', 'apikey', 'key', 'access_token', 'token', 'x-api-key'];

declare module 'express-serve-static-core' {
  interface Request {
    apiKey?: ApiKeyRecord;
    /** The endpoint this /v1 request is for, decided before anything else (route-match.ts). */
    resolvedRoute?: RouteMatch;
    /** A valid key without the route's scope: the 403 is sent after its rate-limit headers are set. */
    scopeRefusal?: HttpError;
  }
}

export function presentedKey(req: Request): string | null {
  const header = req.headers['x-api-key'];
  const xKey = typeof header === 'string' ? header.trim() : null;
  const auth = req.headers.authorization;
  const bearer = auth && /^Bearer\s+/i.test(auth) ? auth.replace(/^Bearer\s+/i, '').trim() : null;
  if (auth && !bearer)
    throw new HttpError('unauthorized', 'the Authorization header must use the Bearer scheme', [
      { field: 'Authorization', message: 'expected "Bearer <key>"' },
    ]);
  if (xKey && bearer && xKey !== bearer)
    throw new HttpError('unauthorized', 'X-API-Key and Authorization name different keys', [
      { field: 'Authorization', message: 'conflicts with X-API-Key' },
    ]);
  return xKey || bearer || null;
}

const REASONS = {
  malformed: 'malformed API key (expected mk_<id>_<secret>)',
  unknown: 'invalid API key',
  revoked: 'this API key has been revoked',
  expired: 'this API key has expired',
} as const;

export function refuseQueryKeys(): RequestHandler {
  return (req, _res, next) => {
    const names = Object.keys(req.query as Record<string, unknown>).filter((k) =>
      QUERY_KEY_NAMES.includes(k.toLowerCase()),
    );
    if (names.length) {
      next(
        new HttpError(
          'unauthorized',
          'API keys are not accepted in the query string; send X-API-Key or Authorization: Bearer',
          names.map((n) => ({ field: n, message: 'remove this parameter' })),
        ),
      );
      return;
    }
    next();
  };
}

/**
 * Keyed routes: no key or a bad one is a 401, a key without the scope a 403. Key-less routes and unknown paths need no
 * key, but a valid one is noted so that its own rate-limit bucket is charged instead of the shared anonymous one.
 */
/** Admin actions are refused to the UI's session key (SESSION_SCOPES); say where the admin key is. */
const ADMIN_HINT = '; admin actions need the admin key (the file admin-key in the data folder, or MATERIA_API_KEY)';

export function authenticate(keys: KeyStore): RequestHandler {
  return (req, _res, next) => {
    const route = req.resolvedRoute;
    const scope = route?.kind === 'found' ? route.endpoint.scope : null;
    if (scope === null) {
      let presented: string | null = null;
      try {
        presented = presentedKey(req);
      } catch {
        /* a key is optional here: a malformed header counts as none */
      }
      const check = presented ? keys.verify(presented) : null;
      if (check?.ok) req.apiKey = check.key;
      next();
      return;
    }
    const presented = presentedKey(req);
    if (!presented) {
      next(
        new HttpError('unauthorized', 'API key required: send X-API-Key: <key> or Authorization: Bearer <key>', [
          { field: 'X-API-Key', message: 'missing' },
        ]),
      );
      return;
    }
    const check = keys.verify(presented);
    if (!check.ok) {
      next(new HttpError('unauthorized', REASONS[check.reason], [{ field: 'X-API-Key', message: check.reason }]));
      return;
    }
    req.apiKey = check.key;
    if (!check.key.scopes.includes(scope)) {
      req.scopeRefusal = new HttpError(
        'forbidden',
        `this key lacks the "${scope}" scope${scope === 'admin' ? ADMIN_HINT : ''}`,
        [{ field: 'scope', message: `needs ${scope}; key has ${check.key.scopes.join(', ') || 'none'}` }],
      );
    }
    next();
  };
}
