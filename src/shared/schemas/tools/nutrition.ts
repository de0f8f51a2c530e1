import { z } from 'zod';
import { Quantity, SaveFlag, ToolResultTail } from './common.ts';

export const NutritionItemInput = z.strictObject({
  food: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(200)
    .describe('free text ("apple", "cheddar cheese", "white rice cooked") or a USDA SR28 NDB number ("09003")'),
  amount: z.number().gt(0, 'must be greater than 0').max(10_000).describe('how many `unit`s'),
  unit: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(60)
    .describe(
      'g, kg, mg, oz, lb; ml, l, cup, tbsp, tsp, fl oz; or a household measure of the food (slice, piece, medium, large, …)',
    ),
});

export const NutritionRequest = z.strictObject({
  items: z
    .array(NutritionItemInput)
    .min(1, 'give at least one item')
    .max(50, 'at most 50 items per request')
    .describe('foods eaten; unknown foods and unavailable measures are reported, not rejected'),
  ...SaveFlag,
});
export type NutritionRequest = z.input<typeof NutritionRequest>;

export const NutrientAmount = z.object({
  key: z.string().describe('stable key, e.g. "energy", "protein", "vitamin_d"'),
  name: z.string(),
  nutr_no: z.string().describe('USDA SR28 nutrient number'),
  amount: Quantity.nullable().describe('null: not analysed for this food in SR28 (never read as zero)'),
  daily_value: Quantity.nullable().describe('FDA 2016 Daily Value; null when FDA sets none (energy, total sugars)'),
  percent_dv: z.number().nullable(),
});

const MacroPart = z.object({ energy: Quantity, percent: z.number().nullable() });
export const MacroEnergy = z.object({
  protein: MacroPart,
  fat: MacroPart,
  carbohydrate: MacroPart,
  alcohol: MacroPart,
  total_from_factors: Quantity.describe('sum of the four parts'),
  energy_reported: Quantity.nullable().describe('the SR28 energy value (food-specific factors), for comparison'),
  factors: z.string(),
});

const FoodRef = z.object({ ndb_no: z.string(), description: z.string(), food_group: z.string() });

export const NutritionItem = z.object({
  index: z.int().describe('position in the request'),
  input: z.object({ food: z.string(), amount: z.number(), unit: z.string() }),
  food: FoodRef,
  match: z.object({
    by: z
      .enum(['ndb_no', 'curated', 'text'])
      .describe(
        'ndb_no: the number given; curated: our plain-form default for a staple word ("milk" → whole milk); text: the best text score',
      ),
    score: z
      .number()
      .describe(
        '0–1 text score (coverage, position, brevity, raw form; see the tool docs); 1 for an NDB number or a curated default',
      ),
    alternatives: z
      .array(z.object({ ndb_no: z.string(), description: z.string(), score: z.number() }))
      .describe('next best text matches; send an NDB number to pick one'),
  }),
  portion: z.object({
    grams: z.number(),
    measure: z.string().nullable().describe('the USDA household measure used, null for mass units'),
    method: z.string().describe('how the grams were obtained'),
  }),
  nutrients: z.array(NutrientAmount),
  macro_energy: MacroEnergy,
});

export const NutritionTotal = NutrientAmount.extend({
  complete: z.boolean().describe('false when some items had no analysed value: the amount is then a partial sum'),
  not_analysed_in: z.array(z.int()).describe('indexes of items with no value for this nutrient'),
});

export const NutritionData = z.object({
  items: z.array(NutritionItem),
  totals: z.object({
    grams: Quantity,
    nutrients: z.array(NutritionTotal),
    macro_energy: MacroEnergy,
  }),
  unmatched: z
    .array(
      z.object({
        index: z.int(),
        food: z.string(),
        suggestions: z.array(z.object({ ndb_no: z.string(), description: z.string(), score: z.number() })),
      }),
    )
    .describe('foods we could not identify'),
  unresolved: z
    .array(
      z.object({
        index: z.int(),
        food: FoodRef,
        unit: z.string(),
        reason: z.string(),
        available_measures: z.array(z.object({ measure: z.string(), amount: z.number(), grams: z.number() })),
      }),
    )
    .describe('foods found whose unit could not be turned into grams'),
  daily_values_reference: z.string(),
  ...ToolResultTail,
});
export type NutritionData = z.infer<typeof NutritionData>;
