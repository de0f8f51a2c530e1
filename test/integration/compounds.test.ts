import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES } from '../../src/shared/enums.ts';
import { CompoundSearchResponse } from '../../src/shared/schemas/compounds.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const search = (body: unknown, key = t.adminKey) =>
  t.http
    .post('/v1/compounds/search')
    .set('X-API-Key', key)
    .send(body as object);

describe('POST /v1/compounds/search', () => {
  it('finds metformin by name first, with the full spec record and meta', async () => {
    const res = await search({ query: 'metformin' });
    expect(res.status).toBe(200);
    const body = CompoundSearchResponse.parse(res.body);
    const first = body.data[0]!;
    expect(first.slug).toBe('metformin');
    expect(first.category).toBe('medication');
    expect(first.status).toBe('approved');
    expect(first.evidence_grade).toBe('A');
    expect(first.alt_names).toContain('Glucophage');
    expect(first.drugbank_id).toBe('DB00331');
    expect(first.alt_names).toContain('Dimethylbiguanid'); // enriched from the DrugBank vocabulary
    expect(first.typical_dosing).toEqual({
      amount: 500,
      unit: 'mg',
      frequency: expect.stringContaining('twice daily') as string,
      duration: 'long-term',
      route: 'oral',
    });
    expect(first.interactions!.map((i) => i.substance)).toContain('Iodinated contrast media');
    expect(first.sources.editorial).toBe(true);
    expect(first.last_updated).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
    expect(body.meta).toMatchObject({
      query: 'metformin',
      limit: 20,
      offset: 0,
      returned: body.data.length,
      filters_applied: {},
    });
    expect(body.meta.has_more).toBe(body.meta.total > body.data.length);
  });

  it('ranks an exact alternative name (brand) first', async () => {
    const res = await search({ query: 'Glucophage' });
    expect(res.body.data[0].slug).toBe('metformin');
  });

  it('finds a brand only the vocabulary knows (other countries) as the compound with exactly its ingredients', async () => {
    for (const [query, slug] of [
      ['calpol', 'acetaminophen'],
      ['Somac', 'pantoprazole'],
      ['Eltroxin', 'levothyroxine'],
    ]) {
      const res = await search({ query });
      expect(res.body.data[0]?.slug, query).toBe(slug);
    }
  });

  it('finds each ingredient of a combination brand no compound is, and a brand of a moiety spelt another way', async () => {
    const slugs = async (query: string) => (await search({ query })).body.data.map((c: { slug: string }) => c.slug);
    expect(await slugs('Glycomet-GP')).toEqual(expect.arrayContaining(['glimepiride', 'metformin']));
    // Buscopan (UK) is keyed butylscopolamine (INN), our record hyoscine butylbromide (BAN): one moiety
    expect((await slugs('Buscopan'))[0]).toBe('hyoscine-butylbromide');
  });

  it('reads a group name with or without the hyphen beside its digit, and lay words in other languages', async () => {
    const slugs = async (query: string) => (await search({ query })).body.data.map((c: { slug: string }) => c.slug);
    expect(await slugs('DPP4 inhibitor tablets')).toEqual(expect.arrayContaining(['linagliptin', 'sitagliptin']));
    expect(await slugs('comprimidos para dejar de fumar')).toEqual(expect.arrayContaining(['varenicline']));
  });

  it('reads a misspelt lay word, a group written with "-i", and everyday words in five languages (round 7 classes)', async () => {
    const top5 = async (query: string) =>
      (await search({ query, limit: 5 })).body.data.map((c: { slug: string }) => c.slug);
    expect(await top5('tablets for parkinsens')).toEqual(expect.arrayContaining(['carbidopa-levodopa']));
    expect(await top5('SGLT2-i')).toEqual(expect.arrayContaining(['empagliflozin']));
    expect(await top5('Tabletten gegen Kopfschmerzen')).toEqual(expect.arrayContaining(['ibuprofen']));
    expect(await top5('crème antifongique pour les pieds')).toEqual(expect.arrayContaining(['clotrimazole']));
    expect(await top5('remédio pra diabetes tipo 2')).toEqual(expect.arrayContaining(['metformin']));
  });

  it('reads everyday words in Hindi/Urdu and five languages, herbs and supplement brands (round 9 classes)', async () => {
    const top5 = async (query: string) =>
      (await search({ query, limit: 5 })).body.data.map((c: { slug: string }) => c.slug);
    // the sleeping-pill phrase's compounds (zolpidem, doxepin, trazodone …)
    expect((await top5('neend ki goli')).some((s: string) => ['zolpidem', 'doxepin', 'trazodone'].includes(s))).toBe(
      true,
    );
    expect(await top5('Thrombosespritze nach der Hüft-OP')).toEqual(expect.arrayContaining(['enoxaparin']));
    expect(await top5('sachets pour la constipation')).toEqual(expect.arrayContaining(['macrogol-electrolytes']));
    expect(await top5('Passionsblume Tropfen')).toEqual(expect.arrayContaining(['passionflower']));
    expect(await top5('Neurobion injection')).toEqual(expect.arrayContaining(['thiamine', 'cyanocobalamin']));
  });

  it('research_count and pubmed_ids come from linked documents', async () => {
    const res = await search({ query: 'metformin', limit: 1 });
    const c = res.body.data[0];
    const docs = await t.http
      .get('/v1/documents')
      .query({ compound: 'metformin', limit: 100 })
      .set('X-API-Key', t.adminKey);
    expect(docs.body.meta.total).toBe(c.research_count);
    expect(c.research_count).toBeGreaterThan(0);
    const pmids = new Set(docs.body.data.map((d: { pmid: string | null }) => d.pmid).filter(Boolean));
    for (const p of c.pubmed_ids) expect(pmids.has(p)).toBe(true);
  });

  it('"*" lists every compound and each category filter keeps only that category', async () => {
    const all = await search({ query: '*', limit: 100 });
    expect(all.status).toBe(200);
    let sum = 0;
    for (const category of CATEGORIES) {
      const res = await search({ query: '*', category, limit: 100 });
      expect(res.status).toBe(200);
      expect(res.body.data.every((c: { category: string }) => c.category === category)).toBe(true);
      expect(res.body.meta.filters_applied).toEqual({ category });
      sum += res.body.meta.total;
    }
    expect(sum).toBe(all.body.meta.total);
  });

  it('filters by evidence grade, status, subcategory and has_studies, and echoes them', async () => {
    const res = await search({
      query: '*',
      limit: 100,
      filters: { evidence_grade: ['A', 'B'], status: 'approved', has_studies: true },
    });
    expect(res.status).toBe(200);
    expect(res.body.meta.filters_applied).toEqual({
      evidence_grade: ['A', 'B'],
      status: 'approved',
      has_studies: true,
    });
    expect(res.body.data.length).toBeGreaterThan(0);
    for (const c of res.body.data) {
      expect(['A', 'B']).toContain(c.evidence_grade);
      expect(c.status).toBe('approved');
      expect(c.research_count).toBeGreaterThan(0);
    }
    const none = await search({ query: '*', limit: 100, filters: { has_studies: false } });
    for (const c of none.body.data) expect(c.research_count).toBe(0);
    const sub = await search({ query: '*', subcategory: 'metabolic', limit: 100 });
    expect(sub.body.data.map((c: { slug: string }) => c.slug)).toContain('metformin');
    for (const c of sub.body.data) expect(c.subcategory).toBe('metabolic');
  });

  it('include_* flags decide whether those fields appear', async () => {
    const res = await search({
      query: 'metformin',
      limit: 1,
      include_interactions: false,
      include_research: false,
      include_dosing: false,
    });
    const c = res.body.data[0];
    expect(c).not.toHaveProperty('interactions');
    expect(c).not.toHaveProperty('pubmed_ids');
    expect(c).not.toHaveProperty('research_count');
    expect(c).not.toHaveProperty('typical_dosing');
    expect(c).toHaveProperty('side_effects');
  });

  it('pages add up: walking every page yields each result once, in the order of one big page', async () => {
    const big = await search({ query: 'vitamin', limit: 100 });
    const total = big.body.meta.total;
    expect(total).toBeGreaterThan(3);
    const seen: string[] = [];
    for (let offset = 0; offset < total; offset += 3) {
      const page = await search({ query: 'vitamin', limit: 3, offset });
      expect(page.body.meta).toMatchObject({
        total,
        offset,
        limit: 3,
        returned: Math.min(3, total - offset),
        has_more: offset + 3 < total,
      });
      seen.push(...page.body.data.map((c: { slug: string }) => c.slug));
    }
    expect(seen).toEqual(big.body.data.map((c: { slug: string }) => c.slug).slice(0, total));
    const past = await search({ query: 'vitamin', offset: total });
    expect(past.body.data).toEqual([]);
    expect(past.body.meta.has_more).toBe(false);
  });

  it.each([
    ['query of 257 characters', { query: 'a'.repeat(257) }, 'query'],
    ['empty query', { query: '   ' }, 'query'],
    ['query without words', { query: '"*)(-!' }, 'query'],
    ['limit 0', { query: 'x', limit: 0 }, 'limit'],
    ['limit 101', { query: 'x', limit: 101 }, 'limit'],
    ['fractional limit', { query: 'x', limit: 2.5 }, 'limit'],
    ['negative offset', { query: 'x', offset: -1 }, 'offset'],
    ['offset past 10000', { query: 'x', offset: 10001 }, 'offset'],
    ['unknown category', { query: 'x', category: 'herb' }, 'category'],
    ['grade F', { query: 'x', filters: { evidence_grade: ['F'] } }, 'filters.evidence_grade.0'],
    ['grade as string', { query: 'x', filters: { evidence_grade: 'A' } }, 'filters.evidence_grade'],
    ['unknown field', { query: 'x', colour: 'red' }, 'colour'],
    ['unknown filter', { query: 'x', filters: { price: 1 } }, 'filters.price'],
    ['query as number', { query: 42 }, 'query'],
    ['include flag as string', { query: 'x', include_dosing: 'yes' }, 'include_dosing'],
    ['missing query', { limit: 5 }, 'query'],
    ['array body', [], 'body'],
  ])('400 for %s, naming the field', async (_name, body, field) => {
    const res = await search(body);
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.error.code).toBe('invalid_request');
    expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
  });

  it('accepts the key as Authorization: Bearer too', async () => {
    const res = await t.http
      .post('/v1/compounds/search')
      .set('Authorization', `Bearer ${t.adminKey}`)
      .send({ query: 'metformin' });
    expect(res.status).toBe(200);
    expect(res.body.data[0].slug).toBe('metformin');
  });

  it('401 without a key, with a wrong key, and with the key in the query string', async () => {
    const none = await t.http.post('/v1/compounds/search').send({ query: 'x' });
    expect(none.status).toBe(401);
    expect(none.body.error.code).toBe('unauthorized');
    const wrong = await search({ query: 'x' }, 'mk_abcdef123456_ThisIsNotTheRightSecretAtAll');
    expect(wrong.status).toBe(401);
    const malformed = await search({ query: 'x' }, 'letmein');
    expect(malformed.status).toBe(401);
    const inQuery = await t.http.post(`/v1/compounds/search?api_key=${t.adminKey}`).send({ query: 'x' });
    expect(inQuery.status).toBe(401);
    expect(inQuery.body.error.details[0].field).toBe('api_key');
  });

  it('403 for a key without the read scope', async () => {
    const res = await search({ query: 'x' }, t.keyWith(['chat']));
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('forbidden');
  });
});

