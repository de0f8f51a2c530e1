import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InbodyRequest } from '../../../shared/schemas/tools/inbody.ts';
import { type Db } from '../../db/connection.ts';
import { ToolInputError, type ToolContext } from '../tool.ts';
import { openToolContext, rejectedFields, runTool } from '../../../../test/helpers/tool-support.ts';
import {
  aceCategory,
  ecwStatus,
  ffmi,
  toCm,
  toKg,
  visceralStatus,
  waistStatus,
  whoBmiClass,
  whrStatus,
  whtrStatus,
} from './compute.ts';
import { inbodyTool } from './tool.ts';

let content: Db;
let ctx: ToolContext;
beforeAll(() => {
  ({ content, ctx } = openToolContext());
});
afterAll(() => content.close());

const run = (body: unknown) => runTool(inbodyTool, ctx, body);
const fieldsOf = (body: unknown) => rejectedFields(InbodyRequest, body);
function inputError(body: unknown): ToolInputError {
  try {
    inbodyTool.run(ctx, InbodyRequest.parse(body));
  } catch (err) {
    expect(err).toBeInstanceOf(ToolInputError);
    return err as ToolInputError;
  }
  throw new Error('expected a ToolInputError');
}

/**
 * Worked example A (by hand): man, 80 kg, 180 cm, 35 y, body fat 15 %, SMM 38 kg, VFL 8, ECW/TBW 0.380,
 * waist 90 cm, hip 100 cm.
 *   BMI = 80 / 1.80² = 80 / 3.24 = 24.691358 kg/m² → WHO normal range (18.5–24.99)
 *   fat mass = 80 × 0.15 = 12 kg; FFM = 68 kg; FFMI = 68 / 3.24 = 20.987654; normalised = FFMI + 6.1 × (1.8 − 1.8) = 20.987654
 *   ACE (men): 15 % → fitness (14–17 %)
 *   muscle-to-weight = 38 / 80 = 47.5 %
 *   VFL 8 < 10 → normal; ECW/TBW 0.380 ≤ 0.390 → normal
 *   waist 90 ≤ 94 cm → not increased; WHR = 90/100 = 0.90 ≥ 0.90 → substantially increased (WHO 2008)
 *   WHtR = 90/180 = 0.50 ≥ 0.5 → increased
 */
const A = {
  weight: { value: 80, unit: 'kg' },
  height: { value: 180, unit: 'cm' },
  sex: 'male',
  age: 35,
  body_fat_percent: 15,
  skeletal_muscle_mass: { value: 38, unit: 'kg' },
  visceral_fat_level: 8,
  ecw_tbw_ratio: 0.38,
  waist: { value: 90, unit: 'cm' },
  hip: { value: 100, unit: 'cm' },
} as const;

/**
 * Worked example B (by hand): woman, 70 kg, 160 cm, 55 y, body fat 38 %, VFL 12, ECW/TBW 0.405, waist 92 cm, hip 104 cm.
 *   BMI = 70 / 2.56 = 27.34375 → pre-obese; ACE (women) 38 % ≥ 32 → obese
 *   FFM = 70 × 0.62 = 43.4 kg; FFMI = 43.4 / 2.56 = 16.953125; normalised = 16.953125 + 6.1 × (1.8 − 1.6) = 18.173125
 *   VFL 12 ≥ 10 → high; ECW/TBW 0.405 > 0.400 → elevated
 *   waist 92 > 88 → substantially increased; WHR = 92/104 = 0.884615 ≥ 0.85 → substantially increased; WHtR = 0.575 → increased
 */
const B = {
  weight: { value: 70, unit: 'kg' },
  height: { value: 160, unit: 'cm' },
  sex: 'female',
  age: 55,
  body_fat_percent: 38,
  visceral_fat_level: 12,
  ecw_tbw_ratio: 0.405,
  waist: { value: 92, unit: 'cm' },
  hip: { value: 104, unit: 'cm' },
} as const;

