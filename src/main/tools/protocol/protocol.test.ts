import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProtocolRequest } from '../../../shared/schemas/tools/protocol.ts';
import { type Db } from '../../db/connection.ts';
import { ToolInputError, type ToolContext } from '../tool.ts';
import { openToolContext, rejectedFields, runTool } from '../../../../test/helpers/tool-support.ts';
import { matchIndication, monitoringOf, stepIntervalWeeks, taperOf, type ProtocolCompoundInput } from './compute.ts';
import { labelPhases, phasesOf, taperWeeks, washoutWeeks } from './phases.ts';
import { LABEL_TITRATIONS, labelTitrationFor } from './label-titrations.ts';
import { protocolTool } from './tool.ts';

let content: Db;
let ctx: ToolContext;
beforeAll(() => {
  ({ content, ctx } = openToolContext());
});
afterAll(() => content.close());

const run = (body: unknown) => runTool(protocolTool, ctx, body);
const fields = (body: unknown) => rejectedFields(ProtocolRequest, body);
const lab = (loinc: string) =>
  content.prepare('SELECT units, low, high FROM lab_tests WHERE loinc = ? ORDER BY rowid LIMIT 1').get(loinc) as {
    units: string;
    low: number;
    high: number;
  };

describe('protocol: from monographs', () => {
  it('sertraline for depression, 12 weeks: indication dose, the label start, SSRI taper, week-by-week schedule', () => {
    const out = run({ compounds: ['sertraline'], duration_weeks: 12, goal: 'depression' });
    expect(out.editorial).toBe(true);
    expect(out.disclaimer).toMatch(/not a prescription/);
    expect(out.duration).toEqual({ value: 12, unit: 'weeks' });
    const s = out.compounds[0]!;
    expect(s).toMatchObject({ source: 'monograph', limited: false, limitation: null });
    expect(s.dose.basis).toBe('indication');
    expect(s.dose.indication!.condition).toBe('Major depressive disorder');
    expect(s.dose.text).toBe(`${s.dose.indication!.typical_dosage} (for Major depressive disorder)`);
    expect(s.dose.amount).toEqual({ value: 50, unit: 'mg' });
    // Zoloft label for MDD: start at 50 mg, changes at intervals of at least 1 week (no fixed steps).
    expect(s.titration.detected).toBe(true);
    expect(s.titration.step_interval).toEqual({ value: 1, unit: 'weeks' });
    expect(s.titration.label).toMatchObject({
      product: 'Zoloft (major depressive disorder, OCD)',
      steps: [],
      maintenance: { dose: { value: 50, unit: 'mg' }, from_week: 1 },
    });
    expect(s.titration.label!.basis).toMatch(/^Zoloft \(sertraline\) US prescribing information/);
    expect(s.taper.required).toBe(true);
    expect(s.taper.reasons).toContain('dosing.notes: "Taper over weeks when stopping."');
    expect(s.taper.reasons).toContain('class: SSRI/SNRI (discontinuation syndrome)');
    // 12 weeks: start week 1, maintenance 2–10, taper the last 2 weeks (protocols of 8+ weeks).
    expect(s.phases.map((p) => [p.phase, p.from_week, p.to_week, p.length.value, p.dose?.value ?? null])).toEqual([
      ['start', 1, 1, 1, 50],
      ['maintenance', 2, 10, 9, 50],
      ['taper', 11, 12, 2, null],
    ]);
    expect(out.schedule).toHaveLength(12);
    expect(out.schedule[0]!.items).toEqual([{ slug: 'sertraline', phase: 'start' }]);
    expect(out.schedule[10]!.items).toEqual([{ slug: 'sertraline', phase: 'taper' }]);
    expect(out.schedule[10]!.events).toEqual(['Taper begins: Sertraline.']);
    expect(out.schedule[11]!.events[0]).toMatch(/^End of protocol/);
    expect(s.warnings).toContain(
      'Do not stop abruptly: if a stop criterion occurs, seek medical advice promptly on how to stop.',
    );
    expect(out.interpretation).toMatch(/Taper rather than stop abruptly: Sertraline/);
  });

  it('monitoring comes from the safety text with NLM reference ranges: sertraline hyponatraemia → sodium', () => {
    const out = run({ compounds: ['sertraline'], duration_weeks: 12, goal: 'depression' });
    const sodium = out.monitoring.find((m) => m.panel === 'Sodium')!;
    const ref = lab('2951-2');
    expect(sodium.tests).toEqual([
      {
        test: expect.any(String),
        loinc: '2951-2',
        unit: 'mmol/L',
        low: { value: ref.low, unit: ref.units },
        high: { value: ref.high, unit: ref.units },
        text: expect.any(String),
      },
    ]);
    expect(ref).toMatchObject({ low: 136, high: 145, units: 'mmol/L' });
    expect(sodium.reasons[0]).toMatchObject({ slug: 'sertraline', field: 'serious_side_effects' });
    expect(sodium.reasons[0]!.text).toMatch(/Hyponatraemia/);
    expect(out.schedule[0]!.events[0]).toMatch(/baseline labs \(.*Sodium/);
    expect(
      out.stop_criteria.filter((c) => c.source === 'monograph_serious_side_effect').map((c) => c.criterion),
    ).toContain('Serotonin syndrome');
  });

  it('warfarin: INR monitoring (LOINC 6301-6) from the dosing notes', () => {
    const out = run({ compounds: ['warfarin'], duration_weeks: 8, goal: 'atrial fibrillation' });
    const inr = out.monitoring.find((m) => m.panel === 'INR')!;
    expect(inr.tests[0]!.loinc).toBe('6301-6');
    expect(inr.reasons.some((r) => r.field === 'dosing.notes' && /INR/.test(r.text))).toBe(true);
    expect(out.compounds[0]!.dose.indication!.condition).toMatch(/atrial fibrillation/);
    expect(out.compounds[0]!.taper.required).toBe(false);
  });

  it("compounds without a label schedule keep the text's step interval and dose review points", () => {
    const out = run({ compounds: ['dulaglutide'], duration_weeks: 12, goal: 'type 2 diabetes' });
    const d = out.compounds[0]!;
    expect(d.titration.label).toBeNull();
    expect(d.titration.step_interval).toEqual({ value: 4, unit: 'weeks' });
    expect(d.phases.map((p) => [p.phase, p.from_week, p.to_week, p.dose])).toEqual([
      ['titration', 1, 4, null],
      ['maintenance', 5, 12, null],
    ]);
    const reviews = out.schedule
      .filter((w) => w.events.some((e) => e.startsWith('Earliest dose review point: Dulaglutide')))
      .map((w) => w.week);
    expect(reviews).toEqual([5, 9]);
  });

  it('beta-blockers and corticosteroids need a taper (metoprolol, prednisone); a too-short protocol says so', () => {
    const out = run({ compounds: ['metoprolol', 'prednisone'], duration_weeks: 6, goal: 'hypertension' });
    const [m, p] = out.compounds;
    expect(m!.taper.reasons).toContain('class: beta-blocker (rebound ischaemia)');
    expect(p!.taper.reasons).toContain('class: systemic corticosteroid (adrenal suppression)');
    // 6 weeks: a 1-week taper (protocols of 3–7 weeks).
    expect(m!.phases.at(-1)).toMatchObject({ phase: 'taper', from_week: 6, to_week: 6 });
    const short = run({ compounds: ['dexamethasone'], duration_weeks: 2, goal: 'inflammation' });
    expect(short.compounds[0]!.phases.map((x) => x.phase)).toEqual(['start', 'maintenance']);
    expect(short.compounds[0]!.warnings.at(-1)).toBe(
      'A taper is needed when stopping, but a 2-week protocol leaves no room for it: any taper follows the protocol and must be planned with the prescriber.',
    );
  });

  it('washout where the text calls for cycles (Panax ginseng, "taken in cycles of 2–3 months")', () => {
    const out = run({ compounds: ['panax-ginseng'], duration_weeks: 16, goal: 'fatigue' });
    const g = out.compounds[0]!;
    expect(g.washout.detected).toBe(true);
    expect(g.phases.at(-1)).toMatchObject({ phase: 'washout', from_week: 16, to_week: 16 });
  });

  it('interaction warnings reuse the interaction check (warfarin + aspirin is major; an NSAID medication with sertraline)', () => {
    const out = run({ compounds: ['warfarin', 'aspirin'], duration_weeks: 4, goal: 'stroke prevention' });
    expect(out.highest_severity).toBe('major');
    expect(out.warnings.find((w) => w.startsWith('Major interaction: Warfarin + Aspirin'))).toBeDefined();
    const meds = run({
      compounds: ['sertraline'],
      duration_weeks: 4,
      goal: 'anxiety',
      current_medications: ['Advil', 'Zoloft', 'qqqzzz'],
    });
    expect(meds.interactions.find((i) => i.b.input === 'Advil')).toMatchObject({
      a: { name: 'Sertraline' },
      b: { name: 'Ibuprofen' },
      severity: 'moderate',
    });
    // One verdict per pair: the Zoloft entry repeats sertraline and is not paired again.
    expect(meds.interactions.filter((i) => i.b.input === 'Zoloft' || i.a.input === 'Zoloft')).toEqual([]);
    expect(meds.highest_severity).toBe('moderate');
    expect(meds.warnings).toContain('Zoloft is already in the protocol as Sertraline.');
    expect(meds.unmatched_medications.map((u) => u.input)).toEqual(['qqqzzz']);
  });
});

describe('protocol: label dose steps (issue 13)', () => {
  const phases = (out: ReturnType<typeof run>, i = 0) =>
    out.compounds[i]!.phases.map((p) => [p.phase, p.from_week, p.to_week, p.dose?.value ?? null]);

  it('semaglutide for weight: 0.25 → 0.5 → 1 → 1.7 mg every 4 weeks, 2.4 mg maintenance from week 17; by slug, name or brand', () => {
    for (const name of ['semaglutide', 'Semaglutide', 'Wegovy']) {
      const out = run({ compounds: [name], duration_weeks: 24, goal: 'weight management' });
      expect(out.compounds[0]!.input).toBe(name);
      expect(out.compounds[0]!.slug).toBe('semaglutide');
      expect(phases(out)).toEqual([
        ['titration', 1, 4, 0.25],
        ['titration', 5, 8, 0.5],
        ['titration', 9, 12, 1],
        ['titration', 13, 16, 1.7],
        ['maintenance', 17, 24, 2.4],
      ]);
      expect(out.compounds[0]!.phases.every((p) => p.dose?.unit === 'mg')).toBe(true);
      expect(out.compounds[0]!.titration.label!.maintenance).toEqual({
        dose: { value: 2.4, unit: 'mg' },
        from_week: 17,
      });
      expect(out.schedule[4]!.events).toEqual(['Dose step (label schedule): Semaglutide 0.5 mg.']);
      expect(out.schedule[16]!.events).toEqual(['Maintenance begins: Semaglutide 2.4 mg.']);
      expect(out.schedule.flatMap((w) => w.events).some((e) => e.startsWith('Earliest dose review point'))).toBe(false);
    }
  });

  it('a protocol shorter than the escalation ends during titration and says when maintenance would start', () => {
    const out = run({ compounds: ['semaglutide'], duration_weeks: 12, goal: 'obesity' });
    expect(phases(out)).toEqual([
      ['titration', 1, 4, 0.25],
      ['titration', 5, 8, 0.5],
      ['titration', 9, 12, 1],
    ]);
    expect(out.compounds[0]!.warnings).toContain(
      "Semaglutide: the label's escalation reaches the 2.4 mg maintenance dose in week 17, after the 12 weeks this outline has for dosing; it ends during titration.",
    );
  });

  it('the product follows the brand or the goal: Ozempic, Mounjaro, Saxenda, Victoza', () => {
    expect(phases(run({ compounds: ['Ozempic'], duration_weeks: 8, goal: 'weight' }))).toEqual([
      ['titration', 1, 4, 0.25],
      ['maintenance', 5, 8, 0.5],
    ]);
    expect(phases(run({ compounds: ['semaglutide'], duration_weeks: 8, goal: 'type 2 diabetes' }))).toEqual([
      ['titration', 1, 4, 0.25],
      ['maintenance', 5, 8, 0.5],
    ]);
    expect(phases(run({ compounds: ['tirzepatide'], duration_weeks: 8, goal: 'type 2 diabetes' }))).toEqual([
      ['titration', 1, 4, 2.5],
      ['maintenance', 5, 8, 5],
    ]);
    expect(phases(run({ compounds: ['Saxenda'], duration_weeks: 8, goal: 'weight' }))).toEqual([
      ['titration', 1, 1, 0.6],
      ['titration', 2, 2, 1.2],
      ['titration', 3, 3, 1.8],
      ['titration', 4, 4, 2.4],
      ['maintenance', 5, 8, 3],
    ]);
    expect(phases(run({ compounds: ['liraglutide'], duration_weeks: 8, goal: 'glycaemic control' }))).toEqual([
      ['titration', 1, 1, 0.6],
      ['maintenance', 2, 8, 1.2],
    ]);
  });

  it('every label schedule we record is followed for every catalogue compound it applies to', () => {
    let checked = 0;
    for (const t of LABEL_TITRATIONS) {
      const brand = t.product.split(' (')[0]!;
      const row = content
        .prepare(
          `SELECT c.slug FROM compound_names n JOIN compounds c ON c.rowid = n.compound_rowid WHERE n.name_norm = ?`,
        )
        .get(brand.toLowerCase().replace(/[^a-z0-9]/g, '')) as { slug: string } | undefined;
      const input = row ? brand : t.compound;
      const exists = content.prepare('SELECT 1 FROM compounds WHERE lower(name) = ?').get(t.compound);
      if (!exists) continue;
      const goal =
        t.goal.source === '.' ? 'treatment' : t.goal.source.replace(/\\b|\(\?:|\)|\\w\*|\?/g, '').split('|')[0]!;
      const out = run({ compounds: [input], duration_weeks: 30, goal });
      const c = out.compounds[0]!;
      expect(c.titration.label?.product, `${input} for ${goal}`).toBe(t.product);
      let week = 1;
      const expected: unknown[] = t.steps.map((s) => {
        const p = ['titration', week, week + s.weeks - 1, s.dose.value];
        week += s.weeks;
        return p;
      });
      if (!t.steps.length) {
        expected.push(['start', 1, 1, t.maintenance.value]);
        week = 2;
      }
      const body = c.phases.filter((p) => p.phase !== 'taper' && p.phase !== 'washout');
      expected.push(['maintenance', week, body.at(-1)!.to_week, t.maintenance.value]);
      expect(
        body.map((p) => [p.phase, p.from_week, p.to_week, p.dose?.value ?? null]),
        t.product,
      ).toEqual(expected);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(15);
  });

  it('lamotrigine: the bipolar schedule for bipolar disorder; no fixed schedule for epilepsy, where the label has no single target', () => {
    expect(phases(run({ compounds: ['lamotrigine'], duration_weeks: 8, goal: 'bipolar disorder' }))).toEqual([
      ['titration', 1, 2, 25],
      ['titration', 3, 4, 50],
      ['titration', 5, 5, 100],
      ['maintenance', 6, 8, 200],
    ]);
    const epilepsy = run({ compounds: ['lamotrigine'], duration_weeks: 8, goal: 'epilepsy' }).compounds[0]!;
    expect(epilepsy.titration.label).toBeNull();
    expect(epilepsy.phases.every((p) => p.dose === null)).toBe(true);
  });

  it('steps with their own frequency: varenicline once, then twice daily in week 1', () => {
    const v = run({ compounds: ['Chantix'], duration_weeks: 12, goal: 'smoking cessation' }).compounds[0]!;
    expect(v.phases[0]!.instructions).toBe(
      '0.5 mg once daily on days 1–3, twice daily on days 4–7 for 1 week, then 1 mg. Label: Chantix.',
    );
    expect(v.phases[1]).toMatchObject({ phase: 'maintenance', from_week: 2, dose: { value: 1, unit: 'mg' } });
  });
});

describe('protocol: kidney function (CKD-EPI 2021)', () => {
  it('estimates eGFR from creatinine in either unit and compares the eGFR thresholds the compound texts name', () => {
    const body = { compounds: ['metformin'], duration_weeks: 12, goal: 'type 2 diabetes' };
    const si = run({ ...body, kidney: { sex: 'male', age: 70, creatinine: { value: 150, unit: 'umol/L' } } });
    expect(si.kidney_function).toMatchObject({
      egfr: { value: 42.9, unit: 'mL/min/1.73 m²' },
      category: 'G3b',
      creatinine: { value: 1.7, unit: 'mg/dL' },
      equation: 'CKD-EPI 2021 creatinine equation (race-free)',
    });
    expect(si.kidney_function!.reference).toMatch(
      /^Inker LA, Eneanya ND, Coresh J, et al\. .* N Engl J Med\. 2021;385\(19\):1737–1749/,
    );
    const applying = si.kidney_function!.statements.filter((s) => s.applies);
    expect(applying.length).toBeGreaterThanOrEqual(1);
    expect(applying.every((s) => s.slug === 'metformin' && /eGFR/.test(s.text))).toBe(true);
    // eGFR 42.9 is within "do not start when eGFR is 30–45": metformin is not started, and the warning says why.
    expect(si.compounds[0]!.renal).toMatchObject({ action: 'do_not_start', scheduled: false });
    expect(si.compounds[0]!.phases).toEqual([]);
    expect(
      si.warnings.some((w) =>
        w.startsWith(
          'Kidney function: Not scheduled: Metformin is not started because its dosing.notes "do not start when eGFR is 30–45" applies at eGFR 42.9 mL/min/1.73 m²',
        ),
      ),
    ).toBe(true);

    const mg = run({ ...body, kidney: { sex: 'female', age: 60, creatinine: { value: 1.0, unit: 'mg/dL' } } });
    expect(mg.kidney_function).toMatchObject({ egfr: { value: 64.5, unit: 'mL/min/1.73 m²' }, category: 'G2' });
    expect(run(body).kidney_function).toBeNull();
  });

  it('monitoring ranges carry units; eGFR is the race-free CKD-EPI 2021 test, not the MDRD codes', () => {
    const out = run({
      compounds: ['metformin', 'warfarin', 'sertraline'],
      duration_weeks: 12,
      goal: 'type 2 diabetes',
    });
    const tests = out.monitoring.flatMap((m) => m.tests);
    expect(tests.length).toBeGreaterThan(3);
    for (const t of tests) {
      expect(t.unit.length, t.loinc).toBeGreaterThan(0);
      for (const q of [t.low, t.high]) if (q) expect(q.unit).toBe(t.unit);
    }
    const kidney = out.monitoring.find((m) => m.panel.startsWith('Kidney function'))!;
    expect(kidney.tests.map((t) => t.loinc)).toEqual(['2160-0', '98979-8']);
    expect(kidney.tests[1]).toMatchObject({
      unit: 'mL/min/1.73 m²',
      low: { value: 60, unit: 'mL/min/1.73 m²' },
      high: null,
    });
    expect(tests.some((t) => t.loinc === '48642-3' || t.loinc === '48643-1')).toBe(false);
  });
});

describe("protocol: therapeutic duplication (the stack builder's groups)", () => {
  it('a protocol compound that shares a group with another or with a medication is warned about, with the basis', () => {
    const out = run({
      compounds: ['sertraline', 'metformin'],
      duration_weeks: 8,
      goal: 'depression',
      current_medications: ['fluoxetine', 'tramadol', 'Zoloft'],
    });
    const dups = out.warnings.filter((w) => w.startsWith('Therapeutic duplication'));
    expect(dups.map((w) => w.split('. Basis')[0])).toEqual([
      'Therapeutic duplication: Sertraline and Fluoxetine are both serotonergic agents (serotonin syndrome risk)',
      'Therapeutic duplication: Sertraline and Tramadol are both serotonergic agents (serotonin syndrome risk)',
    ]);
    expect(dups[0]).toMatch(/Basis: SSRI and SNRI labels/);
  });
});

describe('protocol: compounds without a monograph', () => {
  it('use the compound record and say the protocol is limited', () => {
    const slug = (
      content
        .prepare('SELECT slug FROM compounds WHERE slug NOT IN (SELECT slug FROM monographs) ORDER BY slug LIMIT 1')
        .get() as { slug: string }
    ).slug;
    const row = content.prepare('SELECT side_effects, typical_dosing FROM compounds WHERE slug = ?').get(slug) as {
      side_effects: string;
      typical_dosing: string;
    };
    const out = run({ compounds: [slug], duration_weeks: 4, goal: 'anything' });
    const c = out.compounds[0]!;
    expect(c).toMatchObject({ source: 'compound_record', limited: true, contraindications: [] });
    expect(c.limitation).toMatch(/^No monograph/);
    expect(c.dose.basis).toBe('compound_record');
    expect(c.studied_duration).toBe((JSON.parse(row.typical_dosing) as { duration: string }).duration);
    expect(out.stop_criteria.map((s) => s.criterion)).toEqual(JSON.parse(row.side_effects));
    expect(out.stop_criteria.every((s) => s.source === 'compound_side_effect' && s.frequency === 'unknown')).toBe(true);
    expect(out.warnings.some((w) => w.startsWith('Limited protocol'))).toBe(true);
  });
});

describe('protocol: input errors and validation', () => {
  const inputError = (body: unknown): ToolInputError => {
    try {
      run(body);
    } catch (e) {
      expect(e).toBeInstanceOf(ToolInputError);
      return e as ToolInputError;
    }
    throw new Error('expected a ToolInputError');
  };

  it('an unknown name is a ToolInputError naming it; a near spelling is read with a notice', () => {
    expect(inputError({ compounds: ['sertraline', 'qqqzzz'], duration_weeks: 4, goal: 'x' }).details).toEqual([
      { field: 'compounds.1', message: 'not a compound we carry' },
    ]);
    const typo = run({ compounds: ['sertralline'], duration_weeks: 4, goal: 'depression' });
    expect(typo.compounds[0]).toMatchObject({ input: 'sertralline', slug: 'sertraline' });
    expect(typo.warnings[0]).toMatch(/^"sertralline" was read as/);
  });

  it('a drug we carry no record for is a ToolInputError that says so', () => {
    const carried = content.prepare("SELECT 1 FROM compound_names WHERE name_norm = 'fluvoxamine'").get();
    if (carried) return;
    expect(inputError({ compounds: ['fluvoxamine'], duration_weeks: 4, goal: 'x' }).details[0]!.message).toMatch(
      /^not a compound we carry \(the interaction checker knows it as Fluvoxamine, but we carry no record for it\)/,
    );
  });

  it('two names of one compound are a ToolInputError naming the second', () => {
    expect(inputError({ compounds: ['semaglutide', 'Wegovy'], duration_weeks: 4, goal: 'x' }).details).toEqual([
      { field: 'compounds.1', message: 'names the same compound as compounds.0 (Semaglutide)' },
    ]);
  });

  it('every rule names its field', () => {
    expect(fields({ compounds: [], duration_weeks: 4, goal: 'x' })).toEqual(['compounds']);
    expect(fields({ compounds: ['a', 'b', 'c', 'd', 'e', 'f', 'g'], duration_weeks: 4, goal: 'x' })).toEqual([
      'compounds',
    ]);
    expect(fields({ compounds: ['melatonin', 'melatonin'], duration_weeks: 4, goal: 'x' })).toEqual(['compounds']);
    expect(fields({ compounds: ['melatonin', 'Melatonin'], duration_weeks: 4, goal: 'x' })).toEqual(['compounds']);
    expect(fields({ compounds: [''], duration_weeks: 4, goal: 'x' })).toEqual(['compounds.0']);
    expect(fields({ compounds: ['x'.repeat(257)], duration_weeks: 4, goal: 'x' })).toEqual(['compounds.0']);
    const kidney = (k: unknown) => fields({ compounds: ['metformin'], duration_weeks: 4, goal: 'x', kidney: k });
    expect(kidney({ sex: 'female', age: 17, creatinine: { value: 1, unit: 'mg/dL' } })).toEqual(['kidney.age']);
    expect(kidney({ sex: 'f', age: 40, creatinine: { value: 1, unit: 'mg/dL' } })).toEqual(['kidney.sex']);
    expect(kidney({ sex: 'male', age: 40, creatinine: { value: 88, unit: 'mg/dL' } })).toEqual([
      'kidney.creatinine.value',
    ]);
    expect(kidney({ sex: 'male', age: 40, creatinine: { value: 1, unit: 'mmol/L' } })).toEqual([
      'kidney.creatinine.unit',
    ]);
    expect(kidney({ sex: 'male', age: 40, creatinine: { value: -1, unit: 'umol/L' } })).toEqual([
      'kidney.creatinine.value',
    ]);
    expect(kidney({ sex: 'male', age: 40 })).toEqual(['kidney.creatinine']);
    expect(kidney({ sex: 'male', age: 40, creatinine: { value: 1, unit: 'mg/dL' }, race: 'x' })).toEqual([
      'kidney.race',
    ]);
    expect(fields({ compounds: ['melatonin'], duration_weeks: 0, goal: 'x' })).toEqual(['duration_weeks']);
    expect(fields({ compounds: ['melatonin'], duration_weeks: 53, goal: 'x' })).toEqual(['duration_weeks']);
    expect(fields({ compounds: ['melatonin'], duration_weeks: 1.5, goal: 'x' })).toEqual(['duration_weeks']);
    expect(fields({ compounds: ['melatonin'], duration_weeks: 4, goal: '  ' })).toEqual(['goal']);
    expect(fields({ compounds: ['melatonin'], duration_weeks: 4 })).toEqual(['goal']);
    expect(fields({ compounds: ['melatonin'], duration_weeks: 4, goal: 'x', dose: 5 })).toEqual(['dose']);
    expect(ProtocolRequest.parse({ compounds: ['melatonin'], duration_weeks: 4, goal: ' sleep ' })).toEqual({
      compounds: ['melatonin'],
      duration_weeks: 4,
      goal: 'sleep',
      current_medications: [],
      save: false,
    });
  });
});

describe('protocol: compute', () => {
  it('step intervals: weeks, days and months; never a dosing frequency', () => {
    expect(stepIntervalWeeks('then escalated at 4-week intervals to 0.5 mg')).toBe(4);
    expect(stepIntervalWeeks('increase by 2.5 mg no more often than every 4 weeks')).toBe(4);
    expect(stepIntervalWeeks('titrated weekly to 1,000 mg twice daily')).toBe(1);
    expect(stepIntervalWeeks('increase by 0.6 mg weekly to 3 mg daily')).toBe(1);
    expect(stepIntervalWeeks('increased by 50 mg/day every 3–4 days')).toBe(1);
    expect(stepIntervalWeeks('increased to 60 mcg once daily after about 3 months')).toBe(13);
    expect(stepIntervalWeeks('titrate every 2–5 weeks')).toBe(2);
    expect(stepIntervalWeeks('Once weekly on the same day')).toBeNull();
  });

  it('end-phase lengths (scheduling convention)', () => {
    expect([1, 2, 3, 7, 8, 52].map(taperWeeks)).toEqual([0, 0, 1, 1, 2, 2]);
    expect([3, 4, 52].map(washoutWeeks)).toEqual([0, 1, 1]);
  });

  it('goal → indication by word stems', () => {
    const ind = [{ condition: 'Panic disorder' }, { condition: 'Major depressive disorder' }];
    expect(matchIndication('treatment of depression', ind)).toEqual({ indication: ind[1], matched: ['depression'] });
    expect(matchIndication('better sleep', ind)).toBeNull();
  });

  const base = (over: Partial<ProtocolCompoundInput>): ProtocolCompoundInput => ({
    slug: 'x',
    name: 'X',
    category: 'supplement',
    subcategory: 'general',
    status: 'supplement',
    evidence_grade: 'B',
    description: 'A supplement.',
    typical_dosing: { amount: 1, unit: 'g', frequency: 'once daily', duration: 'weeks', route: 'oral' },
    side_effects: [],
    monograph: null,
    ...over,
  });

  it('taper from text or from a curated class; none otherwise', () => {
    expect(taperOf(base({ description: 'Cardioselective beta-1 blocker for hypertension.' })).reasons).toEqual([
      'class: beta-blocker (rebound ischaemia)',
    ]);
    expect(
      taperOf(
        base({
          typical_dosing: {
            amount: 1,
            unit: 'g',
            frequency: 'daily',
            duration: 'taper over at least a week to stop',
            route: 'oral',
          },
        }),
      ).reasons,
    ).toEqual(['typical_dosing.duration: "taper over at least a week to stop"']);
    expect(taperOf(base({})).required).toBe(false);
  });

  it('monitoring: terms map to panels; a sentence denying the need does not count', () => {
    const mono = (notes: string, serious: string[] = []) =>
      base({
        slug: 'm',
        monograph: {
          classification: { type: 'x' },
          indications: [],
          dosing: {
            route: ['oral'],
            typical_dose: '1 g',
            loading_dose: null,
            frequency: 'daily',
            duration: 'weeks',
            notes,
          },
          safety_profile: {
            adverse_events: '',
            common_side_effects: [],
            serious_side_effects: serious.map((effect) => ({ effect, frequency: 'rare' })),
            contraindications: [],
          },
        },
      });
    expect(monitoringOf([mono('No dose adjustment in renal impairment.')])).toEqual([]);
    expect(
      monitoringOf([mono('Check potassium early in treatment.', ['Hepatotoxicity'])]).map((h) => h.panel.id),
    ).toEqual(['liver', 'potassium']);
    expect(monitoringOf([mono('Cod liver oil also supplies vitamin A.')])).toEqual([]);
    expect(
      monitoringOf([base({ side_effects: ['Raised LDL cholesterol'] })]).map((h) => [h.panel.id, h.reasons[0]!.field]),
    ).toEqual([['lipids', 'side_effects']]);
  });

  it('phases for a titrating, tapering compound over 10 weeks', () => {
    const dose = {
      text: '50 mg',
      amount: null,
      dose_status: 'established' as const,
      frequency: 'daily',
      route: ['oral'],
      basis: 'monograph' as const,
      indication: null,
      loading_dose: null,
      goal_match: '',
    };
    const { phases } = phasesOf(
      10,
      dose,
      { detected: true, stepWeeks: 2, text: ['start at 25 mg'] },
      { required: true, reasons: ['class: x'] },
      { detected: false, text: [] },
    );
    expect(phases.map((p) => [p.phase, p.from, p.to])).toEqual([
      ['titration', 1, 2],
      ['maintenance', 3, 8],
      ['taper', 9, 10],
    ]);
  });

  it('label phases: one titration phase per step, then maintenance; a short protocol ends during titration and says so', () => {
    const wegovy = LABEL_TITRATIONS.find((t) => t.product === 'Wegovy')!;
    expect(labelPhases(20, wegovy, 'Semaglutide').phases.map((p) => [p.phase, p.from, p.to, p.dose!.value])).toEqual([
      ['titration', 1, 4, 0.25],
      ['titration', 5, 8, 0.5],
      ['titration', 9, 12, 1],
      ['titration', 13, 16, 1.7],
      ['maintenance', 17, 20, 2.4],
    ]);
    const short = labelPhases(10, wegovy, 'Semaglutide');
    expect(short.phases.map((p) => [p.from, p.to, p.dose!.value])).toEqual([
      [1, 4, 0.25],
      [5, 8, 0.5],
      [9, 10, 1],
    ]);
    expect(short.warnings).toEqual([
      "Semaglutide: the label's escalation reaches the 2.4 mg maintenance dose in week 17, after the 10 weeks this outline has for dosing; it ends during titration.",
    ]);
  });

  it('a label schedule is chosen by the brand named, else by the goal, else the first product', () => {
    const names = ['Semaglutide', 'Ozempic', 'Wegovy'];
    expect(labelTitrationFor(names, 'Ozempic', 'weight loss')!.product).toBe('Ozempic');
    expect(labelTitrationFor(names, 'semaglutide', 'type 2 diabetes')!.product).toBe('Ozempic');
    expect(labelTitrationFor(names, 'semaglutide', 'obesity')!.product).toBe('Wegovy');
    expect(labelTitrationFor(names, 'semaglutide', 'longevity')!.product).toBe('Wegovy');
    expect(labelTitrationFor(['Melatonin'], 'melatonin', 'sleep')).toBeNull();
    expect(labelTitrationFor(['Lamotrigine', 'Lamictal'], 'lamotrigine', 'epilepsy')).toBeNull();
    expect(labelTitrationFor(['Lamotrigine', 'Lamictal'], 'Lamictal', 'epilepsy')).toBeNull();
    expect(labelTitrationFor(['Metoprolol', 'Toprol-XL'], 'Toprol-XL', 'hypertension')).toBeNull();
    // A product whose label dosing differs, and for which we record no schedule, gets none (not another product's).
    expect(labelTitrationFor(['Exenatide', 'Byetta', 'Bydureon'], 'Bydureon', 'type 2 diabetes')).toBeNull();
    expect(labelTitrationFor(['Exenatide', 'Byetta', 'Bydureon'], 'exenatide', 'type 2 diabetes')!.product).toBe(
      'Byetta',
    );
    expect(labelTitrationFor(names, 'Rybelsus', 'type 2 diabetes')!.product).toBe('Rybelsus');
  });

  it('every label schedule has a basis naming its label, whole-week steps and a positive maintenance dose', () => {
    for (const t of LABEL_TITRATIONS) {
      expect(t.basis, t.product).toMatch(new RegExp(`^${t.product.split(' (')[0]!} \\(${t.compound}`, 'i'));
      for (const s of t.steps) expect(Number.isInteger(s.weeks) && s.weeks >= 1, t.product).toBe(true);
      expect(t.maintenance.value).toBeGreaterThan(0);
    }
  });
});
