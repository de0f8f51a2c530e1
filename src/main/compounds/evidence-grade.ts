/**
 * Compound evidence grade (spec §2.1) from the authored evidence profile. The rubric is documented in
 * docs/content.md; it is applied here, never typed in by hand.
 */
import type { EvidenceGrade } from '../../shared/enums.ts';

export interface EvidenceProfile {
  regulatory_approval: boolean;
  human_trials: 'multiple_consistent' | 'some' | 'mixed' | 'none';
  preclinical: 'strong' | 'limited' | 'none';
}

export function compoundEvidenceGrade(p: EvidenceProfile): EvidenceGrade {
  if (p.regulatory_approval || p.human_trials === 'multiple_consistent') return 'A';
  if (p.human_trials === 'some') return 'B';
  if (p.human_trials === 'mixed') return 'D';
  if (p.preclinical === 'strong') return 'C';
  // Neither human trials nor a solid preclinical base: "theoretical or not well studied".
  return 'E';
}
