/**
 * Shape of the curated content we author by hand under resources/content.
 * The build validates every file against these schemas before anything reaches the database,
 * so a typo in a JSON source fails the build with the file and field named.
 *
 * Fields that must come from data (pubmed_ids, research_count, study counts, evidence grade)
 * are deliberately absent: the build derives them.
 */
import { z } from 'zod';

export const CATEGORIES = [
  'peptide', 'supplement', 'medication', 'sarm', 'steroid',
  'nootropic', 'amino_acid', 'vitamin', 'mineral', 'probiotic',
] as const;

export const STATUSES = ['approved', 'investigational', 'supplement', 'research_only', 'withdrawn'] as const;

export const COMPOUND_TYPES = ['therapeutic', 'nutritional', 'performance', 'cognitive', 'wellness', 'research'] as const;

export const SEVERITIES = ['major', 'moderate', 'minor'] as const;

export const ROUTES = [
  'oral', 'sublingual', 'subcutaneous', 'intramuscular', 'intravenous', 'intranasal',
  'topical', 'transdermal', 'inhaled', 'rectal', 'vaginal', 'buccal',
] as const;

const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'slug: lowercase letters, digits and single hyphens');
const text = z.string().trim().min(1);

/** Inputs of the evidence-grade rubric (docs/content-rubrics.md). */
export const EvidenceProfileSource = z.strictObject({
  /** Approved for at least one indication by the FDA or EMA (current or past). */
  regulatory_approval: z.boolean(),
  /**
   * multiple_consistent: several RCTs or a meta-analysis agreeing on a benefit;
   * some: at least one small RCT or consistent observational human data;
   * mixed: human trials exist but results conflict or are null;
   * none: no controlled human data (case reports and anecdotes do not count).
   */
  human_trials: z.enum(['multiple_consistent', 'some', 'mixed', 'none']),
  /** strong: replicated animal/in-vitro findings; limited: few or small studies; none. */
  preclinical: z.enum(['strong', 'limited', 'none']),
});

export const CompoundSource = z.strictObject({
  slug,
  name: text,
  alt_names: z.array(text),
  /** DrugBank accession when the compound is in the DrugBank open vocabulary; alt names are enriched from it. */
  drugbank_id: z.string().regex(/^DB\d{5}$/).nullable(),
  /** DrugBank synonyms that are wrong or misleading for this entry; the build leaves them out of alt_names. */
  drugbank_exclude: z.array(text).optional(),
  category: z.enum(CATEGORIES),
  /** Free vocabulary in the spec's style: healing, anti-aging, sleep, cognitive, muscle_growth, fat_loss… */
  subcategory: z.string().regex(/^[a-z]+(?:[_-][a-z]+)*$/),
  status: z.enum(STATUSES),
  compound_type: z.enum(COMPOUND_TYPES),
  evidence_profile: EvidenceProfileSource,
  description: text,
  benefits: z.array(text).min(1),
  typical_dosing: z.strictObject({
    /** null when no dose is established (never a placeholder number); unit and frequency then say why. */
    amount: z.number().positive().nullable(),
    unit: text,
    frequency: text,
    duration: text,
    route: z.enum(ROUTES),
  }),
  side_effects: z.array(text).min(1),
  interactions: z.array(z.strictObject({
    substance: text,
    severity: z.enum(SEVERITIES),
    notes: text,
  })),
  /** What the editorial text rests on, e.g. "US prescribing information (Glucophage)". Never a made-up citation. */
  basis: z.array(text).min(1),
});
export type CompoundSource = z.infer<typeof CompoundSource>;

const SideEffect = z.strictObject({
  effect: text,
  frequency: z.enum(['very_common', 'common', 'uncommon', 'rare', 'unknown']),
  notes: z.string().optional(),
});

const MonographInteraction = z.strictObject({
  substance: text,
  severity: z.enum(SEVERITIES),
  effect: text,
  management: text,
});

export const MonographSource = z.strictObject({
  slug,
  full_name: text,
  classification: z.strictObject({ type: text }),
  structure: z.strictObject({
    molecular_formula: z.string().nullable(),
    molecular_weight: z.number().positive().nullable(),
    /** Peptides only: three-letter residues separated by single spaces. */
    sequence: z.string().regex(/^[A-Z][a-z]{2}(?:-?[A-Za-z0-9()]*)?(?: [A-Z][a-z]{2}(?:-?[A-Za-z0-9()]*)?)*$/).nullable(),
    type: z.enum(['small_molecule', 'peptide', 'protein', 'organism', 'botanical_extract', 'mineral_salt', 'mixture']),
  }),
  mechanism_of_action: z.array(text).min(1),
  clinical_outcomes: z.array(text).min(1),
  indications: z.array(z.strictObject({
    condition: text,
    evidence_grade: z.enum(['A', 'B', 'C', 'D', 'E']),
    typical_dosage: text,
    duration: text,
  })).min(1),
  dosing: z.strictObject({
    route: z.array(z.enum(ROUTES)).min(1),
    typical_dose: text,
    loading_dose: z.string().nullable(),
    frequency: text,
    duration: text,
    notes: text,
  }),
  safety_profile: z.strictObject({
    adverse_events: text,
    common_side_effects: z.array(SideEffect),
    serious_side_effects: z.array(SideEffect),
    contraindications: z.array(text).min(1),
    fda_status: text,
  }),
  interactions: z.strictObject({
    drug_interactions: z.array(MonographInteraction),
    supplement_interactions: z.array(MonographInteraction),
    food_interactions: z.array(MonographInteraction),
  }),
  cost_estimate: text,
  related_compounds: z.array(slug),
  basis: z.array(text).min(1),
});
export type MonographSource = z.infer<typeof MonographSource>;
