/** Vocabularies of the API (spec §2.1, §2.2) and of our own decisions (docs/content.md). */
export const CATEGORIES = [
  'peptide', 'supplement', 'medication', 'sarm', 'steroid',
  'nootropic', 'amino_acid', 'vitamin', 'mineral', 'probiotic',
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

export const COMPOUND_TYPES = ['therapeutic', 'nutritional', 'performance', 'cognitive', 'wellness', 'research'] as const;
export type CompoundType = (typeof COMPOUND_TYPES)[number];

export const SEVERITIES = ['major', 'moderate', 'minor'] as const;
/** DDInter also lists pairs whose severity it does not know. */
export const INTERACTION_SEVERITIES = [...SEVERITIES, 'unknown'] as const;
export const INTERACTION_SOURCES = ['editorial', 'ddinter'] as const;

export const SCOPES = ['read', 'chat', 'tools', 'admin'] as const;
export type Scope = (typeof SCOPES)[number];

export const STUDY_DESIGNS = [
  'meta_analysis', 'randomized_trial', 'controlled_trial', 'cohort', 'case_control', 'cross_sectional',
  'case_report', 'animal', 'in_vitro', 'review', 'modelling', 'unclassified',
] as const;
export type StudyDesign = (typeof STUDY_DESIGNS)[number];
