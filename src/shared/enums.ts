/** Vocabularies of the API (spec §2.1, §2.2) and of our own decisions (docs/content.md). */
export const CATEGORIES = [
  'peptide',
  'supplement',
  'medication',
  'sarm',
  'steroid',
  'nootropic',
  'amino_acid',
  'vitamin',
  'mineral',
  'probiotic',
] as const;
export type Category = (typeof CATEGORIES)[number];

export const EVIDENCE_GRADES = ['A', 'B', 'C', 'D', 'E'] as const;
export type EvidenceGrade = (typeof EVIDENCE_GRADES)[number];

export const EVIDENCE_GRADE_MEANING: Record<EvidenceGrade, string> = {
  A: 'Strong human clinical evidence',
  B: 'Good preclinical evidence plus some human data',
  C: 'Promising preclinical data',
  D: 'Limited or mixed evidence',
  E: 'Theoretical or not well studied',
};

export const STATUSES = ['approved', 'investigational', 'supplement', 'research_only', 'withdrawn'] as const;
export type CompoundStatus = (typeof STATUSES)[number];

export const COMPOUND_TYPES = [
  'therapeutic',
  'nutritional',
  'performance',
  'cognitive',
  'wellness',
  'research',
] as const;
export type CompoundType = (typeof COMPOUND_TYPES)[number];

export const SEVERITIES = ['major', 'moderate', 'minor'] as const;

/** How often a side effect occurs, in the words of a label's frequency bands. */
export const SIDE_EFFECT_FREQUENCIES = ['very_common', 'common', 'uncommon', 'rare', 'unknown'] as const;

/** Routes of administration a record's dosing names. */
export const ROUTES = [
  'oral',
  'sublingual',
  'subcutaneous',
  'intramuscular',
  'intravenous',
  'intranasal',
  'topical',
  'transdermal',
  'inhaled',
  'rectal',
  'vaginal',
  'buccal',
] as const;
/**
 * The interaction scale, most severe first (docs/interactions.md): contraindicated (a label or the ONC high-priority list
 * says never combine) > major > moderate > minor > unknown (a source lists the pair without a level).
 */
export const INTERACTION_SEVERITIES = ['contraindicated', ...SEVERITIES, 'unknown'] as const;
/**
 * Where an interaction comes from: our records' editorial lists, DDInter, the ONC high-priority and non-interruptive
 * lists, FDA label sentences annotated by NLM, and our editorial class rules.
 */
export const INTERACTION_SOURCES = [
  'editorial',
  'ddinter',
  'onc_high_priority',
  'onc_non_interruptive',
  'nlm_spl',
  'class_rule',
] as const;

export const SCOPES = ['read', 'chat', 'tools', 'admin'] as const;
export type Scope = (typeof SCOPES)[number];
/**
 * The scopes of a UI session key (browser page, desktop window): everyday work, not admin. A key that page script can
 * reach must not be able to create admin keys or allow private webhook targets if a script is ever injected; the
 * renderer asks for the admin key for its admin actions (API keys, webhooks, import and delete of documents), holds it
 * in the tab's memory only and sends it only with those requests (issue 30; docs/api.md "The web UI's key").
 */
export const SESSION_SCOPES = ['read', 'chat', 'tools'] as const satisfies readonly Scope[];

export const STUDY_DESIGNS = [
  'meta_analysis',
  'randomized_trial',
  'controlled_trial',
  'cohort',
  'case_control',
  'cross_sectional',
  'case_report',
  'animal',
  'in_vitro',
  'review',
  'modelling',
  'protocol',
  'unclassified',
] as const;
export type StudyDesign = (typeof STUDY_DESIGNS)[number];

/**
 * The evidence grade a document's design earns (rubric in docs/content.md; the classifier is
 * src/main/documents/study-design.ts). Here, beside the labels, so the build, the importer and the UI read one table.
 */
export const DESIGN_GRADE: Record<StudyDesign, EvidenceGrade> = {
  meta_analysis: 'A',
  randomized_trial: 'A',
  controlled_trial: 'B',
  cohort: 'B',
  case_control: 'B',
  animal: 'C',
  in_vitro: 'C',
  cross_sectional: 'D',
  case_report: 'D',
  unclassified: 'D',
  review: 'E',
  modelling: 'E',
  protocol: 'E',
};

/**
 * A document grade in the document scale's words: the designs that earn it (DESIGN_GRADE), never the compound scale's
 * ("Good preclinical evidence plus some human data" is not what a cohort study's B means).
 */
export const DOCUMENT_GRADE_MEANING: Record<EvidenceGrade, string> = {
  A: 'Meta-analysis, systematic review or randomised trial',
  B: 'Cohort, case-control or non-randomised trial',
  C: 'Animal or laboratory study',
  D: 'Cross-sectional study, case report or design not classified',
  E: 'Review, modelling study or protocol',
};

/**
 * What a document is, in words. A document's evidence grade comes from its design (docs/content.md), so documents are
 * shown with this label, never with the compound scale's wording (EVIDENCE_GRADE_MEANING).
 */
export const STUDY_DESIGN_LABEL: Record<StudyDesign, string> = {
  meta_analysis: 'Meta-analysis or systematic review',
  randomized_trial: 'Randomised controlled trial',
  controlled_trial: 'Non-randomised or uncontrolled clinical trial',
  cohort: 'Cohort study',
  case_control: 'Case-control study',
  cross_sectional: 'Cross-sectional study or survey',
  case_report: 'Case report or case series',
  animal: 'Animal study',
  in_vitro: 'Laboratory (in vitro) study',
  review: 'Narrative review or commentary',
  modelling: 'Modelling or simulation study',
  protocol: 'Study protocol (no results yet)',
  unclassified: 'Design not classified',
};
