import { z } from 'zod';
import { Quantity, SaveFlag, ToolResultTail } from './common.ts';
import { BodyWeight, Height, Sex } from './inbody.ts';

/** Activity multipliers applied to BMR (the conventional five levels). */
export const ACTIVITY_FACTORS = { sedentary: 1.2, light: 1.375, moderate: 1.55, very: 1.725, extra: 1.9 } as const;
export type ActivityLevel = keyof typeof ACTIVITY_FACTORS;
export const ACTIVITY_LEVELS = Object.keys(ACTIVITY_FACTORS) as [ActivityLevel, ...ActivityLevel[]];

export const GOALS = ['lose', 'maintain', 'gain'] as const;
/** Weekly-rate bounds, kg/week: loss up to 1 kg/week (≈ the 1–2 lb/week usually advised), gain up to 0.5 kg/week. */
export const WEEKLY_RATE_BOUNDS = { lose: [0.1, 1], gain: [0.1, 0.5], maintain: [0, 0] } as const;
export const DEFAULT_WEEKLY_RATE = { lose: 0.5, gain: 0.25, maintain: 0 } as const;

export const MacrosRequest = z
  .strictObject({
    sex: Sex,
    age: z
      .number()
      .int()
      .min(18)
      .max(100)
      .describe('age in whole years (Mifflin–St Jeor was derived in adults aged 19–78)'),
    weight: BodyWeight,
    height: Height,
    body_fat_percent: z
      .number()
      .min(3)
      .max(70)
      .optional()
      .describe('when given, BMR uses Katch–McArdle (lean-mass based) instead of Mifflin–St Jeor'),
    activity_level: z
      .enum(ACTIVITY_LEVELS)
      .describe('sedentary ×1.2, light ×1.375, moderate ×1.55, very ×1.725, extra ×1.9'),
    goal: z.enum(GOALS).default('maintain'),
    weekly_rate_kg: z
      .number()
      .min(0)
      .max(1)
      .optional()
      .describe('target change in kg/week: lose 0.1–1 (default 0.5), gain 0.1–0.5 (default 0.25), maintain 0'),
    protein_g_per_kg: z
      .number()
      .min(0.8)
      .max(2.5)
      .optional()
      .describe('override the protein rule (g per kg body weight per day)'),
    fat_percent: z
      .number()
      .min(20)
      .max(35)
      .optional()
      .describe('override the fat share of calories (within the IOM AMDR 20–35 %); default 30'),
    ...SaveFlag,
  })
  .superRefine((r, ctx) => {
    // refinements also run when another field already failed, so check the shapes this rule relies on
    const bounds = (WEEKLY_RATE_BOUNDS as Record<string, readonly [number, number] | undefined>)[r.goal];
    if (typeof r.weekly_rate_kg !== 'number' || r.weekly_rate_kg < 0 || r.weekly_rate_kg > 1 || !bounds) return; // else already reported
    const [lo, hi] = bounds;
    if (r.weekly_rate_kg < lo || r.weekly_rate_kg > hi) {
      ctx.addIssue({
        code: 'custom',
        path: ['weekly_rate_kg'],
        message:
          r.goal === 'maintain'
            ? 'must be 0 (or left out) when goal is maintain'
            : `must be between ${lo} and ${hi} kg/week when goal is ${r.goal}`,
      });
    }
  });
export type MacrosRequest = z.input<typeof MacrosRequest>;

export const Macro = z.object({
  grams: Quantity,
  energy: Quantity,
  percent_of_calories: Quantity,
  rule: z.string().describe('how the amount was set, with its source'),
});

export const MacrosData = z.object({
  inputs: z.object({
    weight: Quantity,
    height: Quantity,
    sex: Sex,
    age: Quantity,
    lean_body_mass: Quantity.nullable(),
  }),
  bmr: z.object({
    value: Quantity,
    equation: z.enum(['mifflin_st_jeor', 'katch_mcardle']),
    mifflin_st_jeor: Quantity,
    katch_mcardle: Quantity.nullable().describe('null without body_fat_percent'),
  }),
  tdee: z.object({ value: Quantity, activity_level: z.enum(ACTIVITY_LEVELS), activity_factor: z.number() }),
  target: z.object({
    goal: z.enum(GOALS),
    weekly_rate: Quantity.describe('the requested rate'),
    daily_energy_change: Quantity.describe('rate × 7,700 kcal/kg ÷ 7 (negative = deficit)'),
    calories: Quantity.describe('the target after any safety floor'),
    unadjusted_calories: Quantity.describe('TDEE ± daily change, before the floor'),
    floor: z
      .object({
        value: Quantity,
        basis: z.enum(['bmr', 'sex_minimum']).describe('which of the two was higher and so set the floor'),
        applied: z.boolean().describe('true when the target was raised to the floor'),
        rule: z.string(),
      })
      .nullable()
      .describe('weight-loss goals only'),
    expected_weekly_change: Quantity.describe('implied by the final target, kg/week (negative = loss)'),
  }),
  protein: Macro,
  fat: Macro,
  carbohydrate: Macro.extend({ status: z.enum(['at_or_above_rda', 'below_rda']).describe('versus the 130 g/day RDA') }),
  fibre: z.object({ grams: Quantity, rule: z.string() }),
  water: z.object({
    value: Quantity,
    rule: z.string(),
    reference_intakes: z.array(z.object({ source: z.string(), total_water: Quantity })),
  }),
  ...ToolResultTail,
});
export type MacrosData = z.infer<typeof MacrosData>;
