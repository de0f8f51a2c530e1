import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PeptideStackRequest } from '../../../shared/schemas/tools/peptide-stack.ts';
import { type Db } from '../../db/connection.ts';
import { ToolInputError, type ToolContext } from '../tool.ts';
import { openToolContext, rejectedFields, runTool } from '../../../../test/helpers/tool-support.ts';
import { doseStatus, dosingOf, gradeAllowed, timingSlots, wadaStatement } from './compute.ts';
import { sentences } from '../../../shared/sentences.ts';
import { interactionsTool } from '../interactions/tool.ts';
import { peptideStackTool } from './tool.ts';

let content: Db;
let ctx: ToolContext;
beforeAll(() => {
  ({ content, ctx } = openToolContext());
});
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

const ALL_IN = {
  include_research_only: true,
  include_veterinary_only: true,
  include_sarms: true,
  include_anabolic_steroids: true,
} as const;

/**
 * The ranking restated in SQL: compounds of a subcategory, best grade first, then most research, then slug, without
 * withdrawn compounds and approved therapeutic medicines, and (unless `researchOnly`) without research-only ones.
 */
const ranked = (subcategory: string, minGrade = 'B', researchOnly = false) =>
  (
    content
      .prepare(
        `SELECT slug FROM compounds
  WHERE replace(subcategory, '-', '_') = ? AND status <> 'withdrawn' AND NOT (status = 'approved' AND compound_type = 'therapeutic')
    AND (? OR status <> 'research_only') AND evidence_grade <= ? ORDER BY evidence_grade, research_count DESC, slug`,
      )
      .all(subcategory, researchOnly ? 1 : 0, minGrade) as { slug: string }[]
  ).map((r) => r.slug);

/** Highest severity the interaction checker gives for a pair (the one pair model every tool uses). */
const checked = (a: string, b: string) => runTool(interactionsTool, ctx, { substances: [a, b] }).highest_severity;

/** Every pair of stack items shares no duplication group. */
const noSharedGroup = (stack: { slug: string; duplication_groups: string[] }[]) => {
  const seen = new Map<string, string>();
  for (const s of stack) {
    for (const g of s.duplication_groups) {
      expect(seen.get(g), `${s.slug} and ${seen.get(g)} are both ${g}`).toBeUndefined();
      seen.set(g, s.slug);
    }
  }
};

describe('peptide-stack: selection', () => {
  it('goals take turns, each taking its best-graded compound (sleep + stress, defaults)', () => {
    const sleep = ranked('sleep');
    const stress = ranked('stress');
    expect(sleep.length).toBeGreaterThanOrEqual(1);
    expect(stress.length).toBeGreaterThanOrEqual(2);
    const out = run({ goals: ['sleep', 'stress'] });
    expect(out.stack.slice(0, 2).map((s) => [s.rank, s.slug, s.goal])).toEqual([
      [1, sleep[0], 'sleep'],
      [2, stress[0], 'stress'],
    ]);
    expect(out.stack.every((s) => gradeAllowed(s.evidence_grade, 'B'))).toBe(true);
    expect(out.goals.map((g) => [g.goal, g.subcategories])).toEqual([
      ['sleep', ['sleep']],
      ['stress', ['stress']],
    ]);
    expect(out.empty_reasons).toEqual([]);
    expect(out.interpretation).toMatch(/not a prescription/);
  });

  it('is deterministic', () => {
    const body = {
      goals: ['cognitive', 'sleep', 'stress'],
      constraints: { max_compounds: 6, min_evidence_grade: 'E' },
    };
    expect(run(body)).toEqual(run(body));
  });

  it('per compound: dosing (no amount when the figure is not a human dose), timing, rationale and warnings', () => {
    const out = run({
      goals: ['healing'],
      constraints: { min_evidence_grade: 'E', include_research_only: true, categories: ['peptide'], max_compounds: 6 },
    });
    const bpc = out.stack.find((s) => s.slug === 'bpc-157')!;
    // No human dose is established for BPC-157: no amount is given.
    expect(bpc.dosing.amount).toBeNull();
    expect(['animal_or_nonclinical', 'none_established']).toContain(bpc.dosing.dose_status);
    expect(bpc.warnings.map((w) => w.kind)).toEqual(
      expect.arrayContaining(['research_only', 'wada', 'dose_not_established']),
    );
    expect(bpc.warnings.find((w) => w.kind === 'wada')!.message).toMatch(/WADA prohibits it under S0/);
    const mel = run({ goals: ['sleep'], constraints: { max_compounds: 6, min_evidence_grade: 'E' } }).stack.find(
      (s) => s.slug === 'melatonin',
    )!;
    expect(mel.dosing).toMatchObject({ amount: { value: 2, unit: 'mg' }, dose_status: 'established' });
    expect(mel.timing.slots).toEqual(['bedtime']);
    expect(mel.rationale).toMatch(new RegExp(`^Its main use is sleep; evidence grade ${mel.evidence_grade} \\(`));
    expect(out.warnings).toContain(
      'The stack contains research-only compounds: not approved for human use, with unverified products.',
    );
  });

  it('default minimum grade is B: weaker candidates are left out with the reason', () => {
    const out = run({ goals: ['cognitive'], constraints: { max_compounds: 6 } });
    expect(out.stack.map((s) => s.slug)).toEqual(ranked('cognitive', 'B').slice(0, 6));
    const weak = out.not_selected.filter((n) => n.reason === 'below_min_grade');
    expect(weak.length).toBeGreaterThan(0);
    for (const n of weak) expect(n.detail).toBe(`evidence grade ${n.evidence_grade} is weaker than the minimum B`);
  });
});

