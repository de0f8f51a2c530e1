/**
 * POST /v1/tools/macros/calculate: BMR (Mifflin–St Jeor, or Katch–McArdle with body fat %), TDEE, a goal-based
 * calorie target with a safety floor, protein/fat/carbohydrate, fibre and water. Uses no content-database data: every
 * constant is a published factor cited in compute.ts.
 */
import { DEFAULT_WEEKLY_RATE, MacrosData, MacrosRequest } from '../../../shared/schemas/tools/macros.ts';
import { toCm, toKg } from '../inbody/compute.ts';
import { ToolInputError, type ToolRunner } from '../tool.ts';
import {
  CARB_RDA_G,
  DEFAULT_FAT_PERCENT,
  FIBRE_G_PER_1000_KCAL,
  PROTEIN_G_PER_KG,
  SEX_MINIMUM_KCAL,
  SOURCES,
  WATER_AI_L,
  WATER_ML_PER_KG,
  activityFactor,
  energyTarget,
  fibreGrams,
  katchMcArdle,
  macroSplit,
  mifflinStJeor,
  round,
  waterMl,
} from './compute.ts';

const METHOD = {
  name: 'Mifflin–St Jeor (or Katch–McArdle) BMR × activity factor; 7,700 kcal/kg goal adjustment with AHA/ACC/TOS floor; Atwater macros',
  reference: [
    SOURCES.mifflin,
    SOURCES.katch,
    SOURCES.activity,
    SOURCES.energyPerKg,
    SOURCES.floor,
    SOURCES.protein,
    SOURCES.fat,
    SOURCES.fibre,
  ].join(' | '),
};

const kcal = (value: number) => ({ value, unit: 'kcal/day' });
const pct = (part: number, whole: number) => ({ value: (part / whole) * 100, unit: '% of calories' });

