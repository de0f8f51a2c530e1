import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProtocolRequest } from '../../../shared/schemas/tools/protocol.ts';
import { type Db } from '../../db/connection.ts';
import { ToolInputError, type ToolContext } from '../tool.ts';
import { openToolContext, rejectedFields, runTool } from '../test-support.ts';
import {
  matchIndication, monitoringOf, phasesOf, stepIntervalWeeks, taperOf, taperWeeks, washoutWeeks, type ProtocolCompoundInput,
} from './compute.ts';
import { protocolTool } from './tool.ts';

let content: Db;
let ctx: ToolContext;
beforeAll(() => { ({ content, ctx } = openToolContext()); });
afterAll(() => content.close());

const run = (body: unknown) => runTool(protocolTool, ctx, body);
const fields = (body: unknown) => rejectedFields(ProtocolRequest, body);
const lab = (loinc: string) => content.prepare('SELECT units, low, high FROM lab_tests WHERE loinc = ? ORDER BY rowid LIMIT 1').get(loinc) as { units: string; low: number; high: number };

describe('protocol: from monographs', () => {
  it('sertraline for depression, 12 weeks: indication dose, titration, SSRI taper, week-by-week schedule', () => {
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
    // "Increase in 25–50 mg steps no more often than weekly": step interval 1 week.
    expect(s.titration.detected).toBe(true);
    expect(s.titration.step_interval).toEqual({ value: 1, unit: 'weeks' });
    expect(s.taper.required).toBe(true);
    expect(s.taper.reasons).toContain('dosing.notes: "Taper over weeks when stopping."');
    expect(s.taper.reasons).toContain('class: SSRI/SNRI (discontinuation syndrome)');
    // 12 weeks: titration week 1, maintenance 2–10, taper the last 2 weeks (protocols of 8+ weeks).
    expect(s.phases.map((p) => [p.phase, p.from_week, p.to_week, p.length.value])).toEqual([
      ['titration', 1, 1, 1], ['maintenance', 2, 10, 9], ['taper', 11, 12, 2],
    ]);
    expect(out.schedule).toHaveLength(12);
    expect(out.schedule[0]!.items).toEqual([{ slug: 'sertraline', phase: 'titration' }]);
    expect(out.schedule[10]!.items).toEqual([{ slug: 'sertraline', phase: 'taper' }]);
    expect(out.schedule[10]!.events).toEqual(['Taper begins: Sertraline.']);
    expect(out.schedule[11]!.events[0]).toMatch(/^End of protocol/);
    expect(s.warnings).toContain('Do not stop abruptly: if a stop criterion occurs, seek medical advice promptly on how to stop.');
    expect(out.interpretation).toMatch(/Taper rather than stop abruptly: Sertraline/);
  });

  it('monitoring comes from the safety text with NLM reference ranges: sertraline hyponatraemia → sodium', () => {
    const out = run({ compounds: ['sertraline'], duration_weeks: 12, goal: 'depression' });
    const sodium = out.monitoring.find((m) => m.panel === 'Sodium')!;
    const ref = lab('2951-2');
    expect(sodium.tests).toEqual([{ test: expect.any(String), loinc: '2951-2', low: { value: ref.low, unit: ref.units }, high: { value: ref.high, unit: ref.units }, text: expect.any(String) }]);
    expect(ref).toMatchObject({ low: 136, high: 145, units: 'mmol/L' });
    expect(sodium.reasons[0]).toMatchObject({ slug: 'sertraline', field: 'serious_side_effects' });
    expect(sodium.reasons[0]!.text).toMatch(/Hyponatraemia/);
    expect(out.schedule[0]!.events[0]).toMatch(/baseline labs \(.*Sodium/);
    expect(out.stop_criteria.filter((c) => c.source === 'monograph_serious_side_effect').map((c) => c.criterion)).toContain('Serotonin syndrome');
  });

  it('warfarin: INR monitoring (LOINC 6301-6) from the dosing notes', () => {
    const out = run({ compounds: ['warfarin'], duration_weeks: 8, goal: 'atrial fibrillation' });
    const inr = out.monitoring.find((m) => m.panel === 'INR')!;
    expect(inr.tests[0]!.loinc).toBe('6301-6');
    expect(inr.reasons.some((r) => r.field === 'dosing.notes' && /INR/.test(r.text))).toBe(true);
    expect(out.compounds[0]!.dose.indication!.condition).toMatch(/atrial fibrillation/);
    expect(out.compounds[0]!.taper.required).toBe(false);
  });

  it('semaglutide: 4-week titration steps, dose review points every 4 weeks', () => {
    const out = run({ compounds: ['semaglutide'], duration_weeks: 16, goal: 'weight management' });
    const s = out.compounds[0]!;
    expect(s.titration.step_interval).toEqual({ value: 4, unit: 'weeks' });
    expect(s.phases.map((p) => [p.phase, p.from_week, p.to_week])).toEqual([['titration', 1, 4], ['maintenance', 5, 16]]);
    const reviews = out.schedule.filter((w) => w.events.some((e) => e.startsWith('Earliest dose review point: Semaglutide'))).map((w) => w.week);
    expect(reviews).toEqual([5, 9, 13]);
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
    expect(short.compounds[0]!.warnings.at(-1)).toBe('A taper is needed when stopping, but a 2-week protocol leaves no room for it: any taper follows the protocol and must be planned with the prescriber.');
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
    const meds = run({ compounds: ['sertraline'], duration_weeks: 4, goal: 'anxiety', current_medications: ['Advil', 'Zoloft', 'qqqzzz'] });
    expect(meds.interactions.some((i) => i.matched_class === 'NSAIDs')).toBe(true);
    expect(meds.warnings).toContain('Zoloft is already in the protocol as Sertraline.');
    expect(meds.unmatched_medications.map((u) => u.input)).toEqual(['qqqzzz']);
  });
});

describe('protocol: compounds without a monograph', () => {
  it('use the compound record and say the protocol is limited', () => {
    const slug = (content.prepare('SELECT slug FROM compounds WHERE slug NOT IN (SELECT slug FROM monographs) ORDER BY slug LIMIT 1').get() as { slug: string }).slug;
    const row = content.prepare('SELECT side_effects, typical_dosing FROM compounds WHERE slug = ?').get(slug) as { side_effects: string; typical_dosing: string };
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
  it('an unknown slug is a ToolInputError naming it, with suggestions', () => {
    try {
      run({ compounds: ['sertraline', 'sertralin'], duration_weeks: 4, goal: 'x' });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ToolInputError);
      expect((e as ToolInputError).details).toEqual([{ field: 'compounds.1', message: 'unknown compound slug; did you mean sertraline?' }]);
    }
  });

  it('every rule names its field', () => {
    expect(fields({ compounds: [], duration_weeks: 4, goal: 'x' })).toEqual(['compounds']);
    expect(fields({ compounds: ['a', 'b', 'c', 'd', 'e', 'f', 'g'], duration_weeks: 4, goal: 'x' })).toEqual(['compounds']);
    expect(fields({ compounds: ['melatonin', 'melatonin'], duration_weeks: 4, goal: 'x' })).toEqual(['compounds']);
    expect(fields({ compounds: ['Melatonin'], duration_weeks: 4, goal: 'x' })).toEqual(['compounds.0']);
    expect(fields({ compounds: ['melatonin'], duration_weeks: 0, goal: 'x' })).toEqual(['duration_weeks']);
    expect(fields({ compounds: ['melatonin'], duration_weeks: 53, goal: 'x' })).toEqual(['duration_weeks']);
    expect(fields({ compounds: ['melatonin'], duration_weeks: 1.5, goal: 'x' })).toEqual(['duration_weeks']);
    expect(fields({ compounds: ['melatonin'], duration_weeks: 4, goal: '  ' })).toEqual(['goal']);
    expect(fields({ compounds: ['melatonin'], duration_weeks: 4 })).toEqual(['goal']);
    expect(fields({ compounds: ['melatonin'], duration_weeks: 4, goal: 'x', dose: 5 })).toEqual(['dose']);
    expect(ProtocolRequest.parse({ compounds: ['melatonin'], duration_weeks: 4, goal: ' sleep ' })).toEqual({ compounds: ['melatonin'], duration_weeks: 4, goal: 'sleep', current_medications: [], save: false });
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
    slug: 'x', name: 'X', category: 'supplement', subcategory: 'general', status: 'supplement', evidence_grade: 'B', description: 'A supplement.',
    typical_dosing: { amount: 1, unit: 'g', frequency: 'once daily', duration: 'weeks', route: 'oral' }, side_effects: [], monograph: null, ...over,
  });

  it('taper from text or from a curated class; none otherwise', () => {
    expect(taperOf(base({ description: 'Cardioselective beta-1 blocker for hypertension.' })).reasons).toEqual(['class: beta-blocker (rebound ischaemia)']);
    expect(taperOf(base({ typical_dosing: { amount: 1, unit: 'g', frequency: 'daily', duration: 'taper over at least a week to stop', route: 'oral' } })).reasons)
      .toEqual(['typical_dosing.duration: "taper over at least a week to stop"']);
    expect(taperOf(base({})).required).toBe(false);
  });

  it('monitoring: terms map to panels; a sentence denying the need does not count', () => {
    const mono = (notes: string, serious: string[] = []) => base({
      slug: 'm',
      monograph: {
        classification: { type: 'x' }, indications: [],
        dosing: { route: ['oral'], typical_dose: '1 g', loading_dose: null, frequency: 'daily', duration: 'weeks', notes },
        safety_profile: { adverse_events: '', common_side_effects: [], serious_side_effects: serious.map((effect) => ({ effect, frequency: 'rare' })), contraindications: [] },
      },
    });
    expect(monitoringOf([mono('No dose adjustment in renal impairment.')])).toEqual([]);
    expect(monitoringOf([mono('Check potassium early in treatment.', ['Hepatotoxicity'])]).map((h) => h.panel.id)).toEqual(['liver', 'potassium']);
    expect(monitoringOf([mono('Cod liver oil also supplies vitamin A.')])).toEqual([]);
    expect(monitoringOf([base({ side_effects: ['Raised LDL cholesterol'] })]).map((h) => [h.panel.id, h.reasons[0]!.field])).toEqual([['lipids', 'side_effects']]);
  });

  it('phases for a titrating, tapering compound over 10 weeks', () => {
    const dose = { text: '50 mg', amount: null, dose_status: 'established' as const, frequency: 'daily', route: ['oral'], basis: 'monograph' as const, indication: null, loading_dose: null, goal_match: '' };
    const { phases } = phasesOf(10, dose, { detected: true, stepWeeks: 2, text: ['start at 25 mg'] }, { required: true, reasons: ['class: x'] }, { detected: false, text: [] });
    expect(phases.map((p) => [p.phase, p.from, p.to])).toEqual([['titration', 1, 2], ['maintenance', 3, 8], ['taper', 9, 10]]);
  });
});
