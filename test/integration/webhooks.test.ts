/**
 * Webhooks over HTTP against a real receiver on 127.0.0.1: registration, Standard Webhooks signatures, the retry
 * schedule on a controllable clock, 410, redirects, the SSRF guard at registration and at connect time, and the events
 * emitted by the routes where changes happen. No traffic ever leaves the loopback interface: every non-loopback URL
 * below is refused by the guard before any connection (the receiver counts hits to prove it for loopback ones).
 */
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SCOPES } from '../../src/shared/enums.ts';
import { DeliveryWorker } from '../../src/main/webhooks/delivery-worker.ts';
import { RETRY_DELAYS_MS } from '../../src/main/webhooks/retry-schedule.ts';
import { DEFAULT_TIMEOUT_MS, sendWebhook } from '../../src/main/webhooks/sender.ts';
import { guardTarget } from '../../src/main/webhooks/target-guard.ts';
import { startReceiver, type Receiver } from '../helpers/receiver.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

const receivers: Receiver[] = [];
const receiver = async (...args: Parameters<typeof startReceiver>) => {
  const r = await startReceiver(...args);
  receivers.push(r);
  return r;
};
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

/** A fresh admin key per test keeps the shared webhooks rate-limit bucket out of the way. */
function admin(t: TestApp) {
  const key = t.keyWith([...SCOPES]);
  return {
    key,
    get: (path: string) => t.http.get(path).set('X-API-Key', key),
    post: (path: string, body?: object) =>
      body ? t.http.post(path).set('X-API-Key', key).send(body) : t.http.post(path).set('X-API-Key', key),
    put: (path: string, body: object) => t.http.put(path).set('X-API-Key', key).send(body),
    del: (path: string) => t.http.delete(path).set('X-API-Key', key),
  };
}

