import { z } from 'zod';
import { CATEGORIES, EVIDENCE_GRADES, INTERACTION_SEVERITIES, INTERACTION_SOURCES, STATUSES } from '../../enums.ts';
import { SaveFlag, ToolResultTail } from './common.ts';

/**
 * Interaction checker: 2–30 substances as people write them (generic, brand, salt, class word, food, a typo). Every
 * pair is judged once by the pair model (docs/interactions.md): the most severe level any source gives, with every
 * source's own level, a "sources disagree" flag, the best mechanism and management text, and the coverage of the
 * sources consulted. A name that cannot be resolved makes the answer at least `unknown`, never `none`.
 */

export const SubstanceName = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(256)
  .describe(
    'a substance as the user knows it, or a medication line as a record writes it: name, brand, salt, class word, food or compound slug, with or without dose, form and frequency ("warfarin", "Coumadin", "lithium", "statins", "grapefruit juice", "Simvastatin 40mg ON", "co-codamol 30/500 QDS PRN")',
  );

export const InteractionsRequest = z
  .strictObject({
    substances: z
      .array(SubstanceName)
      .min(2, 'give at least two substances')
      .max(30, 'at most 30 substances')
      .optional()
      .describe(
        'substances or medication lines to check against each other (duplicates are reported, not checked twice); required unless `list` is given',
      ),
    list: z
      .string()
      .trim()
      .min(1, 'must not be empty')
      .max(10_000)
      .describe(
        'a pasted medication list: one line each, or separated by commas or semicolons; read as `substances` (2–30 lines)',
      )
      .optional(),
    ...SaveFlag,
  })
  .superRefine((v, ctx) => {
    if (v.substances === undefined && v.list === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['substances'],
        message: 'give `substances` (2–30 names) or `list` (a pasted medication list)',
      });
    if (v.substances !== undefined && v.list !== undefined)
      ctx.addIssue({ code: 'custom', path: ['list'], message: 'give either `substances` or `list`, not both' });
  });
export type InteractionsRequest = z.input<typeof InteractionsRequest>;

export const MATCH_VIAS = [
  'slug',
  'name',
  'alt_name',
  'drugbank',
  'alias',
  'abbreviation',
  'drugbank_synonym',
  'ddinter',
  'onc',
  'nlm',
  'atc',
  'rule',
  'compound',
  'food',
  'brand',
  'class',
  'salt',
  'typo',
] as const;

export const InteractionSeverity = z
  .enum(INTERACTION_SEVERITIES)
  .describe(
    'contraindicated (never combine) > major (avoid, or act on it) > moderate (monitor or adjust) > minor > unknown (listed without a level)',
  );
export const HighestSeverity = z
  .enum([...INTERACTION_SEVERITIES, 'none'])
  .describe(
    'most severe level of any pair; unknown when a name could not be resolved and nothing worse was found; none only when every name was resolved and no source lists any pair',
  );

export const CheckedSubstance = z.object({
  input: z.string().describe('as given'),
  status: z.enum(['resolved', 'unresolved']),
  kind: z
    .enum(['compound', 'drug', 'class'])
    .nullable()
    .describe(
      'compound: one of our records; drug: a substance our sources know that we carry no record for; class: a class word ("statins"), checked through its members',
    ),
  name: z.string().describe('how the answer names it'),
  matched_via: z
    .enum(MATCH_VIAS)
    .nullable()
    .describe(
      'how the name was recognised: our slug, name or alternative name; a DrugBank name or synonym (INN/USAN variants); a DDInter, ONC, NLM, WHO ATC or rule name; an alias; a clinical abbreviation (vocabulary table); a food read as the nutrient that matters (SR28); a brand (Drugs@FDA or the vocabulary table of UK, IE, CA, AU and NZ brands); a class word; the name without its salt; a typo',
    ),
  notice: z
    .string()
    .nullable()
    .describe(
      'set when the name was read as something else (a typo, a brand, a salt form, a class): say so to the user',
    ),
  compound: z
    .object({
      slug: z.string(),
      name: z.string(),
      category: z.enum(CATEGORIES),
      status: z.enum(STATUSES),
      evidence_grade: z.enum(EVIDENCE_GRADES),
    })
    .nullable(),
  ingredients: z
    .array(z.object({ key: z.string(), name: z.string() }))
    .describe('active ingredients (a combination brand has several; a class lists its members)'),
  ddinter: z.array(z.object({ id: z.string(), name: z.string() })).describe('the DDInter drugs these ingredients are'),
  duplicate_of: z
    .string()
    .nullable()
    .describe('the earlier input naming the same substance; duplicates are not checked again'),
  read_as: z
    .object({
      line: z
        .enum(['resolved', 'partial', 'unresolved', 'note'])
        .describe('resolved: every name in the line read; partial: some words were not read (see unread)'),
      strength: z.string().nullable().describe('as read: "40 mg", "30/500 mg", "0.5%"'),
      form: z.string().nullable(),
      release: z.string().nullable().describe('"modified release" for MR/ER/XR/SR/CR/XL'),
      route: z
        .string()
        .nullable()
        .describe(
          'oral, ophthalmic, inhaled, topical, transdermal, subcutaneous, intravenous …, from the line or its form',
        ),
      frequency: z.string().nullable().describe('"twice a day", "at night", "once a week" …'),
      as_needed: z.boolean(),
      status: z
        .enum(['stopped', 'held'])
        .nullable()
        .describe('the line says the medicine was stopped or is on hold (it is still checked)'),
      unread: z.array(z.string()).describe('words that looked like a name and were not read'),
    })
    .nullable()
    .describe(
      'what the entry said besides the name, read as a medication line, so a reader can check it ("Simvastatin · 40 mg · at night")',
    ),
});

