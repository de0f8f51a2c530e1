import { afterAll, beforeAll, describe, expect, it } from 'vitest';
/** GET /v1/vocabulary/suggest over HTTP: what a name being typed could be, and bad input. */
import { NameSuggestResponse } from '../../src/shared/schemas/vocabulary.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
let key: string;
beforeAll(async () => {
  t = await startTestApp();
  key = t.keyWith(['read']);
});
afterAll(async () => {
  await t.close();
});

const suggest = (q: string, limit?: number) =>
  t.http
    .get('/v1/vocabulary/suggest')
    .query({ q, ...(limit ? { limit } : {}) })
    .set('X-API-Key', key);

describe('GET /v1/vocabulary/suggest: names while typing', () => {
  it('a partial name gets the substances it begins, named as the checker names them', async () => {
    const res = await suggest('simvas');
    expect(res.status).toBe(200);
    NameSuggestResponse.parse(res.body);
    expect(res.body.data.items[0]).toMatchObject({ name: 'Simvastatin', slug: 'simvastatin', match: 'prefix' });
  });

  it('the dose after a name is ignored; a brand of another country is read exactly; a typo is offered as one', async () => {
    const istin = await suggest('Istin 5mg OD');
    expect(istin.body.data.query).toBe('Istin');
    expect(istin.body.data.items[0]).toMatchObject({ name: 'Amlodipine', match: 'exact' });
    const typo = await suggest('metfomin');
    expect(typo.body.data.items[0]).toMatchObject({ name: 'Metformin', match: 'typo' });
  });

  it('bad input is a 400 naming the field', async () => {
    for (const [q, limit] of [
      ['x', undefined],
      ['y'.repeat(129), undefined],
      ['aspirin', 21],
    ] as const) {
      const res = await suggest(q, limit);
      expect(res.status).toBe(400);
      expect(res.body.error.details.map((d: { field: string }) => d.field)).toEqual([limit ? 'limit' : 'q']);
    }
  });
});
