import { z } from 'zod';
import { Quantity } from './common.ts';

/**
 * The protocol builder's kidney contract: the optional `kidney` input (sex, age, serum creatinine, and weight and
 * height for creatinine clearance), the `kidney_function` block (CKD-EPI 2021 eGFR; Cockcroft–Gault CrCl by actual,
 * ideal and adjusted body weight) and each compound's `renal` decision — every threshold compared with the measure
 * its label uses (CrCl with CrCl, eGFR with eGFR), never one with the other.
 */

export const CREATININE_UNITS = ['mg/dL', 'umol/L', 'µmol/L'] as const;

/** Plausible serum creatinine in each unit (0.1–20 mg/dL); outside it the value or its unit is wrong. */
const CREATININE_RANGE: Record<(typeof CREATININE_UNITS)[number], [number, number]> = {
  'mg/dL': [0.1, 20],
  'umol/L': [8.84, 1768],
  'µmol/L': [8.84, 1768],
};

export const KidneyInput = z
  .strictObject({
    sex: z.enum(['female', 'male']).describe('sex used by the CKD-EPI 2021 and Cockcroft–Gault equations'),
    age: z.int().min(18, 'CKD-EPI 2021 is for adults (18 and over)').max(120).describe('years'),
    creatinine: z
      .strictObject({
        value: z.number().positive(),
        unit: z.enum(CREATININE_UNITS),
      })
      .superRefine((c, ctx) => {
        const [lo, hi] = CREATININE_RANGE[c.unit];
        if (c.value > 0 && (c.value < lo || c.value > hi))
          ctx.addIssue({ code: 'custom', path: ['value'], message: `serum creatinine must be ${lo}–${hi} ${c.unit}` });
      })
      .describe('serum creatinine (IDMS-traceable)'),
    weight_kg: z
      .number()
      .min(25, 'weight must be 25–350 kg')
      .max(350, 'weight must be 25–350 kg')
      .optional()
      .describe(
        'optional: actual body weight in kg (25–350), for creatinine clearance by Cockcroft–Gault; without it, thresholds a label states as CrCl are not assessed',
      ),
    height_cm: z
      .number()
      .min(120, 'height must be 120–230 cm')
      .max(230, 'height must be 120–230 cm')
      .optional()
      .describe('optional: height in cm (120–230), for ideal (Devine) and adjusted body weight and BMI'),
  })
  .describe(
    "optional: estimates eGFR (race-free CKD-EPI 2021) and, with weight, creatinine clearance (Cockcroft–Gault), and compares each compound's kidney thresholds with the measure its label uses",
  );

export const RENAL_MEASURES = ['CrCl', 'eGFR', 'CrCl or eGFR', 'serum creatinine'] as const;
export const BODY_WEIGHTS = ['actual', 'ideal', 'adjusted'] as const;

const ComparedValue = z.object({
  measure: z.enum(['CrCl', 'eGFR', 'serum creatinine']),
  value: z.number(),
  unit: z.string(),
});

export const RenalCondition = z.object({
  measure: z
    .enum(RENAL_MEASURES)
    .describe(
      'the measure the text names: CrCl (Cockcroft–Gault, mL/min), eGFR (mL/min/1.73 m²), either ("CrCl or eGFR", a bare "GFR"), or serum creatinine (mg/dL)',
    ),
  low: z.number().nullable(),
  low_inclusive: z.boolean(),
  high: z.number().nullable(),
  high_inclusive: z.boolean(),
  text: z.string().describe('the words it was read from'),
  compared_with: ComparedValue.nullable().describe(
    'the value compared with it, of its own measure; null when that measure cannot be computed (CrCl without weight)',
  ),
  applies: z.boolean().nullable().describe('null when not compared'),
});

const RenalRuleOut = z.object({
  source: z
    .enum(['label_band', 'text'])
    .describe(
      "label_band: the monograph's point-of-care renal band (the label's own measure); text: a clause of our texts",
    ),
  field: z.string(),
  text: z.string().describe("the band's range, or the clause that names the threshold"),
  advice: z.string(),
  action: z
    .enum(['avoid', 'adjust', 'caution', 'usual'])
    .describe(
      'read from the advice: avoid (contraindicated, not recommended, do not start), adjust (a dose, interval or limit), caution, usual',
    ),
  conditions: z.array(RenalCondition).describe('empty when the band states no number (e.g. "Haemodialysis")'),
  applies: z.boolean().nullable(),
  decides: z.boolean().describe('one of the rules the action comes from'),
  note: z.string().nullable(),
});

export const CompoundRenal = z
  .object({
    rules_from: z
      .enum(['label_bands', 'text', 'none'])
      .describe("label_bands: the monograph's point-of-care renal bands, preferred; text: thresholds our texts name"),
    section_measure: z.enum(RENAL_MEASURES).nullable().describe("the measure the monograph's renal section names"),
    weight: z
      .object({ used: z.enum(BODY_WEIGHTS), value: Quantity, why: z.string() })
      .nullable()
      .describe('the body weight the CrCl comparisons used, and why; null when no CrCl was compared'),
    action: z
      .enum(['do_not_start', 'adjust', 'caution', 'usual', 'not_assessed', 'no_rule'])
      .describe(
        "do_not_start: the label's do-not-use threshold applies, so the compound is not scheduled; adjust: the dose is the rule's; not_assessed: a CrCl rule without weight",
      ),
    scheduled: z.boolean(),
    statement: z.string().describe('which rule applied, at what value of which measure'),
    rules: z.array(RenalRuleOut),
  })
  .nullable()
  .describe('null unless the request gives kidney');

export const CreatinineClearance = z
  .object({
    equation: z.string(),
    weights: z.object({ actual: Quantity, ideal: Quantity.nullable(), adjusted: Quantity.nullable() }),
    bmi: Quantity.nullable(),
    by_weight: z
      .object({ actual: Quantity, ideal: Quantity.nullable(), adjusted: Quantity.nullable() })
      .describe('CrCl in mL/min with each weight; ideal and adjusted need height'),
    used: z
      .object({ weight: z.enum(BODY_WEIGHTS), value: Quantity, why: z.string() })
      .describe("the weight rule's choice; a compound whose label names a weight uses that one (its renal.weight)"),
    note: z.string().nullable(),
    reference: z.string(),
  })
  .nullable()
  .describe('null without kidney.weight_kg');

export const KidneyFunction = z
  .object({
    egfr: Quantity,
    category: z.string().describe('KDIGO 2012 GFR category (G1–G5)'),
    meaning: z.string(),
    creatinine: Quantity.describe('in mg/dL, as the equations use it'),
    equation: z.string(),
    reference: z.string(),
    creatinine_clearance: CreatinineClearance,
    creatinine_clearance_note: z.string().nullable().describe('why creatinine clearance was not computed'),
    statements: z
      .array(
        z.object({
          slug: z.string(),
          field: z.string(),
          text: z.string(),
          thresholds: z.array(RenalCondition).describe('the thresholds the sentence names, each with its own measure'),
          applies: z
            .boolean()
            .nullable()
            .describe('true when a threshold applies on its own measure; null when none could be compared'),
          note: z.string().nullable(),
        }),
      )
      .describe("what each compound's texts say about kidney function"),
  })
  .nullable()
  .describe('null unless the request gives kidney');
