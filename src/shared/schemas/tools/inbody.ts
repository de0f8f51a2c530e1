import { z } from 'zod';
import { Quantity, SaveFlag, ToolResultTail } from './common.ts';

/** Exact conversion factors (international yard and pound agreement, 1959). */
export const KG_PER_LB = 0.45359237;
export const CM_PER_IN = 2.54;

type Bounds = Record<string, readonly [number, number]>;

/** A { value, unit } measurement with an enumerated unit and per-unit bounds (so 180 entered as inches is rejected). */
function measured<const U extends readonly [string, ...string[]]>(
  what: string,
  units: U,
  bounds: Record<U[number], readonly [number, number]>,
) {
  const b = bounds as Bounds;
  const max = Math.max(...Object.values(b).map((r) => r[1]));
  return z
    .strictObject({
      value: z
        .number()
        .positive()
        .max(max)
        .describe(
          `${what}; accepted: ${Object.entries(b)
            .map(([u, [lo, hi]]) => `${lo}–${hi} ${u}`)
            .join(', ')}`,
        ),
      unit: z.enum(units).describe(`unit, one of: ${units.join(' | ')}`),
    })
    .superRefine((m, ctx) => {
      const r = b[m.unit];
      if (r && m.value > 0 && m.value <= max && (m.value < r[0] || m.value > r[1])) {
        ctx.addIssue({ code: 'custom', path: ['value'], message: `must be between ${r[0]} and ${r[1]} ${m.unit}` });
      }
    })
    .describe(`${what}: { value, unit }`);
}

export const BodyWeight = measured('body weight', ['kg', 'lb'], { kg: [20, 400], lb: [44, 880] });
export const Height = measured('standing height', ['cm', 'in'], { cm: [100, 250], in: [39, 99] });
export const Sex = z.enum(['male', 'female']).describe('sex used by the sex-specific equations and cut-offs');

export const InbodyRequest = z.strictObject({
  weight: BodyWeight,
  height: Height,
  sex: Sex,
  age: z.number().int().min(18).max(120).describe('age in whole years (adults: the cut-offs used are for adults)'),
  body_fat_percent: z
    .number()
    .min(1)
    .max(75)
    .optional()
    .describe('body fat, % of body weight (from the InBody sheet: PBF)'),
  skeletal_muscle_mass: measured('skeletal muscle mass (InBody SMM)', ['kg', 'lb'], {
    kg: [5, 150],
    lb: [11, 331],
  }).optional(),
  visceral_fat_level: z
    .number()
    .min(1)
    .max(30)
    .optional()
    .describe('InBody visceral fat level (unitless, usually 1–20)'),
  ecw_tbw_ratio: z
    .number()
    .min(0.3)
    .max(0.5)
    .optional()
    .describe('extracellular water / total body water (InBody ECW ratio)'),
  waist: measured('waist circumference', ['cm', 'in'], { cm: [40, 250], in: [16, 99] }).optional(),
  hip: measured('hip circumference', ['cm', 'in'], { cm: [50, 250], in: [20, 99] }).optional(),
  ...SaveFlag,
});
export type InbodyRequest = z.input<typeof InbodyRequest>;

export const WHO_BMI_CLASSES = [
  'underweight_severe_thinness',
  'underweight_moderate_thinness',
  'underweight_mild_thinness',
  'normal_range',
  'pre_obese',
  'obese_class_1',
  'obese_class_2',
  'obese_class_3',
] as const;
export const ACE_BODY_FAT_CATEGORIES = [
  'below_essential',
  'essential_fat',
  'athletes',
  'fitness',
  'average',
  'obese',
] as const;

const Source = z.string().describe('where the cut-offs come from');

export const InbodyData = z.object({
  measurements: z
    .object({ weight: Quantity, height: Quantity, sex: Sex, age: Quantity })
    .describe('inputs in metric units'),
  bmi: z.object({
    value: Quantity,
    who_class: z.enum(WHO_BMI_CLASSES),
    label: z.string(),
    status: z.enum(['low', 'normal', 'high']),
    source: Source,
  }),
  body_fat: z
    .object({
      percent: Quantity,
      fat_mass: Quantity,
      category: z.enum(ACE_BODY_FAT_CATEGORIES),
      label: z.string(),
      status: z.enum(['low', 'normal', 'high']),
      source: Source,
    })
    .nullable()
    .describe('null without body_fat_percent'),
  ffmi: z
    .object({
      fat_free_mass: Quantity,
      ffmi: Quantity.describe('fat-free mass / height²'),
      ffmi_normalized: Quantity.describe('FFMI + 6.1 × (1.8 − height in m), Kouri 1995'),
      note: z.string(),
      source: Source,
    })
    .nullable()
    .describe('null without body_fat_percent'),
  muscle: z
    .object({
      skeletal_muscle_mass: Quantity,
      muscle_to_weight: Quantity.describe('skeletal muscle mass / body weight × 100'),
      note: z.string(),
    })
    .nullable(),
  visceral_fat: z
    .object({
      level: Quantity,
      status: z.enum(['normal', 'high']),
      threshold: z.number(),
      source: Source,
    })
    .nullable(),
  ecw_tbw: z
    .object({
      ratio: Quantity,
      status: z.enum(['normal', 'slightly_high', 'elevated']),
      source: Source,
    })
    .nullable(),
  waist: z
    .object({
      circumference: Quantity,
      status: z.enum(['not_increased', 'increased', 'substantially_increased']),
      source: Source,
    })
    .nullable(),
  waist_to_hip: z
    .object({
      ratio: Quantity,
      threshold: z.number(),
      status: z.enum(['not_increased', 'substantially_increased']),
      source: Source,
    })
    .nullable()
    .describe('null unless both waist and hip are given'),
  waist_to_height: z
    .object({
      ratio: Quantity,
      status: z.enum(['not_increased', 'increased', 'high']),
      source: Source,
    })
    .nullable(),
  ...ToolResultTail,
});
export type InbodyData = z.infer<typeof InbodyData>;
