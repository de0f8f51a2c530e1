/** GET/PUT /v1/profile and GET /v1/insights over HTTP, from a scripted history of saved tool results. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Insight } from '../../src/shared/schemas/insights.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

const DAY = 86_400_000;
let clock = Date.UTC(2026, 0, 10, 9, 0, 0);
let t: TestApp;
let key: string;
beforeAll(async () => {
  t = await startTestApp({ now: () => clock });
  key = t.keyWith(['read', 'tools']);
  t.materia.context.webhooks.setAllowPrivate(true);
});
afterAll(async () => {
  await t.close();
});

const get = (path: string) => t.http.get(path).set('X-API-Key', key);
const put = (body: object) => t.http.put('/v1/profile').set('X-API-Key', key).send(body);
const tool = async (path: string, body: object) => {
  const res = await t.http
    .post(`/v1/tools/${path}`)
    .set('X-API-Key', key)
    .send({ ...body, save: true });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.saved_result_id as string;
};
const insights = async (query = '') => {
  const res = await get(`/v1/insights${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { data: Insight[]; meta: { total: number; returned: number; new: number; has_more: boolean } };
};
const panel = (ldl: number, vitd: number, glucose: number) => ({
  sex: 'female',
  age: 54,
  panel: [
    { test: 'ldl', value: ldl, unit: 'mmol/L' },
    { test: 'vitamin d', value: vitd, unit: 'nmol/L' },
    { test: 'glucose', value: glucose, unit: 'mmol/L' },
  ],
});

/** Every citation points at a record that exists, and every source result is a saved result. */
async function expectCitationsExist(list: Insight[]) {
  for (const i of list) {
    for (const c of i.evidence) {
      if (c.type === 'compound') expect((await get(`/v1/compounds/${c.id}`)).status, c.id).toBe(200);
      else if (c.type === 'monograph') expect((await get(`/v1/monographs/${c.id}`)).status, c.id).toBe(200);
      else if (c.type === 'document') expect((await get(`/v1/documents/${c.id}`)).status, c.id).toBe(200);
      else if (c.type === 'lab_test')
        expect(t.contentDb.prepare('SELECT 1 FROM lab_tests WHERE loinc = ?').get(c.id), c.id).toBeDefined();
      else {
        const [a, b] = c.id.split('+');
        expect(t.contentDb.prepare('SELECT 1 FROM ddinter_pairs WHERE a = ? AND b = ?').get(a, b), c.id).toBeDefined();
      }
    }
    for (const id of i.source_results)
      expect(t.userDb.prepare('SELECT 1 FROM tool_results WHERE id = ?').get(id), id).toBeDefined();
  }
}

describe('profile', () => {
  it('starts empty; an empty profile with nothing saved gives an empty list of insights, not an error', async () => {
    expect((await get('/v1/profile')).body.data).toEqual({
      sex: null,
      birth_year: null,
      goals: [],
      compounds: [],
      medications: [],
      updated_at: null,
    });
    const res = await insights();
    expect(res.data).toEqual([]);
    expect(res.meta).toEqual({ total: 0, returned: 0, limit: 20, offset: 0, has_more: false, new: 0 });
  });

  it('PUT validates against the knowledge base and replaces the whole profile; writing needs the tools scope', async () => {
    const fields = async (body: object) =>
      (await put(body)).body.error?.details as { field: string; message: string }[];
    expect(await fields({ goals: ['cardiovasculr'] })).toEqual([
      { field: 'goals.0', message: expect.stringMatching(/did you mean cardiovascular/) },
    ]);
    expect(await fields({ goals: ['astrology'] })).toEqual([
      { field: 'goals.0', message: expect.stringMatching(/^unknown goal; known goals: .*sleep/) },
    ]);
    expect(await fields({ compounds: ['warfarinn'] })).toEqual([
      { field: 'compounds.0', message: expect.stringMatching(/did you mean warfarin/) },
    ]);
    expect(await fields({ birth_year: 2027 })).toEqual([{ field: 'birth_year', message: 'must not be after 2026' }]);
    expect(await fields({ compounds: ['aspirin', 'aspirin'] })).toEqual([
      { field: 'compounds', message: 'compounds must not repeat' },
    ]);
    expect(await fields({ weight: 80 })).toEqual([{ field: 'weight', message: 'unknown field' }]);
    expect(
      (
        await t.http
          .put('/v1/profile')
          .set('X-API-Key', t.keyWith(['read']))
          .send({})
      ).status,
    ).toBe(403);
    const saved = await put({
      sex: 'female',
      birth_year: 1971,
      goals: ['sleep'],
      compounds: ['aspirin'],
      medications: ['Coumadin'],
    });
    expect(saved.body.data).toEqual({
      sex: 'female',
      birth_year: 1971,
      goals: ['sleep'],
      compounds: ['aspirin'],
      medications: ['Coumadin'],
      updated_at: new Date(clock).toISOString(),
    });
    expect((await put({ goals: ['sleep'] })).body.data).toMatchObject({
      sex: null,
      birth_year: null,
      compounds: [],
      medications: [],
    });
    // names from the library are read as the compounds they name, and stored as slugs
    expect((await put({ goals: ['sleep'], compounds: ["St John's wort", 'Eliquis'] })).body.data.compounds).toEqual([
      'st-johns-wort',
      'apixaban',
    ]);
    expect(await fields({ compounds: ['Eliquis', 'apixaban'] })).toEqual([
      { field: 'compounds', message: expect.stringMatching(/same compound/) },
    ]);
    expect((await get('/v1/profile')).body.data.goals).toEqual(['sleep']);
    await put({});
  });
});

