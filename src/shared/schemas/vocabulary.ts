import { z } from 'zod';
import { QueryInt, success } from './common.ts';

/**
 * Name suggestions while typing (the interaction tool's autocomplete, scripts that validate a list): what a partial
 * or misspelt name could be, named as the interaction checker would name it, from the same vocabulary that reads lines.
 */
export const NameSuggestQuery = z.strictObject({
  q: z
    .string()
    .trim()
    .min(2, 'type at least 2 characters')
    .max(128)
    .describe('the name as typed so far (a dose or frequency after it is ignored)'),
  limit: QueryInt(1, 20, 8),
});
export type NameSuggestQuery = z.input<typeof NameSuggestQuery>;

export const NameSuggestion = z.object({
  name: z.string().describe('how the checker names the substance'),
  slug: z.string().nullable().describe('our compound slug, or null for a substance we carry no record for'),
  match: z
    .enum(['exact', 'prefix', 'typo'])
    .describe('exact: the text already names it; prefix: the text begins one of its names; typo: within 1–2 edits'),
  written: z.string().describe('the spelling that matched (a brand, an abbreviation, a synonym)'),
});

export const NameSuggestResponse = success(
  z.object({
    query: z.string().describe('the name part read from q'),
    items: z.array(NameSuggestion),
  }),
);
export type NameSuggestResponse = z.infer<typeof NameSuggestResponse>;
