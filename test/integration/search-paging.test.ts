/**
 * Search results as a client pages and sorts them (issue 26): every sort over every type (the name sort once failed
 * with "too many parameter values" whenever documents were searched), stable and complete paging, the relevance floor
 * of the re-sorting sorts, the publication-date filter and long pasted questions. Lexical app (no model): the candidate
 * set logic is the same in both modes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SemanticSearchResponse, SEARCH_SORTS } from '../../src/shared/schemas/search.ts';
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
          id: 'paging-1',
          title: 'Aardvark-named vitamin D trial in my clinic',
          abstract: 'Vitamin D supplementation and bone density in a small clinic cohort.',
          publication_date: '2031-05-04',
        },
        {
          id: 'paging-2',
          title: 'Zebra-named vitamin D chart review',
          abstract: 'Vitamin D levels in winter in a chart review.',
          publication_date: '1901',
        },
      ],
    });
  expect(res.status).toBe(200);
});
afterAll(async () => {
  await t.close();
});

const search = async (body: object) => t.http.post('/v1/search').set('X-API-Key', t.adminKey).send(body);
const ok = async (body: object) => {
  const res = await search(body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return SemanticSearchResponse.parse(res.body).data;
};
const nameOf = (r: { type: string; name?: string; title?: string | null }) =>
  r.type === 'compound' ? r.name! : (r.title ?? '');

describe('sorting and paging', () => {
  it('every sort works over every type and mix of types, imported documents included', async () => {
    for (const sort of SEARCH_SORTS) {
      for (const types of [['compounds'], ['documents'], ['research'], ['compounds', 'documents', 'research']]) {
        const d = await ok({ query: 'vitamin d', sort, types, limit: 100 });
        expect(d.results.length, `${sort} ${types.join(',')}`).toBeGreaterThan(0);
      }
    }
    const byName = await ok({ query: 'vitamin d', sort: 'name', limit: 100 });
    const names = byName.results.map(nameOf).filter((n) => n !== '');
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    const docs = await ok({ query: 'vitamin d', sort: 'name', types: ['documents'], limit: 100 });
    expect(docs.results.some((r) => r.type === 'document' && r.external_id === 'paging-1')).toBe(true);
  });

  it('walking 300 results in pages of 10 yields each once, with the same total on every page and for every limit', async () => {
    for (const query of ['covid vaccine effectiveness', 'heart failure treatment outcomes']) {
      const first = await ok({ query, limit: 10 });
      expect(first.results_total).toBeGreaterThan(300);
      const ids: string[] = [];
      for (let offset = 0; offset < 300; offset += 10) {
        const page = await ok({ query, limit: 10, offset });
        expect(page.results_total, `${query} @${offset}`).toBe(first.results_total);
        expect(page.pagination.total).toBe(first.results_total);
        ids.push(...page.results.map((r) => `${r.type}:${r.id}`));
      }
      expect(ids.length).toBe(300);
      expect(new Set(ids).size).toBe(300);
      const big: string[] = [];
      for (let offset = 0; offset < 300; offset += 100)
        big.push(...(await ok({ query, limit: 100, offset })).results.map((r) => `${r.type}:${r.id}`));
      expect(big).toEqual(ids);
      expect((await ok({ query, limit: 7, offset: 280 })).results_total).toBe(first.results_total);
    }
  });

  it('a page past the end is empty and says the same total', async () => {
    const d = await ok({ query: 'vitamin d', types: ['compounds'], limit: 10 });
    const past = await ok({ query: 'vitamin d', types: ['compounds'], limit: 10, offset: d.results_total + 5 });
    expect(past.results).toEqual([]);
    expect(past.results_total).toBe(d.results_total);
  });

  it('date, name and grade sorts order only the relevant results: nothing below 0.3 of the best score of its type', async () => {
    const query = 'covid vaccine effectiveness';
    for (const types of [['documents'], ['research'], ['compounds']]) {
      const byRelevance = await ok({ query, types, limit: 100 });
      const best = Math.min(0.98, byRelevance.results[0]!.relevance_score);
      for (const sort of ['date', 'name', 'evidence_grade'] as const) {
        const sorted = await ok({ query, types, sort, limit: 100 });
        expect(sorted.results_total, `${sort} ${types[0]}`).toBeLessThan(byRelevance.results_total);
        expect(sorted.results_total).toBeGreaterThan(0);
        // Scores are rounded to 4 decimals in the response.
        for (const r of sorted.results) expect(r.relevance_score, sort).toBeGreaterThanOrEqual(0.3 * best - 0.0001);
      }
    }
    // A compound the query names keeps its place but does not set the bar: its documents are still sorted.
    const named = await ok({ query: 'zoloft side effects', limit: 100 });
    expect(named.results[0]).toMatchObject({ type: 'compound', slug: 'sertraline' });
    const namedByDate = await ok({ query: 'zoloft side effects', sort: 'date', limit: 100 });
    expect(namedByDate.results.some((r) => r.type === 'compound' && r.slug === 'sertraline')).toBe(true);
    expect(namedByDate.results.filter((r) => r.type === 'document').length).toBeGreaterThan(0);
    const byDate = await ok({ query, sort: 'date', types: ['documents'], limit: 100 });
    const dates = byDate.results
      .map((r) => (r.type === 'document' ? r.publication_date : null))
      .filter((x): x is string => x !== null);
    expect(dates).toEqual([...dates].sort().reverse());
  });
});

describe('filters.date_from / date_to', () => {
  it('keeps documents and research items published in the range; a year-only record counts by its year', async () => {
    const d = await ok({ query: 'vitamin d', filters: { date_from: '2019-01-01', date_to: '2020' }, limit: 100 });
    expect(d.results.length).toBeGreaterThan(0);
    expect(d.results.some((r) => r.type === 'compound')).toBe(false);
    for (const r of d.results)
      if (r.type === 'document' && r.publication_date)
        expect(r.publication_date >= '2019-01-01' && r.publication_date <= '2020-12-31', r.publication_date).toBe(true);
    const all = await ok({ query: 'vitamin d', types: ['documents'], limit: 100 });
    const ranged = await ok({
      query: 'vitamin d',
      types: ['documents'],
      filters: { date_from: '2019-01-01', date_to: '2020' },
      limit: 100,
    });
    expect(ranged.results_total).toBeLessThan(all.results_total);
    const future = await ok({ query: 'vitamin d', filters: { date_from: '2031' }, limit: 10 });
    expect(future.results.map((r) => (r.type === 'document' ? r.external_id : r.id))).toEqual(['paging-1']);
    const old = await ok({ query: 'vitamin d', filters: { date_to: '1901-06-30' }, limit: 10 });
    expect(old.results.map((r) => (r.type === 'document' ? r.external_id : r.id))).toEqual(['paging-2']);
  });

  it.each([
    [{ date_from: '2020-13-01' }, 'filters.date_from'],
    [{ date_to: 'last year' }, 'filters.date_to'],
    [{ date_from: '2021', date_to: '2020-06-01' }, 'filters.date_from'],
  ])('400 naming the field for %j', async (filters, field) => {
    const res = await search({ query: 'vitamin d', filters });
    expect(res.status).toBe(400);
    expect(res.body.error.details.map((x: { field: string }) => x.field)).toContain(field);
  });
});

describe('long questions', () => {
  it('accepts 2,000 characters and searches the key terms wherever they stand in a pasted message', async () => {
    // The question comes after 60 words of context: a search of only the first 32 words would never see it.
    const message =
      'Good morning. My elderly mother lives with us and she is nervous about getting another shot this winter. Her neighbour said the new boosters do not work and that the side effects are worse than the disease. I read a lot online but it is hard to know what to trust. She is 82, has mild heart failure and takes a blood thinner. The question I really want answered: how effective is the covid vaccine in older people, and does the protection fade after a few months? Thank you for any help.';
    const query = message.padEnd(2000, '.');
    const d = await ok({ query, types: ['documents'], limit: 10 });
    expect(d.query).toBe(query);
    const titles = d.results.map(nameOf);
    expect(
      titles.some((x) => /covid|sars-cov-2/i.test(x) && /vaccin|booster/i.test(x)),
      titles.join('\n'),
    ).toBe(true);
  });
});
