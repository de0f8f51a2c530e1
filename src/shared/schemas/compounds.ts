import { z } from 'zod';
import {
  CATEGORIES,
  COMPOUND_TYPES,
  EVIDENCE_GRADES,
  INTERACTION_SEVERITIES,
  INTERACTION_SOURCES,
  STATUSES,
} from '../enums.ts';
import { EditorialSources, Limit, Offset, PageMeta, Slug, successWithMeta } from './common.ts';

export const TypicalDosing = z.object({
  amount: z.number().nullable().describe('null when no dose is established; unit and frequency say why'),
  unit: z.string(),
  frequency: z.string(),
  duration: z.string(),
  route: z.string(),
  animal_dose_note: z
    .string()
    .optional()
    .describe('a dose from animal or veterinary use, quoted for context; never a human dose (amount is then null)'),
});

export const CompoundInteraction = z.object({
  substance: z.string(),
  severity: z.enum(INTERACTION_SEVERITIES),
  notes: z.string(),
  source: z
    .enum(INTERACTION_SOURCES)
    .describe(
      "editorial: written by us; otherwise the source the pair model took the entry from (DDInter, ONC, an FDA label sentence, a class rule), for pairs with another compound we carry. Severity is the pair model's verdict (docs/interactions.md)",
    ),
});

/** Spec §2.3. `typical_dosing`, `interactions`, `pubmed_ids` and `research_count` are left out when a search asks so. */
export const CompoundRecord = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  alt_names: z.array(z.string()),
  category: z.enum(CATEGORIES),
  subcategory: z.string(),
  status: z.enum(STATUSES),
  compound_type: z.enum(COMPOUND_TYPES),
  evidence_grade: z.enum(EVIDENCE_GRADES),
  description: z.string(),
  benefits: z.array(z.string()),
  typical_dosing: TypicalDosing.optional(),
  side_effects: z.array(z.string()),
  interactions: z.array(CompoundInteraction).optional(),
  research_count: z.int().optional(),
  pubmed_ids: z.array(z.string()).optional(),
  has_monograph: z.boolean(),
  drugbank_id: z.string().nullable(),
  sources: EditorialSources,
  last_updated: z.string(),
});
export type CompoundRecord = z.infer<typeof CompoundRecord>;

export const CompoundSearchFilters = z.strictObject({
  evidence_grade: z.array(z.enum(EVIDENCE_GRADES)).min(1).max(5).optional(),
  status: z.enum(STATUSES).optional(),
  has_studies: z.boolean().optional(),
});

export const CompoundSearchRequest = z.strictObject({
  query: z.string().trim().min(1, 'must not be empty').max(256),
  category: z.enum(CATEGORIES).optional(),
  subcategory: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[a-z]+(?:[_-][a-z]+)*$/, 'must be a lowercase subcategory such as healing or muscle_growth')
    .optional(),
  limit: Limit(100, 20),
  offset: Offset,
  filters: CompoundSearchFilters.optional(),
  include_interactions: z.boolean().default(true),
  include_research: z.boolean().default(true),
  include_dosing: z.boolean().default(true),
});
export type CompoundSearchRequest = z.input<typeof CompoundSearchRequest>;

export const FiltersApplied = z.object({
  category: z.enum(CATEGORIES).optional(),
  subcategory: z.string().optional(),
  evidence_grade: z.array(z.enum(EVIDENCE_GRADES)).optional(),
  status: z.enum(STATUSES).optional(),
  has_studies: z.boolean().optional(),
});

export const CompoundSearchMeta = PageMeta.extend({
  query: z.string(),
  filters_applied: FiltersApplied,
});

export const CompoundSearchResponse = successWithMeta(z.array(CompoundRecord), CompoundSearchMeta);
export type CompoundSearchResponse = z.infer<typeof CompoundSearchResponse>;

export const CompoundSlugParams = z.strictObject({ slug: Slug });

export const BatchCompoundsRequest = z.strictObject({
  slugs: z.array(z.string().min(1).max(128)).min(1).max(100),
});
export type BatchCompoundsRequest = z.infer<typeof BatchCompoundsRequest>;

export const BatchCompoundsResponse = successWithMeta(
  z.array(CompoundRecord),
  z.object({ requested: z.int(), found: z.int(), missing: z.array(z.string()) }),
);
export type BatchCompoundsResponse = z.infer<typeof BatchCompoundsResponse>;
