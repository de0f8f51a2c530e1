import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MacrosRequest } from '../../../shared/schemas/tools/macros.ts';
import { type Db } from '../../db/connection.ts';
import { ToolInputError, type ToolContext } from '../tool.ts';
import { openToolContext, rejectedFields, runTool } from '../../../../test/helpers/tool-support.ts';
import { energyTarget, fibreGrams, katchMcArdle, macroSplit, mifflinStJeor, waterMl } from './compute.ts';
import { macrosTool } from './tool.ts';

let content: Db;
let ctx: ToolContext;
beforeAll(() => {
  ({ content, ctx } = openToolContext());
});
afterAll(() => content.close());

const run = (body: unknown) => runTool(macrosTool, ctx, body);
const fieldsOf = (body: unknown) => rejectedFields(MacrosRequest, body);

const kg = (value: number) => ({ value, unit: 'kg' });
const cm = (value: number) => ({ value, unit: 'cm' });

/**
 * Example 1 (by hand) — man, 80 kg, 180 cm, 30 y, moderate, lose 0.5 kg/week:
 *   Mifflin–St Jeor BMR = 10·80 + 6.25·180 − 5·30 + 5 = 800 + 1125 − 150 + 5 = 1780 kcal/day
 *   TDEE = 1780 × 1.55 = 2759 kcal/day
 *   deficit = 0.5 × 7700 / 7 = 550 → target 2209; floor = max(1780, 1500) = 1780 (BMR), not applied
 *   protein = 1.6 × 80 = 128 g (512 kcal, 23.178 %); fat = 30 % × 2209 = 662.7 kcal = 73.6333 g
 *   carbohydrate = (2209 − 512 − 662.7) / 4 = 1034.3 / 4 = 258.575 g
 *   fibre = 14 × 2.209 = 30.926 g; water = 35 × 80 = 2800 mL
 */
const EX1 = {
  sex: 'male',
  age: 30,
  weight: kg(80),
  height: cm(180),
  activity_level: 'moderate',
  goal: 'lose',
  weekly_rate_kg: 0.5,
} as const;