describe('peptide-stack: the issue 13 cases, as classes', () => {
  it('muscle growth by default: no SARM, no anabolic steroid, nothing research-only or veterinary-only', () => {
    const out = run({ goals: ['muscle_growth'], constraints: { max_compounds: 6 } });
    expect(out.stack.length).toBeGreaterThanOrEqual(1);
    for (const s of out.stack) {
      expect(['sarm', 'steroid']).not.toContain(s.category);
      expect(s.status).not.toBe('research_only');
      expect(s.duplication_groups).not.toContain('androgen_receptor_agonists');
    }
    const tren = out.not_selected.find((n) => n.slug === 'trenbolone')!;
    expect(tren.reason).toBe('research_only');
    expect(tren.detail).toBe(
      'Research-only (not approved for human use) and veterinary-only (approved or marketed only for animals) and an anabolic-androgenic steroid: ' +
        'left out unless the request sets constraints.include_research_only and constraints.include_veterinary_only and constraints.include_anabolic_steroids to true',
    );
    const sarms = content
      .prepare("SELECT slug, status FROM compounds WHERE category = 'sarm' AND subcategory = 'muscle_growth'")
      .all() as { slug: string; status: string }[];
    for (const x of sarms.filter((c) => c.status !== 'withdrawn')) {
      expect(out.not_selected.find((n) => n.slug === x.slug)?.reason).toBe(
        x.status === 'research_only' ? 'research_only' : 'sarm',
      );
    }
  });

  it('muscle growth with every opt-in: at most one androgen-receptor agonist; the others are duplications of it', () => {
    const out = run({
      goals: ['muscle_growth'],
      constraints: { max_compounds: 6, min_evidence_grade: 'E', ...ALL_IN },
    });
    const ar = out.stack.filter((s) => s.duplication_groups.includes('androgen_receptor_agonists'));
    expect(ar).toHaveLength(1);
    noSharedGroup(out.stack);
    // Every other SARM or anabolic steroid for the goal is left out for duplicating it (some also interact with it).
    const others = (
      content
        .prepare(
          `SELECT slug FROM compounds WHERE subcategory = 'muscle_growth' AND category IN ('sarm', 'steroid') AND status <> 'withdrawn'`,
        )
        .all() as { slug: string }[]
    )
      .map((r) => r.slug)
      .filter((x) => x !== ar[0]!.slug);
    expect(others.length).toBeGreaterThanOrEqual(10);
    for (const slug of others) {
      const n = out.not_selected.find((x) => x.slug === slug)!;
      expect(['interaction', 'therapeutic_duplication'], slug).toContain(n.reason);
      expect(n.detail).toMatch(
        new RegExp(
          `[Dd]uplicates ${ar[0]!.name} \\(already in the stack\\): both are androgen-receptor agonists .*Basis: .*WADA Prohibited List S1`,
        ),
      );
    }
  });

  it('each opt-in admits only its own kind', () => {
    const sarmsOnly = run({
      goals: ['muscle_growth'],
      constraints: { max_compounds: 6, min_evidence_grade: 'E', include_sarms: true },
    });
    for (const s of sarmsOnly.stack) expect(s.status).not.toBe('research_only');
    expect(sarmsOnly.not_selected.find((n) => n.slug === 'ligandrol')).toMatchObject({ reason: 'research_only' });
    const noVet = run({
      goals: ['muscle_growth'],
      constraints: {
        max_compounds: 6,
        min_evidence_grade: 'E',
        include_research_only: true,
        include_anabolic_steroids: true,
      },
    });
    expect(noVet.not_selected.find((n) => n.slug === 'trenbolone')).toMatchObject({
      reason: 'veterinary_only',
      detail: expect.stringMatching(/unless the request sets constraints\.include_veterinary_only to true$/),
    });
    expect(noVet.not_selected.find((n) => n.slug === 'boldenone-undecylenate')?.reason).toBe('veterinary_only');
  });

  it('a sleep stack for someone on sertraline has no serotonergic agent (L-tryptophan left out with the reason)', () => {
    const out = run({
      goals: ['sleep'],
      constraints: { max_compounds: 6, min_evidence_grade: 'E', current_medications: ['sertraline'] },
    });
    expect(out.stack.map((s) => s.slug)).not.toContain('l-tryptophan');
    for (const s of out.stack) expect(s.duplication_groups).not.toContain('serotonergic');
    const trp = out.not_selected.find((n) => n.slug === 'l-tryptophan')!;
    expect(['interaction', 'therapeutic_duplication']).toContain(trp.reason);
    expect(trp.detail).toMatch(/Sertraline \(a current medication\)/);
    expect(trp.detail).toMatch(/serotonergic agents \(serotonin syndrome risk\)/);
  });

  it("the same class for mood: 5-HTP and St John's wort never join an SSRI, by name or by brand", () => {
    for (const med of ['sertraline', 'Zoloft', 'fluoxetine']) {
      const out = run({
        goals: ['mood'],
        constraints: {
          max_compounds: 6,
          min_evidence_grade: 'E',
          include_research_only: true,
          current_medications: [med],
        },
      });
      for (const s of out.stack) expect(s.duplication_groups, `${s.slug} with ${med}`).not.toContain('serotonergic');
      for (const slug of ['5-htp', 'st-johns-wort']) {
        const n = out.not_selected.find((x) => x.slug === slug);
        expect(n && ['interaction', 'therapeutic_duplication'].includes(n.reason), `${slug} with ${med}`).toBe(true);
      }
    }
  });

  it('two sources of one mineral are never stacked', () => {
    const out = run({ goals: ['mineral_repletion'], constraints: { max_compounds: 6, min_evidence_grade: 'E' } });
    noSharedGroup(out.stack);
    // Some are also listed as interacting (reason "interaction"); the detail then adds the duplication.
    const mg = out.not_selected.filter((n) =>
      /[Dd]uplicates Magnesium .* both are sources of magnesium\./.test(n.detail),
    );
    expect(mg.length).toBeGreaterThanOrEqual(1);
    expect(mg[0]!.detail).toMatch(/Basis: .*350 mg\/day from supplements/);
  });

  it('no stack ever holds two members of one group, for any goal (every opt-in, 6 compounds)', () => {
    const goals = (
      content.prepare("SELECT DISTINCT replace(subcategory, '-', '_') AS g FROM compounds ORDER BY g").all() as {
        g: string;
      }[]
    ).map((r) => r.g);
    for (const g of goals)
      noSharedGroup(
        run({
          goals: [g],
          constraints: { max_compounds: 6, min_evidence_grade: 'E', include_approved_medicines: true, ...ALL_IN },
        }).stack,
      );
  });
});

