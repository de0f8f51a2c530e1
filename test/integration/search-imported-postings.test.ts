/**
 * Imported documents are scored from in-memory postings read in a worker thread, and by FTS5 until then and whenever the
 * index has moved on: the same results either way, and a document imported by another process (npm run import) is
 * found at once.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openUserDb } from '../../src/main/db/connection.ts';
import { importDocuments } from '../../src/main/documents/import/importer.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

const TOPICS = [
  'zorbexamine in chronic migraine',
  'zorbexamine and sleep latency',
  'quellium supplementation in athletes',
  'renal outcomes of quellium',
];
const records = Array.from({ length: 60 }, (_, i) => ({
  id: `lib-${i}`,
  title: `${TOPICS[i % TOPICS.length]}: cohort ${i}`,
  abstract: `We studied ${TOPICS[(i * 3) % TOPICS.length]} in ${20 + i} adults. ${i % 5 === 0 ? 'Zorbexamine reduced attacks. ' : ''}Outcomes were measured at ${i % 12} weeks.`,
  publication_date: `20${10 + (i % 14)}`,
}));

let t: TestApp;
// The worker is started for any imported library in this test (5,000 records otherwise); restored after the file, so a
// test file run after this one in the same process (vitest without isolation) sees the default.
const livePostingsMin = process.env.MATERIA_LIVE_POSTINGS_MIN;
beforeAll(async () => {
  process.env.MATERIA_LIVE_POSTINGS_MIN = '10';
  t = await startTestApp();
  const r = await t.http.post('/v1/documents/import').set('X-API-Key', t.adminKey).send({ records });
  expect(r.status).toBe(200);
});
afterAll(async () => {
  await t.close();
  if (livePostingsMin === undefined) delete process.env.MATERIA_LIVE_POSTINGS_MIN;
  else process.env.MATERIA_LIVE_POSTINGS_MIN = livePostingsMin;
});

const search = async (query: string) => {
  const r = await t.http
    .post('/v1/search')
    .set('X-API-Key', t.adminKey)
    .send({ query, types: ['documents'], filters: { source: 'imported' }, limit: 100 });
  expect(r.status).toBe(200);
  return (
    r.body as {
      data: { results: { id: string; external_id: string | null; relevance_score: number }[]; results_total: number };
    }
  ).data;
};
const untilPostings = async () => {
  for (let i = 0; i < 100 && !t.materia.context.search.importedPostingsReady(); i++) {
    await search('zorbexamine');
    await new Promise((ok) => setTimeout(ok, 100));
  }
  expect(t.materia.context.search.importedPostingsReady()).toBe(true);
};

describe('imported documents in memory', () => {
  it('score the same from postings as from FTS5', async () => {
    const queries = ['zorbexamine migraine', 'quellium renal outcomes', 'sleep latency in adults', 'zorbexamine'];
    const before = await Promise.all(queries.map(search));
    expect(t.materia.context.search.importedPostingsReady()).toBe(false);
    await untilPostings();
    const after = await Promise.all(queries.map(search));
    expect(before[0]!.results_total).toBeGreaterThan(10);
    for (let q = 0; q < queries.length; q++) {
      expect(after[q]!.results.map((h) => h.id)).toEqual(before[q]!.results.map((h) => h.id));
      expect(after[q]!.results.map((h) => h.relevance_score)).toEqual(before[q]!.results.map((h) => h.relevance_score));
    }
  });

  it('find a document another process imported at once, then read the postings again', async () => {
    await untilPostings();
    const other = openUserDb(join(t.dataDir, 'user.sqlite'));
    importDocuments(
      other,
      [
        {
          index: 0,
          value: {
            id: 'cli-1',
            title: 'Vexorantine for cluster headache',
            abstract: 'A randomised trial of vexorantine.',
          },
        },
      ],
      Date.now,
    );
    other.close();
    const found = await search('vexorantine');
    expect(found.results.map((h) => h.external_id)).toEqual(['cli-1']);
    // the postings read before the import are no longer used; new ones are read once the index settles
    expect(t.materia.context.search.importedPostingsReady()).toBe(false);
    await untilPostings();
    expect((await search('vexorantine')).results.map((h) => h.external_id)).toEqual(['cli-1']);
  });

  it('let a server close while their reading is scheduled (nothing runs against the closed database)', async () => {
    const other = await startTestApp();
    await other.http
      .post('/v1/documents/import')
      .set('X-API-Key', other.adminKey)
      .send({ records: records.slice(0, 20) });
    await other.http
      .post('/v1/search')
      .set('X-API-Key', other.adminKey)
      .send({ query: 'zorbexamine', types: ['documents'] })
      .expect(200);
    await other.close();
    // the read was due one second after the search; an error in it would fail this file as an unhandled error
    await new Promise((ok) => setTimeout(ok, 1_500));
    expect(other.contentDb.open).toBe(false);
  });
});
