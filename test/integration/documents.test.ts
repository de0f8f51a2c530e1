import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentListResponse } from '../../src/shared/schemas/documents.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const list = (query: Record<string, string | number>) =>
  t.http.get('/v1/documents').query(query).set('X-API-Key', t.adminKey);

describe('GET /v1/documents', () => {
  it('holds all of SciFact (5,183), the titled CORD-19 records (3,496) and PubMedQA (1,000)', async () => {
    const scifact = await list({ source: 'scifact', limit: 1 });
    expect(scifact.body.meta.total).toBe(5183);
    const cord = await list({ source: 'cord19', limit: 1 });
    expect(cord.body.meta.total).toBe(3496);
    const pubmedqa = await list({ source: 'pubmedqa', limit: 1 });
    expect(pubmedqa.body.meta.total).toBe(1000);
    const all = await list({ limit: 1 });
    expect(all.body.meta.total).toBe(5183 + 3496 + 1000);
  });

  it('maps a CORD-19 record field by field', async () => {
    const res = await t.http.get('/v1/documents/cord19-ak20jg32').set('X-API-Key', t.adminKey);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: 'cord19-ak20jg32',
      source: 'cord19',
      journal: 'Front Psychiatry',
      publication_date: '2021-05-20',
      publication_year: 2021,
      doi: '10.3389/fpsyt.2021.593710',
      pmid: '34093252',
      pmcid: 'PMC8172985',
      url: 'https://doi.org/10.3389/fpsyt.2021.593710',
      license: 'cc-by',
    });
    expect(res.body.data.authors.slice(0, 2)).toEqual(['Zhou, Jingjing', 'Zhou, Jia']);
    expect(res.body.data.abstract).toMatch(/^Objective: The aim of our study/);
  });

  it('withholds abstracts whose licence does not allow redistribution, keeping the metadata', async () => {
    const res = await t.http.get('/v1/documents/cord19-fcc1cohr').set('X-API-Key', t.adminKey);
    expect(res.status).toBe(200);
    expect(res.body.data.license).toBe('unk');
    expect(res.body.data.abstract).toBeNull();
    expect(res.body.data.title).toMatch(/^Point-of-care ultrasound during the COVID-19 pandemic/);
  });

  it('maps SciFact records with what they have and nulls for what they do not', async () => {
    const res = await t.http.get('/v1/documents/scifact-4983').set('X-API-Key', t.adminKey);
    expect(res.body.data).toMatchObject({
      title:
        'Microstructural development of human newborn cerebral white matter assessed in vivo by diffusion tensor magnetic resonance imaging.',
      authors: [],
      journal: null,
      doi: null,
      pmid: null,
      publication_date: null,
      url: null,
      title_source: 'article',
    });
  });

  it('shows every document with its study design in words and never a null PubMedQA title', async () => {
    const res = await list({ source: 'pubmedqa', limit: 100 });
    expect(res.body.data).toHaveLength(100);
    for (const d of res.body.data) {
      expect(d.title).toEqual(expect.any(String));
      expect(d.title_source).toBe('question');
    }
    const rct = await list({ q: 'randomized double-blind placebo-controlled', evidence_grade: 'A', limit: 20 });
    const labels = new Set(rct.body.data.map((d: { study_design_label: string }) => d.study_design_label));
    expect(
      [...labels].every((l) => l === 'Randomised controlled trial' || l === 'Meta-analysis or systematic review'),
    ).toBe(true);
    const one = await t.http.get('/v1/documents/scifact-4983').set('X-API-Key', t.adminKey);
    expect(one.body.data.study_design_label).toMatch(/^[A-Z]/);
    expect(one.body.data.study_design_label).not.toMatch(/preclinical evidence plus some human data/);
  });

  it('maps a PubMedQA record: PMID, year, MeSH terms, sections and conclusion; the question stands in for the missing title', async () => {
    const res = await t.http.get('/v1/documents/pubmedqa-21645374').set('X-API-Key', t.adminKey);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      source: 'pubmedqa',
      title: 'Do mitochondria play a role in remodelling lace plant leaves during programmed cell death?',
      title_source: 'question',
    });
    expect(res.body.data).toMatchObject({
      source: 'pubmedqa',
      pmid: '21645374',
      url: 'https://pubmed.ncbi.nlm.nih.gov/21645374/',
      doi: null,
      journal: null,
    });
    expect(res.body.data.publication_year).toBe(2011);
    expect(res.body.data.abstract).toMatch(/^BACKGROUND: Programmed cell death \(PCD\)/);
    expect(res.body.data.abstract).toMatch(/CONCLUSIONS: /);
    expect(res.body.data.mesh_terms.length).toBeGreaterThan(0);
  });

  it('searches text with BM25 (title matches rank first)', async () => {
    const res = await list({ q: 'diffusion tensor white matter newborn', limit: 5 });
    expect(res.status).toBe(200);
    expect(res.body.data[0].id).toBe('scifact-4983');
  });

  it('filters by journal (case-insensitive exact), date range with year-only overlap, grade and compound', async () => {
    const j = await list({ journal: 'front psychiatry', limit: 100 });
    expect(j.body.meta.total).toBe(6);
    const q1 = await list({ from: '2021-01-01', to: '2021-03-31', source: 'cord19', limit: 1 });
    expect(q1.body.meta.total).toBe(815);
    const y2010 = await list({ from: '2010', to: '2010', source: 'cord19', limit: 100 });
    expect(y2010.body.meta.total).toBe(141);
    for (const d of y2010.body.data) expect(d.publication_year).toBe(2010);
    const ab = await list({ evidence_grade: 'A,B', limit: 100 });
    for (const d of ab.body.data) expect(['A', 'B']).toContain(d.evidence_grade);
    const linked = await list({ compound: 'metformin', limit: 100 });
    expect(linked.body.meta.total).toBeGreaterThan(0);
    for (const d of linked.body.data)
      expect(`${d.title} ${d.abstract ?? ''}`).toMatch(/metformin|glucophage|dimethylbiguanid/i);
  });

  it('pagination arithmetic holds', async () => {
    const res = await list({ source: 'cord19', limit: 7, offset: 3490 });
    expect(DocumentListResponse.parse(res.body).meta).toEqual({
      total: 3496,
      returned: 6,
      limit: 7,
      offset: 3490,
      has_more: false,
    });
    const mid = await list({ source: 'cord19', limit: 7, offset: 14 });
    expect(mid.body.meta).toEqual({ total: 3496, returned: 7, limit: 7, offset: 14, has_more: true });
  });

  it.each([
    ['limit 0', { limit: 0 }, 'limit'],
    ['limit 101', { limit: 101 }, 'limit'],
    ['limit abc', { limit: 'abc' }, 'limit'],
    ['grade F', { evidence_grade: 'F' }, 'evidence_grade.0'],
    ['bad date', { from: '2021-13-45' }, 'from'],
    ['from after to', { from: '2022-01-01', to: '2021-01-01' }, 'from'],
    ['unknown compound', { compound: 'no-such-thing' }, 'compound'],
    ['unknown parameter', { colour: 'red' }, 'colour'],
  ])('400 for %s', async (_n, query, field) => {
    const res = await list(query as Record<string, string | number>);
    expect(res.status).toBe(400);
    expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
  });

  it('404 for an unknown document id', async () => {
    const res = await t.http.get('/v1/documents/scifact-0').set('X-API-Key', t.adminKey);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
  });
});
