/**
 * POST /v1/tools/bioage/calculate: Levine 2018 PhenoAge. Reads molar masses (for mg/dL ↔ SI) and reference ranges
 * (for a status per biomarker) from the content database's lab_tests (NLM LHC Flowsheet, LOINC-coded).
 */
import type { Statement } from 'better-sqlite3';
import {
  BIOAGE_BIOMARKERS,
  BioageData,
  BioageRequest,
  type BioageBiomarker,
} from '../../../shared/schemas/tools/bioage.ts';
import type { Db } from '../../db/connection.ts';
import type { ToolRunner } from '../tool.ts';
import {
  MODEL_ORDER,
  MODEL_UNITS,
  PHENOAGE,
  RANGE_UNITS,
  convert,
  phenoAge,
  rangeStatus,
  round,
  type ModelInputs,
  type MolarMasses,
} from './compute.ts';

/** The lab_tests row (LOINC + the units column as stored) whose range and molar mass we use for each biomarker. */
export const BIOAGE_LOINC: Record<BioageBiomarker, { loinc: string; units: string }> = {
  albumin: { loinc: '1751-7', units: 'g/dL' },
  creatinine: { loinc: '2160-0', units: 'mg/dL' },
  glucose: { loinc: '2345-7', units: 'mg/dL' },
  crp: { loinc: '1988-5', units: 'mg/dL' },
  lymphocyte_percent: { loinc: '26478-8', units: '%' },
  mcv: { loinc: '787-2', units: 'cu µm' }, // cubic micrometre = fL
  rdw: { loinc: '30385-9', units: '%' },
  alkaline_phosphatase: { loinc: '6768-6', units: 'units/L' },
  wbc: { loinc: '26464-8', units: '10*3/uL' },
};

interface LabRow {
  loinc: string;
  name: string;
  low: number | null;
  high: number | null;
  molecular_weight: number | null;
}

const statements = new WeakMap<Db, Statement<[string, string], LabRow>>();
function labStatement(db: Db): Statement<[string, string], LabRow> {
  let st = statements.get(db);
  if (!st) {
    st = db.prepare<[string, string], LabRow>(
      'SELECT loinc, name, low, high, molecular_weight FROM lab_tests WHERE loinc = ? AND units = ? ORDER BY rowid LIMIT 1',
    );
    statements.set(db, st);
  }
  return st;
}

const LABEL: Record<BioageBiomarker, string> = {
  albumin: 'albumin',
  creatinine: 'creatinine',
  glucose: 'glucose',
  crp: 'CRP',
  lymphocyte_percent: 'lymphocyte %',
  mcv: 'MCV',
  rdw: 'RDW',
  alkaline_phosphatase: 'alkaline phosphatase',
  wbc: 'WBC',
};

const REFERENCE =
  'Levine ME, Lu AT, Quach A, et al. An epigenetic biomarker of aging for lifespan and healthspan. Aging (Albany NY). ' +
  '2018;10(4):573–591. doi:10.18632/aging.101414. Full-precision coefficients and CRP/divisor convention as in the BioAge R package ' +
  '(Kwon D, Belsky DW. GeroScience. 2021;43:2795–2808. doi:10.1007/s11357-021-00480-5; R/phenoage_calc.R, orig = TRUE). ' +
  'Reference ranges: NLM LHC Flowsheet (LOINC-coded).';