describe('GET /v1/compounds/{slug} and POST /v1/batch/compounds', () => {
  it('returns one compound, 404 JSON for an unknown slug, 400 for a malformed one', async () => {
    const ok = await t.http.get('/v1/compounds/metformin').set('X-API-Key', t.adminKey);
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ slug: 'metformin', name: 'Metformin', has_monograph: true });
    const missing = await t.http.get('/v1/compounds/no-such-compound').set('X-API-Key', t.adminKey);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({
      success: false,
      error: { code: 'not_found', message: 'compound "no-such-compound" not found' },
    });
    const bad = await t.http.get('/v1/compounds/Not_A_Slug').set('X-API-Key', t.adminKey);
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].field).toBe('slug');
  });

  it('batch returns records in request order with requested/found/missing', async () => {
    const res = await t.http
      .post('/v1/batch/compounds')
      .set('X-API-Key', t.adminKey)
      .send({ slugs: ['metformin', 'nope-1', 'metformin', 'nope-2'] });
    expect(res.status).toBe(200);
    expect(res.body.data.map((c: { slug: string }) => c.slug)).toEqual(['metformin', 'metformin']);
    expect(res.body.meta).toEqual({ requested: 4, found: 2, missing: ['nope-1', 'nope-2'] });
  });

  it.each([
    ['no slugs', { slugs: [] }, 'slugs'],
    ['101 slugs', { slugs: Array.from({ length: 101 }, (_, i) => `s${i}`) }, 'slugs'],
    ['a number in slugs', { slugs: ['metformin', 7] }, 'slugs.1'],
    ['unknown field', { slugs: ['metformin'], extra: true }, 'extra'],
  ])('batch 400 for %s', async (_n, body, field) => {
    const res = await t.http.post('/v1/batch/compounds').set('X-API-Key', t.adminKey).send(body);
    expect(res.status).toBe(400);
    expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
  });
});
