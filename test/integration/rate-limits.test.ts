import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitFor } from '../../src/shared/rate-limits.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

// A controllable clock, starting exactly on an hour boundary.
const HOUR0 = Date.UTC(2026, 10, 22, 10, 0, 0);
let clock = HOUR0;
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ now: () => clock });
});
afterAll(async () => {
  await t.close();
});

const batch = (key: string) =>
  t.http
    .post('/v1/batch/compounds')
    .set('X-API-Key', key)
    .send({ slugs: ['metformin'] });
const monograph = (key: string) => t.http.get('/v1/monographs/metformin').set('X-API-Key', key);

async function countAdmitted(n: number, send: () => Promise<{ status: number }>): Promise<number> {
  let ok = 0;
  for (let i = 0; i < n; i++) if ((await send()).status === 200) ok++;
  return ok;
}

describe('rate limits (spec §8, DESIGN.md §5)', () => {
  it('sends X-RateLimit-* headers; Remaining counts down; Reset is the end of the minute', async () => {
    clock = HOUR0 + 5_000;
    const key = t.keyWith(['read']);
    const first = await batch(key);
    expect(first.headers['x-ratelimit-limit']).toBe('50');
    expect(first.headers['x-ratelimit-remaining']).toBe('49');
    expect(first.headers['x-ratelimit-reset']).toBe(String((HOUR0 + 60_000) / 1000));
    expect(first.headers['x-ratelimit-burst-limit']).toBe('250');
    const second = await batch(key);
    expect(second.headers['x-ratelimit-remaining']).toBe('48');
  });

  it('under overload: limit + burst in the first minute, limit in later minutes, 429 with Retry-After; Remaining never negative', async () => {
    const rule = rateLimitFor('POST /v1/batch/compounds')!;
    const key = t.keyWith(['read']);
    clock = HOUR0 + 3_600_000; // a fresh hour
    expect(await countAdmitted(rule.perMinute + rule.hourlyBurst + 10, () => batch(key))).toBe(
      rule.perMinute + rule.hourlyBurst,
    );
    clock += 15_000;
    const refused = await batch(key);
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('rate_limited');
    expect(refused.headers['retry-after']).toBe('45');
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    clock = HOUR0 + 3_600_000 + 60_000; // minute 2: the burst is spent, only the per-minute limit
    expect(await countAdmitted(rule.perMinute + 10, () => batch(key))).toBe(rule.perMinute);
    clock = HOUR0 + 2 * 3_600_000; // next hour: burst again
    expect(await countAdmitted(rule.perMinute + rule.hourlyBurst + 5, () => batch(key))).toBe(
      rule.perMinute + rule.hourlyBurst,
    );
  });

  it('endpoints without a burst admit exactly their per-minute limit', async () => {
    const key = t.keyWith(['read']);
    clock = HOUR0 + 5 * 3_600_000;
    expect(await countAdmitted(105, () => monograph(key))).toBe(100);
  });

  it('keys and endpoints are isolated', async () => {
    clock = HOUR0 + 6 * 3_600_000;
    const a = t.keyWith(['read']);
    const b = t.keyWith(['read']);
    await countAdmitted(100, () => monograph(a));
    expect((await monograph(a)).status).toBe(429);
    expect((await monograph(b)).status).toBe(200);
    expect((await batch(a)).status).toBe(200);
  });

  it('failed authentication is not charged to any key', async () => {
    clock = HOUR0 + 7 * 3_600_000;
    const key = t.keyWith(['read']);
    const [id] = key.split('_').slice(1, 2);
    for (let i = 0; i < 20; i++) {
      const res = await t.http.get('/v1/monographs/metformin').set('X-API-Key', `mk_${id}_wrongwrongwrongwrongwrong`);
      expect(res.status).toBe(401);
      expect(res.headers['x-ratelimit-limit']).toBeUndefined();
    }
    const ok = await monograph(key);
    expect(ok.headers['x-ratelimit-remaining']).toBe('99');
  });

  it('10 × limit concurrent requests never admit more than allowed', async () => {
    clock = HOUR0 + 8 * 3_600_000;
    const key = t.keyWith(['read']);
    const results = await Promise.all(
      Array.from({ length: 1000 }, () =>
        fetch(`${t.base}/v1/monographs/metformin`, { headers: { 'X-API-Key': key } }).then(async (r) => {
          await r.arrayBuffer();
          return r.status;
        }),
      ),
    );
    expect(results.filter((s) => s === 200)).toHaveLength(100);
    expect(results.filter((s) => s === 429)).toHaveLength(900);
  });
});
