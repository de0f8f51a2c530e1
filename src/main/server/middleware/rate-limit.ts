import type { RequestHandler } from 'express';
import type { RateLimitRule } from '../../../shared/rate-limits.ts';
import type { RateLimiter } from '../../ratelimit/limiter.ts';
import { HttpError } from '../http-error.ts';

/** Charges the authenticated key (or the shared anonymous bucket on key-less routes) and sets X-RateLimit-* headers. */
export function rateLimit(limiter: RateLimiter, rule: RateLimitRule): RequestHandler {
  return (req, res, next) => {
    const d = limiter.take(req.apiKey?.id ?? 'anonymous', rule);
    res.setHeader('X-RateLimit-Limit', String(d.limit));
    res.setHeader('X-RateLimit-Remaining', String(d.remaining));
    res.setHeader('X-RateLimit-Reset', String(d.reset));
    if (d.burstLimit > 0) {
      res.setHeader('X-RateLimit-Burst-Limit', String(d.burstLimit));
      res.setHeader('X-RateLimit-Burst-Remaining', String(d.burstRemaining));
    }
    if (!d.allowed) {
      next(new HttpError('rate_limited', `rate limit exceeded for ${rule.routes.join(', ')}: ${d.limit} per minute${d.burstLimit ? ` plus ${d.burstLimit} hourly burst` : ''}; retry in ${d.retryAfter} s`, undefined, { 'Retry-After': String(d.retryAfter) }));
      return;
    }
    next();
  };
}
