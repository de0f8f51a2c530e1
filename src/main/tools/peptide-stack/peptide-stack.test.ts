import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PeptideStackRequest } from '../../../shared/schemas/tools/peptide-stack.ts';
import { type Db } from '../../db/connection.ts';
import { ToolInputError, type ToolContext } from '../tool.ts';
import { openToolContext, rejectedFields, runTool } from '../test-support.ts';
import { doseStatus, dosingOf, gradeAllowed, sentences, timingSlots, wadaStatement } from './compute.ts';
import { peptideStackTool } from './tool.ts';

let content: Db;
let ctx: ToolContext;
beforeAll(() => { ({ content, ctx } = openToolContext()); });
afterAll(() => content.close());

const run = (body: unknown) => runTool(peptideStackTool, ctx, body);
const fields = (body: unknown) => rejectedFields(PeptideStackRequest, body);
const inputError = (body: unknown): ToolInputError => {
  try {
    run(body);
  } catch (e) {
    expect(e).toBeInstanceOf(ToolInputError);
    return e as ToolInputError;
  }
  throw new Error('expected a ToolInputError');
};

/** The selection rule restated in SQL: eligible compounds of a subcategory, best grade first, then most research, then slug. */
const ranked = (subcategory: string, minGrade = 'E') => (content.prepare(`SELECT slug FROM compounds
  WHERE replace(subcategory, '-', '_') = ? AND status <> 'withdrawn' AND NOT (status = 'approved' AND compound_type = 'therapeutic')
    AND evidence_grade <= ? ORDER BY evidence_grade, research_count DESC, slug`).all(subcategory, minGrade) as { slug: string }[]).map((r) => r.slug);

