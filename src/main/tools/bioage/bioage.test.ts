import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIOAGE_BIOMARKERS, BioageRequest } from '../../../shared/schemas/tools/bioage.ts';
import { type Db } from '../../db/connection.ts';
import type { ToolContext } from '../tool.ts';
import { openToolContext, rejectedFields, runTool } from '../../../../test/helpers/tool-support.ts';
import { PHENOAGE, convert, phenoAge, rangeStatus } from './compute.ts';
import { readReferenceVectors, siRequest } from './reference-vectors.ts';
import { bioageTool } from './tool.ts';

const REPO_ROOT = resolve(import.meta.dirname, '../../../..');
const VECTORS = resolve(REPO_ROOT, '../shared/data/bioage-nhanes/phenoage_reference_vectors_nhanes4.csv');

let content: Db;
let ctx: ToolContext;
beforeAll(() => {
  ({ content, ctx } = openToolContext());
});
afterAll(() => content.close());

/** Molar masses as stored in the content DB (lab_tests.molecular_weight, LOINC 2160-0 and 2345-7). */
const MM = { creatinine: 113.1179, glucose: 180.156 };

/**
 * NHANES IV participant 1999_2 (first reference vector), SI units. Worked by hand with the BioAge full-precision
 * coefficients:
 *   albumin 45 g/L          × −0.03359355   = −1.51170975
 *   creatinine 75.68069537  ×  0.009506491  =  0.71945785
 *   glucose 4.329 mmol/L    ×  0.1953192    =  0.84553682
 *   ln(1 + 0.36 mg/dL)=0.30748470 × 0.09536762 = 0.02932408
 *   lymphocytes 21.1 %      × −0.01199984   = −0.25319662
 *   MCV 88.5 fL             ×  0.02676401   =  2.36861489
 *   RDW 13.7 %              ×  0.3306156    =  4.52943372
 *   ALP 62 U/L              ×  0.001868778  =  0.11586424
 *   WBC 7.6 ×10^3/µL        ×  0.05542406   =  0.42122286
 *   age 77 y                ×  0.08035356   =  6.18722412
 *   xb = −19.90667 + Σ = −6.45489781
 *   H = 1.51714·e^xb / 0.007692696 = 0.31018486; M = 1 − e^−H = 0.26668861
 *   PhenoAge = ln(−0.0055305·ln(1 − M)) / 0.090165 + 141.50225 = 70.87546685 (CSV phenoage0 70.8754668450646)
 */
const P1999_2 = {
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
} as const;

const run = (body: unknown) => runTool(bioageTool, ctx, body);

const fieldsOf = (body: unknown) => rejectedFields(BioageRequest, body);

describe('bioage: PhenoAge worked example (NHANES IV 1999_2)', () => {
  it('reproduces phenoage0, xb and the mortality score', () => {
    const out = run(P1999_2);
    expect(out.phenotypic_age.value).toBeCloseTo(70.8754668450646, 9);
    expect(out.phenotypic_age.unit).toBe('years');
    expect(out.age_acceleration.value).toBeCloseTo(-6.12453315493543, 9);
    expect(out.linear_predictor.value).toBeCloseTo(-6.454897806789979, 12);
    expect(out.mortality_score.value).toBeCloseTo(0.26668861286158896, 12);
    expect(out.chronological_age).toEqual({ value: 77, unit: 'years' });
  });

  it('lists each biomarker contribution with units, summing (with intercept and age) to xb', () => {
    const out = run(P1999_2);
    expect(out.contributions.map((c) => c.biomarker)).toEqual([
      'albumin',
      'creatinine',
      'glucose',
      'crp',
      'lymphocyte_percent',
      'mcv',
      'rdw',
      'alkaline_phosphatase',
      'wbc',
    ]);
    const byName = Object.fromEntries(out.contributions.map((c) => [c.biomarker, c]));
    expect(byName.albumin!.contribution.value).toBeCloseTo(-1.51170975, 8);
    expect(byName.albumin!.coefficient).toEqual({ value: -0.03359355, unit: 'per g/L' });
    expect(byName.rdw!.contribution.value).toBeCloseTo(4.52943372, 8);
    expect(byName.crp!.model_value.value).toBeCloseTo(Math.log(1.36), 12);
    expect(byName.crp!.model_value.unit).toBe('ln(1 + mg/dL)');
    expect(byName.crp!.contribution.value).toBeCloseTo(0.029324084001377603, 12);
    expect(out.age_contribution.value).toBeCloseTo(6.18722412, 8);
    const sum =
      out.intercept.value +
      out.age_contribution.value +
      out.contributions.reduce((s, c) => s + c.contribution.value, 0);
    expect(sum).toBeCloseTo(out.linear_predictor.value, 12);
    for (const c of out.contributions) expect(c.contribution.unit).toBe('log hazard (xb units)');
  });

  it('gives a status per biomarker from the NLM ranges in the content DB', () => {
    const out = run(P1999_2);
    for (const c of out.contributions) expect(c.status).toBe('within_range');
    const crp = out.contributions.find((c) => c.biomarker === 'crp')!;
    expect(crp.reference_range).toMatchObject({ low: 0, high: 0.49, unit: 'mg/dL', loinc: '1988-5' });
    const high = run({ ...P1999_2, crp: { value: 12, unit: 'mg/L' }, albumin: { value: 3.1, unit: 'g/dL' } });
    expect(high.contributions.find((c) => c.biomarker === 'crp')!.status).toBe('high');
    expect(high.contributions.find((c) => c.biomarker === 'albumin')!.status).toBe('low');
    expect(high.interpretation).toMatch(/CRP \(high\)/);
    expect(high.interpretation).toMatch(/not a diagnosis/);
    expect(rangeStatus(1, null, null)).toBe('no_reference_range');
  });

  it('states the convention and cites the method', () => {
    const out = run(P1999_2);
    expect(out.convention.final_divisor).toBe(0.090165);
    expect(out.convention.crp_transform).toBe('ln(1 + CRP in mg/dL)');
    expect(out.method.reference).toMatch(/10\.18632\/aging\.101414/);
  });
});