describe('insights from a scripted history', () => {
  let p1: string;
  let p2: string;
  const storedIds = () =>
    (t.userDb.prepare('SELECT id FROM insights').all() as { id: string }[]).map((r) => r.id).sort();
  let storedBefore: string[] = [];

  it('two bloodwork panels with a worsening LDL and a stack with warfarin + aspirin yield exactly the expected insights, most severe first', async () => {
    storedBefore = storedIds(); // found by the profile tests above, before anyone subscribed
    const hook = await t.http
      .post('/v1/webhooks')
      .set('X-API-Key', t.adminKey)
      .send({ url: 'http://127.0.0.1:9/unused', events: ['insight.created'] });
    expect(hook.status).toBe(200); // insight.created is queued in the outbox (no worker runs here)
    clock = Date.UTC(2026, 0, 10, 9, 0, 0);
    p1 = await tool('bloodwork/analyze', panel(3.2, 30, 5.0)); // LDL 124 mg/dL normal, vitamin D 12 ng/mL low, glucose normal
    clock += 30 * DAY;
    p2 = await tool('bloodwork/analyze', panel(4.4, 40, 5.1)); // LDL 170 mg/dL high, vitamin D 16 ng/mL low but better
    clock += DAY;
    await put({ sex: 'female', birth_year: 1971, compounds: ['aspirin'], medications: ['warfarin'] });
    clock += DAY;
    const { data, meta } = await insights();
    // exactly these four, most severe first (the two attention items tie on date and are ordered by id)
    expect(data.map((i) => i.severity)).toEqual(['warning', 'attention', 'attention', 'info']);
    expect(data.map((i) => [i.kind, i.related_compounds]).sort()).toEqual([
      ['evidence_note', ['aspirin']],
      ['lab_out_of_range', ['vitamin-d3', 'ergocalciferol']],
      ['lab_worsening', []],
      ['stack_interaction', ['aspirin', 'warfarin']],
    ]);
    expect([data[0]!.kind, data[3]!.kind]).toEqual(['stack_interaction', 'evidence_note']);
    expect(data[1]!.id < data[2]!.id).toBe(true);
    expect(meta).toMatchObject({ total: 4, returned: 4, new: 0 }); // all four were found when the panel and the profile were saved

    const ldl = data.find((i) => i.kind === 'lab_worsening')!;
    expect(ldl).toMatchObject({
      title: 'ldl worsening: 170.1 mg/dL, above the reference range',
      source_results: [p1, p2],
      evidence: [{ type: 'lab_test', id: '13457-7', url: 'https://loinc.org/13457-7' }],
      editorial: true,
      created_at: new Date(Date.UTC(2026, 1, 9, 9, 0, 0)).toISOString(),
    });
    expect(ldl.body).toMatch(
      /from 123\.7 mg\/dL on 2026-01-10 to 170\.1 mg\/dL on 2026-02-09 \(reference 50–130 mg\/dL\)/,
    );
    const vitd = data.find((i) => i.kind === 'lab_out_of_range')!;
    // 40 and 30 nmol/L = 16.02 and 12.02 ng/mL, printed to the lab's precision (issue 14)
    expect(vitd.title).toBe('vitamin d below the reference range: 16 ng/mL');
    expect(vitd.body).toMatch(/previous value was 12 ng\/mL on 2026-01-10, so it is moving toward the range/);
    const stack = data[0]!;
    expect(stack.title).toBe('Aspirin + Warfarin: major interaction');
    // one pair-model verdict, quoting each source at its own level (DDInter's Major among them)
    expect(stack.body).toMatch(/^Aspirin and Warfarin, both in your profile: major \(/);
    expect(stack.body).toMatch(/DDInter: major[;)]/);
    expect(stack.body).toMatch(/the knowledge-base record: major[;)]/);
    expect(stack.evidence).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: 'ddinter_pair',
          label: expect.stringMatching(
            /Warfarin \+ Acetylsalicylic acid \(Major\)|Acetylsalicylic acid \+ Warfarin \(Major\)/,
          ),
        }),
      ]),
    );
    // the pair model keeps one editorial finding per pair (the most severe record's): that record is cited
    expect(stack.evidence.filter((c) => c.type === 'compound').map((c) => c.id)).toEqual([
      expect.stringMatching(/^(warfarin|aspirin)$/),
    ]);
    const note = data[3]!;
    expect(note.title).toBe('Aspirin: evidence grade A');
    expect(note.evidence[0]).toEqual({ type: 'compound', id: 'aspirin', label: 'Aspirin', url: null });
    const docs = note.evidence.filter((c) => c.type === 'document');
    expect(docs.length).toBeGreaterThan(0);
    expect(docs.length).toBeLessThanOrEqual(3);
    const linked = (await get('/v1/documents?compound=aspirin&limit=3')).body.data.map((d: { id: string }) => d.id);
    expect(docs.map((d) => d.id)).toEqual(linked); // the most recent linked documents, newest first
    await expectCitationsExist(data);
  });

  it('insights are stored once: repeated calls return the same ids, and insight.created was queued once per insight', async () => {
    const first = await insights();
    const again = await insights();
    expect(again.data).toEqual(first.data);
    expect(again.meta.new).toBe(0);
    const stored = storedIds().filter((id) => !storedBefore.includes(id));
    const announced = (
      t.userDb.prepare("SELECT payload FROM webhook_messages WHERE type = 'insight.created'").all() as {
        payload: string;
      }[]
    )
      .map((m) => (JSON.parse(m.payload) as { data: Insight }).data.id)
      .sort();
    expect(announced).toEqual(stored);
    // new since the webhook: the day-1 vitamin D insight (superseded by the second panel) and the two lab insights of
    // day 30; the interaction and the aspirin note were already stored by the profile test (Coumadin is warfarin), so
    // they were neither stored nor announced again
    expect(stored).toHaveLength(3);
    expect(first.data.filter((i) => i.kind.startsWith('lab_')).every((i) => stored.includes(i.id))).toBe(true);
    expect(first.data.filter((i) => !i.kind.startsWith('lab_')).every((i) => storedBefore.includes(i.id))).toBe(true);
  });

  it('limit, offset and kind page through the ordered list', async () => {
    const all = (await insights()).data;
    const page = await insights('?limit=2&offset=1');
    expect(page.data).toEqual(all.slice(1, 3));
    expect(page.meta).toMatchObject({ total: 4, returned: 2, has_more: true });
    expect((await insights('?kind=lab_worsening')).data.map((i) => i.kind)).toEqual(['lab_worsening']);
    expect((await get('/v1/insights?limit=0')).status).toBe(400);
    expect((await get('/v1/insights?kind=horoscope')).status).toBe(400);
  });

  it('only insights that still apply are listed: dropping aspirin from the profile retires its interaction and evidence note', async () => {
    await put({ sex: 'female', birth_year: 1971, medications: ['warfarin'] });
    const { data } = await insights();
    expect(data.map((i) => i.kind).sort()).toEqual(['lab_out_of_range', 'lab_worsening']);
  });

  it('a biological-age change and a body-composition change against the saved macro plan', async () => {
    const participant = {
      age: 60,
      albumin: { value: 45, unit: 'g/L' },
      creatinine: { value: 75.7, unit: 'umol/L' },
      glucose: { value: 4.33, unit: 'mmol/L' },
      crp: { value: 0.1, unit: 'mg/dL' },
      lymphocyte_percent: { value: 30 },
      mcv: { value: 88.5 },
      rdw: { value: 12.5 },
      alkaline_phosphatase: { value: 62, unit: 'U/L' },
      wbc: { value: 6, unit: '10^3/uL' },
    };
    clock += DAY;
    const b1 = await tool('bioage/calculate', participant);
    clock += 90 * DAY;
    const b2 = await tool('bioage/calculate', {
      ...participant,
      crp: { value: 2.5, unit: 'mg/dL' },
      rdw: { value: 14.5 },
    });
    const acc = (id: string) =>
      (
        JSON.parse(
          (t.userDb.prepare('SELECT output FROM tool_results WHERE id = ?').get(id) as { output: string }).output,
        ) as { age_acceleration: { value: number } }
      ).age_acceleration.value;
    const change = acc(b2) - acc(b1);
    expect(change).toBeGreaterThan(1);

    const body = (weight: number, fat: number) => ({
      weight: { value: weight, unit: 'kg' },
      height: { value: 165, unit: 'cm' },
      sex: 'female',
      age: 54,
      body_fat_percent: fat,
    });
    clock += DAY;
    const m = await tool('macros/calculate', {
      sex: 'female',
      age: 54,
      weight: { value: 80, unit: 'kg' },
      height: { value: 165, unit: 'cm' },
      activity_level: 'light',
      goal: 'lose',
    });
    const i1 = await tool('inbody/analyze', body(80, 38));
    clock += 60 * DAY;
    const i2 = await tool('inbody/analyze', body(81.5, 39.5));
    const after = (await insights('?limit=100')).data;
    const bio = after.find((i) => i.kind === 'bioage_change')!;
    expect(bio).toMatchObject({ severity: 'attention', source_results: [b1, b2] });
    expect(bio.title).toBe(`Biological age acceleration up ${Number(change.toPrecision(4))} years`);
    expect(bio.body).toMatch(/Largest contributions to the change: RDW and CRP\./);
    const comp = after.find((i) => i.kind === 'body_composition_change')!;
    expect(comp).toMatchObject({ severity: 'attention', source_results: [i1, i2, m] }); // weight and fat up while the plan aims to lose
    expect(comp.body).toMatch(
      /^weight 80 → 81\.5 kg \(\+1\.5 kg\); body fat 38 → 39\.5 % \(\+1\.5 points\)\. Your macro plan saved on 2026-0\d-\d\d aims to lose weight \(0\.5 kg\/week\); the weight change is against it\./,
    );
    clock += 30 * DAY;
    await tool('inbody/analyze', body(81.6, 39.2)); // below every threshold against the previous one
    expect((await insights('?kind=body_composition_change')).data).toEqual([]);
    await expectCitationsExist(after);
  });

  it('a goal-aligned suggestion comes from the knowledge base, skips what is taken and what interacts with it', async () => {
    // "stress": melatonin (sleep) interacts with warfarin, and glycine's sleep data are one group's (grade D since issue 14)
    await put({ goals: ['stress'], medications: ['warfarin'] });
    const { data } = await insights('?kind=goal_suggestion');
    expect(data).toHaveLength(1);
    const s = data[0]!;
    const slug = s.related_compounds[0]!;
    const compound = (await get(`/v1/compounds/${slug}`)).body.data;
    expect(compound.subcategory).toBe('stress');
    expect(['A', 'B']).toContain(compound.evidence_grade);
    expect(s.title).toBe(`For your goal "stress": ${compound.name} (grade ${compound.evidence_grade})`);
    const check = await t.http
      .post('/v1/tools/interactions/check')
      .set('X-API-Key', key)
      .send({ substances: [slug, 'warfarin'] });
    expect(check.body.data.pairs).toEqual([]);
    await expectCitationsExist(data);
    await put({});
    expect((await insights('?kind=goal_suggestion')).data).toEqual([]);
  });
});
