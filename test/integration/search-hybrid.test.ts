/**
 * The dense path with the random-weight fixture model from ../shared/models (no pretrained weights can be downloaded
 * on build machines). Its similarities mean nothing about relevance; these tests check the mechanics: vectors are
 * stored for every record, KNN is used, scores are fused, the index resumes and skips unchanged records.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorkerEmbedder } from '../../src/main/search/embedder.ts';
import { IndexBuilder, searchableTexts } from '../../src/main/search/index-builder.ts';
import { CALIBRATION, relevance } from '../../src/main/search/fusion.ts';
import { MemoryVectors } from '../../src/main/search/memory-vectors.ts';
import { MAX_UNNAMED } from '../../src/main/search/search-service.ts';
import { VectorIndex } from '../../src/main/search/vector-index.ts';
import { FIXTURE_MODEL, startTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ model: FIXTURE_MODEL });
}, 180_000);
afterAll(async () => {
  await t.close();
});

const TITLE = 'Do mitochondria play a role in remodelling lace plant leaves during programmed cell death?';

describe('hybrid search with the fixture model', () => {
  it('embeds every searchable record and reports hybrid mode', async () => {
    const health = await t.http.get('/v1/health');
    expect(health.body.data.search_mode).toBe('hybrid');
    const texts = searchableTexts(t.contentDb, true);
    const expected = texts.compounds.length + texts.documents.length + texts.research.length;
    expect(health.body.data.search_index).toEqual({
      model: FIXTURE_MODEL.modelId,
      state: 'ready',
      done: expected,
      total: expected,
    });
  });

  it('uses KNN: an identical text is its own nearest neighbour', async () => {
    const retriever = t.semantic!.retriever()!;
    const item = searchableTexts(t.contentDb, true).research.find((r) => r.key === 'pubmedqa-q-21645374')!;
    const hits = retriever.knn('research', await retriever.embed(item.text), 5);
    const [first] = [...hits];
    expect(first![0]).toBe('pubmedqa-q-21645374');
    expect(first![1]).toBeCloseTo(1, 2); // vectors are held in 8 bits: within 0.002 of the float cosine
  });

  it('fuses on one calibrated scale: 0.98 · σ(a · (w · cosine + (1 − w) · lexical) + b)', async () => {
    const body = { query: TITLE, types: ['research'], limit: 20 };
    const hybrid = await t.http.post('/v1/search').set('X-API-Key', t.adminKey).send(body);
    expect(hybrid.body.data.search_mode).toBe('hybrid');
    const item = hybrid.body.data.results.find((r: { id: string }) => r.id === 'pubmedqa-q-21645374');
    // The same service with its dense half switched off gives the lexical part of the score.
    const lexical = t.materia.context.search;
    const lex = await (Object.create(lexical, { dense: { value: () => null } }) as typeof lexical).search({
      ...body,
      types: ['research'],
      offset: 0,
      sort: 'relevance',
      include_research: true,
      include_abstracts: true,
      filters: undefined,
    });
    expect(lex.search_mode).toBe('lexical');
    const lexScore = lex.results.find((r) => r.id === 'pubmedqa-q-21645374')!.relevance_score;
    expect(lex.results[0]!.id).toBe('pubmedqa-q-21645374'); // the best lexical match for its own question
    expect(lexScore).toBeLessThan(1); // but no longer scored 1.0 just for being the best of its type
    // Back from the lexical-only calibration to the comparable BM25 score, then forward through the hybrid one.
    const p = lexScore / MAX_UNNAMED;
    const lexical01 = (Math.log(p / (1 - p)) - CALIBRATION.lexical.intercept) / CALIBRATION.lexical.slope;
    const retriever = t.semantic!.retriever()!;
    const cosine = retriever.similarity('research', 'pubmedqa-q-21645374', await retriever.embed(TITLE))!;
    expect(cosine).toBeGreaterThan(0);
    expect(item.relevance_score).toBeCloseTo(MAX_UNNAMED * relevance(lexical01, cosine, CALIBRATION, true), 2);
    // KNN brings in records that share no query word: the hybrid candidate set is larger than the lexical one.
    expect(hybrid.body.data.results_total).toBeGreaterThan(lex.results_total);
  });
});

describe('index builds', () => {
  it('resume after interruption and skip unchanged records', async () => {
    const embedder = await startWorkerEmbedder(FIXTURE_MODEL);
    const path = join(mkdtempSync(join(tmpdir(), 'materia-vec-')), 'v.sqlite');
    const all = searchableTexts(t.contentDb, false);
    const source = () => ({
      compounds: all.compounds,
      documents: all.documents.slice(0, 200),
      research: all.research.slice(0, 50),
    });
    const total = all.compounds.length + 250;
    let index = new VectorIndex(path, FIXTURE_MODEL.modelId, embedder.dim);
    const memory = () => new MemoryVectors(embedder.dim);
    const none = () => false;
    const first: IndexBuilder = new IndexBuilder(source, embedder, index, memory(), none, (p) => {
      if (p.done >= 64) first.stop();
    });
    await first.build();
    const stored = index.count();
    expect(stored).toBeGreaterThanOrEqual(64);
    expect(stored).toBeLessThan(total);
    index.close();
    index = new VectorIndex(path, FIXTURE_MODEL.modelId, embedder.dim);
    const second = new IndexBuilder(source, embedder, index, memory(), none);
    await second.build();
    expect(second.progress).toEqual({ state: 'ready', done: total - stored, total: total - stored });
    expect(index.count()).toBe(total);
    const third = new IndexBuilder(source, embedder, index, memory(), none);
    await third.build();
    expect(third.progress).toEqual({ state: 'ready', done: 0, total: 0 });
    index.close();
    await embedder.close();
  });
});