describe('macros: Mifflin–St Jeor worked examples', () => {
  it('example 1: man losing 0.5 kg/week', () => {
    const out = run(EX1);
    expect(out.bmr.equation).toBe('mifflin_st_jeor');
    expect(out.bmr.value).toEqual({ value: 1780, unit: 'kcal/day' });
    expect(out.bmr.katch_mcardle).toBeNull();
    expect(out.tdee.value.value).toBeCloseTo(2759, 9);
    expect(out.tdee.activity_factor).toBe(1.55);
    expect(out.target.daily_energy_change.value).toBeCloseTo(-550, 9);
    expect(out.target.calories.value).toBeCloseTo(2209, 9);
    expect(out.target.floor).toMatchObject({ value: { value: 1780, unit: 'kcal/day' }, basis: 'bmr', applied: false });
    expect(out.target.expected_weekly_change.value).toBeCloseTo(-0.5, 9);
    expect(out.protein.grams).toEqual({ value: 128, unit: 'g/day' });
    expect(out.protein.energy.value).toBe(512);
    expect(out.protein.percent_of_calories.value).toBeCloseTo(23.178, 3);
    expect(out.protein.rule).toMatch(/1\.6 g\/kg/);
    expect(out.fat.grams.value).toBeCloseTo(73.6333, 4);
    expect(out.fat.percent_of_calories.value).toBeCloseTo(30, 9);
    expect(out.carbohydrate.grams.value).toBeCloseTo(258.575, 6);
    expect(out.carbohydrate.status).toBe('at_or_above_rda');
    expect(out.fibre.grams.value).toBeCloseTo(30.926, 6);
    expect(out.water.value).toEqual({ value: 2800, unit: 'mL/day' });
    expect(out.water.reference_intakes.map((r) => r.total_water.value)).toEqual([3.7, 2.5]);
    expect(out.interpretation).toMatch(/not medical advice/);
    expect(out.method.reference).toMatch(/Mifflin MD/);
  });

  /**
   * Example 2 (by hand) — woman, 60 kg, 165 cm, 40 y, sedentary, lose 1.0 kg/week: BMR floor applies.
   *   BMR = 600 + 1031.25 − 200 − 161 = 1270.25; TDEE = 1270.25 × 1.2 = 1524.3
   *   unadjusted = 1524.3 − 1100 = 424.3 < floor max(1270.25, 1200) = 1270.25 (BMR) → target 1270.25
   *   expected change = (1270.25 − 1524.3) × 7 / 7700 = −0.2309545 kg/week
   *   protein 1.6 × 60 = 96 g (384 kcal); fat 0.3 × 1270.25 = 381.075 kcal = 42.341667 g;
   *   carbohydrate (1270.25 − 384 − 381.075) / 4 = 126.29375 g < 130 g RDA
   */
  it('example 2: woman, floor set by BMR', () => {
    const out = run({
      sex: 'female',
      age: 40,
      weight: kg(60),
      height: cm(165),
      activity_level: 'sedentary',
      goal: 'lose',
      weekly_rate_kg: 1,
    });
    expect(out.bmr.value.value).toBe(1270.25);
    expect(out.tdee.value.value).toBeCloseTo(1524.3, 9);
    expect(out.target.unadjusted_calories.value).toBeCloseTo(424.3, 9);
    expect(out.target.floor).toMatchObject({ basis: 'bmr', applied: true });
    expect(out.target.calories.value).toBe(1270.25);
    expect(out.target.expected_weekly_change.value).toBeCloseTo(-0.2309545, 7);
    expect(out.protein.grams.value).toBe(96);
    expect(out.fat.grams.value).toBeCloseTo(42.341667, 6);
    expect(out.carbohydrate.grams.value).toBeCloseTo(126.29375, 9);
    expect(out.carbohydrate.status).toBe('below_rda');
    expect(out.interpretation).toMatch(/raised to the floor of 1270 kcal\/day \(the estimated BMR\)/);
  });

  /**
   * Example 3 (by hand) — woman, 50 kg, 155 cm, 70 y, light, lose 0.5: the 1,200 kcal minimum applies.
   *   BMR = 500 + 968.75 − 350 − 161 = 957.75; TDEE = 957.75 × 1.375 = 1316.90625; unadjusted = 766.90625
   *   floor = max(957.75, 1200) = 1200 (sex minimum) → target 1200
   */
  it('example 3: woman, floor set by the 1,200 kcal minimum', () => {
    const out = run({
      sex: 'female',
      age: 70,
      weight: kg(50),
      height: cm(155),
      activity_level: 'light',
      goal: 'lose',
      weekly_rate_kg: 0.5,
    });
    expect(out.bmr.value.value).toBe(957.75);
    expect(out.tdee.value.value).toBeCloseTo(1316.90625, 9);
    expect(out.target.unadjusted_calories.value).toBeCloseTo(766.90625, 9);
    expect(out.target.floor).toMatchObject({
      value: { value: 1200, unit: 'kcal/day' },
      basis: 'sex_minimum',
      applied: true,
    });
    expect(out.target.calories.value).toBe(1200);
    expect(out.interpretation).toMatch(/1,200 kcal minimum for women/);
  });

  /** Men's minimum: man 55 kg, 160 cm, 80 y: BMR = 550 + 1000 − 400 + 5 = 1155 < 1500 → floor 1500 (sex minimum). */
  it('uses the 1,500 kcal minimum for men', () => {
    const out = run({
      sex: 'male',
      age: 80,
      weight: kg(55),
      height: cm(160),
      activity_level: 'sedentary',
      goal: 'lose',
      weekly_rate_kg: 0.5,
    });
    expect(out.bmr.value.value).toBe(1155);
    expect(out.target.floor).toMatchObject({
      value: { value: 1500, unit: 'kcal/day' },
      basis: 'sex_minimum',
      applied: true,
    });
    expect(out.target.calories.value).toBe(1500);
  });

  /**
   * Example 4 (by hand) — gain: man, 70 kg, 175 cm, 25 y, very active, gain 0.25 kg/week:
   *   BMR = 700 + 1093.75 − 125 + 5 = 1673.75; TDEE = × 1.725 = 2887.21875; + 0.25 × 1100 = 275 → 3162.21875
   */
  it('example 4: gain, no floor', () => {
    const out = run({
      sex: 'male',
      age: 25,
      weight: kg(70),
      height: cm(175),
      activity_level: 'very',
      goal: 'gain',
      weekly_rate_kg: 0.25,
    });
    expect(out.bmr.value.value).toBe(1673.75);
    expect(out.tdee.value.value).toBeCloseTo(2887.21875, 9);
    expect(out.target.calories.value).toBeCloseTo(3162.21875, 9);
    expect(out.target.floor).toBeNull();
    expect(out.protein.grams.value).toBeCloseTo(112, 9);
  });

  /**
   * Example 5 (by hand) — maintain: woman, 65 kg, 170 cm, 28 y, extra active:
   *   BMR = 650 + 1062.5 − 140 − 161 = 1411.5; TDEE = × 1.9 = 2681.85 = target; protein 1.2 × 65 = 78 g
   */
  it('example 5: maintain (default goal), default rate 0', () => {
    const out = run({ sex: 'female', age: 28, weight: kg(65), height: cm(170), activity_level: 'extra' });
    expect(out.target.goal).toBe('maintain');
    expect(out.bmr.value.value).toBe(1411.5);
    expect(out.target.calories.value).toBeCloseTo(2681.85, 9);
    expect(out.target.weekly_rate.value).toBe(0);
    expect(out.target.daily_energy_change.value).toBe(0);
    expect(out.protein.grams.value).toBeCloseTo(78, 9);
    expect(out.water.reference_intakes.map((r) => r.total_water.value)).toEqual([2.7, 2]);
  });

  it('all five activity factors', () => {
    const f = ['sedentary', 'light', 'moderate', 'very', 'extra'].map(
      (a) => run({ ...EX1, activity_level: a, goal: 'maintain', weekly_rate_kg: undefined }).tdee.value.value / 1780,
    );
    expect(f.map((x) => Math.round(x * 1000) / 1000)).toEqual([1.2, 1.375, 1.55, 1.725, 1.9]);
  });

  it('default weekly rates: lose 0.5, gain 0.25', () => {
    expect(run({ ...EX1, weekly_rate_kg: undefined }).target.weekly_rate.value).toBe(0.5);
    expect(run({ ...EX1, goal: 'gain', weekly_rate_kg: undefined }).target.daily_energy_change.value).toBeCloseTo(
      275,
      9,
    );
  });
});

