/**
 * Body-composition analysis of an InBody-style result sheet: pure computation, no DB, no HTTP.
 * Every cut-off below is quoted from the source named next to it; the sources are also returned with each value.
 */
import {
  CM_PER_IN,
  KG_PER_LB,
  type ACE_BODY_FAT_CATEGORIES,
  type WHO_BMI_CLASSES,
} from '../../../shared/schemas/tools/inbody.ts';

export type Sex = 'male' | 'female';

/** 1 lb = 0.45359237 kg and 1 in = 2.54 cm exactly (international yard and pound, 1959). */
export const toKg = (value: number, unit: 'kg' | 'lb'): number => (unit === 'lb' ? value * KG_PER_LB : value);
export const toCm = (value: number, unit: 'cm' | 'in'): number => (unit === 'in' ? value * CM_PER_IN : value);

export const SOURCES = {
  bmi:
    'WHO. Obesity: preventing and managing the global epidemic. WHO Technical Report Series 894. Geneva: WHO; 2000 ' +
    '(BMI classes); thinness grades 16/17/18.5 from WHO Technical Report Series 854, 1995.',
  ace:
    'American Council on Exercise (ACE) body-fat categories (ACE Personal Trainer Manual): women essential 10–13%, athletes 14–20%, ' +
    'fitness 21–24%, average 25–31%, obese ≥32%; men essential 2–5%, athletes 6–13%, fitness 14–17%, average 18–24%, obese ≥25%. ' +
    'Not age-specific.',
  kouri:
    'Kouri EM, Pope HG Jr, Katz DL, Oliva P. Fat-free mass index in users and nonusers of anabolic-androgenic steroids. ' +
    'Clin J Sport Med. 1995;5(4):223–228 (normalised FFMI = FFMI + 6.1 × (1.8 − height m)).',
  visceral:
    'InBody result-sheet guidance: visceral fat level 10 or above is above the recommended range (keep below 10).',
  ecw: 'InBody guidance on the ECW ratio (ECW/TBW): 0.360–0.390 normal, 0.390–0.400 slightly over, above 0.400 over (possible fluid retention).',
  waist:
    'WHO. Waist circumference and waist–hip ratio: report of a WHO expert consultation, Geneva, 8–11 December 2008. ' +
    'Geneva: WHO; 2011 (waist > 94 cm men / > 80 cm women increased, > 102 / > 88 substantially increased risk of metabolic complications; ' +
    'cut-offs for Europid populations).',
  whr:
    'WHO. Waist circumference and waist–hip ratio: report of a WHO expert consultation, Geneva, 8–11 December 2008. Geneva: WHO; 2011 ' +
    '(waist–hip ratio ≥ 0.90 men, ≥ 0.85 women: substantially increased risk of metabolic complications).',
  whtr:
    'Ashwell M, Gunn P, Gibson S. Waist-to-height ratio is a better screening tool than waist circumference and BMI for adult ' +
    'cardiometabolic risk factors: systematic review and meta-analysis. Obes Rev. 2012;13(3):275–286 (boundary 0.5); ' +
    'NICE obesity guideline (2022 update): 0.5–0.59 increased, ≥ 0.6 high health risk.',
} as const;

export type WhoBmiClass = (typeof WHO_BMI_CLASSES)[number];
const BMI_LABELS: Record<WhoBmiClass, string> = {
  underweight_severe_thinness: 'underweight (severe thinness, < 16)',
  underweight_moderate_thinness: 'underweight (moderate thinness, 16–16.99)',
  underweight_mild_thinness: 'underweight (mild thinness, 17–18.49)',
  normal_range: 'normal range (18.5–24.99)',
  pre_obese: 'pre-obese / overweight (25–29.99)',
  obese_class_1: 'obese class I (30–34.99)',
  obese_class_2: 'obese class II (35–39.99)',
  obese_class_3: 'obese class III (≥ 40)',
};

/** BMI = weight (kg) / height (m)² (Quetelet); classes per WHO TRS 894 (2000) and TRS 854 (1995). */
export function bmi(weightKg: number, heightCm: number): number {
  const m = heightCm / 100;
  return weightKg / (m * m);
}

export function whoBmiClass(b: number): { cls: WhoBmiClass; label: string; status: 'low' | 'normal' | 'high' } {
  const cls: WhoBmiClass =
    b < 16
      ? 'underweight_severe_thinness'
      : b < 17
        ? 'underweight_moderate_thinness'
        : b < 18.5
          ? 'underweight_mild_thinness'
          : b < 25
            ? 'normal_range'
            : b < 30
              ? 'pre_obese'
              : b < 35
                ? 'obese_class_1'
                : b < 40
                  ? 'obese_class_2'
                  : 'obese_class_3';
  return { cls, label: BMI_LABELS[cls], status: b < 18.5 ? 'low' : b < 25 ? 'normal' : 'high' };
}