describe('bioage: NHANES IV reference vectors (phenoage_reference_vectors_nhanes4.csv)', () => {
  it('reproduces phenoage0 within 1e-6 years on every 10th row (3,759 rows)', () => {
    const rows = readReferenceVectors(VECTORS);
    expect(rows).toHaveLength(37583);
    let checked = 0;
    let maxErr = 0;
    let differsFromLnCrp = 0;
    for (let r = 0; r < rows.length; r += 10) {
      const v = rows[r]!.num;
      const out = run(siRequest(rows[r]!));
      maxErr = Math.max(maxErr, Math.abs(out.phenotypic_age.value - v('phenoage0')));
      if (Math.abs(out.phenotypic_age.value - v('phenoage_lncrp_variant')) > 1e-3) differsFromLnCrp++;
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(2000);
    expect(maxErr).toBeLessThan(1e-6);
    // the ln(CRP) variant is a different convention: we must not be reproducing it
    expect(differsFromLnCrp).toBeGreaterThan(checked * 0.9);
  });
});

describe('bioage: unit conversions (exact factors)', () => {
  it('albumin g/dL ↔ g/L', () => {
    expect(convert('albumin', 4.5, 'g/dL', MM)).toMatchObject({ model: 45, conventional: 4.5 });
    expect(convert('albumin', 45, 'g/L', MM)).toMatchObject({ model: 45, conventional: 4.5 });
  });
  it('creatinine mg/dL ↔ µmol/L via molar mass 113.1179 g/mol (× 88.40334)', () => {
    expect(convert('creatinine', 1, 'mg/dL', MM).model).toBeCloseTo(88.40333846, 7);
    expect(convert('creatinine', 88.4, 'umol/L', MM).conventional).toBeCloseTo(0.999962236, 8);
    expect(convert('creatinine', 88.4, 'umol/L', MM).model).toBe(88.4);
  });
  it('glucose mg/dL ↔ mmol/L via molar mass 180.156 g/mol (÷ 18.0156)', () => {
    expect(convert('glucose', 90, 'mg/dL', MM).model).toBeCloseTo(4.99567042, 7);
    expect(convert('glucose', 5, 'mmol/L', MM).conventional).toBeCloseTo(90.078, 9);
  });
  it('CRP mg/L → mg/dL, then ln(1 + x)', () => {
    const c = convert('crp', 3, 'mg/L', MM);
    expect(c.conventional).toBeCloseTo(0.3, 12);
    expect(c.model).toBeCloseTo(0.26236426446749106, 12);
    expect(convert('crp', 0, 'mg/dL', MM).model).toBe(0); // CRP 0 is valid under ln(1 + CRP)
  });
  it('ALP µkat/L × 60 = U/L; WBC 10^9/L = 10^3/µL', () => {
    expect(convert('alkaline_phosphatase', 1.5, 'ukat/L', MM).model).toBe(90);
    expect(convert('wbc', 6.2, '10^9/L', MM).model).toBe(6.2);
  });
  it('the same patient in conventional and SI units gets the same PhenoAge', () => {
    const conventional = run({
      ...P1999_2,
      albumin: { value: 4.5, unit: 'g/dL' },
      creatinine: { value: 75.68069537 / (10000 / 113.1179), unit: 'mg/dL' },
      glucose: { value: 4.329 * 18.0156, unit: 'mg/dL' },
      crp: { value: 3.6, unit: 'mg/L' },
      alkaline_phosphatase: { value: 62 / 60, unit: 'ukat/L' },
      wbc: { value: 7.6, unit: '10^9/L' },
    });
    expect(conventional.phenotypic_age.value).toBeCloseTo(70.8754668450646, 9);
    const alb = conventional.contributions.find((c) => c.biomarker === 'albumin')!;
    expect(alb.input).toEqual({ value: 4.5, unit: 'g/dL' });
    expect(alb.model_value).toEqual({ value: 45, unit: 'g/L' });
    expect(alb.conversion).toMatch(/× 10/);
  });
});

describe('bioage: numerical edge', () => {
  it('stays finite when the 10-year mortality score rounds to 1 (closed-form fallback)', () => {
    const x = {
      age: 120,
      albumin: 10,
      creatinine: 2200,
      glucose: 60,
      crp: Math.log1p(50),
      lymphocyte_percent: 0,
      mcv: 160,
      rdw: 40,
      alkaline_phosphatase: 3000,
      wbc: 300,
    };
    const r = phenoAge(x);
    expect(r.mortalityScore).toBe(1);
    const hazard = (PHENOAGE.hazard120 * Math.exp(r.xb)) / PHENOAGE.gamma;
    expect(r.phenoAge).toBeCloseTo(Math.log(PHENOAGE.ageScale * hazard) / PHENOAGE.divisor + PHENOAGE.ageOffset, 9);
    expect(Number.isFinite(r.phenoAge)).toBe(true);
  });
});

describe('bioage: validation', () => {
  it('names every missing biomarker (all nine are required)', () => {
    const fields = fieldsOf({ age: 50 });
    expect(fields.sort()).toEqual([...BIOAGE_BIOMARKERS].sort());
    const r = BioageRequest.safeParse({ age: 50 });
    expect(r.error!.issues[0]!.message).toMatch(/missing biomarker/);
  });
  it.each(BIOAGE_BIOMARKERS)('a request without %s is a 400 naming it', (b) => {
    const body: Record<string, unknown> = { ...P1999_2 };
    delete body[b];
    expect(fieldsOf(body)).toEqual([b]);
  });
  it('requires age, bounded 20–120', () => {
    const { age: _age, ...noAge } = P1999_2;
    expect(fieldsOf(noAge)).toEqual(['age']);
    expect(fieldsOf({ ...P1999_2, age: 19 })).toEqual(['age']);
    expect(fieldsOf({ ...P1999_2, age: 121 })).toEqual(['age']);
    expect(fieldsOf({ ...P1999_2, age: '50' })).toEqual(['age']);
  });
  it('rejects unknown units, and requires a unit where two are possible', () => {
    expect(fieldsOf({ ...P1999_2, albumin: { value: 4.5, unit: 'mg/dL' } })).toEqual(['albumin.unit']);
    expect(fieldsOf({ ...P1999_2, glucose: { value: 90 } })).toEqual(['glucose.unit']);
    expect(fieldsOf({ ...P1999_2, crp: { value: 1, unit: 'nmol/L' } })).toEqual(['crp.unit']);
  });
  it('defaults the unit of single-unit biomarkers (%, fL)', () => {
    const parsed = BioageRequest.parse({
      ...P1999_2,
      mcv: { value: 88.5 },
      rdw: { value: 13.7 },
      lymphocyte_percent: { value: 21.1 },
    });
    expect(parsed.mcv.unit).toBe('fL');
    expect(parsed.rdw.unit).toBe('%');
    expect(parsed.save).toBe(false);
  });
  it('bounds values per unit (45 g/dL is a typo for g/L)', () => {
    expect(fieldsOf({ ...P1999_2, albumin: { value: 45, unit: 'g/dL' } })).toEqual(['albumin.value']);
    expect(BioageRequest.safeParse({ ...P1999_2, albumin: { value: 45, unit: 'g/L' } }).success).toBe(true);
    expect(fieldsOf({ ...P1999_2, creatinine: { value: 75, unit: 'mg/dL' } })).toEqual(['creatinine.value']);
    expect(fieldsOf({ ...P1999_2, glucose: { value: 95, unit: 'mmol/L' } })).toEqual(['glucose.value']);
    expect(fieldsOf({ ...P1999_2, crp: { value: -1, unit: 'mg/L' } })).toEqual(['crp.value']);
    expect(fieldsOf({ ...P1999_2, lymphocyte_percent: { value: 101, unit: '%' } })).toEqual([
      'lymphocyte_percent.value',
    ]);
    expect(fieldsOf({ ...P1999_2, wbc: { value: Number.NaN, unit: '10^9/L' } })).toEqual(['wbc.value']);
  });
  it('rejects unknown fields at both levels', () => {
    expect(fieldsOf({ ...P1999_2, hba1c: { value: 5.4, unit: '%' } })).toEqual(['hba1c']);
    expect(fieldsOf({ ...P1999_2, albumin: { value: 45, unit: 'g/L', fasting: true } })).toEqual(['albumin.fasting']);
    expect(fieldsOf({ ...P1999_2, save: 'yes' })).toEqual(['save']);
  });
});
