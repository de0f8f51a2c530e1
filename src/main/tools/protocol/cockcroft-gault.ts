/**
 * Creatinine clearance for dosing by a label's CrCl thresholds: the Cockcroft–Gault equation, with the three body
 * weights it is used with and which of them a comparison takes. CrCl is a different measure from eGFR (mL/min, not
 * normalised to body surface area, and it needs weight), so a label's CrCl threshold is never compared with eGFR.
 *
 *   CrCl (mL/min) = (140 − age) × weight (kg) × 0.85 [female] / (72 × Scr mg/dL)
 *     Cockcroft DW, Gault MH. Prediction of creatinine clearance from serum creatinine. Nephron. 1976;16(1):31–41.
 *   Ideal body weight (Devine): 50 kg (male) or 45.5 kg (female) + 2.3 kg per inch of height over 5 feet
 *     Devine BJ. Gentamicin therapy. Drug Intell Clin Pharm. 1974;8:650–655. Heights under 5 feet extend the same line
 *     (the result says so).
 *   Adjusted body weight = IBW + 0.4 × (actual − IBW)
 *     Bauer LA, Edwards WA, Dellinger EP, Simonowitz DA. Influence of weight on aminoglycoside pharmacokinetics in
 *     normal weight and morbid obesity. Eur J Clin Pharmacol. 1983;24(5):643–647.
 *
 * Which weight (all three are always shown):
 *   1. the label's own choice, where its text names one ("Cockcroft–Gault with actual body weight": edoxaban);
 *   2. otherwise actual body weight when it is below ideal, or when BMI is under 18.5 (underweight);
 *      ideal body weight at BMI 18.5–24.9; adjusted body weight at BMI 25 or more. The BMI bands follow Winter MA,
 *      Guhr KN, Berg GM. Impact of various body weights and serum creatinine concentrations on the bias and accuracy
 *      of the Cockcroft–Gault equation. Pharmacotherapy. 2012;32(7):604–612 (least bias: actual weight when
 *      underweight, ideal when normal weight, adjusted when overweight or obese);
 *   3. without height, actual body weight (ideal and adjusted weight need height), which overestimates clearance in
 *      obesity; the result says so.
 * Serum creatinine is used as measured (no rounding up of low values in older people).
 */
import type { Sex } from './kidney.ts';

export const CRCL_UNIT = 'mL/min';
export const COCKCROFT_GAULT_REFERENCE =
  'Cockcroft DW, Gault MH. Prediction of creatinine clearance from serum creatinine. Nephron. 1976;16(1):31–41. ' +
  'Ideal body weight: Devine BJ. Drug Intell Clin Pharm. 1974;8:650–655. Adjusted body weight (IBW + 0.4 × excess): ' +
  'Bauer LA et al. Eur J Clin Pharmacol. 1983;24(5):643–647. Weight by BMI: Winter MA, Guhr KN, Berg GM. ' +
  'Pharmacotherapy. 2012;32(7):604–612.';

export type WeightKind = 'actual' | 'ideal' | 'adjusted';
export const WEIGHT_NAME: Record<WeightKind, string> = {
  actual: 'actual body weight',
  ideal: 'ideal body weight (Devine)',
  adjusted: 'adjusted body weight (IBW + 0.4 × excess)',
};

export function cockcroftGault(creatinineMgDl: number, age: number, sex: Sex, weightKg: number): number {
  return ((140 - age) * weightKg * (sex === 'female' ? 0.85 : 1)) / (72 * creatinineMgDl);
}

export function devineIbw(heightCm: number, sex: Sex): number {
  return (sex === 'female' ? 45.5 : 50) + 2.3 * (heightCm / 2.54 - 60);
}

export const adjustedBodyWeight = (actualKg: number, ibwKg: number) => ibwKg + 0.4 * (actualKg - ibwKg);
export const bmi = (weightKg: number, heightCm: number) => weightKg / (heightCm / 100) ** 2;

export interface BodyWeights {
  actual: number;
  ideal: number | null;
  adjusted: number | null;
  bmi: number | null;
  /** Devine's line is extended below 5 feet (152.4 cm). */
  extrapolated: boolean;
}

export function bodyWeights(weightKg: number, heightCm: number | undefined, sex: Sex): BodyWeights {
  if (heightCm === undefined) return { actual: weightKg, ideal: null, adjusted: null, bmi: null, extrapolated: false };
  const ideal = devineIbw(heightCm, sex);
  return {
    actual: weightKg,
    ideal,
    adjusted: adjustedBodyWeight(weightKg, ideal),
    bmi: bmi(weightKg, heightCm),
    extrapolated: heightCm < 152.4,
  };
}

const kg = (x: number) => `${Math.round(x * 10) / 10} kg`;

/** The weight a comparison uses and why (the rule in the header); `label` is the weight the label's text names. */
export function chooseWeight(w: BodyWeights, label: WeightKind | null): { used: WeightKind; why: string } {
  if (label) {
    if (label === 'actual' || w.ideal !== null)
      return { used: label, why: `the label's text says to use ${WEIGHT_NAME[label]}` };
    return {
      used: 'actual',
      why: `the label's text says to use ${WEIGHT_NAME[label]}, which needs height (kidney.height_cm); actual body weight is used instead`,
    };
  }
  if (w.ideal === null || w.bmi === null)
    return {
      used: 'actual',
      why: 'no height was given, so ideal and adjusted body weight cannot be computed; actual body weight overestimates clearance in obesity',
    };
  const b = Math.round(w.bmi * 10) / 10;
  if (w.actual < w.ideal)
    return {
      used: 'actual',
      why: `actual body weight (${kg(w.actual)}) is below ideal body weight (${kg(w.ideal)}); ideal weight would overestimate clearance`,
    };
  if (w.bmi < 18.5) return { used: 'actual', why: `BMI ${b} is under 18.5 (underweight; Winter et al. 2012)` };
  if (w.bmi < 25)
    return { used: 'ideal', why: `BMI ${b} is 18.5–24.9 (normal weight; ideal body weight, Winter et al. 2012)` };
  return {
    used: 'adjusted',
    why: `BMI ${b} is 25 or more (overweight or obese; adjusted body weight, Winter et al. 2012)`,
  };
}

export function weightOf(w: BodyWeights, kind: WeightKind): number {
  return kind === 'actual' ? w.actual : kind === 'ideal' ? w.ideal! : w.adjusted!;
}

/** Which weight a label's text names for its Cockcroft–Gault clearance ("Cockcroft–Gault with actual body weight"). */
const LABEL_WEIGHT =
  /\b(?:Cockcroft|creatinine clearance|CrCl)\b[^.;]{0,60}?\b(?:with|using|on|by|\(|,)\s*(?:the\s+)?(actual|total|ideal|adjusted|lean)\s+(?:body\s+)?weight/i;

export function labelWeightIn(texts: readonly string[]): { kind: WeightKind; text: string } | null {
  for (const t of texts) {
    const m = LABEL_WEIGHT.exec(t);
    if (!m) continue;
    const word = m[1]!.toLowerCase();
    // Lean body weight is not one of the three computed here; it is left to the prescriber (no label we carry uses it).
    if (word === 'lean') continue;
    return { kind: word === 'total' ? 'actual' : (word as WeightKind), text: t };
  }
  return null;
}