describe('peptide-stack: selection', () => {
  it('goals take turns, each taking its best-graded compound (healing + sleep, 3 compounds)', () => {
    const healing = ranked('healing');
    const sleep = ranked('sleep');
    expect(healing.slice(0, 2)).toEqual(['bpc-157', 'tb-500']); // grade C, then E: the only healing compounds today
    expect(sleep[0]).toBe('melatonin'); // grade A
    const out = run({ goals: ['healing', 'sleep'] });
    expect(out.stack.map((s) => [s.rank, s.slug, s.goal])).toEqual([[1, healing[0], 'healing'], [2, sleep[0], 'sleep'], [3, healing[1], 'healing']]);
    expect(out.goals).toEqual([
      { goal: 'healing', subcategories: ['healing'], candidates: healing.length, chosen: 2 },
      { goal: 'sleep', subcategories: ['sleep'], candidates: sleep.length, chosen: 1 },
    ]);
    expect(out.empty_reasons).toEqual([]);
    expect(out.interpretation).toMatch(/not a prescription/);
  });

  it('is deterministic', () => {
    const body = { goals: ['cognitive', 'sleep', 'stress'], constraints: { max_compounds: 6 } };
    expect(run(body)).toEqual(run(body));
  });

  it('per compound: dosing (no amount when the figure is not a human dose), timing, rationale and warnings', () => {
    const out = run({ goals: ['healing', 'sleep'] });
    const bpc = out.stack.find((s) => s.slug === 'bpc-157')!;
    // The record's 10 µg/kg comes from rodent studies: no human amount is given.
    expect(bpc.dosing).toMatchObject({ amount: null, dose_status: 'animal_or_nonclinical', unit: 'µg/kg' });
    expect(bpc.warnings.map((w) => w.kind)).toEqual(['research_only', 'wada', 'dose_not_established']);
    expect(bpc.warnings.find((w) => w.kind === 'wada')!.message).toMatch(/WADA prohibits it under S0/);
    const mel = out.stack.find((s) => s.slug === 'melatonin')!;
    expect(mel.dosing).toMatchObject({ amount: { value: 2, unit: 'mg' }, dose_status: 'established' });
    expect(mel.timing.slots).toEqual(['bedtime']);
    expect(mel.warnings).toEqual([]);
    expect(mel.rationale).toMatch(/^Its main use is sleep; evidence grade A \(strong human clinical evidence\)/);
    const tb = out.stack.find((s) => s.slug === 'tb-500')!;
    expect(tb.warnings.map((w) => w.kind)).toContain('low_evidence');
    expect(tb.evidence_meaning).toBe('Theoretical or not well studied');
  });

  it('a candidate with a major interaction with a medication is dropped with the reason (melatonin + fluvoxamine)', () => {
    const out = run({ goals: ['sleep'], constraints: { max_compounds: 2, current_medications: ['fluvoxamine'] } });
    expect(out.stack.map((s) => s.slug)).not.toContain('melatonin');
    expect(out.stack.map((s) => s.slug)).toEqual(ranked('sleep').filter((s) => s !== 'melatonin').slice(0, 2));
    const dropped = out.not_selected.find((n) => n.slug === 'melatonin')!;
    expect(dropped.reason).toBe('major_interaction');
    expect(dropped.detail).toMatch(/Fluvoxamine \(a current medication\).*melatonin record lists "Fluvoxamine"/);
    expect(out.medications[0]).toMatchObject({ input: 'fluvoxamine', status: 'ddinter' });
    expect(out.interactions.every((i) => i.severity !== 'major')).toBe(true);
  });

  it('a candidate with a major interaction inside the stack is dropped (warfarin, then aspirin/clopidogrel/apixaban)', () => {
    const out = run({ goals: ['anticoagulant', 'antiplatelet'], constraints: { include_approved_medicines: true, max_compounds: 4 } });
    expect(out.stack).toHaveLength(1);
    const first = out.stack[0]!.slug;
    expect(['warfarin', 'apixaban']).toContain(first);
    expect(out.not_selected.length).toBeGreaterThanOrEqual(3);
    for (const n of out.not_selected) {
      expect(n.reason).toBe('major_interaction');
      expect(n.detail).toMatch(/already in the stack/);
    }
    expect(out.warnings[0]).toMatch(/Only 1 of the 4 compounds/);
    expect(out.stack[0]!.warnings.map((w) => w.kind)).toContain('approved_medicine');
  });

  it('moderate interactions with medications are reported as warnings on the compound', () => {
    const out = run({ goals: ['metabolic'], constraints: { include_approved_medicines: true, current_medications: ['warfarin'], max_compounds: 6 } });
    const withWarfarin = out.interactions.filter((i) => i.b.name === 'Warfarin' || i.a.name === 'Warfarin');
    expect(withWarfarin.length).toBeGreaterThan(0);
    expect(withWarfarin.every((i) => i.severity !== 'major')).toBe(true);
    const s = out.stack.find((x) => x.name === withWarfarin[0]!.a.name || x.name === withWarfarin[0]!.b.name)!;
    expect(s.warnings.some((w) => w.kind === 'interaction' && /Warfarin/.test(w.message))).toBe(true);
  });

  it('approved therapeutic medicines and withdrawn compounds are left out by default, with reasons', () => {
    const out = run({ goals: ['growth_hormone'], constraints: { max_compounds: 6 } });
    expect(out.not_selected.find((n) => n.slug === 'sermorelin')).toMatchObject({ reason: 'withdrawn' });
    const meta = run({ goals: ['metabolic'] });
    expect(meta.not_selected.find((n) => n.slug === 'metformin')).toMatchObject({ reason: 'approved_medicine' });
    expect(meta.stack.every((s) => s.status !== 'approved' || s.category !== 'medication')).toBe(true);
  });

  it('constraints: minimum grade, excluded and allowed categories, excluded compounds by name', () => {
    const b = run({ goals: ['muscle_growth'], constraints: { min_evidence_grade: 'B', max_compounds: 6 } });
    expect(b.stack.map((s) => s.slug)).toEqual(ranked('muscle_growth', 'B').slice(0, 6));
    expect(b.stack.every((s) => gradeAllowed(s.evidence_grade, 'B'))).toBe(true);
    expect(b.not_selected.filter((n) => n.reason === 'below_min_grade').every((n) => !gradeAllowed(n.evidence_grade, 'B'))).toBe(true);

    const noSarm = run({ goals: ['muscle_growth'], constraints: { exclude_categories: ['sarm', 'steroid'], max_compounds: 6 } });
    expect(noSarm.stack.every((s) => s.category !== 'sarm' && s.category !== 'steroid')).toBe(true);
    expect(noSarm.not_selected.some((n) => n.reason === 'excluded_category')).toBe(true);

    const peptides = run({ goals: ['sleep'], constraints: { categories: ['peptide'] } });
    expect(peptides.stack.map((s) => s.slug)).toEqual(['dsip']);
    expect(peptides.not_selected.find((n) => n.slug === 'melatonin')).toMatchObject({ reason: 'category_not_allowed' });

    const ex = run({ goals: ['healing'], constraints: { exclude_compounds: ['BPC 157'] } });
    expect(ex.stack.map((s) => s.slug)).not.toContain('bpc-157');
    expect(ex.not_selected.find((n) => n.slug === 'bpc-157')).toMatchObject({ reason: 'excluded_compound' });
  });

  it('nothing fits: an empty stack with the reasons, not an error', () => {
    const out = run({ goals: ['healing'], constraints: { min_evidence_grade: 'A' } });
    expect(out.stack).toEqual([]);
    expect(out.empty_reasons).toEqual([`Every candidate was ruled out: ${ranked('healing').length} below the minimum evidence grade.`]);
    expect(out.interpretation).toMatch(/No stack could be built/);
    expect(out.highest_severity).toBe('none');
  });

  it('a medication already taken is not chosen again', () => {
    const out = run({ goals: ['sleep'], constraints: { current_medications: ['Melatonin'] } });
    expect(out.not_selected.find((n) => n.slug === 'melatonin')).toMatchObject({ reason: 'already_taken' });
  });

  it('unrecognised medications are reported with suggestions and a warning', () => {
    const out = run({ goals: ['sleep'], constraints: { current_medications: ['sertralin'] } });
    expect(out.unmatched_medications[0]!.suggestions[0]).toMatchObject({ name: 'Sertraline', slug: 'sertraline', distance: 1 });
    expect(out.warnings[0]).toMatch(/Not recognised.*sertralin/);
  });

  it('goals: "-" and "_" are interchangeable; an unknown goal is a ToolInputError naming it, with suggestions', () => {
    const out = run({ goals: ['anti-aging'] });
    expect(out.goals[0]!.subcategories).toEqual(['anti-aging', 'anti_aging'].filter((s) => (content.prepare('SELECT 1 FROM compounds WHERE subcategory = ?').get(s))));
    const e = inputError({ goals: ['sleep', 'heal'] });
    expect(e.details).toEqual([{ field: 'goals.1', message: 'unknown goal; did you mean healing?' }]);
    expect(inputError({ goals: ['zzzzzz'] }).details[0]!.message).toMatch(/^unknown goal; known goals: .*healing.*sleep/);
  });

  it('an excluded compound we do not carry is a ToolInputError naming it', () => {
    const e = inputError({ goals: ['sleep'], constraints: { exclude_compounds: ['melatonim'] } });
    expect(e.details).toEqual([{ field: 'constraints.exclude_compounds.0', message: 'not a compound we carry; did you mean Melatonin?' }]);
  });
});