export const macrosTool: ToolRunner<typeof MacrosRequest, typeof MacrosData> = {
  name: 'macros',
  request: MacrosRequest,
  data: MacrosData,
  run(_ctx, input) {
    const weight = toKg(input.weight.value, input.weight.unit);
    const height = toCm(input.height.value, input.height.unit);
    const lean = input.body_fat_percent !== undefined ? weight * (1 - input.body_fat_percent / 100) : null;

    const mifflin = mifflinStJeor(input.sex, weight, height, input.age);
    const katch = lean !== null ? katchMcArdle(lean) : null;
    const bmr = katch ?? mifflin;
    const factor = activityFactor(input.activity_level);
    const tdee = bmr * factor;
    const rate = input.weekly_rate_kg ?? DEFAULT_WEEKLY_RATE[input.goal];
    const t = energyTarget(input.sex, bmr, tdee, input.goal, rate);

    const proteinRule = input.protein_g_per_kg !== undefined ? 'caller-set' : 'default';
    const gPerKg = input.protein_g_per_kg ?? PROTEIN_G_PER_KG[input.goal];
    const fatPercent = input.fat_percent ?? DEFAULT_FAT_PERCENT;
    const m = macroSplit(t.calories, weight, gPerKg, fatPercent);
    if (m.carbohydrate.kcal < 0) {
      const details = [
        {
          field: 'protein_g_per_kg',
          message: `protein ${round(m.protein.kcal, 0)} kcal plus fat ${round(m.fat.kcal, 0)} kcal exceed the ${round(t.calories, 0)} kcal target`,
        },
        { field: 'fat_percent', message: 'lower the fat share or the protein rule so carbohydrate is not negative' },
      ];
      throw new ToolInputError('protein and fat alone exceed the calorie target', details);
    }

    const fibre = fibreGrams(t.calories);
    const water = waterMl(weight);
    const bmi = weight / (height / 100) ** 2;

    const goalText =
      input.goal === 'maintain'
        ? 'to maintain weight'
        : `(requested: ${rate} kg/week ${input.goal === 'lose' ? 'loss' : 'gain'})`;
    const parts = [
      `Estimated BMR ${round(bmr, 0)} kcal/day (${katch !== null ? 'Katch–McArdle, from lean mass' : 'Mifflin–St Jeor'}),`,
      `TDEE ${round(tdee, 0)} kcal/day (${input.activity_level}, ×${factor}).`,
      `Target ${round(t.calories, 0)} kcal/day ${goalText}.`,
    ];
    if (t.floor?.applied) {
      parts.push(
        `The requested rate would have meant ${round(t.unadjusted, 0)} kcal/day, so the target was raised to the floor of ` +
          `${round(t.floor.value, 0)} kcal/day (${t.floor.basis === 'bmr' ? 'the estimated BMR' : `the ${SEX_MINIMUM_KCAL[input.sex].toLocaleString('en-US')} kcal minimum for ${input.sex === 'male' ? 'men' : 'women'}`}); ` +
          `expected change about ${round(-t.expectedWeeklyChange, 2)} kg/week.`,
      );
    }
    parts.push(
      `Protein ${round(m.protein.grams, 0)} g, fat ${round(m.fat.grams, 0)} g, carbohydrate ${round(m.carbohydrate.grams, 0)} g, fibre ${round(fibre, 0)} g, water about ${round(water / 1000, 1)} L/day.`,
    );
    if (m.carbohydrate.grams < CARB_RDA_G) parts.push(`Carbohydrate is below the 130 g/day RDA.`);
    if (bmi >= 30 && input.protein_g_per_kg === undefined)
      parts.push(
        'At a BMI of 30 or more, protein per kg of actual weight may overstate needs; a clinician may prefer a reference weight.',
      );
    parts.push(
      'Equations estimate averages (individual BMR often differs by 10 % or more); not suitable without supervision in pregnancy, ' +
        'eating disorders, kidney disease or for under-18s. Editorial estimate, not medical advice.',
    );

    return {
      inputs: {
        weight: { value: weight, unit: 'kg' },
        height: { value: height, unit: 'cm' },
        sex: input.sex,
        age: { value: input.age, unit: 'years' },
        lean_body_mass: lean !== null ? { value: lean, unit: 'kg' } : null,
      },
      bmr: {
        value: kcal(bmr),
        equation: katch !== null ? 'katch_mcardle' : 'mifflin_st_jeor',
        mifflin_st_jeor: kcal(mifflin),
        katch_mcardle: katch !== null ? kcal(katch) : null,
      },
      tdee: { value: kcal(tdee), activity_level: input.activity_level, activity_factor: factor },
      target: {
        goal: input.goal,
        weekly_rate: { value: rate, unit: 'kg/week' },
        daily_energy_change: kcal(t.dailyChange),
        calories: kcal(t.calories),
        unadjusted_calories: kcal(t.unadjusted),
        floor: t.floor
          ? {
              value: kcal(t.floor.value),
              basis: t.floor.basis,
              applied: t.floor.applied,
              rule: `never below max(BMR ${round(bmr, 0)}, ${SEX_MINIMUM_KCAL[input.sex]} kcal for ${input.sex === 'male' ? 'men' : 'women'}); ${SOURCES.floor}`,
            }
          : null,
        expected_weekly_change: { value: t.expectedWeeklyChange, unit: 'kg/week' },
      },
      protein: {
        grams: { value: m.protein.grams, unit: 'g/day' },
        energy: kcal(m.protein.kcal),
        percent_of_calories: pct(m.protein.kcal, t.calories),
        rule:
          proteinRule === 'caller-set'
            ? `${gPerKg} g/kg body weight (set by the caller) × ${round(weight, 2)} kg`
            : `${gPerKg} g/kg body weight for goal "${input.goal}" × ${round(weight, 2)} kg. ${SOURCES.protein}`,
      },
      fat: {
        grams: { value: m.fat.grams, unit: 'g/day' },
        energy: kcal(m.fat.kcal),
        percent_of_calories: pct(m.fat.kcal, t.calories),
        rule: `${fatPercent} % of calories ÷ 9 kcal/g${input.fat_percent !== undefined ? ' (set by the caller)' : ''}. ${SOURCES.fat}`,
      },
      carbohydrate: {
        grams: { value: m.carbohydrate.grams, unit: 'g/day' },
        energy: kcal(m.carbohydrate.kcal),
        percent_of_calories: pct(m.carbohydrate.kcal, t.calories),
        rule: `${SOURCES.carbohydrate} ${SOURCES.atwater}`,
        status: m.carbohydrate.grams >= CARB_RDA_G ? 'at_or_above_rda' : 'below_rda',
      },
      fibre: {
        grams: { value: fibre, unit: 'g/day' },
        rule: `${FIBRE_G_PER_1000_KCAL} g per 1,000 kcal of the target. ${SOURCES.fibre}`,
      },
      water: {
        value: { value: water, unit: 'mL/day' },
        rule: `${WATER_ML_PER_KG} mL/kg × ${round(weight, 2)} kg. ${SOURCES.water}`,
        reference_intakes: [
          { source: SOURCES.waterIom, total_water: { value: WATER_AI_L.iom[input.sex], unit: 'L/day' } },
          { source: SOURCES.waterEfsa, total_water: { value: WATER_AI_L.efsa[input.sex], unit: 'L/day' } },
        ],
      },
      method: METHOD,
      interpretation: parts.join(' '),
    };
  },
};
