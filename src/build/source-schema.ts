/**
 * Shape of the curated content we author by hand under resources/content.
 * The build validates every file against these schemas before anything reaches the database,
 * so a typo in a JSON source fails the build with the file and field named.
 *
 * Fields that must come from data (pubmed_ids, research_count, study counts, evidence grade)
 * are deliberately absent: the build derives them.
 */
import { z } from 'zod';
import { ClaimBasisSource, claimBasisProblems } from './claim-basis.ts';
import {
  CATEGORIES,
  COMPOUND_TYPES,
  EVIDENCE_GRADES,
  ROUTES,
  SEVERITIES,
  SIDE_EFFECT_FREQUENCIES,
  STATUSES,
} from '../shared/enums.ts';

/**
 * Words that give away a dose that is not a human one: an animal or veterinary dose, or a text saying no human dose
 * exists. A record whose dose text says so must leave the structured amount null (docs/content.md).
 */
const NOT_A_HUMAN_DOSE =
  /\b(rats?|rodents?|mice|mouse|murine|cattle|horses?|dogs|livestock|veterinary|animal studies|animal experiments|no (?:approved or studied |studied |established |validated |clinically validated )?human dose|never been (?:tested|studied) in (?:a )?humans?|non-clinical use)\b/i;

const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'slug: lowercase letters, digits and single hyphens');
const text = z.string().trim().min(1);

/** Inputs of the evidence-grade rubric (docs/content.md "Compound evidence grade"), for the compound's main use. */
export const EvidenceProfileSource = z.strictObject({
  /** Approved for at least one indication by the FDA or EMA (current or past). */
  regulatory_approval: z.boolean(),
  /**
   * The approval covers the use people look the compound up for (its subcategory). Optional, default: the value of
   * regulatory_approval. false for an old approval of another use (Endari for L-glutamine, prasterone for DHEA,
   * anaemia labels of anabolic steroids): the grade then comes from the human trials for the main use.
   */
  approval_for_main_use: z.boolean().optional(),
  /**
   * For the main use:
   * multiple_consistent: several RCTs or a meta-analysis agreeing on a benefit;
   * some: controlled human data from more than one trial or research group pointing the same way;
   * limited: a single trial, or trials from one research group only, or only short pharmacology studies
   *   (hormone levels after a dose) without a clinical outcome;
   * mixed: human trials exist but results conflict or are null;
   * none: no controlled human data (case reports and anecdotes do not count).
   */
  human_trials: z.enum(['multiple_consistent', 'some', 'limited', 'mixed', 'none']),
  /**
   * strong: findings replicated by independent research groups in models relevant to the main use;
   * limited: one research group's work, one mouse model, or livestock production data only; none.
   */
  preclinical: z.enum(['strong', 'limited', 'none']),
});

export const CompoundSource = z.strictObject({
  slug,
  name: text,
  alt_names: z.array(text),
  /** DrugBank accession when the compound is in the DrugBank open vocabulary; alt names are enriched from it. */
  drugbank_id: z
    .string()
    .regex(/^DB\d{5}$/)
    .nullable(),
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
  typical_dosing: z
    .strictObject({
      /** null when no dose is established (never a placeholder number); unit and frequency then say why. */
      amount: z.number().positive().nullable(),
      unit: text,
      frequency: text,
      duration: text,
      route: z.enum(ROUTES),
      /** A dose from animal or veterinary use, quoted for context and never as a human dose. Starts with its species' word. */
      animal_dose_note: text.optional(),
    })
    .refine((d) => d.amount === null || !NOT_A_HUMAN_DOSE.test(`${d.unit} ${d.frequency} ${d.duration}`), {
      message:
        'amount must be null when the dose comes from animals or no human dose is established; quote an animal dose in animal_dose_note',
      path: ['amount'],
    }),
  side_effects: z.array(text).min(1),
  interactions: z.array(
    z.strictObject({
      substance: text,
      severity: z.enum(SEVERITIES),
      notes: text,
    }),
  ),
  /** What the editorial text rests on, e.g. "US prescribing information (Glucophage)". Never a made-up citation. */
  basis: z.array(text).min(1),
});
export type CompoundSource = z.infer<typeof CompoundSource>;

const SideEffect = z.strictObject({
  effect: text,
  frequency: z.enum(SIDE_EFFECT_FREQUENCIES),
  notes: z.string().optional(),
});

