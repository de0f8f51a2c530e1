/** The rate-limit middleware of /v1 and the X-RateLimit-* headers that /mcp's message meter sets too. */
import type { RequestHandler, Response } from 'express';
import { UNROUTED_LIMIT, type RateLimitRule } from '../../../shared/rate-limits.ts';
import type { RateDecision, RateLimiter } from '../../ratelimit/limiter.ts';
import { HttpError } from '../http-error.ts';

/** X-RateLimit-* of a decision (also /mcp's message meter, src/main/mcp/http.ts). */
export function setRateLimitHeaders(res: Response, d: RateDecision) {
  res.setHeader('X-RateLimit-Limit', String(d.limit));
  res.setHeader('X-RateLimit-Remaining', String(d.remaining));
  res.setHeader('X-RateLimit-Reset', String(d.reset));
  if (d.burstLimit > 0) {
    res.setHeader('X-RateLimit-Burst-Limit', String(d.burstLimit));
    res.setHeader('X-RateLimit-Burst-Remaining', String(d.burstRemaining));
  }
}

/**
 * Charges the identified key (or, on key-less routes without one, the shared anonymous bucket) and sets X-RateLimit-*.
 * Runs before the body is read, so a 413, 415 or 400 about the body carries the headers too. A 403 for a missing scope
 * shows the key's bucket for the route without charging it (failed auth is never charged); 404 and 405 with a key are
 * counted in that key's "unrouted" bucket. Without a key, unknown paths are not counted and get no headers.
 */
export function rateLimit(limiter: RateLimiter, ruleOf: (name: string) => RateLimitRule): RequestHandler {
  return (req, res, next) => {
    const route = req.resolvedRoute;
    const subject = req.apiKey?.id ?? null;
    const rule = route?.kind === 'found' ? ruleOf(route.name) : subject ? UNROUTED_LIMIT : null;
    if (!rule) {
      next();
      return;
    }
    if (req.scopeRefusal) {
      setRateLimitHeaders(res, limiter.peek(subject!, rule));
      next(req.scopeRefusal);
      return;
    }
    const d = limiter.take(subject ?? 'anonymous', rule);
    setRateLimitHeaders(res, d);
    if (!d.allowed) {
      next(
        new HttpError(
          'rate_limited',
          `rate limit exceeded for ${rule.routes.join(', ')}: ${d.limit} per minute${d.burstLimit ? ` plus ${d.burstLimit} hourly burst` : ''}; retry in ${d.retryAfter} s`,
          undefined,
          { 'Retry-After': String(d.retryAfter) },
        ),
      );
      return;
    }
    next();
  };
}
