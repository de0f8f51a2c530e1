/** The stack and protocol builders over HTTP (issue 13): the reported cases as classes, and clear 400s naming the field. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

// A fresh key per request keeps the protocol builder's 10-a-minute limit out of the way.
const post = (path: string, body: object) =>
  t.http
    .post(`/v1/tools/${path}`)
    .set('X-API-Key', t.keyWith(['tools']))
    .send(body);
const fields = (res: { body: { error: { details: { field: string }[] } } }) =>
  res.body.error.details.map((d) => d.field);

interface Item {
  slug: string;
  category: string;
  status: string;
  duplication_groups: string[];
}

describe('stack builder over HTTP', () => {
  it('{"goals":["muscle_growth"],"constraints":{"max_compounds":6}}: no SARM, steroid, research-only or veterinary-only compound', async () => {
    const res = await post('peptide-stack/build', { goals: ['muscle_growth'], constraints: { max_compounds: 6 } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const stack = res.body.data.stack as Item[];
    for (const s of stack) {
      expect(['sarm', 'steroid']).not.toContain(s.category);
      expect(s.status).not.toBe('research_only');
    }
    const tren = (res.body.data.not_selected as { slug: string; reason: string; detail: string }[]).find(
      (n) => n.slug === 'trenbolone',
    )!;
    expect(tren.reason).toBe('research_only');
    expect(tren.detail).toMatch(/constraints\.include_veterinary_only/);
  });

  it('a sleep stack for someone on sertraline leaves out every serotonergic candidate, with the reason', async () => {
    const res = await post('peptide-stack/build', {
      goals: ['sleep', 'mood'],
      constraints: { max_compounds: 6, min_evidence_grade: 'E', current_medications: ['Zoloft'] },
    });
    expect(res.status).toBe(200);
    for (const s of res.body.data.stack as Item[]) expect(s.duplication_groups).not.toContain('serotonergic');
    const out = (res.body.data.not_selected as { slug: string; reason: string }[]).filter((n) =>
      ['l-tryptophan', '5-htp', 'st-johns-wort'].includes(n.slug),
    );
    // Candidates left over once the stack is full are not listed; L-tryptophan (sleep) always comes up.
    expect(out.map((n) => n.slug)).toContain('l-tryptophan');
    for (const n of out) expect(['interaction', 'therapeutic_duplication']).toContain(n.reason);
  });

  it('bad input is a 400 naming the field', async () => {
    expect(fields(await post('peptide-stack/build', { goals: [] }))).toEqual(['goals']);
    expect(fields(await post('peptide-stack/build', { goals: ['sleep'], constraints: { include_sarms: 1 } }))).toEqual([
      'constraints.include_sarms',
    ]);
    const many = await post('peptide-stack/build', {
      goals: ['sleep'],
      constraints: { current_medications: Array.from({ length: 31 }, (_, i) => `drug${i}`) },
    });
    expect(many.status).toBe(400);
    expect(fields(many)).toEqual(['constraints.current_medications']);
    expect(
      fields(
        await post('peptide-stack/build', {
          goals: ['sleep'],
          constraints: { current_medications: ['x'.repeat(257)] },
        }),
      ),
    ).toEqual(['constraints.current_medications.0']);
  });
});

describe('protocol builder over HTTP', () => {
  it('Wegovy for weight: label dose steps every 4 weeks, maintenance from week 17', async () => {
    const res = await post('protocol/build', { compounds: ['Wegovy'], duration_weeks: 20, goal: 'weight management' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const c = res.body.data.compounds[0];
    expect(c.slug).toBe('semaglutide');
    expect(
      c.phases.map((p: { phase: string; from_week: number; dose: { value: number } | null }) => [
        p.phase,
        p.from_week,
        p.dose?.value,
      ]),
    ).toEqual([
      ['titration', 1, 0.25],
      ['titration', 5, 0.5],
      ['titration', 9, 1],
      ['titration', 13, 1.7],
      ['maintenance', 17, 2.4],
    ]);
    expect(c.titration.label.basis).toMatch(/^Wegovy \(semaglutide\) injection, US prescribing information/);
  });

  it('kidney function by CKD-EPI 2021', async () => {
    const res = await post('protocol/build', {
      compounds: ['metformin'],
      duration_weeks: 8,
      goal: 'type 2 diabetes',
      kidney: { sex: 'male', age: 50, creatinine: { value: 1.0, unit: 'mg/dL' } },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.kidney_function).toMatchObject({
      egfr: { value: 91.7, unit: 'mL/min/1.73 m²' },
      category: 'G1',
    });
  });

  it('bad input is a 400 naming the field', async () => {
    expect(fields(await post('protocol/build', { compounds: [], duration_weeks: 4, goal: 'x' }))).toEqual([
      'compounds',
    ]);
    expect(
      fields(await post('protocol/build', { compounds: ['x'.repeat(257)], duration_weeks: 4, goal: 'x' })),
    ).toEqual(['compounds.0']);
    const unknown = await post('protocol/build', { compounds: ['metformin', 'qqqzzz'], duration_weeks: 4, goal: 'x' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.details).toEqual([{ field: 'compounds.1', message: 'not a compound we carry' }]);
    expect(
      fields(await post('protocol/build', { compounds: ['Ozempic', 'semaglutide'], duration_weeks: 4, goal: 'x' })),
    ).toEqual(['compounds.1']);
    expect(
      fields(
        await post('protocol/build', {
          compounds: ['metformin'],
          duration_weeks: 4,
          goal: 'x',
          kidney: { sex: 'male', age: 12, creatinine: { value: 1, unit: 'mg/dL' } },
        }),
      ),
    ).toEqual(['kidney.age']);
    expect(
      fields(
        await post('protocol/build', {
          compounds: ['metformin'],
          duration_weeks: 4,
          goal: 'x',
          current_medications: Array.from({ length: 31 }, (_, i) => `drug${i}`),
        }),
      ),
    ).toEqual(['current_medications']);
    expect(
      fields(
        await post('protocol/build', { compounds: ['a', 'b', 'c', 'd', 'e', 'f', 'g'], duration_weeks: 4, goal: 'x' }),
      ),
    ).toEqual(['compounds']);
  });
});
