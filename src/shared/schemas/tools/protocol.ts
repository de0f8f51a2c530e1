import { z } from 'zod';
import { CATEGORIES, EVIDENCE_GRADES, INTERACTION_SEVERITIES, STATUSES } from '../../enums.ts';
import { Slug } from '../common.ts';
import { Quantity, SaveFlag, ToolResultTail } from './common.ts';
import { InteractionEntry, ResolvedSubstance, SubstanceName, Suggestion } from './interactions.ts';
import { DOSE_STATUSES } from './peptide-stack.ts';

/**
 * Protocol outline: 1–6 compounds, a duration and a goal → phases (start or titration, maintenance, taper or washout
 * when the monograph's text calls for it), a week-by-week schedule, monitoring labs drawn from the monographs' safety
 * text, stop criteria and interaction warnings. Editorial planning material, never a prescription.
 */

export const ProtocolRequest = z.strictObject({
  compounds: z.array(Slug).min(1, 'give at least one compound').max(6, 'at most 6 compounds')
    .refine((c) => new Set(c).size === c.length, 'compounds must not repeat')
    .describe('compound slugs, e.g. ["sertraline", "omega-3-fish-oil"]'),
  duration_weeks: z.int().min(1).max(52).describe('planned length in weeks (1–52)'),
  goal: z.string().trim().min(1, 'must not be empty').max(200).describe('what the protocol is for, in plain words ("depression", "weight management"); used to pick a monograph indication'),
  current_medications: z.array(SubstanceName).max(30).default([]).describe('other medicines taken, checked for interactions with the protocol'),
  ...SaveFlag,
});
export type ProtocolRequest = z.input<typeof ProtocolRequest>;

export const PHASES = ['start', 'titration', 'maintenance', 'taper', 'washout'] as const;

export const ProtocolPhase = z.object({
  phase: z.enum(PHASES),
  from_week: z.int(),
  to_week: z.int(),
  length: Quantity.describe('in weeks'),
  instructions: z.string(),
});

export const ProtocolCompound = z.object({
  slug: z.string(),
  name: z.string(),
  category: z.enum(CATEGORIES),
  status: z.enum(STATUSES),
  evidence_grade: z.enum(EVIDENCE_GRADES),
  source: z.enum(['monograph', 'compound_record']).describe('what the protocol for this compound is built from'),
  limited: z.boolean().describe('true without a monograph: no graded serious side effects, contraindications or dosing notes'),
  limitation: z.string().nullable(),
  dose: z.object({
    text: z.string().describe('the dose as the source states it'),
    amount: Quantity.nullable().describe('the compound record\'s dose; null when none is established or it is not a human dose'),
    dose_status: z.enum(DOSE_STATUSES),
    frequency: z.string(),
    route: z.array(z.string()),
    basis: z.enum(['indication', 'monograph', 'compound_record']).describe('indication: the monograph indication matching the goal'),
    indication: z.object({ condition: z.string(), evidence_grade: z.enum(EVIDENCE_GRADES), typical_dosage: z.string(), duration: z.string() }).nullable(),
    loading_dose: z.string().nullable(),
  }),
  goal_match: z.string().describe('how the goal was matched to the monograph\'s indications'),
  titration: z.object({
    detected: z.boolean(),
    step_interval: Quantity.nullable().describe('shortest interval between dose steps the text names, in weeks'),
    text: z.array(z.string()),
  }),
  taper: z.object({ required: z.boolean(), reasons: z.array(z.string()) }),
  washout: z.object({ detected: z.boolean(), text: z.array(z.string()) }),
  phases: z.array(ProtocolPhase),
  studied_duration: z.string(),
  contraindications: z.array(z.string()).describe('check before starting (monograph only)'),
  warnings: z.array(z.string()),
});

export const ReferenceRange = z.object({
  test: z.string(),
  loinc: z.string(),
  low: Quantity.nullable(),
  high: Quantity.nullable(),
  text: z.string().nullable(),
});

export const MonitoringLab = z.object({
  panel: z.string(),
  tests: z.array(ReferenceRange).describe('LOINC-coded tests with the source\'s normal range (adults, not treatment targets)'),
  reasons: z.array(z.object({ slug: z.string(), field: z.string(), text: z.string() })).describe('the monograph text that calls for it'),
  timing: z.string(),
});

export const StopCriterion = z.object({
  slug: z.string(),
  name: z.string(),
  criterion: z.string(),
  frequency: z.enum(['very_common', 'common', 'uncommon', 'rare', 'unknown']),
  notes: z.string().nullable(),
  source: z.enum(['monograph_serious_side_effect', 'monograph_dosing_note', 'compound_side_effect']),
});

export const ProtocolData = z.object({
  goal: z.string(),
  duration: Quantity,
  editorial: z.literal(true),
  disclaimer: z.string(),
  compounds: z.array(ProtocolCompound),
  schedule: z.array(z.object({
    week: z.int(),
    items: z.array(z.object({ slug: z.string(), phase: z.enum(PHASES) })),
    events: z.array(z.string()),
  })),
  monitoring: z.array(MonitoringLab),
  stop_criteria: z.array(StopCriterion),
  interactions: z.array(InteractionEntry),
  highest_severity: z.enum([...INTERACTION_SEVERITIES, 'none']),
  medications: z.array(ResolvedSubstance),
  unmatched_medications: z.array(z.object({ input: z.string(), suggestions: z.array(Suggestion) })),
  warnings: z.array(z.string()),
  ...ToolResultTail,
});
export type ProtocolData = z.infer<typeof ProtocolData>;
