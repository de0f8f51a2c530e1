import { z } from 'zod';

/** Every tool says which formula or data source it used (issue: tools cite their method). */
export const ToolMethod = z.object({
  name: z.string().describe('the formula or data source, e.g. "Levine 2018 PhenoAge"'),
  reference: z.string().describe('full citation of the published formula or dataset'),
});

/** Add to every tool request: `save: true` stores the result in the user database and returns its id. */
export const SaveFlag = {
  save: z
    .boolean()
    .default(false)
    .describe('store this result locally (for insights); the response then carries saved_result_id'),
};

/** A value with its unit, the shape tools use for every number a clinician reads. */
export const Quantity = z.object({ value: z.number(), unit: z.string() });

/** Common tail of every tool response's data. */
export const ToolResultTail = {
  method: ToolMethod,
  interpretation: z.string().describe('short plain-language summary; editorial, not a diagnosis'),
  saved_result_id: z.string().nullable(),
};
