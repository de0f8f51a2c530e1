/**
 * The auth matrix over EVERY keyed route in ENDPOINTS: no key, a malformed key, a revoked key, an expired key, a key
 * without the route's scope, and a key with exactly that scope → 401 / 401 / 401 / 401 / 403 / 2xx. The failing cases
 * send a body that would fail validation, so a 401/403 there shows auth is decided before the request is read. Routes
 * added later without a sample below still get the whole matrix; for their valid case any answer past auth (< 500,
 * not 401/403) is accepted, since an empty request may be a 400 or 404 for them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, type Endpoint, type EndpointName } from '../../src/shared/endpoints.ts';
import { SCOPES, type Scope } from '../../src/shared/enums.ts';
import { startReceiver, type Receiver } from '../helpers/receiver.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
let receiver: Receiver;
let past = 0;
beforeAll(async () => {
  t = await startTestApp();
  receiver = await startReceiver();
  t.materia.context.webhooks.setAllowPrivate(true); // the webhook samples point at the loopback receiver
  past = Date.now() - 60_000;
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

interface Sample {
  params?: Record<string, string>;
  query?: string;
  body?: unknown;
}

const BIOAGE = {
  age: 77,
  albumin: { value: 45, unit: 'g/L' },
  creatinine: { value: 75.7, unit: 'umol/L' },
  glucose: { value: 4.33, unit: 'mmol/L' },
  crp: { value: 0.36, unit: 'mg/dL' },
  lymphocyte_percent: { value: 21.1 },
  mcv: { value: 88.5 },
  rdw: { value: 13.7 },
  alkaline_phosphatase: { value: 62, unit: 'U/L' },
  wbc: { value: 7.6, unit: '10^3/uL' },
};

async function newWebhook(): Promise<string> {
  const res = await t.http
    .post('/v1/webhooks')
    .set('X-API-Key', t.adminKey)
    .send({ url: receiver.url, events: ['api_key.created'] });
  expect(res.status).toBe(200);
  return res.body.data.id;
}

/** A valid minimal request per route (fresh for each use: some consume what they name). */
const SAMPLES: Partial<Record<EndpointName, () => Sample | Promise<Sample>>> = {
  content: () => ({}),
  search: () => ({ body: { query: 'vitamin d' } }),
  compoundSearch: () => ({ body: { query: 'magnesium' } }),
  compoundGet: () => ({ params: { slug: 'metformin' } }),
  compoundBatch: () => ({ body: { slugs: ['metformin'] } }),
  monographList: () => ({ query: 'limit=1' }),
  monographGet: () => ({ params: { slug: 'metformin' } }),
  documentList: () => ({ query: 'limit=1' }),
  documentGet: () => ({ params: { id: 'cord19-ak20jg32' } }),
  toolBioage: () => ({ body: BIOAGE }),
  toolBloodwork: () => ({ body: { sex: 'female', age: 54, panel: [{ test: 'ldl', value: 3.5, unit: 'mmol/L' }] } }),
  toolInbody: () => ({
    body: { weight: { value: 80, unit: 'kg' }, height: { value: 180, unit: 'cm' }, sex: 'male', age: 40 },
  }),
  toolInteractions: () => ({ body: { substances: ['warfarin', 'aspirin'] } }),
  toolMacros: () => ({
    body: {
      sex: 'male',
      age: 30,
      weight: { value: 80, unit: 'kg' },
      height: { value: 180, unit: 'cm' },
      activity_level: 'moderate',
    },
  }),
  toolNutrition: () => ({ body: { items: [{ food: 'apple', amount: 1, unit: 'medium' }] } }),
  toolPeptideStack: () => ({ body: { goals: ['sleep'] } }),
  toolProtocol: () => ({ body: { compounds: ['sertraline'], duration_weeks: 12, goal: 'depression' } }),
  documentImport: () => ({ body: { records: [{ id: 'scope-matrix', title: 'Scope matrix test record' }] } }),
  apiKeyList: () => ({}),
  apiKeyCreate: () => ({ body: { name: 'from the matrix', scopes: ['admin'] } }),
  apiKeyRevoke: () => ({ params: { id: t.materia.context.keys.create('to revoke', ['read']).record.id } }),
  webhookList: () => ({}),
  webhookCreate: () => ({ body: { url: receiver.url, events: ['api_key.created'] } }),
  webhookSettingsGet: () => ({}),
  webhookSettingsPut: () => ({ body: { allow_private_targets: true } }),
  webhookDelete: async () => ({ params: { id: await newWebhook() } }),
  webhookDeliveries: async () => ({ params: { id: await newWebhook() } }),
  webhookTest: async () => ({ params: { id: await newWebhook() } }),
  webhookEnable: async () => ({ params: { id: await newWebhook() } }),
  profileGet: () => ({}),
  profilePut: () => ({ body: {} }),
  insightList: () => ({ query: 'limit=5' }),
};

function send(e: Endpoint, sample: Sample, key: string | null, body: unknown) {
  const path =
    e.path.replace(/\{(\w+)\}/g, (_, p: string) => encodeURIComponent(sample.params?.[p] ?? 'x')) +
    (sample.query ? `?${sample.query}` : '');
  let req = t.http[e.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'](path);
  if (key) req = req.set('X-API-Key', key);
  return body === undefined ? req : req.send(body as object);
}

const keyed = (Object.entries(ENDPOINTS) as [EndpointName, Endpoint][]).filter(([, e]) => e.scope !== null);

describe('auth is decided first, on every keyed route', () => {
  it('covers every keyed route in ENDPOINTS', () => {
    expect(keyed.length).toBeGreaterThanOrEqual(33);
  });

  it.each(keyed.map(([name, e]) => [`${e.method} ${e.path}`, name, e] as const))(
    '%s: none/malformed/revoked/expired → 401, wrong scope → 403, right scope → 2xx',
    async (_label, name, e) => {
      const scope = e.scope as Scope;
      const sample = await (SAMPLES[name]?.() ?? {});
      const invalidBody = e.method === 'GET' ? undefined : { bogus_field_for_the_matrix: true };
      const revoked = t.materia.context.keys.create('matrix revoked', [scope]);
      t.materia.context.keys.revoke(revoked.record.id);
      const expired = t.materia.context.keys.create('matrix expired', [scope], {
        expiresAt: new Date(past).toISOString(),
      });
      const wrong = t.keyWith(SCOPES.filter((s) => s !== scope));
      const valid = t.keyWith([scope]);

      const cases: [string, string | null, number][] = [
        ['none', null, 401],
        ['malformed', 'not-a-key', 401],
        ['revoked', revoked.key, 401],
        ['expired', expired.key, 401],
        ['wrong scope', wrong, 403],
      ];
      for (const [what, key, status] of cases) {
        const res = await send(e, sample, key, invalidBody);
        expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(status);
        expect(res.body.success).toBe(false);
      }
      const ok = await send(e, sample, valid, sample.body);
      if (SAMPLES[name]) {
        expect(ok.status, `valid: ${JSON.stringify(ok.body).slice(0, 300)}`).toBeGreaterThanOrEqual(200);
        expect(ok.status).toBeLessThan(300);
      } else {
        expect([401, 403]).not.toContain(ok.status);
        expect(ok.status).toBeLessThan(500);
      }
    },
  );
});