describe('macros: Katch–McArdle with body fat %', () => {
  /** 80 kg at 20 % fat: lean mass 64 kg → 370 + 21.6 × 64 = 1752.4 kcal/day (Mifflin still reported: 1780). */
  it('uses lean mass when body_fat_percent is given', () => {
    const out = run({ ...EX1, body_fat_percent: 20 });
    expect(out.bmr.equation).toBe('katch_mcardle');
    expect(out.inputs.lean_body_mass).toEqual({ value: 64, unit: 'kg' });
    expect(out.bmr.value.value).toBeCloseTo(1752.4, 9);
    expect(out.bmr.katch_mcardle!.value).toBeCloseTo(1752.4, 9);
    expect(out.bmr.mifflin_st_jeor.value).toBe(1780);
    expect(out.tdee.value.value).toBeCloseTo(1752.4 * 1.55, 9);
  });
});

describe('macros: pure functions', () => {
  it('compute the cited formulas', () => {
    expect(mifflinStJeor('male', 80, 180, 30)).toBe(1780);
    expect(mifflinStJeor('female', 80, 180, 30)).toBe(1614); // 1780 − 166
    expect(katchMcArdle(50)).toBe(1450);
    expect(fibreGrams(2000)).toBe(28);
    expect(waterMl(70)).toBe(2450);
    expect(energyTarget('female', 1300, 2000, 'lose', 0.7)).toMatchObject({
      dailyChange: -770,
      unadjusted: 1230,
      calories: 1300,
      floor: { value: 1300, basis: 'bmr', applied: true },
    });
    const s = macroSplit(2000, 70, 1.6, 25);
    expect(s.protein.grams).toBeCloseTo(112, 9);
    expect(s.fat.grams).toBeCloseTo(500 / 9, 9);
    expect(s.carbohydrate.grams).toBeCloseTo((2000 - 448 - 500) / 4, 9);
  });
});

