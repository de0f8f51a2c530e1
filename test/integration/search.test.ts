import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorEnvelope } from '../../src/shared/errors.ts';
import { SemanticSearchResponse } from '../../src/shared/schemas/search.ts';
import { EVIDENCE_GRADES } from '../../src/shared/enums.ts';
import { CANDIDATES } from '../../src/main/search/search-service.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const search = async (body: object, key = t.adminKey) => t.http.post('/v1/search').set('X-API-Key', key).send(body);
const ok = async (body: object) => {
  const res = await search(body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return SemanticSearchResponse.parse(res.body).data;
};

describe('POST /v1/search (lexical: no model in this app)', () => {
  it('finds a compound by name first and says which mode ran', async () => {
    const d = await ok({ query: 'metformin' });
    expect(d.search_mode).toBe('lexical');
    expect(d.query).toBe('metformin');
    expect(d.results[0]).toMatchObject({
      type: 'compound',
      slug: 'metformin',
      category: 'medication',
      evidence_grade: 'A',
      relevance_score: 1,
    });
    expect(d.results[1]!.relevance_score).toBeLessThan(1); // only an exact name scores 1: no type's best is 1.0 by default
    expect(d.results[0]).toMatchObject({
      typical_dosage: expect.stringContaining('500 mg') as string,
      route_of_administration: ['oral'],
    });
  });

  it('returns exactly the spec fields per type, with scores in [0, 1] never increasing down the page', async () => {
    const d = await ok({ query: 'vitamin d deficiency', limit: 100 });
    const fields = {
      compound: [
        'type',
        'id',
        'name',
        'slug',
        'category',
        'evidence_grade',
        'relevance_score',
        'summary',
        'research_count',
        'typical_dosage',
        'route_of_administration',
      ],
      document: [
        'type',
        'id',
        'title',
        'authors',
        'publication_date',
        'journal',
        'evidence_grade',
        'relevance_score',
        'abstract',
        'doi',
        'url',
        'source',
        'external_id',
      ],
      research: ['type', 'id', 'title', 'content_preview', 'topics', 'relevance_score'],
    };
    const seen = new Set<string>();
    for (const r of d.results) {
      seen.add(r.type);
      expect(Object.keys(r).sort()).toEqual([...fields[r.type]].sort());
      expect(r.relevance_score).toBeGreaterThanOrEqual(0);
      expect(r.relevance_score).toBeLessThanOrEqual(1);
    }
    expect([...seen].sort()).toEqual(['compound', 'document']);
    const research = await ok({ query: 'vitamin d deficiency', types: ['research'], limit: 5 });
    for (const r of research.results) expect(Object.keys(r).sort()).toEqual([...fields.research].sort());
    for (let i = 1; i < d.results.length; i++)
      expect(d.results[i]!.relevance_score).toBeLessThanOrEqual(d.results[i - 1]!.relevance_score);
  });

  it('facets count the whole filtered result set', async () => {
    const d = await ok({ query: 'magnesium sleep', limit: 5 });
    const sum = (xs: { count: number }[]) => xs.reduce((n, x) => n + x.count, 0);
    expect(sum(d.facets.evidence_grades)).toBe(d.results_total);
    expect(sum(d.facets.categories)).toBe(d.facets.types.find((x) => x.name === 'compound')?.count ?? 0);
    expect(d.results_total).toBeGreaterThan(5);
    expect(d.pagination).toEqual({
      limit: 5,
      offset: 0,
      total: d.results_total,
      pages: Math.ceil(d.results_total / 5),
    });
  });

  it('each type count is what a click on that type returns; together a PubMedQA record counts once', async () => {
    // a PubMedQA record is a document and a research item: one result with every type, one in each type alone
    for (const body of [
      { query: 'vitamin d supplementation' },
      { query: 'statin myopathy', filters: { evidence_grade: ['A', 'B'] } },
      { query: 'metformin', sort: 'date' },
    ]) {
      const all = await ok({ ...body, limit: 1 });
      const types = { compound: 'compounds', document: 'documents', research: 'research' } as const;
      let sum = 0;
      for (const f of all.facets.types) {
        const one = await ok({ ...body, types: [types[f.name]], limit: 1 });
        expect(one.results_total, `${body.query}: ${f.name}`).toBe(f.count);
        sum += f.count;
      }
      expect(sum).toBeGreaterThanOrEqual(all.results_total);
    }
    const overlap = await ok({ query: 'vitamin d supplementation', limit: 1 });
    const total = overlap.facets.types.reduce((n, f) => n + f.count, 0);
    expect(total, 'this query finds a PubMedQA record both ways').toBeGreaterThan(overlap.results_total);
  });

  it('pages are consistent: walking them yields every result once, in the order of one big page', async () => {
    const q = { query: 'probiotic diarrhoea antibiotics', types: ['compounds', 'research'] };
    const big = await ok({ ...q, limit: 100 });
    const total = Math.min(big.results_total, 100);
    const walked: string[] = [];
    for (let offset = 0; offset < total; offset += 7)
      walked.push(...(await ok({ ...q, limit: 7, offset })).results.map((r) => r.id));
    expect(walked.slice(0, total)).toEqual(big.results.map((r) => r.id));
    expect(new Set(walked).size).toBe(walked.length);
  });

  it('types and include_research choose what is searched; include_abstracts=false drops abstracts', async () => {
    const docs = await ok({ query: 'insulin resistance', types: ['documents'], include_abstracts: false, limit: 20 });
    expect(docs.results.every((r) => r.type === 'document' && !('abstract' in r))).toBe(true);
    expect(docs.facets.types.map((f) => f.name)).toEqual(['document']);
    const noResearch = await ok({ query: 'insulin resistance', include_research: false, limit: 100 });
    expect(noResearch.results.some((r) => r.type === 'research')).toBe(false);
    const withAbstracts = await ok({ query: 'insulin resistance', types: ['documents'], limit: 5 });
    expect(withAbstracts.results.every((r) => 'abstract' in r)).toBe(true);
  });

  it('filters: evidence grade on every type, category and compound_type on compounds and on what mentions them', async () => {
    const graded = await ok({ query: 'blood pressure', filters: { evidence_grade: ['A'] }, limit: 100 });
    expect(graded.results.length).toBeGreaterThan(0);
    expect(graded.facets.evidence_grades).toEqual([{ grade: 'A', count: graded.results_total }]);
    const cat = await ok({ query: 'muscle', filters: { category: 'sarm' }, limit: 100 });
    for (const r of cat.results) if (r.type === 'compound') expect(r.category).toBe('sarm');
    expect(cat.facets.categories.map((c) => c.name)).toEqual(['sarm']);
    const ct = await ok({ query: 'sleep', types: ['compounds'], filters: { compound_type: ['wellness'] }, limit: 100 });
    const slugs = ct.results.map((r) => (r.type === 'compound' ? r.slug : ''));
    const check = await t.http.post('/v1/batch/compounds').set('X-API-Key', t.adminKey).send({ slugs });
    expect(check.body.data.every((c: { compound_type: string }) => c.compound_type === 'wellness')).toBe(true);
    const linked = await ok({
      query: 'metformin diabetes',
      types: ['documents'],
      filters: { category: 'medication' },
      limit: 50,
    });
    expect(linked.results.length).toBeGreaterThan(0); // documents that mention a medication we carry
  });

  it("combines filters: each one narrows the others' results", async () => {
    const q = { query: 'muscle strength testosterone', limit: 100 };
    const graded = await ok({ ...q, filters: { evidence_grade: ['A', 'B'] } });
    const both = await ok({ ...q, filters: { evidence_grade: ['A', 'B'], category: 'steroid' } });
    const all3 = await ok({
      ...q,
      types: ['compounds'],
      filters: { evidence_grade: ['A', 'B'], category: 'steroid', compound_type: ['therapeutic'] },
    });
    expect(both.results_total).toBeLessThanOrEqual(graded.results_total);
    expect(all3.results_total).toBeLessThanOrEqual(both.results_total);
    expect(all3.results_total).toBeGreaterThan(0);
    for (const r of all3.results) {
      expect(r.type).toBe('compound');
      if (r.type === 'compound') {
        expect(['A', 'B']).toContain(r.evidence_grade);
        expect(r.category).toBe('steroid');
      }
    }
    const ids = new Set(graded.results.map((r) => r.id));
    for (const r of both.results) expect(ids.has(r.id) || graded.results_total > 100).toBe(true);
  });

  it('sorts by evidence grade, date and name', async () => {
    const q = { query: 'vitamin', limit: 100 };
    const byGrade = await ok({ ...q, sort: 'evidence_grade' });
    const order = byGrade.results
      .map((r) => ('evidence_grade' in r ? EVIDENCE_GRADES.indexOf(r.evidence_grade) : -1))
      .filter((g) => g >= 0);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    const byDate = await ok({ ...q, types: ['documents'], sort: 'date' });
    const dates = byDate.results
      .map((r) => (r.type === 'document' ? r.publication_date : null))
      .filter((x): x is string => x !== null);
    expect(dates).toEqual([...dates].sort().reverse());
    const byName = await ok({ ...q, types: ['compounds'], sort: 'name' });
    const names = byName.results.map((r) => (r.type === 'compound' ? r.name : ''));
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
  });

  it('tolerates typos and finds synonyms', async () => {
    for (const [query, slug] of [
      ['metfromin', 'metformin'],
      ['ashwaganda', 'ashwagandha'],
      ['Glucophage', 'metformin'],
      ['Dimethylbiguanid', 'metformin'],
      ['creatin monohydrate', 'creatine-monohydrate'],
    ]) {
      const d = await ok({ query, types: ['compounds'] });
      expect(d.results[0], query).toMatchObject({ slug });
    }
  });

  it('drops stop words from OR-ed queries, but searches a query made only of them', async () => {
    const compounds = await t.http
      .post('/v1/compounds/search')
      .set('X-API-Key', t.adminKey)
      .send({ query: 'metformin and the alcohol', limit: 100 });
    expect(compounds.status).toBe(200);
    // The stop words add nothing: the same matches as the two content words alone (with them OR-ed in, every
    // compound whose text holds "the" would match).
    const content = await t.http
      .post('/v1/compounds/search')
      .set('X-API-Key', t.adminKey)
      .send({ query: 'metformin alcohol', limit: 100 });
    expect(compounds.body.meta.total).toBe(content.body.meta.total);
    expect(compounds.body.meta.total).toBeLessThan(100);
    expect(compounds.body.data[0].slug).toBe('metformin');
    const the = await ok({ query: 'the', types: ['documents'], limit: 5 });
    expect(the.results.length).toBe(5);
    // Thousands of abstracts hold "the": the candidate cap is reached and the total says it is a lower bound.
    expect(the.results_total_is_lower_bound).toBe(true);
    expect(the.results_total).toBeGreaterThanOrEqual(CANDIDATES);
  });

  it('says how it understood the query: brands, typos, lay terms, letter-named vitamins', async () => {
    const zoloft = await ok({ query: 'zoloft', limit: 3 });
    expect(zoloft.query_interpretation).toEqual({ corrected: null, expanded_with: ['Sertraline'] });
    const typo = await ok({ query: 'metfromin', limit: 3 });
    expect(typo.query_interpretation).toEqual({ corrected: 'metformin', expanded_with: [] });
    expect(typo.results[0]).toMatchObject({ type: 'compound', slug: 'metformin' });
    const lay = await ok({ query: 'heart attack', types: ['documents'], limit: 10 });
    expect(lay.query_interpretation?.expanded_with).toContain('myocardial infarction');
    expect(
      lay.results.filter((r) => r.type === 'document' && /myocardial infarction/i.test(`${r.title} ${r.abstract}`))
        .length,
    ).toBeGreaterThanOrEqual(3);
    const vit = await ok({ query: 'vitamin d', types: ['compounds'], limit: 5 });
    expect(vit.results.map((r) => (r.type === 'compound' ? r.name : ''))).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Vitamin D/)]),
    );
    expect((await ok({ query: 'metformin', limit: 3 })).query_interpretation).toBeNull();
  });

  it('a combination brand no record is finds each ingredient; a group abbreviation searches its name written out', async () => {
    const slugs = async (query: string) =>
      (await ok({ query, types: ['compounds'], limit: 5 })).results.map((r) => (r.type === 'compound' ? r.slug : ''));
    // Glycomet-GP (India): glimepiride + metformin; no compound of ours is the pair
    expect(await slugs('glycomet gp tablet')).toEqual(expect.arrayContaining(['glimepiride', 'metformin']));
    // "NOAC" was the only term searched for the DOAC group, and no record uses it
    const noac = await ok({ query: 'NOAC', types: ['compounds'], limit: 5 });
    expect(noac.results.length).toBeGreaterThan(0);
    expect(noac.query_interpretation?.expanded_with).toContain('direct oral anticoagulant');
  });

  it('reads herbs in other languages, ward shorthand and lay words met out of order (round 9 classes)', async () => {
    const slugs = async (query: string) =>
      (await ok({ query, types: ['compounds'], limit: 5 })).results.map((r) => (r.type === 'compound' ? r.slug : ''));
    expect(await slugs('Mönchspfeffer Kapseln')).toContain('chasteberry');
    expect(await slugs('isabgol with warm water')).toContain('psyllium-husk');
    expect(await slugs('quet 25mg nocte')).toContain('quetiapine');
    expect(await slugs('RHZE 4FDC tablets')).toContain('rifampicin');
    // three letters are read only as a reviewed clinical abbreviation
    expect(await slugs('LTG 100mg bd')).toContain('lamotrigine');
    // a lay phrase met with its words apart: "Gichtmittel das Durchfall macht"
    expect(await slugs('das Gichtmittel macht bei mir immer Durchfall')).toContain('colchicine');
  });

  it('filters by source: your own library alone, or what Materia ships; facets count sources', async () => {
    const imported = await t.http
      .post('/v1/documents/import')
      .set('X-API-Key', t.adminKey)
      .send({
        records: [
          {
            id: 'my-lib-1',
            title: 'Semaglutide and gastric emptying in my clinic cohort',
            abstract: 'Chart review of gastric emptying symptoms on semaglutide.',
          },
          { id: 'my-lib-2', abstract: 'Gastric emptying was delayed in patients taking semaglutide before endoscopy.' },
        ],
      });
    expect(imported.status).toBe(200);
    const mine = await ok({ query: 'semaglutide gastric emptying', filters: { source: 'imported' }, limit: 10 });
    expect(mine.results.map((r) => (r.type === 'document' ? r.external_id : r.type)).sort()).toEqual([
      'my-lib-1',
      'my-lib-2',
    ]);
    expect(mine.facets.sources).toEqual([{ name: 'imported', count: 2 }]);
    const bundled = await ok({ query: 'semaglutide gastric emptying', filters: { source: ['bundled'] }, limit: 100 });
    expect(bundled.results.some((r) => r.type === 'document' && r.source === 'imported')).toBe(false);
    expect(bundled.results.some((r) => r.type === 'compound')).toBe(true);
    const scifact = await ok({ query: 'vitamin d', filters: { source: ['scifact'] }, limit: 20 });
    expect(scifact.results.every((r) => r.type === 'document' && r.source === 'scifact')).toBe(true);
    expect((await search({ query: 'x', filters: { source: ['mine'] } })).body.error.details[0].field).toBe(
      'filters.source.0',
    );
  });

  it.each([
    ['query of 2,001 characters', { query: 'a'.repeat(2001) }, 'query'],
    ['query with no words', { query: '!!! "" ***' }, 'query'],
    ['empty query', { query: '' }, 'query'],
    ['limit 0', { query: 'x', limit: 0 }, 'limit'],
    ['limit 101', { query: 'x', limit: 101 }, 'limit'],
    ['unknown type', { query: 'x', types: ['herbs'] }, 'types.0'],
    ['empty types', { query: 'x', types: [] }, 'types'],
    ['unknown sort', { query: 'x', sort: 'random' }, 'sort'],
    ['grade F', { query: 'x', filters: { evidence_grade: ['F'] } }, 'filters.evidence_grade.0'],
    ['unknown compound_type', { query: 'x', filters: { compound_type: ['magic'] } }, 'filters.compound_type.0'],
    ['unknown field', { query: 'x', mode: 'dense' }, 'mode'],
  ])('400 for %s', async (_n, body, field) => {
    const res = await search(body);
    expect(res.status).toBe(400);
    expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
  });

  it('never answers 5xx for 2,000 hostile query strings', async () => {
    let n = 0;
    let key = t.keyWith(['read']);
    const hostile = fc.oneof(
      fc.string({ maxLength: 2000 }),
      fc.string({ unit: 'grapheme', maxLength: 100 }),
      fc.constantFrom(
        '"',
        '""',
        'a OR b',
        'NEAR(a b)',
        'a AND NOT b',
        '*',
        'col:val',
        '\u0000',
        '^x',
        '(((',
        '😀 vitamin',
        'x'.repeat(512),
        '\u0000metformin\u0007',
      ),
    );
    await fc.assert(
      fc.asyncProperty(hostile, async (query) => {
        if (++n % 150 === 0) key = t.keyWith(['read']);
        const res = await search({ query, limit: 3 }, key);
        expect(res.status).toBeLessThan(500);
        if (res.status !== 200) expect(ErrorEnvelope.parse(res.body).error.code).toBe('invalid_request');
      }),
      { numRuns: 2000 },
    );
  });
});