export const bioageTool: ToolRunner<typeof BioageRequest, typeof BioageData> = {
  name: 'bioage',
  request: BioageRequest,
  data: BioageData,
  run(ctx, input) {
    const lab = labStatement(ctx.content);
    const rows = {} as Record<BioageBiomarker, LabRow | undefined>;
    for (const b of BIOAGE_BIOMARKERS) rows[b] = lab.get(BIOAGE_LOINC[b].loinc, BIOAGE_LOINC[b].units);
    const creatMass = rows.creatinine?.molecular_weight;
    const glucMass = rows.glucose?.molecular_weight;
    if (!creatMass || !glucMass) {
      // A content-database problem, not the caller's: fail loudly rather than guess a factor.
      throw new Error('content database lab_tests lacks the creatinine (2160-0) or glucose (2345-7) molecular weight');
    }
    const masses: MolarMasses = { creatinine: creatMass, glucose: glucMass };

    const model = { age: input.age } as ModelInputs;
    const converted = {} as Record<BioageBiomarker, ReturnType<typeof convert>>;
    for (const b of MODEL_ORDER) {
      converted[b] = convert(b, input[b].value, input[b].unit, masses);
      model[b] = converted[b].model;
    }
    const r = phenoAge(model);

    const contributions = MODEL_ORDER.map((b) => {
      const row = rows[b];
      const c = converted[b];
      return {
        biomarker: b,
        input: { value: input[b].value, unit: input[b].unit },
        model_value: { value: c.model, unit: MODEL_UNITS[b] },
        conversion: c.conversion,
        coefficient: { value: PHENOAGE.coefficients[b], unit: `per ${MODEL_UNITS[b]}` },
        contribution: { value: r.terms[b], unit: 'log hazard (xb units)' },
        reference_range: row
          ? {
              low: row.low,
              high: row.high,
              unit: RANGE_UNITS[b],
              loinc: row.loinc,
              source: `NLM LHC Flowsheet: ${row.name} (LOINC ${row.loinc})`,
            }
          : null,
        status: row ? rangeStatus(c.conventional, row.low, row.high) : ('no_reference_range' as const),
      };
    });

    const outside = contributions
      .filter((c) => c.status === 'low' || c.status === 'high')
      .map((c) => `${LABEL[c.biomarker]} (${c.status})`);
    const acc = r.acceleration;
    const direction =
      Math.abs(acc) < 0.05
        ? 'about the same as'
        : acc > 0
          ? `${round(acc, 1)} years above`
          : `${round(-acc, 1)} years below`;
    const interpretation = [
      `Phenotypic age ${round(r.phenoAge, 1)} years, ${direction} the chronological age of ${input.age};`,
      `modelled 10-year mortality score ${round(r.mortalityScore * 100, 1)}%.`,
      outside.length
        ? `Outside the NLM reference range: ${outside.join(', ')}.`
        : contributions.every((c) => c.status === 'within_range')
          ? 'All nine biomarkers are within the NLM reference ranges.'
          : 'No biomarker is outside an available NLM reference range.',
      'PhenoAge is a population research estimate (Levine 2018); one panel can be shifted by acute illness, infection (CRP, WBC) or',
      'non-fasting glucose, so trends over repeated panels say more than a single value.',
      'Editorial summary, not a diagnosis or medical advice; discuss results with a clinician.',
    ].join(' ');

    return {
      phenotypic_age: { value: r.phenoAge, unit: 'years' },
      chronological_age: { value: input.age, unit: 'years' },
      age_acceleration: { value: acc, unit: 'years' },
      mortality_score: { value: r.mortalityScore, unit: 'probability (10-year)' },
      linear_predictor: { value: r.xb, unit: 'log hazard (xb units)' },
      intercept: { value: PHENOAGE.intercept, unit: 'log hazard (xb units)' },
      age_contribution: { value: r.ageTerm, unit: 'log hazard (xb units)' },
      contributions,
      convention: {
        crp_transform: 'ln(1 + CRP in mg/dL)',
        final_divisor: PHENOAGE.divisor,
        coefficients: 'full precision (BioAge R/phenoage_calc.R, orig = TRUE)',
        note:
          'The dataset README convention (BioAge phenoage0). The rounded formula printed in Levine 2018 (divisor 0.09165, ln(CRP)) ' +
          'gives different ages by up to several years; results from other calculators may differ for that reason.',
      },
      method: { name: 'Levine 2018 PhenoAge (BioAge full-precision convention)', reference: REFERENCE },
      interpretation,
    };
  },
};
