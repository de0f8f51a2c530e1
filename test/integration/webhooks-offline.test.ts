/**
 * Registering a webhook while the machine is offline (issue 15): a public host name that does not resolve now is
 * accepted and the answer says so; the address rules still hold at every delivery. DNS is a stand-in here (the app's
 * `lookup` option), so nothing leaves the machine: every delivery below is refused before a connection is opened.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES } from '../../src/shared/enums.ts';
import { DeliveryWorker } from '../../src/main/webhooks/delivery-worker.ts';
import { hostNameKind, type Lookup } from '../../src/main/webhooks/target-guard.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

/** What the stand-in resolver answers per host; a missing host is ENOTFOUND, as getaddrinfo reports it offline. */
const dns = new Map<string, string>();
const lookup: Lookup = async (host) => {
  const address = dns.get(host);
  if (!address) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return [{ address, family: address.includes(':') ? 6 : 4 }];
};

let clock = Date.UTC(2026, 5, 1, 12, 0, 0);
let t: TestApp;
let key: string;
beforeAll(async () => {
  t = await startTestApp({ now: () => clock, webhooks: { lookup } });
  key = t.keyWith([...SCOPES]);
});
afterAll(async () => {
  await t.close();
});

const register = (url: string) =>
  t.http
    .post('/v1/webhooks')
    .set('X-API-Key', key)
    .send({ url, events: ['api_key.created'] });

describe('webhook registration offline', () => {
  it('accepts a public host name that does not resolve now, and says so', async () => {
    const res = await register('https://hooks.example.com/materia');
    expect(res.status).toBe(200);
    expect(res.body.data.secret).toMatch(/^whsec_/);
    expect(res.body.data.address_check).toEqual({
      status: 'unresolved',
      message:
        'cannot resolve hooks.example.com (ENOTFOUND): accepted for now; its addresses are checked before every delivery, which waits (with retries) until the name resolves to an allowed address',
    });
  });

  it('still refuses what could never be a public endpoint: local names (unless local targets are on) and special-use names', async () => {
    for (const url of ['http://printer.local/hook', 'http://nas/hook', 'http://svc.internal/hook']) {
      const res = await register(url);
      expect(res.status, url).toBe(400);
      expect(res.body.error.details[0].field).toBe('url');
      expect(res.body.error.details[0].message).toMatch(/is a local name; enable local webhook targets/);
    }
    for (const url of ['https://hooks.invalid/x', 'https://abc.onion/x', 'https://bad_label.example.com/x']) {
      const res = await register(url);
      expect(res.status, url).toBe(400);
      expect(res.body.error.details[0].message).toMatch(/^cannot resolve/);
    }
    t.materia.context.webhooks.setAllowPrivate(true);
    const local = await register('http://printer.local/hook');
    expect(local.status).toBe(200);
    expect(local.body.data.address_check.status).toBe('unresolved');
    t.materia.context.webhooks.setAllowPrivate(false);
    await t.http.delete(`/v1/webhooks/${local.body.data.id}`).set('X-API-Key', key);
  });

  it('a name that resolves is verified at registration; a private answer is refused as before', async () => {
    dns.set('hooks.example.org', '93.184.215.14');
    const ok = await register('https://hooks.example.org/x');
    expect(ok.status).toBe(200);
    expect(ok.body.data.address_check).toEqual({
      status: 'verified',
      message: 'hooks.example.org resolves to 93.184.215.14, an allowed address',
    });
    await t.http.delete(`/v1/webhooks/${ok.body.data.id}`).set('X-API-Key', key);
    dns.set('intranet-hook.example.net', '10.1.2.3');
    const refused = await register('https://intranet-hook.example.net/x');
    expect(refused.status).toBe(400);
    expect(refused.body.error.details[0].message).toBe(
      'intranet-hook.example.net resolves to 10.1.2.3, which is a private-network address; enable local webhook targets (PUT /v1/webhooks/settings) to allow it',
    );
  });

  it('enforces the address rules at delivery: no address yet, then a private one, are refused and retried; nothing is sent', async () => {
    const worker = new DeliveryWorker(t.materia.context.webhooks);
    const hooks = (await t.http.get('/v1/webhooks').set('X-API-Key', key)).body.data as { id: string; url: string }[];
    const hook = hooks.find((h) => h.url === 'https://hooks.example.com/materia')!;
    expect(
      (
        await t.http
          .post('/v1/api-keys')
          .set('X-API-Key', key)
          .send({ name: 'offline event', scopes: ['read'] })
      ).status,
    ).toBe(200);
    expect(await worker.runDue()).toBe(1);
    const deliveries = async () =>
      (await t.http.get(`/v1/webhooks/${hook.id}/deliveries`).set('X-API-Key', key)).body.data[0];
    expect(await deliveries()).toMatchObject({
      status: 'pending',
      attempt_count: 1,
      last_status_code: null,
      last_error: 'refused: cannot resolve hooks.example.com (ENOTFOUND)',
    });

    dns.set('hooks.example.com', '192.168.1.20'); // back online, but the name now points into the local network
    clock += 6_000;
    expect(await worker.runDue()).toBe(1);
    expect(await deliveries()).toMatchObject({
      status: 'pending',
      attempt_count: 2,
      last_status_code: null,
      last_error:
        'refused: hooks.example.com resolves to 192.168.1.20, which is a private-network address; enable local webhook targets (PUT /v1/webhooks/settings) to allow it',
    });
  });
});

describe('re-enabling offline', () => {
  it('an endpoint whose name does not resolve now can be re-enabled; a local name stays refused', async () => {
    const created = await register('https://offline-enable.example.com/x');
    expect(created.status).toBe(200);
    const id = created.body.data.id as string;
    t.materia.context.webhooks.store.disable(id, 'failing', new Date(clock).toISOString());
    const enabled = await t.http.post(`/v1/webhooks/${id}/enable`).set('X-API-Key', key);
    expect(enabled.status).toBe(200);
    expect(enabled.body.data).toMatchObject({ enabled: true, disabled_reason: null });

    t.materia.context.webhooks.setAllowPrivate(true);
    const local = await register('http://backup.lan/x');
    expect(local.status).toBe(200);
    t.materia.context.webhooks.setAllowPrivate(false);
    t.materia.context.webhooks.store.disable(local.body.data.id, 'gone', new Date(clock).toISOString());
    const refused = await t.http.post(`/v1/webhooks/${local.body.data.id}/enable`).set('X-API-Key', key);
    expect(refused.status).toBe(400);
    expect(refused.body.error.details).toEqual([
      {
        field: 'url',
        message: 'backup.lan is a local name; enable local webhook targets (PUT /v1/webhooks/settings) to allow it',
      },
    ]);
  });
});

describe('hostNameKind', () => {
  it('tells public names from local and impossible ones', () => {
    expect(hostNameKind('hooks.example.com')).toBe('public');
    expect(hostNameKind('xn--bcher-kva.example')).toBe('never');
    expect(hostNameKind('hooks.xn--p1ai')).toBe('public');
    expect(hostNameKind('Hooks.Example.COM.')).toBe('public');
    expect(hostNameKind('localhost')).toBe('local');
    expect(hostNameKind('api.localhost')).toBe('local');
    expect(hostNameKind('box.home.arpa')).toBe('local');
    expect(hostNameKind('myhost')).toBe('local');
    expect(hostNameKind('10.0.0.1')).toBe('never');
    expect(hostNameKind('a.b.123')).toBe('never');
    expect(hostNameKind('-bad.example.com')).toBe('never');
  });
});
