import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MonographListResponse, MonographResponse } from '../../src/shared/schemas/monographs.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const get = (path: string, query: Record<string, string | number> = {}) =>
  t.http.get(path).query(query).set('X-API-Key', t.adminKey);

describe('GET /v1/monographs/{slug}', () => {
  it('returns every field of spec §2.7 for metformin, with counts derived from linked documents', async () => {
    const res = await get('/v1/monographs/metformin');
    expect(res.status).toBe(200);
    const m = MonographResponse.parse(res.body).data;
    expect(m.full_name).toMatch(/^Metformin hydrochloride/);
    expect(m.classification).toEqual({
      type: 'Biguanide antihyperglycaemic',
      category: 'medication',
      subcategory: 'metabolic',
    });
    expect(m.structure).toEqual({
      molecular_formula: 'C4H11N5',
      molecular_weight: 129.16,
      sequence: null,
      type: 'small_molecule',
    });
    expect(m.clinical_evidence.evidence_grade).toBe('A');
    const docs = await get('/v1/documents', { compound: 'metformin', limit: 1 });
    expect(m.research_papers).toBe(docs.body.meta.total);
    expect(m.clinical_evidence.human_studies + m.clinical_evidence.preclinical_studies).toBeLessThanOrEqual(
      m.research_papers,
    );
    expect(m.interactions.drug_interactions[0]).toMatchObject({
      substance: 'Iodinated contrast media',
      severity: 'major',
    });
    expect(m.sources.editorial).toBe(true);
    expect(m.related_compounds).toContain('berberine');
  });

  it('names the basis entries each clinical outcome and indication rests on (sources.claims, counted from 1)', async () => {
    const m = MonographResponse.parse((await get('/v1/monographs/metformin')).body).data;
    const claims = m.sources.claims!;
    expect(claims.clinical_outcomes).toHaveLength(m.clinical_evidence.clinical_outcomes.length);
    expect(claims.indications).toHaveLength(m.indications.length);
    const citedBy = (words: string) => {
      const i = m.clinical_evidence.clinical_outcomes.findIndex((o) => o.includes(words));
      return (claims.clinical_outcomes[i] ?? []).map((n) => m.sources.basis[n - 1]);
    };
    expect(citedBy('Diabetes Prevention Program')).toContain('Diabetes Prevention Program Research Group, NEJM 2002');
    expect(citedBy('UKPDS')).toEqual(expect.arrayContaining([expect.stringContaining('UKPDS')]));
    for (const n of [...claims.clinical_outcomes, ...claims.indications].flat()) expect(n).toBeGreaterThanOrEqual(1);
    for (const n of [...claims.clinical_outcomes, ...claims.indications].flat())
      expect(n).toBeLessThanOrEqual(m.sources.basis.length);
  });

  it('404 for a compound without a monograph', async () => {
    const res = await get('/v1/monographs/not-a-compound');
    expect(res.status).toBe(404);
  });
});

describe('GET /v1/monographs', () => {
  it('lists with pagination meta, and q finds by name', async () => {
    const res = await get('/v1/monographs', { limit: 5 });
    const body = MonographListResponse.parse(res.body);
    expect(body.meta.returned).toBe(Math.min(5, body.meta.total));
    expect(body.meta.has_more).toBe(body.meta.total > 5);
    const q = await get('/v1/monographs', { q: 'glucophage' });
    expect(q.body.data[0]).toMatchObject({
      slug: 'metformin',
      name: 'Metformin',
      category: 'medication',
      evidence_grade: 'A',
    });
  });

  it('filters by category and grade', async () => {
    const res = await get('/v1/monographs', { category: 'medication', evidence_grade: 'A', limit: 100 });
    expect(res.body.data.length).toBeGreaterThan(0);
    for (const m of res.body.data) expect(m).toMatchObject({ category: 'medication', evidence_grade: 'A' });
  });

  it.each([
    ['unknown category', { category: 'herb' }, 'category'],
    ['grade F', { evidence_grade: 'F' }, 'evidence_grade'],
    ['offset -1', { offset: -1 }, 'offset'],
  ])('400 for %s', async (_n, query, field) => {
    const res = await get('/v1/monographs', query);
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].field).toBe(field);
  });
});