describe('peptide-stack: interactions (moderate or worse leaves a candidate out)', () => {
  it('a candidate with an interaction with a medication is dropped with the reason (melatonin + fluvoxamine)', () => {
    const out = run({
      goals: ['sleep'],
      constraints: { max_compounds: 2, min_evidence_grade: 'E', current_medications: ['fluvoxamine'] },
    });
    expect(out.stack.map((s) => s.slug)).not.toContain('melatonin');
    const dropped = out.not_selected.find((n) => n.slug === 'melatonin')!;
    expect(dropped.reason).toBe('interaction');
    expect(dropped.detail).toMatch(
      /^major interaction with Fluvoxamine \(a current medication\): .*the melatonin record: Fluvoxamine \(major\)/,
    );
    expect(out.medications[0]).toMatchObject({ input: 'fluvoxamine', status: 'resolved', name: 'Fluvoxamine' });
    // The same verdict the interaction checker gives for the pair.
    expect(checked('melatonin', 'fluvoxamine')).toBe('major');
  });

  it('agrees with the interaction checker: nothing chosen interacts moderately or worse; everything dropped for it does', () => {
    const out = run({
      goals: ['metabolic'],
      constraints: {
        include_approved_medicines: true,
        current_medications: ['warfarin'],
        max_compounds: 6,
        min_evidence_grade: 'E',
        ...ALL_IN,
      },
    });
    expect(out.interactions.every((i) => i.severity === 'minor' || i.severity === 'unknown')).toBe(true);
    for (const s of out.stack) expect(['major', 'moderate']).not.toContain(checked(s.slug, 'warfarin'));
    const dropped = out.not_selected.filter(
      (n) => n.reason === 'interaction' && /Warfarin \(a current medication\)/.test(n.detail),
    );
    expect(dropped.length).toBeGreaterThan(0);
    for (const n of dropped) expect(['major', 'moderate']).toContain(checked(n.slug, 'warfarin'));
  });

  it('a candidate that interacts with one already chosen is dropped (anticoagulants and antiplatelets)', () => {
    const out = run({
      goals: ['anticoagulant', 'antiplatelet'],
      constraints: { include_approved_medicines: true, max_compounds: 4 },
    });
    expect(out.stack).toHaveLength(1);
    expect(out.not_selected.length).toBeGreaterThanOrEqual(3);
    for (const n of out.not_selected) {
      expect(['interaction', 'therapeutic_duplication']).toContain(n.reason);
      expect(n.detail).toMatch(/already in the stack/);
    }
    expect(out.warnings[0]).toMatch(/Only 1 of the 4 compounds/);
    expect(out.stack[0]!.warnings.map((w) => w.kind)).toContain('approved_medicine');
  });
});

