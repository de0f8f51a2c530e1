import { z } from 'zod';
import { CATEGORIES, EVIDENCE_GRADES, INTERACTION_SEVERITIES, INTERACTION_SOURCES, STATUSES } from '../../enums.ts';
import { SaveFlag, ToolResultTail } from './common.ts';

/**
 * Interaction checker: 2–30 substances by name, slug or synonym. Each is resolved to our compound records and/or
 * DDInter drugs (directly or through DrugBank synonyms); every pair is checked against DDInter and against the
 * editorial interaction lists of our compound records (which also name supplements and foods).
 */

export const SubstanceName = z.string().trim().min(1, 'must not be empty').max(128)
  .describe('a substance as the user knows it: name, brand, synonym or compound slug ("warfarin", "Coumadin", "st-johns-wort")');

export const InteractionsRequest = z.strictObject({
  substances: z.array(SubstanceName).min(2, 'give at least two substances').max(30, 'at most 30 substances')
    .describe('substances to check against each other (duplicates are reported, not checked twice)'),
  ...SaveFlag,
});
export type InteractionsRequest = z.input<typeof InteractionsRequest>;

export const MATCH_KINDS = ['slug', 'name', 'alt_name', 'drugbank', 'ddinter_name', 'drugbank_synonym'] as const;

export const ResolvedSubstance = z.object({
  input: z.string().describe('as given'),
  status: z.enum(['compound', 'ddinter', 'unmatched']).describe('compound: one of our records (possibly also DDInter); ddinter: a DDInter drug only; unmatched: neither'),
  matched_via: z.enum(MATCH_KINDS).nullable().describe('how the name was recognised: our slug, name, alternative name or DrugBank synonym; a DDInter name; a DrugBank synonym of a DDInter drug'),
  compound: z.object({
    slug: z.string(),
    name: z.string(),
    category: z.enum(CATEGORIES),
    status: z.enum(STATUSES),
    evidence_grade: z.enum(EVIDENCE_GRADES),
  }).nullable(),
  ddinter: z.array(z.object({ id: z.string(), name: z.string() })).describe('the DDInter drugs this substance is'),
  duplicate_of: z.string().nullable().describe('the earlier input naming the same substance; duplicates are not checked again'),
});

export const InteractionEntry = z.object({
  a: z.object({ input: z.string(), name: z.string() }),
  b: z.object({ input: z.string(), name: z.string() }),
  severity: z.enum(INTERACTION_SEVERITIES).describe('major (avoid or act), moderate (monitor or adjust), minor, unknown (DDInter lists the pair without a level)'),
  source: z.enum(INTERACTION_SOURCES).describe('ddinter: a DDInter pair; editorial: the interaction list of our compound record'),
  listed_as: z.string().describe('the DDInter pair ("Warfarin + Acetylsalicylic acid") or the substance text of the editorial entry'),
  record: z.string().nullable().describe('editorial entries: slug of the compound record that lists it'),
  matched_class: z.string().nullable().describe('editorial entries that apply through a drug class the text names (e.g. "SSRIs" for sertraline): the class; null for a match by name'),
  notes: z.string(),
});

export const Suggestion = z.object({
  name: z.string(),
  slug: z.string().nullable().describe('our compound slug, or null for a DDInter-only drug'),
  source: z.enum(['compound', 'ddinter']),
  match: z.enum(['typo', 'prefix']).describe('typo: within 1–2 edits (names of 5+ letters); prefix: the input begins the name'),
  distance: z.int().nullable().describe('edit distance for typo matches'),
});

export const InteractionsData = z.object({
  substances: z.array(ResolvedSubstance),
  interactions: z.array(InteractionEntry).describe('every interacting pair found, most severe first'),
  highest_severity: z.enum([...INTERACTION_SEVERITIES, 'none']).describe('most severe level found (major > moderate > minor > unknown); none when no pair is listed'),
  counts: z.object({ major: z.int(), moderate: z.int(), minor: z.int(), unknown: z.int() }).describe('interaction entries per severity'),
  pairs_checked: z.int().describe('distinct substance pairs checked'),
  unmatched: z.array(z.object({ input: z.string(), suggestions: z.array(Suggestion) }))
    .describe('names neither in our records nor in DDInter; they were still searched for in the editorial interaction texts'),
  duplicates: z.array(z.object({ input: z.string(), same_as: z.string() })),
  ...ToolResultTail,
});
export type InteractionsData = z.infer<typeof InteractionsData>;