async function register(a: ReturnType<typeof admin>, url: string, events: string[] = ['api_key.created']) {
  const res = await a.post('/v1/webhooks', { url, events, description: 'test receiver' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: string; secret: string; enabled: boolean };
}

describe('webhook endpoints and the address guard', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    t.materia.context.webhooks.setOwnPort(t.port);
  });
  afterAll(async () => {
    await t.close();
  });

  it('registration returns the whsec_ secret once; the list never shows it; a non-admin key gets 403', async () => {
    const a = admin(t);
    const r = await receiver();
    expect((await a.put('/v1/webhooks/settings', { allow_private_targets: true })).body.data).toEqual({
      allow_private_targets: true,
      env_allow_private: false,
      effective: true,
    });
    const created = await register(a, r.url, ['api_key.created', 'insight.created']);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(created).toMatchObject({
      id: expect.stringMatching(/^wh_/),
      enabled: true,
      events: ['api_key.created', 'insight.created'],
      disabled_reason: null,
    });
    const list = await a.get('/v1/webhooks');
    expect(list.body.data.find((w: { id: string }) => w.id === created.id)).toEqual({
      id: created.id,
      url: r.url,
      description: 'test receiver',
      events: ['api_key.created', 'insight.created'],
      enabled: true,
      disabled_reason: null,
      disabled_at: null,
      created_at: expect.any(String),
    });
    expect(JSON.stringify(list.body)).not.toContain(created.secret.slice(6));
    const reader = t.keyWith(['read', 'tools', 'chat']);
    expect((await t.http.get('/v1/webhooks').set('X-API-Key', reader)).status).toBe(403);
    expect(
      (
        await t.http
          .post('/v1/webhooks')
          .set('X-API-Key', reader)
          .send({ url: r.url, events: ['api_key.created'] })
      ).status,
    ).toBe(403);
    expect((await a.post('/v1/webhooks', { url: r.url, events: ['nope'] })).body.error.details[0].field).toBe(
      'events.0',
    );
    expect(
      (await a.post('/v1/webhooks', { url: 'ftp://example.org/x', events: ['api_key.created'] })).body.error.details[0]
        .field,
    ).toBe('url');
    expect(
      (await a.post('/v1/webhooks', { url: r.url, events: ['api_key.created'], secret: 'mine' })).body.error.details,
    ).toEqual([{ field: 'secret', message: 'unknown field' }]);
    expect((await a.del(`/v1/webhooks/${created.id}`)).body.data.id).toBe(created.id);
    expect((await a.del(`/v1/webhooks/${created.id}`)).status).toBe(404);
    expect((await a.get('/v1/webhooks/wh_doesnotexist/deliveries')).status).toBe(404);
    expect(r.hits).toHaveLength(0);
  });

  it('SSRF matrix with the guard on: every URL is refused at registration, and nothing is contacted', async () => {
    const a = admin(t);
    await a.put('/v1/webhooks/settings', { allow_private_targets: false });
    const r = await receiver();
    const redirector = await receiver(() => ({ status: 302, headers: { location: r.url } }));
    const matrix = [
      `http://127.0.0.1:${r.port}/hook`,
      `http://[::1]:${r.port}/hook`,
      `http://[::ffff:127.0.0.1]:${r.port}/hook`,
      `http://0.0.0.0:${r.port}/hook`,
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/hook',
      'http://192.168.1.1/hook',
      `http://localhost:${r.port}/hook`,
      `http://2130706433:${r.port}/hook`,
      redirector.url,
    ];
    for (const url of matrix) {
      const res = await a.post('/v1/webhooks', { url, events: ['api_key.created'] });
      expect(res.status, url).toBe(400);
      expect(res.body.error.details[0]).toMatchObject({
        field: 'url',
        message: expect.stringMatching(/loopback|unspecified|metadata|private-network/),
      });
    }
    expect((await a.get('/v1/webhooks')).body.data).toEqual([]);
    expect(r.hits).toHaveLength(0);
    expect(redirector.hits).toHaveLength(0);
  });

  it('a redirect is not followed even when local targets are allowed: the 302 is a failed try and its target gets nothing', async () => {
    const a = admin(t);
    await a.put('/v1/webhooks/settings', { allow_private_targets: true });
    const target = await receiver();
    const redirector = await receiver(() => ({ status: 302, headers: { location: target.url } }));
    const hook = await register(a, redirector.url);
    const ping = await a.post(`/v1/webhooks/${hook.id}/test`);
    expect(ping.body.data).toMatchObject({
      status: 'failed',
      last_status_code: 302,
      attempt_count: 1,
      max_attempts: 1,
    });
    expect(redirector.hits).toHaveLength(1);
    expect(target.hits).toHaveLength(0);
    await a.del(`/v1/webhooks/${hook.id}`);
  });

  it('the guard runs again at connect time: after local targets are switched off, deliveries are refused before connecting', async () => {
    const a = admin(t);
    await a.put('/v1/webhooks/settings', { allow_private_targets: true });
    const r = await receiver();
    const hook = await register(a, r.url);
    await a.put('/v1/webhooks/settings', { allow_private_targets: false });
    const ping = await a.post(`/v1/webhooks/${hook.id}/test`);
    expect(ping.body.data).toMatchObject({
      status: 'failed',
      last_status_code: null,
      last_error: expect.stringMatching(/^refused: 127\.0\.0\.1 is a loopback address/),
    });
    await a.post('/v1/api-keys', { name: 'event while refused', scopes: ['read'] });
    await new DeliveryWorker(t.materia.context.webhooks).runDue();
    const log = await a.get(`/v1/webhooks/${hook.id}/deliveries?status=pending`);
    expect(log.body.data).toHaveLength(1);
    expect(log.body.data[0]).toMatchObject({
      event_type: 'api_key.created',
      attempt_count: 1,
      last_error: expect.stringMatching(/refused/),
    });
    expect(r.hits).toHaveLength(0);
    await a.del(`/v1/webhooks/${hook.id}`);
  });

  it("this app's own port is refused even with local targets on, by number or by name", async () => {
    const a = admin(t);
    await a.put('/v1/webhooks/settings', { allow_private_targets: true });
    for (const url of [
      `http://127.0.0.1:${t.port}/v1/health`,
      `http://localhost:${t.port}/v1/api-keys`,
      `http://[::1]:${t.port}/`,
    ]) {
      const res = await a.post('/v1/webhooks', { url, events: ['api_key.created'] });
      expect(res.status, url).toBe(400);
      expect(res.body.error.message).toMatch(/own API/);
    }
    // and at connect time, for a policy that knows the port
    expect(await t.materia.context.webhooks.guard(`http://127.0.0.1:${t.port}/`)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/own API/),
    });
    // metadata stays refused with local targets on
    expect((await a.post('/v1/webhooks', { url: 'http://169.254.169.254/', events: ['api_key.created'] })).status).toBe(
      400,
    );
  });
});