describe('inbody: worked examples', () => {
  it('example A (man)', () => {
    const out = run(A);
    expect(out.bmi.value.value).toBeCloseTo(24.691358, 6);
    expect(out.bmi.value.unit).toBe('kg/m²');
    expect(out.bmi.who_class).toBe('normal_range');
    expect(out.bmi.status).toBe('normal');
    expect(out.body_fat).toMatchObject({ category: 'fitness', status: 'normal', fat_mass: { value: 12, unit: 'kg' } });
    expect(out.ffmi!.fat_free_mass).toEqual({ value: 68, unit: 'kg' });
    expect(out.ffmi!.ffmi.value).toBeCloseTo(20.987654, 6);
    expect(out.ffmi!.ffmi_normalized.value).toBeCloseTo(20.987654, 6);
    expect(out.muscle!.muscle_to_weight).toEqual({ value: 47.5, unit: '%' });
    expect(out.visceral_fat).toMatchObject({ status: 'normal', threshold: 10 });
    expect(out.ecw_tbw!.status).toBe('normal');
    expect(out.waist!.status).toBe('not_increased');
    expect(out.waist_to_hip).toMatchObject({
      ratio: { value: 0.9, unit: 'ratio' },
      threshold: 0.9,
      status: 'substantially_increased',
    });
    expect(out.waist_to_height).toMatchObject({ ratio: { value: 0.5, unit: 'ratio' }, status: 'increased' });
    expect(out.interpretation).toMatch(/not a diagnosis/);
    expect(out.method.reference).toMatch(/Kouri/);
  });

  it('example B (woman)', () => {
    const out = run(B);
    expect(out.bmi.value.value).toBeCloseTo(27.34375, 10);
    expect(out.bmi.who_class).toBe('pre_obese');
    expect(out.body_fat).toMatchObject({ category: 'obese', status: 'high' });
    expect(out.ffmi!.fat_free_mass.value).toBeCloseTo(43.4, 10);
    expect(out.ffmi!.ffmi.value).toBeCloseTo(16.953125, 10);
    expect(out.ffmi!.ffmi_normalized.value).toBeCloseTo(18.173125, 10);
    expect(out.visceral_fat!.status).toBe('high');
    expect(out.ecw_tbw!.status).toBe('elevated');
    expect(out.waist!.status).toBe('substantially_increased');
    expect(out.waist_to_hip!.ratio.value).toBeCloseTo(0.884615, 6);
    expect(out.waist_to_hip).toMatchObject({ threshold: 0.85, status: 'substantially_increased' });
    expect(out.waist_to_height!.ratio.value).toBeCloseTo(0.575, 10);
    expect(out.waist_to_height!.status).toBe('increased');
    expect(out.interpretation).toMatch(/Visceral fat level 12/);
    expect(out.interpretation).toMatch(/above 0\.400/);
  });

  it('leaves optional sections null when their inputs are absent', () => {
    const out = run({ weight: { value: 80, unit: 'kg' }, height: { value: 180, unit: 'cm' }, sex: 'male', age: 35 });
    expect(out.body_fat).toBeNull();
    expect(out.ffmi).toBeNull();
    expect(out.muscle).toBeNull();
    expect(out.visceral_fat).toBeNull();
    expect(out.ecw_tbw).toBeNull();
    expect(out.waist).toBeNull();
    expect(out.waist_to_hip).toBeNull();
    expect(out.waist_to_height).toBeNull();
  });
});

