import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPubmedXml } from '../../src/main/documents/import/read-records.ts';
import { REPO_ROOT, startTestApp, type TestApp } from '../helpers/app.ts';

const FIXTURES = join(REPO_ROOT, 'test/fixtures/import');
const jsonl = readFileSync(join(FIXTURES, 'cord19-sample.jsonl'), 'utf8');
const xml = readFileSync(join(FIXTURES, 'cord19-sample-pubmed.xml'), 'utf8');

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const importBody = (body: object, key = t.adminKey) =>
  t.http.post('/v1/documents/import').set('X-API-Key', key).send(body);

describe('PubMed XML reading', () => {
  it('maps PMID, title, abstract, authors, journal, full date, DOI and PMCID', () => {
    const [first] = readPubmedXml(xml);
    expect(first).toEqual({
      index: 0,
      value: expect.objectContaining({
        pmid: '34093252',
        journal: 'Front Psychiatry',
        publication_date: '2021-05-20',
        doi: '10.3389/fpsyt.2021.593710',
        pmcid: 'PMC8172985',
      }),
    });
    const v = (first as { value: { title: string; authors: string[]; abstract: string } }).value;
    expect(v.title).toMatch(/^Development and Internal Validation of a Novel Model/);
    expect(v.authors.slice(0, 2)).toEqual(['Zhou, Jingjing', 'Zhou, Jia']);
    expect(v.abstract).toMatch(/^Objective: The aim of our study/);
  });
  it('decodes entities and character references in titles, abstracts and every other field, once', () => {
    const doc = `<?xml version="1.0"?><PubmedArticleSet><PubmedArticle><MedlineCitation><PMID>123</PMID><Article>
      <Journal><Title>Journal of A &amp; B &#x3b1;</Title></Journal>
      <ArticleTitle>Effect of &lt;i&gt; on p &lt; 0.05 &amp; <i>in vivo</i> &#946;-cells &quot;x&quot;</ArticleTitle>
      <Abstract><AbstractText Label="RESULTS &amp; DISCUSSION">HR 0.8 (p &lt; 0.05; n &gt; 100) &#x2265; 5 &amp;amp;</AbstractText></Abstract>
      <AuthorList><Author><LastName>M&#xfc;ller</LastName><ForeName>J&apos;</ForeName></Author></AuthorList></Article>
      <MeshHeadingList><MeshHeading><DescriptorName>A &amp; B</DescriptorName></MeshHeading></MeshHeadingList></MedlineCitation></PubmedArticle></PubmedArticleSet>`;
    expect(readPubmedXml(doc)).toEqual([
      {
        index: 0,
        value: {
          pmid: '123',
          title: 'Effect of <i> on p < 0.05 & in vivo β-cells "x"', // an escaped tag is text; a real <i> tag is markup
          abstract: 'RESULTS & DISCUSSION: HR 0.8 (p < 0.05; n > 100) ≥ 5 &amp;', // &amp;amp; is decoded once
          authors: ["Müller, J'"],
          journal: 'Journal of A & B α',
          mesh_terms: ['A & B'],
        },
      },
    ]);
  });

  it('reports XML that is not PubMed', () => {
    expect(readPubmedXml('<foo/>')).toEqual([
      { index: 0, error: { field: 'data', message: 'no PubmedArticleSet element: expected PubMed XML' } },
    ]);
    expect(readPubmedXml('<PubmedArticleSet><PubmedArticle>')[0]).toHaveProperty('error');
  });
});