const MonographInteraction = z.strictObject({
  substance: text,
  severity: z.enum(SEVERITIES),
  effect: text,
  management: text,
});

/** 1-based positions in the monograph's `basis`: a top-card statement must name at least one (the build fails otherwise). */
const Cites = z.array(z.int().min(1)).min(1, 'a point-of-care statement must cite at least one basis entry');
const Band = z.strictObject({ range: text, advice: text });

export const PointOfCareSource = z.strictObject({
  adult_dosing: z
    .array(z.strictObject({ indication: text, dose: text, max_dose: text.nullable(), basis: Cites }))
    .min(1),
  renal: z.strictObject({
    measure: z.enum(['CrCl', 'eGFR', 'CrCl or eGFR']).nullable(),
    bands: z.array(Band),
    note: text.nullable(),
    basis: Cites,
  }),
  hepatic: z.strictObject({ bands: z.array(Band), note: text.nullable(), basis: Cites }),
  boxed_warnings: z.array(z.strictObject({ text, basis: Cites })),
  pregnancy: z.strictObject({ text, basis: Cites }),
  lactation: z.strictObject({ text, basis: Cites }),
  monitoring: z.array(z.strictObject({ text, basis: Cites })),
  overdose: z.strictObject({
    text,
    antidotes: z.array(z.strictObject({ name: text, dose: text.nullable() })),
    emergency_topic: z
      .string()
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
      .nullable(),
    basis: Cites,
  }),
});

export const MonographSource = z
  .strictObject({
    slug,
    full_name: text,
    classification: z.strictObject({ type: text }),
    structure: z.strictObject({
      molecular_formula: z.string().nullable(),
      molecular_weight: z.number().positive().nullable(),
      /** Peptides only: three-letter residues separated by single spaces. */
      sequence: z
        .string()
        .regex(/^[A-Z][a-z]{2}(?:-?[A-Za-z0-9()]*)?(?: [A-Z][a-z]{2}(?:-?[A-Za-z0-9()]*)?)*$/)
        .nullable(),
      type: z.enum([
        'small_molecule',
        'peptide',
        'protein',
        'organism',
        'botanical_extract',
        'mineral_salt',
        'mixture',
      ]),
    }),
    mechanism_of_action: z.array(text).min(1),
    clinical_outcomes: z.array(text).min(1),
    indications: z
      .array(
        z.strictObject({
          condition: text,
          evidence_grade: z.enum(EVIDENCE_GRADES),
          typical_dosage: text,
          duration: text,
        }),
      )
      .min(1),
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
    /** Optional (required of new monographs by review): the point-of-care card, every statement citing its basis entries. */
    point_of_care: PointOfCareSource.optional(),
    /** Optional: which basis entries each clinical outcome and indication rests on (src/build/claim-basis.ts). */
    claim_basis: ClaimBasisSource.optional(),
  })
  .superRefine((m, ctx) => {
    // Every point-of-care citation names an entry of this monograph's basis.
    const poc = m.point_of_care;
    if (poc) {
      const cited: { path: (string | number)[]; ns: number[] }[] = [
        ...poc.adult_dosing.map((d, i) => ({ path: ['adult_dosing', i], ns: d.basis })),
        { path: ['renal'], ns: poc.renal.basis },
        { path: ['hepatic'], ns: poc.hepatic.basis },
        ...poc.boxed_warnings.map((b, i) => ({ path: ['boxed_warnings', i], ns: b.basis })),
        { path: ['pregnancy'], ns: poc.pregnancy.basis },
        { path: ['lactation'], ns: poc.lactation.basis },
        ...poc.monitoring.map((x, i) => ({ path: ['monitoring', i], ns: x.basis })),
        { path: ['overdose'], ns: poc.overdose.basis },
      ];
      for (const c of cited)
        for (const n of c.ns) {
          if (n > m.basis.length)
            ctx.addIssue({
              code: 'custom',
              path: ['point_of_care', ...c.path, 'basis'],
              message: `basis entry ${n} does not exist (the basis lists ${m.basis.length})`,
            });
        }
    }
    if (!m.claim_basis) return;
    for (const p of claimBasisProblems(m, m.claim_basis))
      ctx.addIssue({ code: 'custom', path: ['claim_basis', ...p.path], message: p.message });
  });
export type MonographSource = z.infer<typeof MonographSource>;
