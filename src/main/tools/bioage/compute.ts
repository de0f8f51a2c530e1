/**
 * Levine 2018 Phenotypic Age ("PhenoAge"): pure computation, no DB, no HTTP.
 *
 * Sources
 * - Levine ME, Lu AT, Quach A, et al. An epigenetic biomarker of aging for lifespan and healthspan. Aging (Albany NY).
 *   2018;10(4):573–591. doi:10.18632/aging.101414 (the PhenoAge model, Gompertz proportional hazards on NHANES III).
 * - Liu Z, Kuo P-L, Horvath S, Crimmins E, Ferrucci L, Levine M. A new aging measure captures morbidity and mortality
 *   risk across diverse subpopulations from NHANES IV. PLoS Med. 2018;15(12):e1002718. doi:10.1371/journal.pmed.1002718.
 * - Kwon D, Belsky DW. BioAge toolkit. GeroScience. 2021;43:2795–2808. doi:10.1007/s11357-021-00480-5;
 *   code: dayoonkwon/BioAge @ b1f9fc02, R/phenoage_calc.R (orig = TRUE) and data-raw/nhanes_all.R.
 *
 * Convention (the one in /work/shared/data/bioage-nhanes/README.md, i.e. BioAge's `phenoage0`): full-precision
 * coefficients, CRP entered as ln(1 + CRP in mg/dL), and the final divisor 0.090165. The rounded form printed in the
 * paper (divisor 0.09165, ln(CRP)) gives different ages (up to ~2 y from the divisor and ~5 y from the CRP transform on
 * NHANES IV); we do not mix the two. This convention reproduces all 37,583 NHANES IV reference vectors in
 * phenoage_reference_vectors_nhanes4.csv (see eval-reference-vectors.ts).
 */
import type { BioageBiomarker } from '../../../shared/schemas/tools/bioage.ts';

/** BioAge R/phenoage_calc.R, orig = TRUE, verbatim. */
export const PHENOAGE = {
  intercept: -19.90667,
  coefficients: {
    albumin: -0.03359355, // per g/L
    creatinine: 0.009506491, // per µmol/L
    glucose: 0.1953192, // per mmol/L
    crp: 0.09536762, // per ln(1 + CRP mg/dL)
    lymphocyte_percent: -0.01199984, // per %
    mcv: 0.02676401, // per fL
    rdw: 0.3306156, // per %
    alkaline_phosphatase: 0.001868778, // per U/L
    wbc: 0.05542406, // per 1000 cells/µL
  } satisfies Record<BioageBiomarker, number>,
  age: 0.08035356, // per year
  /** Gompertz shape γ (per month). */
  gamma: 0.007692696,
  /** exp(120·γ) − 1: the 10-year (120-month) cumulative-hazard factor, as written in BioAge. */
  hazard120: 1.51714,
  /** PhenoAge = ln(−0.0055305 · ln(1 − M)) / 0.090165 + 141.50225 */
  ageScale: 0.0055305,
  divisor: 0.090165,
  ageOffset: 141.50225,
} as const;

/** The order BioAge sums the terms in (kept so floating-point sums match the reference column). */
export const MODEL_ORDER: readonly BioageBiomarker[] = [
  'albumin',
  'creatinine',
  'glucose',
  'crp',
  'lymphocyte_percent',
  'mcv',
  'rdw',
  'alkaline_phosphatase',
  'wbc',
];

/** Unit the model takes each biomarker in (CRP: the model term is ln(1 + CRP in mg/dL)). */
export const MODEL_UNITS: Record<BioageBiomarker, string> = {
  albumin: 'g/L',
  creatinine: 'umol/L',
  glucose: 'mmol/L',
  crp: 'ln(1 + mg/dL)',
  lymphocyte_percent: '%',
  mcv: 'fL',
  rdw: '%',
  alkaline_phosphatase: 'U/L',
  wbc: '10^3/uL',
};

/** The conventional (US) unit the NLM reference ranges in the content database use. */
export const RANGE_UNITS: Record<BioageBiomarker, string> = {
  albumin: 'g/dL',
  creatinine: 'mg/dL',
  glucose: 'mg/dL',
  crp: 'mg/dL',
  lymphocyte_percent: '%',
  mcv: 'fL',
  rdw: '%',
  alkaline_phosphatase: 'U/L',
  wbc: '10^3/uL',
};

/** Molar masses (g/mol) for the two mass ↔ molar conversions; the runner reads them from lab_tests.molecular_weight. */
export interface MolarMasses {
  creatinine: number;
  glucose: number;
}

export interface Converted {
  /** value in the model unit (for CRP: CRP in mg/dL before the log transform is `crp_mg_dl`) */
  model: number;
  /** value in RANGE_UNITS (for comparing with the reference range) */
  conventional: number;
  /** plain statement of the conversion with its exact factor */
  conversion: string;
}

/**
 * Unit conversions, exact given the factor:
 * - albumin: 1 g/dL = 10 g/L (mass per volume, dL → L).
 * - creatinine, glucose: mg/dL → mmol/L = × 10 / M (M in g/mol = mg/mmol); µmol/L = × 10,000 / M.
 *   (Note: BioAge's NHANES columns were made with the NHANES factors 88.4017 and 0.0555; we use molar mass.)
 * - CRP: 1 mg/dL = 10 mg/L.
 * - alkaline phosphatase: 1 U = 1 µmol/min = 1/60 µkat, so 1 µkat/L = 60 U/L.
 * - WBC: 10^9/L = 10^3/µL (1 L = 10^6 µL), identical numbers.
 */
