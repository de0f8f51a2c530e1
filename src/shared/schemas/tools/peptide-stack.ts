import { z } from 'zod';
import { CATEGORIES, EVIDENCE_GRADES, STATUSES } from '../../enums.ts';
import { Quantity, SaveFlag, ToolResultTail } from './common.ts';
import {
  CheckedSubstance,
  HighestSeverity,
  InteractionCoverage,
  InteractionPair,
  NameSuggestion,
  SubstanceName,
} from './interactions.ts';

/**
 * Stack builder: goals (compound subcategories such as healing, sleep, cognitive) and constraints → a stack chosen
 * from the knowledge base by goal fit and evidence grade, screened for interactions within the stack and with the
 * user's medications (no interaction of moderate severity or worse, no therapeutic duplication), with dosing, timing,
 * rationale and warnings per compound. Compounds not for human use, SARMs and anabolic steroids need an explicit opt-in.
 * A compound fits a goal when the goal is its subcategory (its main use): matching benefit texts was tried and
 * rejected, because benefit lines also state null results ("no evidence of cognitive enhancement").
 */

export const Goal = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[a-z]+(?:[_-][a-z]+)*$/, 'must be a lowercase subcategory such as healing, sleep or cognitive')
  .describe(
    'a compound subcategory (healing, sleep, cognitive, metabolic, muscle_growth, …); "-" and "_" are interchangeable',
  );

export const StackConstraints = z.strictObject({
  max_compounds: z.int().min(1).max(6).default(3).describe('largest stack to build (1–6)'),
  min_evidence_grade: z
    .enum(EVIDENCE_GRADES)
    .default('B')
    .describe('weakest evidence grade allowed: A (strongest) … E (theoretical); default B; E allows all'),
  exclude_categories: z
    .array(z.enum(CATEGORIES))
    .max(CATEGORIES.length)
    .default([])
    .describe('categories never to choose (e.g. sarm, steroid)'),
  categories: z
    .array(z.enum(CATEGORIES))
    .min(1)
    .max(CATEGORIES.length)
    .optional()
    .describe('choose only from these categories (e.g. ["peptide"]); default all'),
  exclude_compounds: z.array(SubstanceName).max(50).default([]).describe('compounds never to choose, by slug or name'),
  current_medications: z
    .array(SubstanceName)
    .max(30)
    .default([])
    .describe(
      "what the person already takes, by name; candidates that interact with any of them (moderate or worse) or duplicate one's action are dropped",
    ),
  include_approved_medicines: z
    .boolean()
    .default(false)
    .describe(
      'also choose approved therapeutic medicines (status approved, type therapeutic); they belong to a prescriber, so they are left out by default',
    ),
  include_research_only: z
    .boolean()
    .default(false)
    .describe('also choose research-only compounds (not approved for human use, unverified products); off by default'),
  include_veterinary_only: z
    .boolean()
    .default(false)
    .describe('also choose compounds approved or marketed only for animals; off by default'),
  include_sarms: z
    .boolean()
    .default(false)
    .describe('also choose SARMs (selective androgen receptor modulators); off by default'),
  include_anabolic_steroids: z
    .boolean()
    .default(false)
    .describe(
      'also choose anabolic-androgenic steroids (testosterone and its derivatives); off by default. Each opt-in admits only its own kind: a research-only SARM needs include_sarms and include_research_only',
    ),
});

export const PeptideStackRequest = z.strictObject({
  goals: z
    .array(Goal)
    .min(1, 'give at least one goal')
    .max(5, 'at most 5 goals')
    .refine((g) => new Set(g.map((x) => x.replace(/-/g, '_'))).size === g.length, 'goals must not repeat')
    .describe('what the stack is for, in priority order; each goal gets a turn when compounds are chosen'),
  constraints: StackConstraints.prefault({}),
  ...SaveFlag,
});
export type PeptideStackRequest = z.input<typeof PeptideStackRequest>;

export const STACK_WARNING_KINDS = [
  'research_only',
  'investigational',
  'approved_medicine',
  'wada',
  'low_evidence',
  'dose_not_established',
  'interaction',
] as const;

export const DOSE_STATUSES = ['established', 'trial_only', 'animal_or_nonclinical', 'none_established'] as const;

export const TIMING_SLOTS = ['morning', 'evening', 'bedtime', 'with_meals', 'empty_stomach', 'pre_exercise'] as const;

export const StackItem = z.object({
  rank: z.int().describe('order of choice (1 = first)'),
  slug: z.string(),
  name: z.string(),
  category: z.enum(CATEGORIES),
  subcategory: z.string(),
  status: z.enum(STATUSES),
  evidence_grade: z.enum(EVIDENCE_GRADES),
  evidence_meaning: z.string(),
  goal: z.string().describe('the goal this compound was chosen for (its subcategory)'),
  dosing: z.object({
    amount: Quantity.nullable().describe(
      "the record's dose; null when no human dose is established or the figure comes from animal or non-clinical use",
    ),
    dose_status: z
      .enum(DOSE_STATUSES)
      .describe(
        'established; trial_only (studied in trials, no approved dose); animal_or_nonclinical; none_established',
      ),
    unit: z.string(),
    frequency: z.string(),
    duration: z.string(),
    route: z.string(),
    note: z.string(),
  }),
  timing: z.object({
    slots: z.array(z.enum(TIMING_SLOTS)).describe('times of day the record names; empty when it names none'),
    text: z.string(),
  }),
  rationale: z.string(),
  warnings: z.array(z.object({ kind: z.enum(STACK_WARNING_KINDS), message: z.string() })),
  has_monograph: z.boolean(),
  duplication_groups: z
    .array(z.string())
    .describe('the therapeutic groups it belongs to (no other member is chosen beside it)'),
});

export const NOT_SELECTED_REASONS = [
  'excluded_compound',
  'excluded_category',
  'category_not_allowed',
  'withdrawn',
  'approved_medicine',
  'below_min_grade',
  'research_only',
  'veterinary_only',
  'sarm',
  'anabolic_steroid',
  'already_taken',
  'therapeutic_duplication',
  'interaction',
] as const;

export const PeptideStackData = z.object({
  goals: z.array(
    z.object({
      goal: z.string(),
      subcategories: z.array(z.string()).describe('the subcategories this goal matched'),
      candidates: z.int().describe('compounds whose main use is this goal, before constraints'),
      chosen: z.int(),
    }),
  ),
  stack: z.array(StackItem),
  not_selected: z
    .array(
      z.object({
        slug: z.string(),
        name: z.string(),
        goal: z.string(),
        evidence_grade: z.enum(EVIDENCE_GRADES),
        reason: z.enum(NOT_SELECTED_REASONS),
        detail: z.string(),
      }),
    )
    .describe(
      'candidates for the goals that a constraint, a duplication or an interaction ruled out (not those left over because the stack was full)',
    ),
  interactions: z
    .array(InteractionPair)
    .describe(
      'one verdict per pair (the pair model) within the stack and between the stack and the medications: only minor or unknown severity',
    ),
  highest_severity: HighestSeverity,
  medications: z.array(CheckedSubstance).describe('how each current medication was read'),
  unmatched_medications: z
    .array(z.object({ input: z.string(), suggestions: z.array(NameSuggestion) }))
    .describe('medications that could not be resolved: not checked, so highest_severity is at least unknown'),
  coverage: InteractionCoverage,
  warnings: z.array(z.string()).describe('stack-wide warnings'),
  empty_reasons: z.array(z.string()).describe('why the stack is empty (empty when it is not)'),
  ...ToolResultTail,
});
export type PeptideStackData = z.infer<typeof PeptideStackData>;
