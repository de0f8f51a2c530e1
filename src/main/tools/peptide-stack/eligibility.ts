/**
 * Which candidates a stack may contain before any interaction is looked at. Compounds that are not for human use
 * (research-only, veterinary-only), SARMs and anabolic steroids are left out unless the request opts in to each kind
 * explicitly; an opt-in for one kind never lets another in (a research-only SARM needs both include_sarms and
 * include_research_only).
 *
 * What each kind is, from the record:
 * - research-only: status `research_only`;
 * - veterinary-only: not approved for humans, and the record says its only approval or marketing is veterinary
 *   ("approved only as a veterinary growth promoter", "marketed only as a veterinary injectable") or its typical dose
 *   is a veterinary one ("veterinary use only", "veterinary labelling");
 * - SARM: category `sarm`, or a description that opens by calling it one;
 * - anabolic steroid: category `steroid` and an androgen-receptor agonist (duplication.ts), so corticosteroids,
 *   oestrogens, progestogens and precursors such as DHEA are not.
 */
import { descriptionHead, type DuplicationGroup } from './duplication.ts';

export interface EligibilityRecord {
  category: string;
  status: string;
  description: string;
  typical_dosing: { unit: string; frequency: string; duration: string; animal_dose_note?: string | null };
}

export interface OptIns {
  include_research_only: boolean;
  include_veterinary_only: boolean;
  include_sarms: boolean;
  include_anabolic_steroids: boolean;
}

export const OPT_IN_KINDS = ['research_only', 'veterinary_only', 'sarm', 'anabolic_steroid'] as const;
export type OptInKind = (typeof OPT_IN_KINDS)[number];

const FIELD: Record<OptInKind, keyof OptIns> = {
  research_only: 'include_research_only',
  veterinary_only: 'include_veterinary_only',
  sarm: 'include_sarms',
  anabolic_steroid: 'include_anabolic_steroids',
};

const LABEL: Record<OptInKind, string> = {
  research_only: 'research-only (not approved for human use)',
  veterinary_only: 'veterinary-only (approved or marketed only for animals)',
  sarm: 'a SARM',
  anabolic_steroid: 'an anabolic-androgenic steroid',
};

const VET_ONLY_TEXT =
  /\b(?:approved|marketed|licensed|authori[sz]ed|sold|available) only (?:as|for|in) (?:an? )?(?:\w+ )?(?:veterinary|horses|cattle|livestock|animals|dogs|cats)\b|\bveterinary use only\b|\bonly (?:as )?a veterinary (?:drug|product|medicine)\b/i;
const VET_DOSE = /\bveterinary\b|\blivestock\b|\bfeedlot\b/i;

export function isVeterinaryOnly(r: EligibilityRecord): boolean {
  if (r.status === 'approved') return false;
  const d = r.typical_dosing;
  return (
    VET_ONLY_TEXT.test(`${r.description} ${d.frequency}`) ||
    VET_DOSE.test(`${d.unit}. ${d.frequency}. ${d.duration}. ${d.animal_dose_note ?? ''}`)
  );
}

/** The opt-in kinds a record belongs to, in OPT_IN_KINDS order. */
const SARM_TEXT = /\bSARMs?\b|\bselective androgen[- ]receptor modulator/i;

export function optInKinds(r: EligibilityRecord, groups: readonly DuplicationGroup[]): OptInKind[] {
  const androgen = groups.some((g) => g.id === 'androgen_receptor_agonists');
  const kinds: OptInKind[] = [];
  if (r.status === 'research_only') kinds.push('research_only');
  if (isVeterinaryOnly(r)) kinds.push('veterinary_only');
  if (r.category === 'sarm' || SARM_TEXT.test(descriptionHead(r.description))) kinds.push('sarm');
  if (r.category === 'steroid' && androgen) kinds.push('anabolic_steroid');
  return kinds;
}

/** The first kind the request has not opted in to, with a detail naming every missing opt-in field; null when all are given. */
export function missingOptIn(kinds: readonly OptInKind[], o: OptIns): { kind: OptInKind; detail: string } | null {
  const missing = kinds.filter((k) => !o[FIELD[k]]);
  if (!missing.length) return null;
  const what = kinds.map((k) => LABEL[k]).join(' and ');
  const fields = missing.map((k) => `constraints.${FIELD[k]}`).join(' and ');
  return {
    kind: missing[0]!,
    detail: `${what[0]!.toUpperCase()}${what.slice(1)}: left out unless the request sets ${fields} to true`,
  };
}