describe('inbody: unit conversions (exact: 1 lb = 0.45359237 kg, 1 in = 2.54 cm)', () => {
  it('converts both ways', () => {
    expect(toKg(200, 'lb')).toBeCloseTo(90.718474, 10);
    expect(toKg(90.718474, 'kg')).toBe(90.718474);
    expect(toCm(70, 'in')).toBeCloseTo(177.8, 10);
    expect(toCm(177.8, 'cm')).toBe(177.8);
    expect(80 / 0.45359237).toBeCloseTo(176.3698097, 6); // kg → lb, the inverse
  });
  it('200 lb, 70 in: BMI 90.718474 / 1.778² = 28.696718', () => {
    const out = run({ weight: { value: 200, unit: 'lb' }, height: { value: 70, unit: 'in' }, sex: 'male', age: 40 });
    expect(out.measurements.weight.value).toBeCloseTo(90.718474, 10);
    expect(out.measurements.height).toEqual({ value: 177.8, unit: 'cm' });
    expect(out.bmi.value.value).toBeCloseTo(28.696718, 6);
  });
  it('the same person in imperial units gets the same analysis', () => {
    const imperial = run({
      ...A,
      weight: { value: 80 / 0.45359237, unit: 'lb' },
      height: { value: 180 / 2.54, unit: 'in' },
      skeletal_muscle_mass: { value: 38 / 0.45359237, unit: 'lb' },
      waist: { value: 90 / 2.54, unit: 'in' },
      hip: { value: 100 / 2.54, unit: 'in' },
    });
    const metric = run(A);
    expect(imperial.bmi.value.value).toBeCloseTo(metric.bmi.value.value, 10);
    expect(imperial.ffmi!.ffmi_normalized.value).toBeCloseTo(metric.ffmi!.ffmi_normalized.value, 10);
    expect(imperial.muscle!.muscle_to_weight.value).toBeCloseTo(47.5, 10);
    expect(imperial.waist_to_height!.ratio.value).toBeCloseTo(0.5, 10);
  });
});

describe('inbody: cut-offs', () => {
  it('WHO BMI classes at each boundary', () => {
    expect(
      [15.99, 16, 16.99, 17, 18.49, 18.5, 24.99, 25, 29.99, 30, 34.99, 35, 39.99, 40].map((b) => whoBmiClass(b).cls),
    ).toEqual([
      'underweight_severe_thinness',
      'underweight_moderate_thinness',
      'underweight_moderate_thinness',
      'underweight_mild_thinness',
      'underweight_mild_thinness',
      'normal_range',
      'normal_range',
      'pre_obese',
      'pre_obese',
      'obese_class_1',
      'obese_class_1',
      'obese_class_2',
      'obese_class_2',
      'obese_class_3',
    ]);
  });
  it('ACE body-fat categories by sex', () => {
    expect([9.9, 10, 13.9, 14, 20.9, 21, 24.9, 25, 31.9, 32].map((p) => aceCategory('female', p).cat)).toEqual([
      'below_essential',
      'essential_fat',
      'essential_fat',
      'athletes',
      'athletes',
      'fitness',
      'fitness',
      'average',
      'average',
      'obese',
    ]);
    expect([1.9, 2, 5.9, 6, 13.9, 14, 17.9, 18, 24.9, 25].map((p) => aceCategory('male', p).cat)).toEqual([
      'below_essential',
      'essential_fat',
      'essential_fat',
      'athletes',
      'athletes',
      'fitness',
      'fitness',
      'average',
      'average',
      'obese',
    ]);
    expect(aceCategory('male', 25).status).toBe('high');
    expect(aceCategory('female', 12).status).toBe('low');
  });
  it('Kouri normalisation raises FFMI for shorter people and lowers it for taller', () => {
    // 150 lb = 68.0388555 kg at 165 cm, 20 % fat: FFMI = 54.4310844 / 2.7225 = 19.993052; + 6.1 × 0.15 = 20.908052
    const r = ffmi(150 * 0.45359237, 165, 20);
    expect(r.ffmi).toBeCloseTo(19.993052, 6);
    expect(r.normalized).toBeCloseTo(20.908052, 6);
    expect(ffmi(90, 200, 10).normalized).toBeCloseTo(81 / 4 + 6.1 * (1.8 - 2), 10);
  });
  it('InBody visceral fat (≥ 10 high) and ECW/TBW (> 0.390 slightly high, > 0.400 elevated)', () => {
    expect([1, 9, 9.5, 10, 20].map(visceralStatus)).toEqual(['normal', 'normal', 'normal', 'high', 'high']);
    expect([0.36, 0.39, 0.395, 0.4, 0.401, 0.45].map(ecwStatus)).toEqual([
      'normal',
      'normal',
      'slightly_high',
      'slightly_high',
      'elevated',
      'elevated',
    ]);
  });
  it('WHO 2008 waist and waist–hip cut-offs by sex; waist-to-height 0.5 / 0.6', () => {
    expect([94, 94.1, 102, 102.1].map((w) => waistStatus('male', w))).toEqual([
      'not_increased',
      'increased',
      'increased',
      'substantially_increased',
    ]);
    expect([80, 80.1, 88, 88.1].map((w) => waistStatus('female', w))).toEqual([
      'not_increased',
      'increased',
      'increased',
      'substantially_increased',
    ]);
    expect(whrStatus('male', 0.89)).toBe('not_increased');
    expect(whrStatus('male', 0.9)).toBe('substantially_increased');
    expect(whrStatus('female', 0.84)).toBe('not_increased');
    expect(whrStatus('female', 0.85)).toBe('substantially_increased');
    expect([0.49, 0.5, 0.59, 0.6].map(whtrStatus)).toEqual(['not_increased', 'increased', 'increased', 'high']);
  });
});