export const PairSource = z.object({
  source: z
    .enum(INTERACTION_SOURCES)
    .describe(
      'editorial: our compound record; ddinter; onc_high_priority / onc_non_interruptive: the ONC lists; nlm_spl: an FDA label sentence (NLM corpus); class_rule: our editorial class rule',
    ),
  severity: InteractionSeverity.describe("this source's level on our scale"),
  level: z
    .string()
    .describe(
      "the source's own words: DDInter's level, the ONC list, the label sentence's trigger types, the rule id, the record's severity",
    ),
  listed_as: z
    .string()
    .describe(
      "what the source lists: the drug pair, the record entry's substance text, the member pair a class rule matched",
    ),
  reference: z.string(),
  record: z.string().nullable().describe('editorial: slug of the compound record'),
  rule: z.string().nullable().describe('class_rule: the rule id'),
  basis: z.array(z.string()).describe('class_rule: the label sections, ONC group or FDA table the rule rests on'),
});

export const InteractionPair = z.object({
  a: z.object({ input: z.string(), name: z.string() }),
  b: z.object({ input: z.string(), name: z.string() }),
  severity: InteractionSeverity.describe('the most severe level any source gives for this pair'),
  sources_disagree: z.boolean().describe('true when the sources give different levels (unknown aside)'),
  sources: z.array(PairSource).describe("each source's most severe finding for the pair, most severe first"),
  mechanism: z
    .string()
    .nullable()
    .describe(
      'from the most severe source with text (class rule, label sentence, our record); null when only DDInter/ONC list the pair',
    ),
  management: z.string().nullable(),
  text_from: z.enum(INTERACTION_SOURCES).nullable(),
});

export const NameSuggestion = z.object({
  name: z.string(),
  slug: z.string().nullable().describe('our compound slug, or null for a substance we carry no record for'),
  match: z
    .enum(['typo', 'prefix'])
    .describe('typo: within 1–2 edits (names of 5+ letters); prefix: the input begins the name'),
  distance: z.int().nullable().describe('edit distance for typo matches'),
});

export const InteractionCoverage = z.object({
  sources: z
    .array(
      z.object({
        id: z.enum(INTERACTION_SOURCES),
        name: z.string(),
        records: z.int().describe('pairs, rules or records this source holds in the content database'),
        lacks: z.string().describe('what this source does not cover'),
      }),
    )
    .describe('every source consulted for every pair'),
  not_in_ddinter: z
    .array(z.string())
    .describe('resolved substances DDInter does not list at all: only the other sources could speak for them'),
  little_coverage: z
    .array(z.string())
    .describe(
      'resolved substances our sources hold fewer than 10 pair records for (DDInter, ONC lists, FDA label sentences): ' +
        '"none listed" says little about them; shown first, before any "no interaction listed"',
    ),
  unresolved: z
    .array(z.string())
    .describe("names that could not be resolved: nothing but our records' texts could be searched for them"),
  statement: z
    .string()
    .describe('one sentence on what the answer does and does not cover; show it whenever no interaction is found'),
});

const SeverityCounts = z.object({
  contraindicated: z.int(),
  major: z.int(),
  moderate: z.int(),
  minor: z.int(),
  unknown: z.int(),
});

export const InteractionsData = z.object({
  substances: z.array(CheckedSubstance),
  pairs: z.array(InteractionPair).describe('one verdict per interacting pair, most severe first'),
  highest_severity: HighestSeverity,
  counts: SeverityCounts.describe('pairs per severity'),
  pairs_checked: z.int().describe('distinct substance pairs checked'),
  unresolved: z
    .array(z.object({ input: z.string(), suggestions: z.array(NameSuggestion) }))
    .describe('names that could not be resolved, with close names'),
  duplicates: z.array(z.object({ input: z.string(), same_as: z.string() })),
  coverage: InteractionCoverage,
  not_medicines: z
    .array(z.string())
    .describe(
      'entries read as a heading or note rather than a medicine ("Allergies: NKDA", "Review in 3 months"): not checked',
    ),
  ...ToolResultTail,
});
export type InteractionsData = z.infer<typeof InteractionsData>;
export type InteractionPair = z.infer<typeof InteractionPair>;
