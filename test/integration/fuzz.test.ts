import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, type Endpoint } from '../../src/shared/endpoints.ts';
import { ErrorEnvelope } from '../../src/shared/errors.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => { t = await startTestApp(); });
afterAll(async () => { await t.close(); });

const postRoutes = (Object.values(ENDPOINTS) as Endpoint[]).filter((e) => e.method === 'POST').map((e) => e.path);

// Bodies shaped like ours often enough to get past the first check, and plain random JSON otherwise.
const field = fc.oneof(fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(fc.string()), fc.constantFrom('A', 'F', '*', 'peptide', '"', 'OR', 'NEAR(', '\u0000'));
const body = fc.oneof(
  fc.jsonValue(),
  fc.record({ query: field, limit: field, offset: field, category: field, filters: fc.oneof(field, fc.record({ evidence_grade: field, status: field, has_studies: field })) }, { requiredKeys: [] }),
  fc.record({ slugs: fc.oneof(field, fc.array(fc.string(), { maxLength: 120 })) }, { requiredKeys: [] }),
);

describe.each(postRoutes)('POST %s with 1,000 random JSON bodies', (path) => {
  it('never answers 5xx, and every error is the envelope', async () => {
    // Rate limits would turn most of these into 429s: give each run its own key so validation is what answers.
    let count = 0;
    let key = t.keyWith(['read']);
    await fc.assert(fc.asyncProperty(body, async (b) => {
      if (++count % 40 === 0) key = t.keyWith(['read']);
      const res = await t.http.post(path).set('X-API-Key', key).set('Content-Type', 'application/json').send(JSON.stringify(b));
      expect(res.status).toBeLessThan(500);
      expect(res.status).not.toBe(429);
      if (res.status !== 200) ErrorEnvelope.parse(res.body);
      else expect(res.body.success).toBe(true);
    }), { numRuns: 1000 });
  });
});
