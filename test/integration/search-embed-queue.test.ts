/**
 * Query embeddings wait in a bounded queue (issue 30, src/main/search/embedder.ts): while QUERY_QUEUE_MAX queries are
 * in the worker, another is refused at once, and a search whose query cannot be embedded runs lexically and says why
 * in search_mode_reason. Uses the random-weight fixture model (mechanics only).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUERY_QUEUE_MAX, QueryEmbeddingSkipped } from '../../src/main/search/embedder.ts';
import { FIXTURE_MODEL, startTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ model: FIXTURE_MODEL });
}, 180_000);
afterAll(async () => {
  await t.close();
});

// Long texts keep the worker busy long enough for the assertions below to run while the queue is full.
// On a quiet machine 160 texts each let the worker drain the queue before the search arrived (CI, 2026-11-29).
const busyWork = (i: number) => Array.from({ length: 640 }, (_, j) => `filler text ${i} ${j} `.repeat(60));

describe('the query embedding queue', () => {
  it('refuses a query beyond QUERY_QUEUE_MAX at once, and the search falls back to lexical with the reason', async () => {
    const embedder = t.semantic!.loadedEmbedder()!;
    const filling = Array.from({ length: QUERY_QUEUE_MAX }, (_, i) =>
      embedder.embed(busyWork(i), 'query').then(
        () => 'embedded',
        (err: Error) => err.message,
      ),
    );
    const extra = await embedder.embed(['one more query'], 'query').then(
      () => null,
      (err: unknown) => err,
    );
    expect(extra).toBeInstanceOf(QueryEmbeddingSkipped);
    expect((extra as Error).message).toBe(`the query embedding queue is full (${QUERY_QUEUE_MAX} waiting)`);

    const res = await t.http
      .post('/v1/search')
      .set('X-API-Key', t.adminKey)
      .send({ query: 'creatine for muscle strength in older adults' });
    expect(res.status).toBe(200);
    expect(res.body.data.search_mode).toBe('lexical');
    expect(res.body.data.search_mode_reason).toBe(
      `the query embedding queue is full (${QUERY_QUEUE_MAX} waiting): this query ran on FTS5 (BM25) only`,
    );
    expect(res.body.data.results.length).toBeGreaterThan(0);

    // Once the worker has answered, the same search is hybrid again (the refusal was not cached).
    // Each filler was either embedded or given up on at its deadline (the worker still answers it, freeing its place).
    for (const outcome of await Promise.all(filling))
      expect(outcome).toMatch(/^embedded$|^the query was not embedded within 2000 ms$/);
    while (
      (await t.http.post('/v1/search').set('X-API-Key', t.adminKey).send({ query: 'warm up' })).body.data
        .search_mode !== 'hybrid'
    )
      await new Promise((ok) => setTimeout(ok, 100));
    const after = await t.http
      .post('/v1/search')
      .set('X-API-Key', t.adminKey)
      .send({ query: 'creatine for muscle strength in older adults' });
    expect(after.body.data.search_mode).toBe('hybrid');
  }, 120_000);
});