describe('inbody: validation', () => {
  it('requires weight, height, sex and age, naming each', () => {
    expect(fieldsOf({}).sort()).toEqual(['age', 'height', 'sex', 'weight']);
  });
  it('rejects unknown units and per-unit out-of-range values', () => {
    expect(fieldsOf({ ...A, weight: { value: 80, unit: 'st' } })).toEqual(['weight.unit']);
    expect(fieldsOf({ ...A, height: { value: 180, unit: 'in' } })).toEqual(['height.value']);
    expect(fieldsOf({ ...A, weight: { value: 30, unit: 'lb' } })).toEqual(['weight.value']);
    expect(fieldsOf({ ...A, waist: { value: 0, unit: 'cm' } })).toEqual(['waist.value']);
    expect(fieldsOf({ ...A, hip: { value: 300, unit: 'cm' } })).toEqual(['hip.value']);
  });
  it('bounds every other number', () => {
    expect(fieldsOf({ ...A, age: 17 })).toEqual(['age']);
    expect(fieldsOf({ ...A, age: 35.5 })).toEqual(['age']);
    expect(fieldsOf({ ...A, body_fat_percent: 80 })).toEqual(['body_fat_percent']);
    expect(fieldsOf({ ...A, visceral_fat_level: 0 })).toEqual(['visceral_fat_level']);
    expect(fieldsOf({ ...A, ecw_tbw_ratio: 0.6 })).toEqual(['ecw_tbw_ratio']);
    expect(fieldsOf({ ...A, sex: 'other' })).toEqual(['sex']);
  });
  it('rejects unknown fields', () => {
    expect(fieldsOf({ ...A, neck: { value: 40, unit: 'cm' } })).toEqual(['neck']);
    expect(fieldsOf({ ...A, weight: { value: 80, unit: 'kg', clothes: true } })).toEqual(['weight.clothes']);
  });
  it('refuses contradictory inputs with a ToolInputError naming the field', () => {
    expect(inputError({ ...A, skeletal_muscle_mass: { value: 80, unit: 'kg' } }).details).toEqual([
      { field: 'skeletal_muscle_mass', message: 'must be less than body weight' },
    ]);
    // SMM 70 kg but FFM = 80 × 0.85 = 68 kg
    expect(inputError({ ...A, skeletal_muscle_mass: { value: 70, unit: 'kg' } }).details[0]!.field).toBe(
      'skeletal_muscle_mass',
    );
    const { waist: _w, ...noWaist } = A;
    expect(inputError(noWaist).details).toEqual([
      { field: 'waist', message: expect.stringMatching(/needed with hip/) as unknown as string },
    ]);
  });
});