describe('macros: unit conversions', () => {
  it('176.3698 lb and 70.866 in give the same result as 80 kg and 180 cm', () => {
    const out = run({
      ...EX1,
      weight: { value: 80 / 0.45359237, unit: 'lb' },
      height: { value: 180 / 2.54, unit: 'in' },
    });
    expect(out.inputs.weight.value).toBeCloseTo(80, 10);
    expect(out.inputs.height.value).toBeCloseTo(180, 10);
    expect(out.bmr.value.value).toBeCloseTo(1780, 9);
    expect(out.water.value.value).toBeCloseTo(2800, 9);
  });
  it('150 lb, 65 in: 68.0388555 kg, 165.1 cm → BMR (woman, 35 y) = 680.388555 + 1031.875 − 175 − 161 = 1376.263555', () => {
    const out = run({
      sex: 'female',
      age: 35,
      weight: { value: 150, unit: 'lb' },
      height: { value: 65, unit: 'in' },
      activity_level: 'sedentary',
    });
    expect(out.inputs.weight.value).toBeCloseTo(68.0388555, 9);
    expect(out.inputs.height.value).toBeCloseTo(165.1, 10);
    expect(out.bmr.value.value).toBeCloseTo(1376.263555, 6);
  });
});

describe('macros: overrides and errors', () => {
  it('honours protein and fat overrides', () => {
    const out = run({ ...EX1, protein_g_per_kg: 2, fat_percent: 25 });
    expect(out.protein.grams.value).toBe(160);
    expect(out.protein.rule).toMatch(/set by the caller/);
    expect(out.fat.percent_of_calories.value).toBeCloseTo(25, 9);
  });
  it('refuses when protein and fat exceed the target (ToolInputError naming fields)', () => {
    // woman 150 kg, 160 cm, 60 y: BMR 2039 = floor; protein 2.5 × 150 = 375 g = 1500 kcal; fat 35 % = 713.65 → 2213.65 > 2039
    const body = MacrosRequest.parse({
      sex: 'female',
      age: 60,
      weight: kg(150),
      height: cm(160),
      activity_level: 'sedentary',
      goal: 'lose',
      weekly_rate_kg: 1,
      protein_g_per_kg: 2.5,
      fat_percent: 35,
    });
    let err: unknown;
    try {
      macrosTool.run(ctx, body);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ToolInputError);
    expect((err as ToolInputError).details.map((d) => d.field)).toEqual(['protein_g_per_kg', 'fat_percent']);
  });
});

describe('macros: validation', () => {
  it('requires sex, age, weight, height and activity level', () => {
    expect(fieldsOf({}).sort()).toEqual(['activity_level', 'age', 'height', 'sex', 'weight']);
  });
  it('bounds the weekly rate by goal', () => {
    expect(fieldsOf({ ...EX1, weekly_rate_kg: 1.2 })).toEqual(['weekly_rate_kg']);
    expect(fieldsOf({ ...EX1, weekly_rate_kg: 0.05 })).toEqual(['weekly_rate_kg']);
    expect(fieldsOf({ ...EX1, goal: 'gain', weekly_rate_kg: 0.75 })).toEqual(['weekly_rate_kg']);
    expect(fieldsOf({ ...EX1, goal: 'maintain', weekly_rate_kg: 0.5 })).toEqual(['weekly_rate_kg']);
    expect(MacrosRequest.safeParse({ ...EX1, goal: 'maintain', weekly_rate_kg: 0 }).success).toBe(true);
    expect(MacrosRequest.safeParse({ ...EX1, weekly_rate_kg: 1 }).success).toBe(true);
  });
  it('bounds every number and enum', () => {
    expect(fieldsOf({ ...EX1, age: 17 })).toEqual(['age']);
    expect(fieldsOf({ ...EX1, age: 101 })).toEqual(['age']);
    expect(fieldsOf({ ...EX1, body_fat_percent: 80 })).toEqual(['body_fat_percent']);
    expect(fieldsOf({ ...EX1, protein_g_per_kg: 3 })).toEqual(['protein_g_per_kg']);
    expect(fieldsOf({ ...EX1, fat_percent: 15 })).toEqual(['fat_percent']);
    expect(fieldsOf({ ...EX1, activity_level: 'athlete' })).toEqual(['activity_level']);
    expect(fieldsOf({ ...EX1, goal: 'bulk' })).toEqual(['goal']);
    expect(fieldsOf({ ...EX1, weight: { value: 80, unit: 'stone' } })).toEqual(['weight.unit']);
    expect(fieldsOf({ ...EX1, height: { value: 180, unit: 'in' } })).toEqual(['height.value']);
  });
  it('rejects unknown fields', () => {
    expect(fieldsOf({ ...EX1, carbs_percent: 40 })).toEqual(['carbs_percent']);
  });
});
