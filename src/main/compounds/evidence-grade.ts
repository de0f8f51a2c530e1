/**
 * Compound evidence grade (spec §2.1) from the authored evidence profile. The rubric is documented in
 * docs/content.md; it is applied here, never typed in by hand.
 *
 * Every input describes the evidence for the use people look the compound up for (its subcategory), not for any
 * use it was ever approved for: an old approval for a different indication must not lend its weight to a
 * supplement or performance use.
 */
import type { EvidenceGrade } from '../../shared/enums.ts';

export interface EvidenceProfile {
  regulatory_approval: boolean;
  /**
   * The approval covers the use the compound is looked up for. Optional so that records written before this input
   * existed keep validating; absent means "same as regulatory_approval".
   */
  approval_for_main_use?: boolean;
  human_trials: 'multiple_consistent' | 'some' | 'limited' | 'mixed' | 'none';
  preclinical: 'strong' | 'limited' | 'none';
}

export function approvalCountsForGrade(p: EvidenceProfile): boolean {
  return p.regulatory_approval && (p.approval_for_main_use ?? true);
}

export function compoundEvidenceGrade(p: EvidenceProfile): EvidenceGrade {
  if (approvalCountsForGrade(p) || p.human_trials === 'multiple_consistent') return 'A';
  if (p.human_trials === 'some') return 'B';
  // One trial, or one group's unreplicated studies, is "limited" evidence however good the animal data: never B.
  if (p.human_trials === 'mixed' || p.human_trials === 'limited') return 'D';
  if (p.preclinical === 'strong') return 'C';
  // Neither human trials nor a replicated preclinical base: "theoretical or not well studied".
  return 'E';
}
