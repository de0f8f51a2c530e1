import { z } from 'zod';
import {
  CATEGORIES,
  EVIDENCE_GRADES,
  INTERACTION_SEVERITIES,
  INTERACTION_SOURCES,
  SIDE_EFFECT_FREQUENCIES,
} from '../enums.ts';
import { EditorialSources, PageMeta, QueryInt, Slug, success, successWithMeta } from './common.ts';
import { MAX_OFFSET } from './common.ts';

/** Element of `common_side_effects` / `serious_side_effects` (the spec leaves it open; docs/content.md). */
export const SideEffect = z.object({
  effect: z.string(),
  frequency: z.enum(SIDE_EFFECT_FREQUENCIES),
  notes: z.string().optional(),
});

/** Element of the three interaction arrays of a monograph (docs/content.md). */
export const MonographInteraction = z.object({
  substance: z.string(),
  severity: z.enum(INTERACTION_SEVERITIES),
  effect: z.string(),
  management: z.string(),
  source: z
    .enum(INTERACTION_SOURCES)
    .describe(
      "editorial: written by us; otherwise the source the pair model took the entry from; severity is the pair model's verdict (docs/interactions.md)",
    ),
});

/** Basis entries, numbered from 1 as `sources.basis` is printed; [] when no listed source clearly supports the claim. */
const ClaimCitations = z.array(z.array(z.int().min(1)));

/**
 * Which basis entries each claim rests on, parallel to the claim arrays (docs/api.md "Monographs"). An addition to the
 * spec's monograph: the spec's fields keep their shape and `sources.basis` still covers the monograph as a whole.
 */
export const MonographClaimSources = z.object({
  clinical_outcomes: ClaimCitations.describe(
    'one list per entry of clinical_evidence.clinical_outcomes, in the same order',
  ),
  indications: ClaimCitations.describe('one list per entry of indications, in the same order'),
});
export type MonographClaimSources = z.infer<typeof MonographClaimSources>;

export const MonographSources = EditorialSources.extend({
  claims: MonographClaimSources.nullable().describe(
    "per-claim sources: numbers of sources.basis entries, counted from 1; null when this monograph's claims are not yet mapped to its sources",
  ),
});

/** Basis entries (numbered from 1, as sources.basis is printed) that a point-of-care statement rests on; never empty. */
const Cites = z.array(z.int().min(1)).min(1);

/**
 * The point-of-care card (issues 27/28): what a prescriber checks first, as structured fields, each statement tied to
 * the basis entries it rests on. An addition to the spec's monograph; null for monographs not yet written this way.
 */
export const PointOfCare = z.object({
  adult_dosing: z
    .array(z.object({ indication: z.string(), dose: z.string(), max_dose: z.string().nullable(), basis: Cites }))
    .min(1),
  renal: z.object({
    measure: z
      .enum(['CrCl', 'eGFR', 'CrCl or eGFR'])
      .nullable()
      .describe("the kidney measure the label's thresholds use; null when no adjustment is needed"),
    bands: z.array(z.object({ range: z.string(), advice: z.string() })),
    note: z.string().nullable(),
    basis: Cites,
  }),
  hepatic: z.object({
    bands: z.array(z.object({ range: z.string(), advice: z.string() })),
    note: z.string().nullable(),
    basis: Cites,
  }),
  boxed_warnings: z.array(z.object({ text: z.string(), basis: Cites })),
  pregnancy: z.object({ text: z.string(), basis: Cites }),
  lactation: z.object({ text: z.string(), basis: Cites }),
  monitoring: z.array(z.object({ text: z.string(), basis: Cites })),
  overdose: z.object({
    text: z.string(),
    antidotes: z.array(z.object({ name: z.string(), dose: z.string().nullable() })),
    emergency_topic: z
      .string()
      .nullable()
      .describe('id of the emergency-management topic (GET /v1/emergency/{id}) that covers this overdose'),
    basis: Cites,
  }),
});
export type PointOfCare = z.infer<typeof PointOfCare>;

export const Monograph = z.object({
  slug: z.string(),
  name: z.string(),
  full_name: z.string(),
  classification: z.object({ type: z.string(), category: z.enum(CATEGORIES), subcategory: z.string() }),
  structure: z.object({
    molecular_formula: z.string().nullable(),
    molecular_weight: z.number().nullable(),
    sequence: z.string().nullable(),
    type: z.string(),
  }),
  mechanism_of_action: z.array(z.string()),
  clinical_evidence: z.object({
    evidence_grade: z.enum(EVIDENCE_GRADES),
    human_studies: z
      .int()
      .describe(
        'documents in this library linked to the compound whose study design is a human one (trial, cohort, case-control, cross-sectional, case report, meta-analysis); not a count of the human studies that exist',
      ),
    preclinical_studies: z
      .int()
      .describe('documents in this library linked to the compound whose study design is animal or in vitro'),
    clinical_outcomes: z.array(z.string()),
  }),
  indications: z.array(
    z.object({
      condition: z.string(),
      evidence_grade: z.enum(EVIDENCE_GRADES),
      typical_dosage: z.string(),
      duration: z.string(),
    }),
  ),
  dosing: z.object({
    route: z.array(z.string()),
    typical_dose: z.string(),
    loading_dose: z.string().nullable(),
    frequency: z.string(),
    duration: z.string(),
    notes: z.string(),
  }),
  safety_profile: z.object({
    adverse_events: z.string(),
    common_side_effects: z.array(SideEffect),
    serious_side_effects: z.array(SideEffect),
    contraindications: z.array(z.string()),
    fda_status: z.string(),
  }),
  interactions: z.object({
    drug_interactions: z.array(MonographInteraction),
    supplement_interactions: z.array(MonographInteraction),
    food_interactions: z.array(MonographInteraction),
  }),
  cost_estimate: z.string(),
  related_compounds: z.array(z.string()),
  point_of_care: PointOfCare.nullable().describe(
    'structured point-of-care fields with per-statement sources; null when not yet written',
  ),
  research_papers: z
    .int()
    .describe(
      "all documents in this library linked to the compound (the same number as the compound record's research_count); human_studies and preclinical_studies are subsets",
    ),
  sources: MonographSources,
  last_updated: z.string(),
});
export type Monograph = z.infer<typeof Monograph>;

export const MonographResponse = success(Monograph);

export const MonographListItem = z.object({
  slug: z.string(),
  name: z.string(),
  full_name: z.string(),
  category: z.enum(CATEGORIES),
  evidence_grade: z.enum(EVIDENCE_GRADES),
  last_updated: z.string(),
});
export type MonographListItem = z.infer<typeof MonographListItem>;

export const MonographListQuery = z.strictObject({
  q: z.string().trim().min(1).max(256).optional(),
  category: z.enum(CATEGORIES).optional(),
  evidence_grade: z.enum(EVIDENCE_GRADES).optional(),
  limit: QueryInt(1, 100, 20),
  offset: QueryInt(0, MAX_OFFSET, 0),
});
export type MonographListQuery = z.input<typeof MonographListQuery>;

export const MonographListResponse = successWithMeta(z.array(MonographListItem), PageMeta);
export type MonographListResponse = z.infer<typeof MonographListResponse>;

export const MonographSlugParams = z.strictObject({ slug: Slug });