export function convert(b: BioageBiomarker, value: number, unit: string, mm: MolarMasses): Converted {
  switch (b) {
    case 'albumin':
      return unit === 'g/dL'
        ? { model: value * 10, conventional: value, conversion: 'g/dL × 10 = g/L' }
        : { model: value, conventional: value / 10, conversion: 'none (model unit g/L)' };
    case 'creatinine':
      return unit === 'mg/dL'
        ? {
            model: (value * 10000) / mm.creatinine,
            conventional: value,
            conversion: `mg/dL × 10,000 / ${mm.creatinine} g/mol = µmol/L (× ${round(10000 / mm.creatinine, 4)})`,
          }
        : { model: value, conventional: (value * mm.creatinine) / 10000, conversion: 'none (model unit µmol/L)' };
    case 'glucose':
      return unit === 'mg/dL'
        ? {
            model: (value * 10) / mm.glucose,
            conventional: value,
            conversion: `mg/dL × 10 / ${mm.glucose} g/mol = mmol/L (÷ ${round(mm.glucose / 10, 4)})`,
          }
        : { model: value, conventional: (value * mm.glucose) / 10, conversion: 'none (model unit mmol/L)' };
    case 'crp': {
      const mgdl = unit === 'mg/L' ? value / 10 : value;
      return {
        // BioAge data-raw/nhanes_all.R: lncrp = log(1 + crp), crp in mg/dL. log1p is the exact form of log(1 + x).
        model: Math.log1p(mgdl),
        conventional: mgdl,
        conversion: unit === 'mg/L' ? 'mg/L ÷ 10 = mg/dL, then ln(1 + CRP mg/dL)' : 'ln(1 + CRP mg/dL)',
      };
    }
    case 'alkaline_phosphatase':
      return unit === 'ukat/L'
        ? { model: value * 60, conventional: value * 60, conversion: 'µkat/L × 60 = U/L' }
        : { model: value, conventional: value, conversion: 'none (model unit U/L)' };
    case 'wbc':
      return {
        model: value,
        conventional: value,
        conversion: unit === '10^9/L' ? '10^9/L = 10^3/µL (same number)' : 'none (model unit 10^3/µL)',
      };
    default:
      return { model: value, conventional: value, conversion: `none (model unit ${MODEL_UNITS[b]})` };
  }
}

export type ModelInputs = Record<BioageBiomarker, number> & { age: number };

export interface PhenoAgeResult {
  xb: number;
  ageTerm: number;
  terms: Record<BioageBiomarker, number>;
  mortalityScore: number;
  phenoAge: number;
  acceleration: number;
}

/**
 * PhenoAge from inputs already in model units (CRP as ln(1 + mg/dL)).
 *   xb = intercept + Σ βj·xj + βage·age
 *   M  = 1 − exp(−1.51714·exp(xb) / 0.007692696)             (10-year Gompertz mortality score)
 *   PhenoAge = ln(−0.0055305·ln(1 − M)) / 0.090165 + 141.50225
 * The evaluation order is BioAge's, literally (M first, then ln(1 − M)), so results match the published reference
 * column to floating-point precision (< 1e-6 y on all 37,583 NHANES IV rows), including rows where M is within
 * 1e-13 of 1 and the literal order itself carries rounding. Only when that order breaks down — M rounds to exactly 1
 * (cumulative hazard H = 1.51714·exp(xb)/γ above ~37) so ln(1 − M) = −∞ — do we use the algebraically identical
 * closed form ln(1 − M) = −H. The reported mortality score is −expm1(−H), the exact form of 1 − exp(−H).
 */
export function phenoAge(x: ModelInputs): PhenoAgeResult {
  const terms = {} as Record<BioageBiomarker, number>;
  let xb = PHENOAGE.intercept;
  for (const b of MODEL_ORDER) {
    terms[b] = PHENOAGE.coefficients[b] * x[b];
    xb += terms[b];
  }
  const ageTerm = PHENOAGE.age * x.age;
  xb += ageTerm;
  const hazard = (PHENOAGE.hazard120 * Math.exp(xb)) / PHENOAGE.gamma;
  const mLiteral = 1 - Math.exp(-hazard);
  let pheno = Math.log(-PHENOAGE.ageScale * Math.log(1 - mLiteral)) / PHENOAGE.divisor + PHENOAGE.ageOffset;
  if (!Number.isFinite(pheno)) pheno = Math.log(PHENOAGE.ageScale * hazard) / PHENOAGE.divisor + PHENOAGE.ageOffset;
  const mortalityScore = -Math.expm1(-hazard);
  return { xb, ageTerm, terms, mortalityScore, phenoAge: pheno, acceleration: pheno - x.age };
}

export type RangeStatus = 'low' | 'within_range' | 'high' | 'no_reference_range';

/** Compare with a reference range (inclusive bounds; a null bound is open). */
export function rangeStatus(value: number, low: number | null, high: number | null): RangeStatus {
  if (low === null && high === null) return 'no_reference_range';
  if (low !== null && value < low) return 'low';
  if (high !== null && value > high) return 'high';
  return 'within_range';
}

export function round(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
