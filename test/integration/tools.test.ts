/** The eight tools over HTTP: a reference value each, save: true round trips, scopes and validation. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listToolResults } from '../../src/main/tools/saved-results.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
let key: string;
beforeAll(async () => {
  t = await startTestApp();
  key = t.keyWith(['tools']);
});
afterAll(async () => {
  await t.close();
});

const post = (path: string, body: object, k = key) =>
  t.http.post(`/v1/tools/${path}`).set('Authorization', `Bearer ${k}`).send(body);

// NHANES IV participant 1999_2 from ../shared/data/bioage-nhanes (phenoage0 = 70.8754668450646).
const PARTICIPANT = {
  age: 77,
  albumin: { value: 45, unit: 'g/L' },
  creatinine: { value: 75.68069537, unit: 'umol/L' },
  glucose: { value: 4.329, unit: 'mmol/L' },
  crp: { value: 0.36, unit: 'mg/dL' },
  lymphocyte_percent: { value: 21.1, unit: '%' },
  mcv: { value: 88.5, unit: 'fL' },
  rdw: { value: 13.7, unit: '%' },
  alkaline_phosphatase: { value: 62, unit: 'U/L' },
  wbc: { value: 7.6, unit: '10^3/uL' },
};

describe('tools over HTTP', () => {
  it('bioage reproduces a published PhenoAge vector and cites its method', async () => {
    const res = await post('bioage/calculate', PARTICIPANT);
    expect(res.status).toBe(200);
    expect(res.body.data.phenotypic_age.value).toBeCloseTo(70.8754668450646, 6);
    expect(res.body.data.mortality_score.value).toBeCloseTo(0.26668861286158896, 8);
    expect(res.body.data.method.reference).toMatch(/Levine/);
    expect(res.body.data.saved_result_id).toBeNull();
  });

  it('bioage names every missing biomarker in a 400', async () => {
    const { crp: _crp, rdw: _rdw, ...missing } = PARTICIPANT;
    const res = await post('bioage/calculate', missing);
    expect(res.status).toBe(400);
    expect(res.body.error.details.map((d: { field: string }) => d.field).sort()).toEqual(['crp', 'rdw']);
  });

  it('save: true stores the input and result in the user database and returns its id', async () => {
    const res = await post('bioage/calculate', { ...PARTICIPANT, save: true });
    expect(res.body.data.saved_result_id).toMatch(/^res_/);
    const saved = listToolResults(t.userDb, 'bioage').find((r) => r.id === res.body.data.saved_result_id)!;
    expect(saved.input).toMatchObject({ age: 77, save: true });
    expect((saved.output as { phenotypic_age: { value: number } }).phenotypic_age.value).toBeCloseTo(
      70.8754668450646,
      6,
    );
  });

  it('bloodwork converts units, flags a low 25-OH vitamin D and points to vitamin D3; unknown tests are reported', async () => {
    const res = await post('bloodwork/analyze', {
      sex: 'female',
      age: 54,
      panel: [
        { test: 'vitamin d', value: 30, unit: 'nmol/L' },
        { test: 'unobtainium level', value: 1, unit: 'mg/dL' },
      ],
    });
    expect(res.status).toBe(200);
    const [vitd] = res.body.data.results;
    expect(vitd.status).toBe('low');
    expect(vitd.value).toEqual({ value: 12, unit: 'ng/mL' }); // 30 nmol/L = 12.0191 ng/mL, printed to the lab's precision
    expect(vitd.finding).toBe('vitamin D deficiency (< 20 ng/mL)');
    expect(vitd.related_compounds.map((c: { slug: string }) => c.slug)).toContain('vitamin-d3');
    expect(res.body.data.unmatched).toEqual([expect.objectContaining({ index: 1, test: 'unobtainium level' })]);
  });

  it('inbody computes BMI and its WHO class', async () => {
    const res = await post('inbody/analyze', {
      weight: { value: 80, unit: 'kg' },
      height: { value: 180, unit: 'cm' },
      sex: 'male',
      age: 40,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.bmi.value.value).toBeCloseTo(24.691358, 5);
  });

  it('macros follows Mifflin-St Jeor: 80 kg, 180 cm, 30-year-old man, moderate activity, losing 0.5 kg/week', async () => {
    const res = await post('macros/calculate', {
      sex: 'male',
      age: 30,
      weight: { value: 80, unit: 'kg' },
      height: { value: 180, unit: 'cm' },
      activity_level: 'moderate',
      goal: 'lose',
      weekly_rate_kg: 0.5,
    });
    expect(res.status).toBe(200);
    // 10·80 + 6.25·180 − 5·30 + 5 = 1780 kcal; × 1.55 = 2759; − 0.5 kg × 7,700 / 7 = 2209
    expect(res.body.data.bmr.value.value).toBeCloseTo(1780, 6);
    expect(res.body.data.tdee.value.value).toBeCloseTo(2759, 6);
    expect(res.body.data.target.calories.value).toBeCloseTo(2209, 6);
  });

  it('nutrition: 100 g raw apple with skin is 52 kcal (USDA SR28 09003)', async () => {
    const res = await post('nutrition/analyze', { items: [{ food: '09003', amount: 100, unit: 'g' }] });
    expect(res.status).toBe(200);
    const energy = res.body.data.totals.nutrients.find((n: { key: string }) => n.key === 'energy');
    expect(energy.amount.value).toBeCloseTo(52, 6);
  });

  it('interactions: warfarin with aspirin is major (DDInter)', async () => {
    const res = await post('interactions/check', { substances: ['warfarin', 'aspirin'] });
    expect(res.status).toBe(200);
    expect(res.body.data.highest_severity).toBe('major');
  });

  it('peptide-stack builds a stack for a goal, with interaction checks', async () => {
    const res = await post('peptide-stack/build', { goals: ['sleep'], constraints: { max_compounds: 3 } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.stack.length).toBeGreaterThan(0);
    expect(res.body.data.stack.length).toBeLessThanOrEqual(3);
    expect(res.body.data.highest_severity).not.toBe('major');
  });

  it('protocol builds a phased schedule for the requested weeks', async () => {
    const res = await post('protocol/build', { compounds: ['sertraline'], duration_weeks: 12, goal: 'depression' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.schedule).toHaveLength(12);
    expect(res.body.data.editorial).toBe(true);
  });

  it('needs the tools scope', async () => {
    const res = await post('inbody/analyze', {}, t.keyWith(['read']));
    expect(res.status).toBe(403);
  });

  it('carries the spec rate limit of each tool', async () => {
    const res = await post('protocol/build', { compounds: ['sertraline'], duration_weeks: 4, goal: 'depression' });
    expect(res.headers['x-ratelimit-limit']).toBe('10');
    expect(res.headers['x-ratelimit-burst-limit']).toBe('50');
  });
});