export type AceCategory = (typeof ACE_BODY_FAT_CATEGORIES)[number];
/**
 * ACE categories. The published table uses whole percentages (women essential 10–13, athletes 14–20, fitness 21–24,
 * average 25–31, obese 32+; men 2–5, 6–13, 14–17, 18–24, 25+); we read each band as running up to the next band's
 * lower bound (e.g. a woman at 13.5% is still "essential fat"), so every value has exactly one category.
 */
const ACE_LOWER: Record<Sex, [number, number, number, number, number]> = {
  //          essential athletes fitness average obese
  female: [10, 14, 21, 25, 32],
  male: [2, 6, 14, 18, 25],
};
export function aceCategory(
  sex: Sex,
  percent: number,
): { cat: AceCategory; label: string; status: 'low' | 'normal' | 'high' } {
  const [ess, ath, fit, avg, obese] = ACE_LOWER[sex];
  const cat: AceCategory =
    percent < ess
      ? 'below_essential'
      : percent < ath
        ? 'essential_fat'
        : percent < fit
          ? 'athletes'
          : percent < avg
            ? 'fitness'
            : percent < obese
              ? 'average'
              : 'obese';
  const labels: Record<AceCategory, string> = {
    below_essential: `below the essential-fat range (< ${ess}%)`,
    essential_fat: `essential fat (${ess}–${ath - 1}%)`,
    athletes: `athletes (${ath}–${fit - 1}%)`,
    fitness: `fitness (${fit}–${avg - 1}%)`,
    average: `average (${avg}–${obese - 1}%)`,
    obese: `obese (≥ ${obese}%)`,
  };
  const status = cat === 'below_essential' || cat === 'essential_fat' ? 'low' : cat === 'obese' ? 'high' : 'normal';
  return { cat, label: labels[cat], status };
}

/**
 * Fat-free mass index (Kouri 1995): FFM = weight × (1 − BF%/100); FFMI = FFM / height(m)²;
 * normalised FFMI = FFMI + 6.1 × (1.8 − height(m)), which adjusts to a height of 1.8 m.
 */
export function ffmi(
  weightKg: number,
  heightCm: number,
  bodyFatPercent: number,
): { fatMass: number; ffm: number; ffmi: number; normalized: number } {
  const h = heightCm / 100;
  const fatMass = weightKg * (bodyFatPercent / 100);
  const ffm = weightKg - fatMass;
  const index = ffm / (h * h);
  return { fatMass, ffm, ffmi: index, normalized: index + 6.1 * (1.8 - h) };
}

/** InBody guidance: visceral fat level ≥ 10 is high. */
export const VISCERAL_HIGH = 10;
export function visceralStatus(level: number): 'normal' | 'high' {
  return level >= VISCERAL_HIGH ? 'high' : 'normal';
}

/** InBody ECW ratio guidance: ≤ 0.390 normal, 0.390–0.400 slightly over, > 0.400 elevated. */
export function ecwStatus(ratio: number): 'normal' | 'slightly_high' | 'elevated' {
  return ratio > 0.4 ? 'elevated' : ratio > 0.39 ? 'slightly_high' : 'normal';
}

/** WHO 2008 waist circumference (Europid): men > 94 / > 102 cm, women > 80 / > 88 cm. */
export const WAIST_CUTOFFS: Record<Sex, { increased: number; substantially: number }> = {
  male: { increased: 94, substantially: 102 },
  female: { increased: 80, substantially: 88 },
};
export function waistStatus(sex: Sex, waistCm: number): 'not_increased' | 'increased' | 'substantially_increased' {
  const c = WAIST_CUTOFFS[sex];
  return waistCm > c.substantially ? 'substantially_increased' : waistCm > c.increased ? 'increased' : 'not_increased';
}

/** WHO 2008 waist–hip ratio: ≥ 0.90 men, ≥ 0.85 women = substantially increased risk. */
export const WHR_CUTOFF: Record<Sex, number> = { male: 0.9, female: 0.85 };
export function whrStatus(sex: Sex, ratio: number): 'not_increased' | 'substantially_increased' {
  return ratio >= WHR_CUTOFF[sex] ? 'substantially_increased' : 'not_increased';
}

/** Waist-to-height: ≥ 0.5 increased (Ashwell 2012), ≥ 0.6 high (NICE 2022). */
export function whtrStatus(ratio: number): 'not_increased' | 'increased' | 'high' {
  return ratio >= 0.6 ? 'high' : ratio >= 0.5 ? 'increased' : 'not_increased';
}

export function round(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