describe('peptide-stack: other constraints', () => {
  it('approved therapeutic medicines and withdrawn compounds are left out by default, with reasons', () => {
    const out = run({ goals: ['growth_hormone'], constraints: { max_compounds: 6 } });
    expect(out.not_selected.find((n) => n.slug === 'sermorelin')).toMatchObject({ reason: 'withdrawn' });
    const meta = run({ goals: ['metabolic'] });
    expect(meta.not_selected.find((n) => n.slug === 'metformin')).toMatchObject({ reason: 'approved_medicine' });
    expect(meta.stack.every((s) => s.status !== 'approved' || s.category !== 'medication')).toBe(true);
  });

  it('excluded and allowed categories, excluded compounds by name', () => {
    const noSarm = run({
      goals: ['muscle_growth'],
      constraints: { exclude_categories: ['sarm', 'steroid'], max_compounds: 6, ...ALL_IN },
    });
    expect(noSarm.stack.every((s) => s.category !== 'sarm' && s.category !== 'steroid')).toBe(true);
    expect(noSarm.not_selected.some((n) => n.reason === 'excluded_category')).toBe(true);

    const peptides = run({
      goals: ['sleep'],
      constraints: { categories: ['peptide'], min_evidence_grade: 'E', include_research_only: true },
    });
    expect(peptides.stack.map((s) => s.slug)).toEqual(['dsip']);
    expect(peptides.not_selected.find((n) => n.slug === 'melatonin')).toMatchObject({ reason: 'category_not_allowed' });

    const ex = run({
      goals: ['healing'],
      constraints: { exclude_compounds: ['BPC 157'], min_evidence_grade: 'E', include_research_only: true },
    });
    expect(ex.stack.map((s) => s.slug)).not.toContain('bpc-157');
    expect(ex.not_selected.find((n) => n.slug === 'bpc-157')).toMatchObject({ reason: 'excluded_compound' });
  });

  it('nothing fits: an empty stack with the reasons, not an error', () => {
    const out = run({ goals: ['healing'], constraints: { min_evidence_grade: 'A', include_research_only: true } });
    expect(out.stack).toEqual([]);
    expect(out.empty_reasons).toEqual([
      `Every candidate was ruled out: ${ranked('healing', 'E', true).length} below the minimum evidence grade.`,
    ]);
    expect(out.interpretation).toMatch(/No stack could be built/);
    expect(out.highest_severity).toBe('none');
  });

  it('a medication already taken is not chosen again', () => {
    const out = run({ goals: ['sleep'], constraints: { current_medications: ['Melatonin'] } });
    expect(out.not_selected.find((n) => n.slug === 'melatonin')).toMatchObject({ reason: 'already_taken' });
  });

  it('a misspelt medication is read with a notice; an unrecognised one is reported and makes the answer at least unknown', () => {
    const typo = run({ goals: ['sleep'], constraints: { current_medications: ['sertralline'] } });
    expect(typo.medications[0]).toMatchObject({
      input: 'sertralline',
      status: 'resolved',
      matched_via: 'typo',
      compound: { slug: 'sertraline' },
    });
    expect(typo.warnings[0]).toMatch(/^"sertralline" was read as/);
    const unknown = run({ goals: ['sleep'], constraints: { current_medications: ['qqqzzz'] } });
    expect(unknown.unmatched_medications).toEqual([{ input: 'qqqzzz', suggestions: [] }]);
    expect(unknown.warnings[0]).toMatch(/^Not recognised, so not checked for interactions or duplication: qqqzzz\./);
    expect(unknown.highest_severity).not.toBe('none');
    expect(unknown.coverage.unresolved).toEqual(['qqqzzz']);
  });

  it('a medication given as a class word ("SSRIs") is screened through its members', () => {
    const out = run({
      goals: ['sleep', 'mood'],
      constraints: { max_compounds: 6, min_evidence_grade: 'E', current_medications: ['SSRIs'] },
    });
    expect(out.medications[0]).toMatchObject({ status: 'resolved', kind: 'class' });
    for (const s of out.stack) expect(s.duplication_groups).not.toContain('serotonergic');
    expect(out.not_selected.find((n) => n.slug === 'l-tryptophan')?.reason).toMatch(
      /^(?:interaction|therapeutic_duplication)$/,
    );
  });

  it('goals: "-" and "_" are interchangeable; an unknown goal is a ToolInputError naming it, with suggestions', () => {
    const out = run({ goals: ['anti-aging'] });
    expect(out.goals[0]!.subcategories).toEqual(
      ['anti-aging', 'anti_aging'].filter((s) =>
        content.prepare('SELECT 1 FROM compounds WHERE subcategory = ?').get(s),
      ),
    );
    const e = inputError({ goals: ['sleep', 'heal'] });
    expect(e.details).toEqual([{ field: 'goals.1', message: 'unknown goal; did you mean healing?' }]);
    expect(inputError({ goals: ['zzzzzz'] }).details[0]!.message).toMatch(
      /^unknown goal; known goals: .*healing.*sleep/,
    );
  });

  it('an excluded compound we do not carry is a ToolInputError naming it; a misspelt one is read with a notice', () => {
    const e = inputError({ goals: ['sleep'], constraints: { exclude_compounds: ['qqqzzz'] } });
    expect(e.details).toEqual([{ field: 'constraints.exclude_compounds.0', message: 'not a compound we carry' }]);
    const typo = run({ goals: ['sleep'], constraints: { exclude_compounds: ['melatonim'] } });
    expect(typo.not_selected.find((n) => n.slug === 'melatonin')).toMatchObject({ reason: 'excluded_compound' });
    expect(typo.warnings.some((w) => w.startsWith('"melatonim" was read as'))).toBe(true);
  });
});