describe('POST /v1/documents/import', () => {
  it('imports JSON lines, reporting each malformed record by position and field', async () => {
    const res = await importBody({ format: 'jsonl', data: jsonl });
    expect(res.status).toBe(200);
    const r = res.body.data;
    expect(r).toMatchObject({ received: 5, created: 2, updated: 0 });
    expect(r.failed.map((f: { index: number }) => f.index)).toEqual([2, 3, 5]);
    expect(r.failed[0].errors[0].field).toBe('line 3');
    expect(r.failed[1].errors.map((e: { field: string }) => e.field).sort()).toEqual(['pmid', 'title']);
    expect(r.failed[2].errors).toEqual([{ field: 'colour', message: 'unknown field' }]);
  });

  it('makes imported documents searchable and readable like bundled ones', async () => {
    const list = await t.http
      .get('/v1/documents')
      .query({ source: 'imported', limit: 10 })
      .set('X-API-Key', t.adminKey);
    expect(list.body.meta.total).toBe(2);
    const search = await t.http
      .get('/v1/documents')
      .query({ q: 'Plasma ACE2 predicts outcome', limit: 3 })
      .set('X-API-Key', t.adminKey);
    const hit = search.body.data.find((d: { source: string }) => d.source === 'imported');
    expect(hit).toMatchObject({
      pmid: '34086837',
      journal: 'PLoS One',
      publication_date: '2021-06-04',
      url: 'https://doi.org/10.1371/journal.pone.0252799',
    });
    const one = await t.http.get(`/v1/documents/${hit.id}`).set('X-API-Key', t.adminKey);
    expect(one.status).toBe(200);
    expect(one.body.data.title).toBe('Plasma ACE2 predicts outcome of COVID-19 in hospitalized patients');
  });

  it('re-importing the same records updates them instead of duplicating (PubMed XML this time)', async () => {
    const res = await importBody({ format: 'pubmed_xml', data: xml });
    expect(res.status).toBe(200);
    // The third article has no ArticleTitle but an abstract, and the PMID of a record imported above: it updates that
    // record and keeps its real title rather than taking one derived from the abstract.
    expect(res.body.data).toMatchObject({ received: 3, created: 1, updated: 2, failed: [] });
    const list = await t.http
      .get('/v1/documents')
      .query({ source: 'imported', limit: 10 })
      .set('X-API-Key', t.adminKey);
    expect(list.body.meta.total).toBe(3);
    const ace2 = list.body.data.find((d: { pmid: string }) => d.pmid === '34086837');
    expect(ace2).toMatchObject({
      title: 'Plasma ACE2 predicts outcome of COVID-19 in hospitalized patients',
      title_source: 'article',
    });
  });

  it('accepts records directly, and 400s when nothing could be imported', async () => {
    const ok = await importBody({
      records: [{ id: 'my-notes-1', title: 'Clinic audit of vitamin D prescribing', publication_date: '2024' }],
    });
    expect(ok.body.data).toMatchObject({ created: 1, updated: 0 });
    const again = await importBody({
      records: [{ id: 'my-notes-1', title: 'Clinic audit of vitamin D prescribing (revised)' }],
    });
    expect(again.body.data).toMatchObject({ created: 0, updated: 1 });
    const bad = await importBody({ records: [{ title: 5 }, 'nope'] });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.map((d: { field: string }) => d.field)).toEqual(['records.0.title', 'records.1']);
    const wrongShape = await importBody({ format: 'csv', data: 'a,b' });
    expect(wrongShape.status).toBe(400);
    expect(wrongShape.body.error.details.map((d: { field: string }) => d.field)).toEqual(['format']);
  });

  it('errors name the request field that is wrong: records, format or data', async () => {
    const cases: [object, string[]][] = [
      [{}, ['records']],
      [{ records: [] }, ['records']],
      [{ records: 'x' }, ['records']],
      [{ data: '[]' }, ['format']],
      [{ format: 'json' }, ['data']],
      [{ records: [{ title: 'x' }], format: 'json' }, ['format']],
      [{ format: 'json', data: '{not json' }, ['data']],
      [{ format: 'json', data: '[{"title": 5}, {"pmid": "x", "title": "ok"}]' }, ['data', 'data']],
      [{ format: 'pubmed_xml', data: '<foo/>' }, ['data']],
      [{ format: 'pubmed_xml', data: '<PubmedArticleSet></PubmedArticleSet>' }, ['data']],
      [{ format: 'jsonl', data: '\n\n' }, ['data']],
      [{ records: [{ title: 'x' }], colour: 'red' }, ['colour']],
    ];
    for (const [body, fields] of cases) {
      const res = await importBody(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(
        res.body.error.details.map((d: { field: string }) => d.field),
        JSON.stringify(body),
      ).toEqual(fields);
    }
    const fromFile = await importBody({ format: 'json', data: '[{"title": 5}]' });
    expect(fromFile.body.error.details).toEqual([
      { field: 'data', message: expect.stringMatching(/^record 0, title: /) as string },
    ]);
  });

  it('needs the admin scope', async () => {
    const res = await importBody({ records: [{ title: 'x' }] }, t.keyWith(['read']));
    expect(res.status).toBe(403);
  });

  it('imported documents survive a content update (they live in the user database)', async () => {
    const { openContentDb } = await import('../../src/main/db/connection.ts');
    const { createApp } = await import('../../src/main/server/app.ts');
    const { CONTENT_DB } = await import('../helpers/app.ts');
    const fresh = createApp({ contentDb: openContentDb(CONTENT_DB), userDb: t.userDb, version: 'next' });
    const { total } = fresh.context.documents.list({ source: 'imported' }, { limit: 1, offset: 0 });
    expect(total).toBe(4);
  });
  it('keeps your own id as external_id, and derives a title (marked) for a record with only an abstract', async () => {
    const res = await importBody({
      records: [
        {
          id: 'lib-0042',
          abstract: 'Delayed gastric emptying was common in patients on semaglutide. We reviewed 120 charts.',
        },
        { id: 'lib-0043' },
      ],
    });
    expect(res.body.data).toMatchObject({ created: 1 });
    expect(res.body.data.failed).toEqual([
      { index: 1, key: 'lib-0043', errors: [{ field: 'title', message: 'a record needs a title or an abstract' }] },
    ]);
    const doc = await t.http.get(`/v1/documents/${res.body.data.documents[0].id}`).set('X-API-Key', t.adminKey);
    expect(doc.body.data).toMatchObject({
      external_id: 'lib-0042',
      title: 'Delayed gastric emptying was common in patients on semaglutide',
      title_source: 'derived',
    });
  });
});

describe('npm run import', () => {
  it('imports a file into MATERIA_DATA_DIR with a report', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'materia-import-'));
    const out = execFileSync(
      join(REPO_ROOT, 'node_modules/.bin/tsx'),
      ['src/main/documents/import/cli.ts', join(FIXTURES, 'cord19-sample-pubmed.xml')],
      {
        cwd: REPO_ROOT,
        env: { ...process.env, MATERIA_DATA_DIR: dataDir },
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    // The article without an ArticleTitle has an abstract, so it is imported under a title derived from it.
    expect(out).toContain('3 record(s): 3 created, 0 updated, 0 failed');
  });
});
