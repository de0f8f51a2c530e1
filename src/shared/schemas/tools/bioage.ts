import { z } from 'zod';
import { Quantity, SaveFlag, ToolResultTail } from './common.ts';

/**
 * Levine 2018 PhenoAge request: chronological age plus the nine biomarkers, each as { value, unit }.
 * All nine are required (a missing one is a 400 naming it). Each unit is an enumerated choice; conventional and SI
 * units are converted to the model's units by the tool (see BIOAGE_UNITS). Value bounds are per unit: generous
 * physiological limits that reject typos (42 entered as g/dL) rather than judge the result.
 */

/** Units accepted per biomarker, first = the unit the PhenoAge model uses (except CRP, whose model unit is mg/dL). */
export const BIOAGE_UNITS = {
  albumin: ['g/L', 'g/dL'],
  creatinine: ['umol/L', 'mg/dL'],
  glucose: ['mmol/L', 'mg/dL'],
  crp: ['mg/dL', 'mg/L'],
  lymphocyte_percent: ['%'],
  mcv: ['fL'],
  rdw: ['%'],
  alkaline_phosphatase: ['U/L', 'ukat/L'],
  wbc: ['10^3/uL', '10^9/L'],
} as const;

export type BioageBiomarker = keyof typeof BIOAGE_UNITS;
export const BIOAGE_BIOMARKERS = Object.keys(BIOAGE_UNITS) as BioageBiomarker[];

type UnitOf<B extends BioageBiomarker> = (typeof BIOAGE_UNITS)[B][number];

/** Accepted value range per unit (inclusive). */
export const BIOAGE_BOUNDS: { [B in BioageBiomarker]: Record<UnitOf<B>, readonly [number, number]> } = {
  albumin: { 'g/L': [10, 70], 'g/dL': [1, 7] },
  creatinine: { 'umol/L': [4, 2200], 'mg/dL': [0.05, 25] },
  glucose: { 'mmol/L': [0.5, 60], 'mg/dL': [9, 1080] },
  crp: { 'mg/dL': [0, 50], 'mg/L': [0, 500] },
  lymphocyte_percent: { '%': [0, 100] },
  mcv: { fL: [40, 160] },
  rdw: { '%': [5, 40] },
  alkaline_phosphatase: { 'U/L': [1, 3000], 'ukat/L': [0.02, 50] },
  wbc: { '10^3/uL': [0.1, 300], '10^9/L': [0.1, 300] },
};

const LABELS: Record<BioageBiomarker, string> = {
  albumin: 'serum albumin',
  creatinine: 'serum creatinine',
  glucose: 'serum glucose',
  crp: 'C-reactive protein',
  lymphocyte_percent: 'lymphocytes, % of white cells',
  mcv: 'mean corpuscular (cell) volume',
  rdw: 'red cell distribution width',
  alkaline_phosphatase: 'alkaline phosphatase',
  wbc: 'white blood cell count',
};

function biomarker<B extends BioageBiomarker>(name: B) {
  const units = BIOAGE_UNITS[name] as unknown as readonly [UnitOf<B>, ...UnitOf<B>[]];
  const bounds = BIOAGE_BOUNDS[name] as Record<string, readonly [number, number]>;
  const max = Math.max(...Object.values(bounds).map((b) => b[1]));
  const unit =
    units.length === 1
      ? z
          .enum(units)
          .default(units[0])
          .describe(`unit: ${units.join(' | ')} (the default)`)
      : z.enum(units).describe(`unit, one of: ${units.join(' | ')} ("u" stands for µ)`);
  return z
    .strictObject(
      {
        value: z
          .number()
          .min(0)
          .max(max)
          .describe(
            `${LABELS[name]}; accepted range depends on the unit: ${Object.entries(bounds)
              .map(([u, [lo, hi]]) => `${lo}–${hi} ${u}`)
              .join(', ')}`,
          ),
        unit,
      },
      {
        error: (iss) =>
          iss.input === undefined
            ? `missing biomarker: ${name} (${LABELS[name]}) is required; PhenoAge needs all nine`
            : undefined,
      },
    )
    .superRefine((b, ctx) => {
      const range = bounds[b.unit];
      // values outside 0..max were already reported by the field's own bounds; report each problem once
      if (range && b.value >= 0 && b.value <= max && (b.value < range[0] || b.value > range[1])) {
        ctx.addIssue({
          code: 'custom',
          path: ['value'],
          message: `must be between ${range[0]} and ${range[1]} ${b.unit}`,
        });
      }
    })
    .describe(`${LABELS[name]}: { value, unit }`);
}

export const BioageRequest = z.strictObject({
  age: z
    .number({
      error: (iss) => (iss.input === undefined ? 'missing: age (chronological age in years) is required' : undefined),
    })
    .min(20)
    .max(120)
    .describe('chronological age in years (PhenoAge was fitted on adults aged 20 and over)'),
  albumin: biomarker('albumin'),
  creatinine: biomarker('creatinine'),
  glucose: biomarker('glucose'),
  crp: biomarker('crp'),
  lymphocyte_percent: biomarker('lymphocyte_percent'),
  mcv: biomarker('mcv'),
  rdw: biomarker('rdw'),
  alkaline_phosphatase: biomarker('alkaline_phosphatase'),
  wbc: biomarker('wbc'),
  ...SaveFlag,
});
export type BioageRequest = z.input<typeof BioageRequest>;

export const BIOMARKER_STATUSES = ['low', 'within_range', 'high', 'no_reference_range'] as const;

export const BioageReferenceRange = z.object({
  low: z.number().nullable(),
  high: z.number().nullable(),
  unit: z.string(),
  loinc: z.string(),
  source: z.string().describe('NLM LHC Flowsheet reference range (one range for all ages and sexes)'),
});

export const BioageContribution = z.object({
  biomarker: z.enum(BIOAGE_BIOMARKERS as [BioageBiomarker, ...BioageBiomarker[]]),
  input: Quantity.describe('the value as entered'),
  model_value: Quantity.describe('the value in the model unit, after conversion (CRP: ln(1 + CRP in mg/dL))'),
  conversion: z.string().describe('how input became model_value, with the exact factor'),
  coefficient: Quantity.describe('PhenoAge weight; unit is per model unit'),
  contribution: Quantity.describe('coefficient × model_value, in linear-predictor (log-hazard) units'),
  reference_range: BioageReferenceRange.nullable(),
  status: z.enum(BIOMARKER_STATUSES).describe('value against the NLM reference range (not sex- or age-specific)'),
});

export const BioageData = z.object({
  phenotypic_age: Quantity.describe('PhenoAge, years'),
  chronological_age: Quantity,
  age_acceleration: Quantity.describe('phenotypic − chronological age, years; positive = older than expected'),
  mortality_score: Quantity.describe('modelled 10-year mortality probability (0–1), Gompertz model of Levine 2018'),
  linear_predictor: Quantity.describe('xb = intercept + age term + Σ biomarker contributions'),
  intercept: Quantity,
  age_contribution: Quantity.describe('0.08035356 × age'),
  contributions: z.array(BioageContribution).length(9),
  convention: z.object({
    crp_transform: z.string(),
    final_divisor: z.number(),
    coefficients: z.string(),
    note: z.string(),
  }),
  ...ToolResultTail,
});
export type BioageData = z.infer<typeof BioageData>;