describe('peptide-stack: request validation', () => {
  it('defaults', () => {
    expect(PeptideStackRequest.parse({ goals: ['sleep'] })).toEqual({
      goals: ['sleep'],
      save: false,
      constraints: {
        max_compounds: 3,
        min_evidence_grade: 'B',
        exclude_categories: [],
        exclude_compounds: [],
        current_medications: [],
        include_approved_medicines: false,
        include_research_only: false,
        include_veterinary_only: false,
        include_sarms: false,
        include_anabolic_steroids: false,
      },
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
    expect(fields({ goals: ['sleep'], constraints: { min_evidence_grade: 'F' } })).toEqual([
      'constraints.min_evidence_grade',
    ]);
    expect(fields({ goals: ['sleep'], constraints: { exclude_categories: ['drug'] } })).toEqual([
      'constraints.exclude_categories.0',
    ]);
    expect(fields({ goals: ['sleep'], constraints: { categories: [] } })).toEqual(['constraints.categories']);
    expect(fields({ goals: ['sleep'], constraints: { current_medications: [''] } })).toEqual([
      'constraints.current_medications.0',
    ]);
    expect(fields({ goals: ['sleep'], constraints: { budget: 10 } })).toEqual(['constraints.budget']);
    expect(fields({ goals: ['sleep'], constraints: { include_sarms: 'yes' } })).toEqual(['constraints.include_sarms']);
    expect(fields({ goals: ['sleep'], constraints: { include_steroids: true } })).toEqual([
      'constraints.include_steroids',
    ]);
    expect(fields({ goals: ['sleep'], stack: [] })).toEqual(['stack']);
  });
});

describe('peptide-stack: compute', () => {
  const td = (amount: number | null, unit: string, frequency: string, duration = 'weeks') => ({
    amount,
    unit,
    frequency,
    duration,
    route: 'oral',
  });

  it('dose status: null amount, animal or non-clinical figures, trial-only doses, established doses', () => {
    expect(doseStatus(td(null, 'none established', 'No human dose has been studied'))).toBe('none_established');
    expect(doseStatus(td(10, 'µg/kg', 'Once daily in rodent studies'))).toBe('animal_or_nonclinical');
    expect(doseStatus(td(2, 'mg', 'Twice weekly is a figure circulating in non-clinical use'))).toBe(
      'animal_or_nonclinical',
    );
    expect(doseStatus(td(3, 'mg', 'Once daily in Phase 2/3 trials. No approved dose exists'))).toBe('trial_only');
    expect(
      doseStatus(td(5, 'mg elemental lithium', 'once daily as commonly sold; no established or approved dose')),
    ).toBe('trial_only');
    expect(doseStatus(td(600, 'mg', 'daily', 'studied for 6–12 weeks; long-term safety not established'))).toBe(
      'established',
    );
    expect(dosingOf(td(null, 'none established', 'x')).note).toBe('No human dose is established; no amount is given.');
  });

  it('WADA statements: prohibited, not prohibited, none', () => {
    expect(wadaStatement('A SARM. Prohibited at all times by WADA (S1.2 other anabolic agents).')).toEqual({
      prohibited: true,
      text: 'Prohibited at all times by WADA (S1.2 other anabolic agents).',
    });
    expect(wadaStatement('An amino acid. Not prohibited by WADA.')).toEqual({
      prohibited: false,
      text: 'Not prohibited by WADA.',
    });
    expect(wadaStatement('Removed from the WADA Prohibited List in 2009.')?.prohibited).toBe(false);
    expect(wadaStatement('A vitamin.')).toBeNull();
  });

  it('timing slots and sentence splitting', () => {
    expect(timingSlots('once nightly 1–2 h before bedtime')).toEqual(['bedtime']);
    expect(timingSlots('Once daily, morning or evening, with or without food')).toEqual(['morning', 'evening']);
    expect(timingSlots('once daily on an empty stomach, 30 min before breakfast')).toEqual([
      'morning',
      'empty_stomach',
    ]);
    expect(timingSlots('300–600 mg before exercise')).toEqual(['pre_exercise']);
    expect(sentences('Prohibited (WADA S1.2). Beta-blockers (e.g. archery) too. Next')).toEqual([
      'Prohibited (WADA S1.2).',
      'Beta-blockers (e.g. archery) too.',
      'Next',
    ]);
  });

  it('grade order: A is strongest', () => {
    expect(gradeAllowed('A', 'C')).toBe(true);
    expect(gradeAllowed('C', 'C')).toBe(true);
    expect(gradeAllowed('D', 'C')).toBe(false);
  });
});
