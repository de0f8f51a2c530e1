/**
 * Per key and per endpoint: a fixed one-minute window plus an hourly burst allowance that is spent only once the
 * minute's allowance is used up (DESIGN.md §5). Windows align to the clock, so under constant overload a fresh hour
 * admits limit + burst in its first minute and limit in each later one: exactly 60 × limit + burst per hour.
 * Counting is synchronous, so concurrent requests can never over-admit.
 */
import type { RateLimitRule } from '../../shared/rate-limits.ts';

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Unix seconds at which the current minute window ends. */
  reset: number;
  burstLimit: number;
  burstRemaining: number;
  /** Seconds to wait; set when refused. */
  retryAfter: number | null;
}

interface Bucket {
  minute: number;
  used: number;
  hour: number;
  burstUsed: number;
}

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(private readonly now: () => number) {}

  take(subject: string, rule: RateLimitRule): RateDecision {
    return this.decide(subject, rule, true);
  }

  /** The bucket's state without counting a request (headers on a refused 403). */
  peek(subject: string, rule: RateLimitRule): RateDecision {
    return this.decide(subject, rule, false);
  }

  private decide(subject: string, rule: RateLimitRule, charge: boolean): RateDecision {
    const t = this.now();
    const minute = Math.floor(t / 60_000);
    const hour = Math.floor(t / 3_600_000);
    const id = `${subject}\0${rule.id}`;
    let b = this.buckets.get(id);
    if (!b) {
      b = { minute, used: 0, hour, burstUsed: 0 };
      this.buckets.set(id, b);
    }
    if (b.minute !== minute) {
      b.minute = minute;
      b.used = 0;
    }
    if (b.hour !== hour) {
      b.hour = hour;
      b.burstUsed = 0;
    }

    let allowed = true;
    if (b.used < rule.perMinute) {
      if (charge) b.used++;
    } else if (b.burstUsed < rule.hourlyBurst) {
      if (charge) b.burstUsed++;
    } else allowed = false;

    const windowEnd = (minute + 1) * 60_000;
    return {
      allowed,
      limit: rule.perMinute,
      remaining: Math.max(0, rule.perMinute - b.used),
      reset: Math.ceil(windowEnd / 1000),
      burstLimit: rule.hourlyBurst,
      burstRemaining: Math.max(0, rule.hourlyBurst - b.burstUsed),
      retryAfter: allowed ? null : Math.max(1, Math.ceil((windowEnd - t) / 1000)),
    };
  }
}
