/**
 * Webhook backoff counts from the end of a try (issue 30): a receiver that takes 15 s to answer (the clock is moved
 * while it holds the request) is retried 5 s (+ ≤10 % jitter) after its answer, not 5 s after the try began.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETRY_DELAYS_MS } from '../../src/main/webhooks/retry-schedule.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { startReceiver, type Receiver } from '../helpers/receiver.ts';

let clock = Date.UTC(2026, 10, 28, 12, 0, 0);
let t: TestApp;
let receiver: Receiver;
beforeAll(async () => {
  t = await startTestApp({ now: () => clock });
  receiver = await startReceiver(() => {
    clock += 15_000;
    return { status: 503 };
  });
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

describe('webhook backoff', () => {
  it('schedules the retry from the end of a slow try', async () => {
    t.materia.context.webhooks.setAllowPrivate(true);
    const hook = await t.http
      .post('/v1/webhooks')
      .set('X-API-Key', t.adminKey)
      .send({ url: receiver.url, events: ['api_key.created'] });
    expect(hook.status).toBe(200);
    expect(
      (
        await t.http
          .post('/v1/api-keys')
          .set('X-API-Key', t.adminKey)
          .send({ name: 'slow', scopes: ['read'] })
      ).status,
    ).toBe(200);
    const started = clock;
    expect(await t.materia.context.webhooks.deliverDue()).toBe(1);
    const [d] = (await t.http.get(`/v1/webhooks/${hook.body.data.id}/deliveries`).set('X-API-Key', t.adminKey)).body
      .data;
    expect(d.status).toBe('pending');
    const gap = Date.parse(d.next_attempt_at) - (started + 15_000);
    expect(gap).toBeGreaterThanOrEqual(RETRY_DELAYS_MS[0]!);
    expect(gap).toBeLessThanOrEqual(RETRY_DELAYS_MS[0]! * 1.1);
  });
});