describe('peptide-stack: request validation', () => {
  it('defaults', () => {
    expect(PeptideStackRequest.parse({ goals: ['sleep'] })).toEqual({
      goals: ['sleep'], save: false,
      constraints: { max_compounds: 3, min_evidence_grade: 'E', exclude_categories: [], exclude_compounds: [], current_medications: [], include_approved_medicines: false },
    });
  });

  it('every rule names its field', () => {
    expect(fields({ goals: [] })).toEqual(['goals']);
    expect(fields({ goals: ['a', 'b', 'c', 'd', 'e', 'f'] })).toEqual(['goals']);
    expect(fields({ goals: ['Sleep!'] })).toEqual(['goals.0']);
    expect(fields({ goals: ['anti-aging', 'anti_aging'] })).toEqual(['goals']);
    expect(fields({ goals: ['sleep'], constraints: { max_compounds: 0 } })).toEqual(['constraints.max_compounds']);
    expect(fields({ goals: ['sleep'], constraints: { max_compounds: 7 } })).toEqual(['constraints.max_compounds']);
    expect(fields({ goals: ['sleep'], constraints: { max_compounds: 2.5 } })).toEqual(['constraints.max_compounds']);
    expect(fields({ goals: ['sleep'], constraints: { min_evidence_grade: 'F' } })).toEqual(['constraints.min_evidence_grade']);
    expect(fields({ goals: ['sleep'], constraints: { exclude_categories: ['drug'] } })).toEqual(['constraints.exclude_categories.0']);
    expect(fields({ goals: ['sleep'], constraints: { categories: [] } })).toEqual(['constraints.categories']);
    expect(fields({ goals: ['sleep'], constraints: { current_medications: [''] } })).toEqual(['constraints.current_medications.0']);
    expect(fields({ goals: ['sleep'], constraints: { budget: 10 } })).toEqual(['constraints.budget']);
    expect(fields({ goals: ['sleep'], stack: [] })).toEqual(['stack']);
  });
});

