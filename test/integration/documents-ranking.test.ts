/**
 * GET /v1/documents?q= ranks with search's own ranking (issue 26): the same documents, in the same order, as
 * POST /v1/search over documents, bundled and imported together on one relevance scale; its filters then narrow that
 * ranking without reordering it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentListResponse } from '../../src/shared/schemas/documents.ts';
import { SemanticSearchResponse } from '../../src/shared/schemas/search.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  const res = await t.http
    .post('/v1/documents/import')
    .set('X-API-Key', t.adminKey)
    .send({
      records: [
        {
          id: 'rank-1',
          title: 'Vitamin D supplementation and fracture risk in older adults: a randomised trial',
          abstract: 'Vitamin D and calcium supplementation and hip fracture in older adults.',
          publication_date: '2024-02-01',
        },
        {
          id: 'rank-2',
          title: 'A note on office furniture',
          abstract: 'Chairs and desks, with one mention of vitamin d.',
          publication_date: '2023',
        },
      ],
    });
  expect(res.status).toBe(200);
});
afterAll(async () => {
  await t.close();
});

const list = async (query: Record<string, string | number>) => {
  const res = await t.http.get('/v1/documents').query(query).set('X-API-Key', t.adminKey);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return DocumentListResponse.parse(res.body);
};
const searchIds = async (query: string, limit: number, offset = 0) => {
  const res = await t.http
    .post('/v1/search')
    .set('X-API-Key', t.adminKey)
    .send({ query, types: ['documents'], limit, offset });
  expect(res.status).toBe(200);
  return SemanticSearchResponse.parse(res.body).data.results.map((r) => r.id);
};

describe('GET /v1/documents?q= and POST /v1/search rank documents the same way', () => {
  it.each([
    'vitamin d fracture',
    'covid vaccine effectiveness',
    'metformin',
    'zoloft side effects',
    'heart attack aspirin',
  ])('%s: same ids in the same order, page after page', async (q) => {
    const first = await list({ q, limit: 20 });
    expect(first.data.length).toBeGreaterThan(0);
    expect(first.data.map((d) => d.id)).toEqual(await searchIds(q, 20));
    const second = await list({ q, limit: 20, offset: 20 });
    expect(second.data.map((d) => d.id)).toEqual(await searchIds(q, 20, 20));
    expect(second.meta.total).toBe(first.meta.total);
  });

  it('interleaves imported and bundled documents by relevance: the imported trial ranks with the best, the weak mention does not', async () => {
    const d = await list({ q: 'vitamin d fracture older adults', limit: 100 });
    const ids = d.data.map((x) => x.external_id);
    const trial = ids.indexOf('rank-1');
    expect(trial).toBeGreaterThanOrEqual(0);
    expect(trial).toBeLessThan(5);
    const weak = ids.indexOf('rank-2');
    expect(weak === -1 || weak > trial + 5).toBe(true);
  });

  it('filters narrow the ranking without reordering it', async () => {
    const all = (await list({ q: 'vitamin d fracture', limit: 100 })).data;
    const graded = await list({ q: 'vitamin d fracture', evidence_grade: 'A', limit: 100 });
    expect(graded.data.length).toBeGreaterThan(0);
    expect(graded.data.every((x) => x.evidence_grade === 'A')).toBe(true);
    const order = new Map(all.map((x, i) => [x.id, i]));
    const positions = graded.data.map((x) => order.get(x.id)).filter((i): i is number => i !== undefined);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    const dated = await list({ q: 'vitamin d fracture', from: '2024', to: '2024', limit: 100 });
    expect(dated.data.every((x) => x.publication_year === 2024)).toBe(true);
    expect(dated.data.some((x) => x.external_id === 'rank-1')).toBe(true);
  });

  it('a query with no searchable words lists nothing', async () => {
    const d = await list({ q: '!!!' });
    expect(d.data).toEqual([]);
    expect(d.meta.total).toBe(0);
  });
});
