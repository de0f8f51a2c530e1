import { z } from 'zod';
import { Quantity, SaveFlag, ToolResultTail } from './common.ts';

/** Status of one value against the source's normal range and, where given, its danger (critical) limits. */
export const BLOODWORK_STATUSES = ['critical_low', 'low', 'normal', 'high', 'critical_high', 'not_evaluated'] as const;
export type BloodworkStatus = (typeof BLOODWORK_STATUSES)[number];

export const BloodworkMarker = z.strictObject({
  test: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(120)
    .describe(
      'test name as on the report, a common name ("vitamin d", "ldl", "hba1c", "tsh") or a LOINC code ("1989-3")',
    ),
  value: z.number().min(-1_000_000).max(1_000_000_000).describe('the reported value, in `unit`'),
  unit: z
    .string()
    .trim()
    .max(40)
    .describe(
      'unit as printed on the report ("ng/mL", "nmol/L", "mg/dL", "mmol/L", "10^9/L", "%"); empty for unitless tests such as pH',
    ),
});

export const BloodworkRequest = z.strictObject({
  sex: z
    .enum(['male', 'female'])
    .describe(
      'recorded with the result; the reference source has no sex-specific ranges, and the decision thresholds used are the same for both sexes',
    ),
  age: z
    .int()
    .min(0)
    .max(120)
    .describe(
      'age in whole years; selects age-specific decision thresholds (ferritin under 5); the reference ranges are adult ranges',
    ),
  panel: z
    .array(BloodworkMarker)
    .min(1, 'give at least one test')
    .max(100, 'at most 100 tests per request')
    .describe('the tests to interpret, in any order; unknown tests are reported in `unmatched`, not rejected'),
  ...SaveFlag,
});
export type BloodworkRequest = z.input<typeof BloodworkRequest>;

const Range = z.object({
  low: z.number().nullable().describe('null when the source gives no lower limit'),
  high: z.number().nullable().describe('null when the source gives no upper limit'),
  unit: z.string(),
});

export const BloodworkResult = z.object({
  index: z.int().describe('position of the test in the request panel'),
  input: z.object({ test: z.string(), value: z.number(), unit: z.string() }),
  test: z.object({
    loinc: z.string(),
    name: z.string().describe('LOINC long common name (or display name when the source has none)'),
    short_name: z.string().nullable(),
    source_name: z.string().describe('the row name in the NLM flowsheet'),
    matched_by: z
      .enum(['loinc', 'alias', 'name'])
      .describe(
        'loinc: the code given; alias: our curated common-name table; name: an exact (normalised) LOINC or source name',
      ),
  }),
  value: Quantity.nullable().describe(
    'the value in the reference unit: as given, or when converted rounded to the decimals of the reference range plus one (at least two significant digits); null when it could not be converted',
  ),
  conversion: z
    .object({
      from: Quantity,
      to: Quantity,
      method: z.string().describe('how the value was converted, with the molecular weight or equation used'),
    })
    .nullable()
    .describe('null when the value was already in the reference unit'),
  reference_range: Range.extend({
    text: z.string().describe('the range as we read it, e.g. "20–57 ng/mL"'),
    source_text: z
      .string()
      .nullable()
      .describe('the range text as written in the source (can differ from its numeric limits)'),
  }),
  critical_limits: Range.extend({
    source: z
      .string()
      .describe("where the limits come from: a cited survey or guideline, or the NLM flowsheet's own danger limits"),
  })
    .nullable()
    .describe(
      "critical (panic) limits: Kost 1990's for the analytes it covers, else the NLM source's danger limits; null when neither gives any",
    ),
  status: z
    .enum(BLOODWORK_STATUSES)
    .describe('against the reference range and critical limits (classified on the unrounded value)'),
  decision_thresholds: z
    .array(
      z.object({
        label: z.string(),
        comparison: z.enum(['below', 'at_or_above']),
        value: z.number().describe("the threshold in the result's unit"),
        unit: z.string(),
        met: z.boolean(),
        meaning: z.string(),
        source: z.string().describe('guideline the threshold comes from'),
      }),
    )
    .describe(
      'clinical decision thresholds for this test and age, beside the reference range (HbA1c 5.7/6.5 %, ferritin < 15 ng/mL …); empty when none are curated',
    ),
  finding: z
    .string()
    .nullable()
    .describe('the most severe decision threshold met, e.g. "prediabetes range (5.7–6.4 %)"; null when none is met'),
  error: z.string().nullable().describe('why the value was not evaluated (unit not convertible); null otherwise'),
  interpretation: z.string().describe('one or two plain sentences; editorial, not a diagnosis'),
  related_compounds: z
    .array(
      z.object({
        slug: z.string(),
        name: z.string(),
        reason: z.string(),
      }),
    )
    .describe(
      'knowledge-base entries a low value of this marker points to (curated, conservative); information, not a recommendation',
    ),
});

export const BloodworkUnmatched = z.object({
  index: z.int(),
  test: z.string(),
  suggestions: z
    .array(
      z.object({
        loinc: z.string(),
        name: z.string(),
        via: z.string().describe('the name or alias that resembled the input'),
      }),
    )
    .describe('up to five similar tests; send one of their LOINC codes to use it'),
});

export const BloodworkData = z.object({
  patient: z.object({ sex: z.enum(['male', 'female']), age: z.int() }),
  results: z.array(BloodworkResult),
  unmatched: z.array(BloodworkUnmatched),
  summary: z.object({
    tests: z.int(),
    matched: z.int(),
    unmatched: z.int(),
    not_evaluated: z.int(),
    normal: z.int(),
    low: z.int(),
    high: z.int(),
    critical_low: z.int(),
    critical_high: z.int(),
    decision_flags: z.int().describe('results that meet a clinical decision threshold'),
  }),
  range_note: z
    .string()
    .describe('what the reference ranges are and are not (one institution, adult, no sex/age adjustment)'),
  warnings: z.array(z.string()),
  ...ToolResultTail,
});
export type BloodworkData = z.infer<typeof BloodworkData>;
