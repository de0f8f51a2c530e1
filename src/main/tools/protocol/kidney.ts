/**
 * Kidney function for the protocol outline: the race-free CKD-EPI 2021 creatinine equation (Inker LA, Eneanya ND,
 * Coresh J, et al. New creatinine- and cystatin C-based equations to estimate GFR without race. N Engl J Med.
 * 2021;385(19):1737–1749) and the KDIGO 2012 GFR categories. Creatinine clearance (a different measure, for labels that
 * dose by CrCl) is cockcroft-gault.ts; thresholds and which measure each uses, renal-conditions.ts.
 *
 *   eGFR = 142 × min(Scr/κ, 1)^α × max(Scr/κ, 1)^−1.200 × 0.9938^age × 1.012 [female]
 *   κ = 0.7 (female) or 0.9 (male); α = −0.241 (female) or −0.302 (male); Scr in mg/dL; mL/min/1.73 m².
 *
 * Creatinine in µmol/L is divided by 88.4 (molar mass 113.12 g/mol). Valid for adults (18 and over).
 */
export const EGFR_UNIT = 'mL/min/1.73 m²';
export const CREATININE_UMOL_PER_MG_DL = 88.4;
export const CKD_EPI_2021_REFERENCE =
  'Inker LA, Eneanya ND, Coresh J, et al. New creatinine- and cystatin C-based equations to estimate GFR without race. ' +
  'N Engl J Med. 2021;385(19):1737–1749 (CKD-EPI 2021 creatinine equation). GFR categories: KDIGO 2012 Clinical Practice Guideline for the ' +
  'Evaluation and Management of CKD, Kidney Int Suppl. 2013;3(1):1–150.';

/** LOINC 98979-8: GFR/1.73 m² predicted by the creatinine-based CKD-EPI 2021 formula (replaces the race-based 48642-3/48643-1). */
export const EGFR_LOINC = '98979-8';

export type Sex = 'female' | 'male';

export function ckdEpi2021(creatinineMgDl: number, age: number, sex: Sex): number {
  const female = sex === 'female';
  const kappa = female ? 0.7 : 0.9;
  const alpha = female ? -0.241 : -0.302;
  const r = creatinineMgDl / kappa;
  return 142 * Math.min(r, 1) ** alpha * Math.max(r, 1) ** -1.2 * 0.9938 ** age * (female ? 1.012 : 1);
}

export const GFR_CATEGORIES = [
  { category: 'G1', min: 90, meaning: 'normal or high' },
  { category: 'G2', min: 60, meaning: 'mildly decreased' },
  { category: 'G3a', min: 45, meaning: 'mildly to moderately decreased' },
  { category: 'G3b', min: 30, meaning: 'moderately to severely decreased' },
  { category: 'G4', min: 15, meaning: 'severely decreased' },
  { category: 'G5', min: 0, meaning: 'kidney failure' },
] as const;

export function gfrCategory(egfr: number): (typeof GFR_CATEGORIES)[number] {
  return GFR_CATEGORIES.find((c) => egfr >= c.min)!;
}

/** The monitoring test for eGFR: the NLM flowsheet ranges carry only the race-based MDRD codes, so the range is KDIGO's. */
export const EGFR_TEST = {
  test: 'eGFR (CKD-EPI 2021 creatinine equation, race-free)',
  loinc: EGFR_LOINC,
  unit: EGFR_UNIT,
  low: 60,
  text: 'KDIGO 2012: G1 ≥ 90 (normal or high), G2 60–89 (mildly decreased); below 60 for more than 3 months is CKD G3a–G5',
} as const;
