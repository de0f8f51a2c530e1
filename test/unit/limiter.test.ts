import { describe, expect, it } from 'vitest';
import { RateLimiter } from '../../src/main/ratelimit/limiter.ts';
import type { RateLimitRule } from '../../src/shared/rate-limits.ts';

const rule: RateLimitRule = { id: 't', routes: ['GET /t'], perMinute: 100, hourlyBurst: 500, spec: true };

describe('RateLimiter', () => {
  it('under constant overload admits exactly 60 × limit + burst per hour, limit + burst in the first minute', () => {
    let now = Date.UTC(2026, 0, 1, 0, 0, 0);
    const limiter = new RateLimiter(() => now);
    const perMinute: number[] = [];
    for (let m = 0; m < 60; m++) {
      now = Date.UTC(2026, 0, 1, 0, m, 1);
      let ok = 0;
      for (let i = 0; i < 1000; i++) {
        const d = limiter.take('k', rule);
        if (d.allowed) ok++;
        expect(d.remaining).toBeGreaterThanOrEqual(0);
      }
      perMinute.push(ok);
    }
    expect(perMinute[0]).toBe(600);
    expect(perMinute.slice(1).every((n) => n === 100)).toBe(true);
    expect(perMinute.reduce((a, b) => a + b, 0)).toBe(60 * 100 + 500);
  });

  it('spends the burst only after the minute allowance, and refuses with Retry-After to the next minute', () => {
    let now = Date.UTC(2026, 0, 1, 0, 0, 20);
    const limiter = new RateLimiter(() => now);
    const noBurst = { ...rule, hourlyBurst: 0, perMinute: 2 };
    expect(limiter.take('k', noBurst)).toMatchObject({ allowed: true, remaining: 1 });
    expect(limiter.take('k', noBurst)).toMatchObject({ allowed: true, remaining: 0 });
    expect(limiter.take('k', noBurst)).toMatchObject({
      allowed: false,
      remaining: 0,
      retryAfter: 40,
      reset: Date.UTC(2026, 0, 1, 0, 1, 0) / 1000,
    });
    const withBurst = { ...rule, id: 'b', perMinute: 1, hourlyBurst: 1 };
    expect(limiter.take('k', withBurst)).toMatchObject({ allowed: true, burstRemaining: 1 });
    expect(limiter.take('k', withBurst)).toMatchObject({ allowed: true, burstRemaining: 0 });
    expect(limiter.take('k', withBurst).allowed).toBe(false);
    now = Date.UTC(2026, 0, 1, 0, 1, 0);
    expect(limiter.take('k', withBurst)).toMatchObject({ allowed: true, burstRemaining: 0 });
    expect(limiter.take('k', withBurst).allowed).toBe(false);
  });
});