describe('peptide-stack: compute', () => {
  const td = (amount: number | null, unit: string, frequency: string, duration = 'weeks') => ({ amount, unit, frequency, duration, route: 'oral' });

  it('dose status: null amount, animal or non-clinical figures, trial-only doses, established doses', () => {
    expect(doseStatus(td(null, 'none established', 'No human dose has been studied'))).toBe('none_established');
    expect(doseStatus(td(10, 'µg/kg', 'Once daily in rodent studies'))).toBe('animal_or_nonclinical');
    expect(doseStatus(td(2, 'mg', 'Twice weekly is a figure circulating in non-clinical use'))).toBe('animal_or_nonclinical');
    expect(doseStatus(td(3, 'mg', 'Once daily in Phase 2/3 trials. No approved dose exists'))).toBe('trial_only');
    expect(doseStatus(td(5, 'mg elemental lithium', 'once daily as commonly sold; no established or approved dose'))).toBe('trial_only');
    expect(doseStatus(td(600, 'mg', 'daily', 'studied for 6–12 weeks; long-term safety not established'))).toBe('established');
    expect(dosingOf(td(null, 'none established', 'x')).note).toBe('No human dose is established; no amount is given.');
  });

  it('WADA statements: prohibited, not prohibited, none', () => {
    expect(wadaStatement('A SARM. Prohibited at all times by WADA (S1.2 other anabolic agents).')).toEqual({ prohibited: true, text: 'Prohibited at all times by WADA (S1.2 other anabolic agents).' });
    expect(wadaStatement('An amino acid. Not prohibited by WADA.')).toEqual({ prohibited: false, text: 'Not prohibited by WADA.' });
    expect(wadaStatement('Removed from the WADA Prohibited List in 2009.')?.prohibited).toBe(false);
    expect(wadaStatement('A vitamin.')).toBeNull();
  });

  it('timing slots and sentence splitting', () => {
    expect(timingSlots('once nightly 1–2 h before bedtime')).toEqual(['bedtime']);
    expect(timingSlots('Once daily, morning or evening, with or without food')).toEqual(['morning', 'evening']);
    expect(timingSlots('once daily on an empty stomach, 30 min before breakfast')).toEqual(['morning', 'empty_stomach']);
    expect(timingSlots('300–600 mg before exercise')).toEqual(['pre_exercise']);
    expect(sentences('Prohibited (WADA S1.2). Beta-blockers (e.g. archery) too. Next')).toEqual(['Prohibited (WADA S1.2).', 'Beta-blockers (e.g. archery) too.', 'Next']);
  });

  it('grade order: A is strongest', () => {
    expect(gradeAllowed('A', 'C')).toBe(true);
    expect(gradeAllowed('C', 'C')).toBe(true);
    expect(gradeAllowed('D', 'C')).toBe(false);
  });
});