describe('delivery, signatures and events', () => {
  let t: TestApp;
  let worker: DeliveryWorker;
  beforeAll(async () => {
    t = await startTestApp();
    t.materia.context.webhooks.setOwnPort(t.port);
    t.materia.context.webhooks.setAllowPrivate(true);
    worker = new DeliveryWorker(t.materia.context.webhooks);
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('signs with Standard Webhooks: the receiver verifies; a flipped byte or a stale timestamp fails; no key secret is sent', async () => {
    const a = admin(t);
    const r = await receiver();
    const hook = await register(a, r.url, ['api_key.created', 'api_key.revoked']);
    const created = await a.post('/v1/api-keys', { name: 'notebook', scopes: ['read'] });
    expect(await worker.runDue()).toBe(1);
    expect(r.hits).toHaveLength(1);
    const [hit] = r.hits;
    const headers = {
      'webhook-id': String(hit!.headers['webhook-id']),
      'webhook-timestamp': String(hit!.headers['webhook-timestamp']),
      'webhook-signature': String(hit!.headers['webhook-signature']),
    };
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(Math.abs(Number(headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(30);
    const wh = new Webhook(hook.secret);
    const payload = wh.verify(hit!.body, headers) as { type: string; timestamp: string; data: Record<string, unknown> };
    expect(payload).toEqual({
      type: 'api_key.created',
      timestamp: expect.any(String),
      data: {
        id: created.body.data.id,
        name: 'notebook',
        prefix: created.body.data.prefix,
        scopes: ['read'],
        created_at: created.body.data.created_at,
        expires_at: null,
        revoked_at: null,
        created_by: a.key.split('_')[1],
      },
    });
    expect(hit!.body).not.toContain(created.body.data.key.split('_').slice(2).join('_'));
    const flipped = hit!.body.replace('notebook', 'notebooc');
    expect(() => wh.verify(flipped, headers)).toThrow(WebhookVerificationError);
    expect(() =>
      new Webhook(`whsec_${Buffer.from('another secret of 32 bytes......').toString('base64')}`).verify(
        hit!.body,
        headers,
      ),
    ).toThrow(/No matching signature/);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 6 * 60_000); // replayed six minutes later: outside the 5-minute tolerance
    expect(() => wh.verify(hit!.body, headers)).toThrow(/timestamp too old/);
    vi.useRealTimers();
    const log = await a.get(`/v1/webhooks/${hook.id}/deliveries`);
    expect(log.body.data[0]).toMatchObject({
      message_id: headers['webhook-id'],
      event_type: 'api_key.created',
      status: 'succeeded',
      attempt_count: 1,
      next_attempt_at: null,
      last_status_code: 204,
      attempts: [{ attempted_at: expect.any(String), duration_ms: expect.any(Number), status_code: 204, error: null }],
    });
    await a.del(`/v1/api-keys/${created.body.data.id}`);
    await worker.runDue();
    expect(JSON.parse(r.hits[1]!.body)).toMatchObject({
      type: 'api_key.revoked',
      data: { id: created.body.data.id, revoked_at: expect.any(String) },
    });
    await a.del(`/v1/webhooks/${hook.id}`);
  });

  it('each event is emitted where its change happens, in the same transaction', async () => {
    const a = admin(t);
    const r = await receiver();
    const hook = await register(a, r.url, [
      'api_key.created',
      'api_key.revoked',
      'document.imported',
      'tool.result_saved',
      'insight.created',
    ]);
    const key = await a.post('/v1/api-keys', { name: 'events', scopes: ['tools'] });
    await a.del(`/v1/api-keys/${key.body.data.id}`);
    const imported = await a.post('/v1/documents/import', {
      records: [{ id: 'wh-event-doc', title: 'An audit of webhook delivery' }],
    });
    expect(imported.status).toBe(200);
    const saved = await a.post('/v1/tools/bloodwork/analyze', {
      sex: 'female',
      age: 54,
      panel: [{ test: 'vitamin d', value: 30, unit: 'nmol/L' }],
      save: true,
    });
    const resultId = saved.body.data.saved_result_id as string;
    await worker.runDue();
    const events = r.unique().map((h) => JSON.parse(h.body) as { type: string; data: Record<string, unknown> });
    expect(events.map((e) => e.type).sort()).toEqual([
      'api_key.created',
      'api_key.revoked',
      'document.imported',
      'insight.created',
      'tool.result_saved',
    ]);
    expect(events.find((e) => e.type === 'document.imported')!.data).toEqual({
      received: 1,
      created: 1,
      updated: 0,
      failed: 0,
      documents: [{ id: imported.body.data.documents[0].id, status: 'created' }],
      documents_truncated: false,
    });
    expect(events.find((e) => e.type === 'tool.result_saved')!.data).toEqual({
      saved_result_id: resultId,
      tool: 'bloodwork',
      created_at: expect.any(String),
    });
    expect(events.find((e) => e.type === 'insight.created')!.data).toMatchObject({
      kind: 'lab_out_of_range',
      source_results: [resultId],
    });
    // an unsaved tool run, a failed import and a refused key creation emit nothing
    await a.post('/v1/tools/bloodwork/analyze', {
      sex: 'female',
      age: 54,
      panel: [{ test: 'vitamin d', value: 30, unit: 'nmol/L' }],
    });
    await a.post('/v1/documents/import', { records: [{ id: 'neither-title-nor-abstract' }] });
    await t.http
      .post('/v1/api-keys')
      .set('X-API-Key', t.keyWith(['admin']))
      .send({ name: 'too much', scopes: ['read'] });
    expect(await worker.runDue()).toBe(0);
    await a.del(`/v1/webhooks/${hook.id}`);
  });

  it('POST /test sends a signed ping now and returns the delivery with its timing', async () => {
    const a = admin(t);
    const r = await receiver(() => ({ status: 200 }));
    const hook = await register(a, r.url);
    const res = await a.post(`/v1/webhooks/${hook.id}/test`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      webhook_id: hook.id,
      event_type: 'ping',
      status: 'succeeded',
      attempt_count: 1,
      last_status_code: 200,
      completed_at: expect.any(String),
    });
    expect(res.body.data.attempts[0].duration_ms).toBeGreaterThanOrEqual(0);
    const body = new Webhook(hook.secret).verify(r.hits[0]!.body, r.hits[0]!.headers as Record<string, string>);
    expect(body).toMatchObject({ type: 'ping', data: { webhook_id: hook.id } });
    expect(r.hits[0]!.headers['user-agent']).toBe('Materia-Webhooks/test');
    expect((await a.post('/v1/webhooks/wh_doesnotexist1/test')).status).toBe(404);
    expect((await a.post('/v1/webhooks/not-an-id/test')).status).toBe(400);
    await a.del(`/v1/webhooks/${hook.id}`);
  });

  it('410 Gone disables the endpoint at once; new events are not queued for it; enable turns it back on', async () => {
    const a = admin(t);
    const r = await receiver(() => ({ status: 410 }));
    const hook = await register(a, r.url);
    await a.post('/v1/api-keys', { name: 'gone 1', scopes: ['read'] });
    await worker.runDue();
    const after = (await a.get('/v1/webhooks')).body.data.find((w: { id: string }) => w.id === hook.id);
    expect(after).toMatchObject({ enabled: false, disabled_reason: 'gone', disabled_at: expect.any(String) });
    expect((await a.get(`/v1/webhooks/${hook.id}/deliveries`)).body.data[0]).toMatchObject({
      status: 'failed',
      last_status_code: 410,
      attempt_count: 1,
    });
    await a.post('/v1/api-keys', { name: 'gone 2', scopes: ['read'] });
    expect((await a.get(`/v1/webhooks/${hook.id}/deliveries`)).body.meta.total).toBe(1);
    expect(r.hits).toHaveLength(1);
    r.respond = () => ({ status: 204 });
    const enabled = await a.post(`/v1/webhooks/${hook.id}/enable`);
    expect(enabled.body.data).toMatchObject({ enabled: true, disabled_reason: null, disabled_at: null });
    await a.post('/v1/api-keys', { name: 'back', scopes: ['read'] });
    await worker.runDue();
    expect(JSON.parse(r.hits.at(-1)!.body).data.name).toBe('back');
    await a.del(`/v1/webhooks/${hook.id}`);
  });

  it('a receiver that never answers times out (15 s by default; 0.3 s here)', async () => {
    expect(DEFAULT_TIMEOUT_MS).toBe(15_000);
    const r = await receiver(() => new Promise(() => undefined));
    const check = await guardTarget(r.url, { allowLocal: true, ownPorts: new Set() });
    if (!check.ok) throw new Error(check.reason);
    const outcome = await sendWebhook(check.target, '{}', {}, { timeoutMs: 300 });
    expect(outcome).toMatchObject({ statusCode: null, error: 'no response within 0.3 s', aborted: false });
    expect(outcome.durationMs).toBeGreaterThanOrEqual(290);
    expect(r.hits).toHaveLength(1);
  });
});

describe('retries on a controllable clock', () => {
  let clock = Date.UTC(2026, 2, 2, 8, 0, 0);
  let t: TestApp;
  let worker: DeliveryWorker;
  beforeAll(async () => {
    t = await startTestApp({ now: () => clock });
    t.materia.context.webhooks.setAllowPrivate(true);
    worker = new DeliveryWorker(t.materia.context.webhooks);
  });
  afterAll(async () => {
    await t.close();
  });

  it('a failing endpoint is retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 24 h (+ ≤10 % jitter) with one webhook-id, then disabled', async () => {
    const a = admin(t);
    const r = await receiver(() => ({ status: 503 }));
    const hook = await register(a, r.url);
    await a.post('/v1/api-keys', { name: 'retry me', scopes: ['read'] });
    const attemptTimes = [clock];
    expect(await worker.runDue()).toBe(1);
    for (const base of RETRY_DELAYS_MS) {
      const [d] = (await a.get(`/v1/webhooks/${hook.id}/deliveries`)).body.data;
      expect(d.status).toBe('pending');
      const next = Date.parse(d.next_attempt_at);
      const gap = next - attemptTimes.at(-1)!;
      expect(gap).toBeGreaterThanOrEqual(base);
      expect(gap).toBeLessThanOrEqual(base * 1.1);
      clock = next - 1;
      expect(await worker.runDue()).toBe(0); // not yet due
      clock = next;
      expect(await worker.runDue()).toBe(1);
      attemptTimes.push(clock);
    }
    const [final] = (await a.get(`/v1/webhooks/${hook.id}/deliveries`)).body.data;
    expect(final).toMatchObject({
      status: 'failed',
      attempt_count: 8,
      max_attempts: 8,
      next_attempt_at: null,
      last_status_code: 503,
    });
    expect(final.attempts.map((x: { attempted_at: string }) => Date.parse(x.attempted_at))).toEqual(attemptTimes);
    expect(r.hits).toHaveLength(8);
    expect(new Set(r.hits.map((h) => h.headers['webhook-id'])).size).toBe(1);
    expect(r.hits.map((h) => Number(h.headers['webhook-timestamp']))).toEqual(
      attemptTimes.map((x) => Math.floor(x / 1000)),
    );
    expect((await a.get('/v1/webhooks')).body.data.find((w: { id: string }) => w.id === hook.id)).toMatchObject({
      enabled: false,
      disabled_reason: 'failing',
    });
    clock += 10 * 86_400_000;
    expect(await worker.runDue()).toBe(0);
    expect((await a.post(`/v1/webhooks/${hook.id}/enable`)).body.data.enabled).toBe(true);
    await a.del(`/v1/webhooks/${hook.id}`);
  });

  it("a 2xx stops the retries; a disabled endpoint's pending deliveries wait and resume when it is enabled", async () => {
    const a = admin(t);
    let n = 0;
    const r = await receiver(() => ({ status: ++n === 1 ? 500 : 202 }));
    const hook = await register(a, r.url);
    await a.post('/v1/api-keys', { name: 'second time lucky', scopes: ['read'] });
    await worker.runDue();
    clock += 6_000;
    expect(await worker.runDue()).toBe(1);
    const [d] = (await a.get(`/v1/webhooks/${hook.id}/deliveries`)).body.data;
    expect(d).toMatchObject({
      status: 'succeeded',
      attempt_count: 2,
      last_status_code: 202,
      attempts: [{ status_code: 500 }, { status_code: 202 }],
    });
    clock += 2 * 86_400_000;
    expect(await worker.runDue()).toBe(0);
    expect(r.hits).toHaveLength(2);
    await a.del(`/v1/webhooks/${hook.id}`);
  });
});
