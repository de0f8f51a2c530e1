/**
 * What the NLM flowsheet ranges lack: critical (panic) limits for the analytes a laboratory telephones about, and the
 * clinical decision thresholds guidelines define beside a population reference range (HbA1c 5.7 / 6.5 %, ferritin
 * < 15 ng/mL, 25(OH)D < 20 ng/mL…). Each limit names its source; each is written in the unit the source uses and
 * converted to the unit of the row it is applied to.
 */

export interface Citation {
  short: string;
  reference: string;
}

const KOST_1990: Citation = {
  short: 'Kost 1990 (mean critical limits of 92 US medical centres)',
  reference:
    'Kost GJ. Critical limits for urgent clinician notification at US medical centers. JAMA. 1990;263(5):704-707. PMID 2296127.',
};
const ADA: Citation = {
  short: 'ADA Standards of Care, diagnosis of diabetes',
  reference:
    'American Diabetes Association Professional Practice Committee. 2. Diagnosis and Classification of Diabetes: Standards of Care in Diabetes. Diabetes Care (annual supplement 1), criteria for prediabetes and diabetes.',
};
const WHO_FERRITIN: Citation = {
  short: 'WHO 2020 ferritin guideline',
  reference:
    'World Health Organization. WHO guideline on use of ferritin concentrations to assess iron status in individuals and populations. Geneva: WHO; 2020.',
};
const BSH_PREGNANCY: Citation = {
  short: 'BSH 2020, iron deficiency in pregnancy',
  reference:
    'Pavord S, Daru J, Prasannan N, et al. UK guidelines on the management of iron deficiency in pregnancy. Br J Haematol. 2020;188(6):819-830.',
};
const ENDOCRINE_SOCIETY_VITD: Citation = {
  short: 'Endocrine Society 2011 vitamin D guideline',
  reference:
    'Holick MF, Binkley NC, Bischoff-Ferrari HA, et al. Evaluation, treatment, and prevention of vitamin D deficiency: an Endocrine Society clinical practice guideline. J Clin Endocrinol Metab. 2011;96(7):1911-1930. (The 2024 guideline no longer endorses these cut-offs for routine testing.)',
};
const STABLER_B12: Citation = {
  short: 'Stabler 2013, vitamin B12 deficiency',
  reference: 'Stabler SP. Vitamin B12 deficiency. N Engl J Med. 2013;368(2):149-160.',
};
const ACC_AHA_2018: Citation = {
  short: '2018 AHA/ACC cholesterol guideline',
  reference:
    'Grundy SM, Stone NJ, Bailey AL, et al. 2018 AHA/ACC/… Guideline on the Management of Blood Cholesterol. Circulation. 2019;139(25):e1082-e1143.',
};
const ATA_AACE_2012: Citation = {
  short: 'ATA/AACE 2012 hypothyroidism guideline',
  reference:
    'Garber JR, Cobin RH, Gharib H, et al. Clinical practice guidelines for hypothyroidism in adults: cosponsored by the American Association of Clinical Endocrinologists and the American Thyroid Association. Thyroid. 2012;22(12):1200-1235.',
};
const ATA_2016: Citation = {
  short: 'ATA 2016 hyperthyroidism guideline',
  reference:
    'Ross DS, Burch HB, Cooper DS, et al. 2016 American Thyroid Association guidelines for diagnosis and management of hyperthyroidism and other causes of thyrotoxicosis. Thyroid. 2016;26(10):1343-1421.',
};

/** Critical limits in the source's unit. A limit is crossed strictly beyond it, as for the reference range. */
export interface CriticalLimit {
  loincs: readonly string[];
  low: number | null;
  high: number | null;
  unit: string;
  source: Citation;
}

/**
 * Kost 1990's mean low and high critical limits. The abstract gives glucose, potassium, calcium, sodium, haematocrit,
 * haemoglobin, platelets and WBC; the survey's table adds total CO2, magnesium, phosphorus and ionised calcium.
 * Applied to the serum, plasma and whole-blood rows of each analyte that routine reports use.
 */
export const CRITICAL_LIMITS: readonly CriticalLimit[] = [
  { loincs: ['2823-3', '6298-4', '2821-7'], low: 2.8, high: 6.2, unit: 'mmol/L', source: KOST_1990 },
  { loincs: ['2951-2', '2947-0'], low: 120, high: 158, unit: 'mmol/L', source: KOST_1990 },
  { loincs: ['2345-7', '1558-6', '2339-0'], low: 46, high: 484, unit: 'mg/dL', source: KOST_1990 },
  { loincs: ['17861-6', '2000-8'], low: 6.6, high: 12.9, unit: 'mg/dL', source: KOST_1990 },
  { loincs: ['17863-2', '1994-3'], low: 0.82, high: 1.55, unit: 'mmol/L', source: KOST_1990 },
  { loincs: ['19123-9'], low: 1.0, high: 4.9, unit: 'mg/dL', source: KOST_1990 },
  { loincs: ['2777-1'], low: 1.2, high: 8.9, unit: 'mg/dL', source: KOST_1990 },
  { loincs: ['2028-9'], low: 11, high: 40, unit: 'mmol/L', source: KOST_1990 },
  { loincs: ['718-7', '20509-6'], low: 6.6, high: 19.9, unit: 'g/dL', source: KOST_1990 },
  { loincs: ['20570-8', '4544-3'], low: 18, high: 61, unit: '%', source: KOST_1990 },
  { loincs: ['26515-7'], low: 37, high: 910, unit: '10*3/uL', source: KOST_1990 },
  { loincs: ['26464-8'], low: 2.0, high: 37.0, unit: '10*3/uL', source: KOST_1990 },
];

/** A guideline threshold: met when the value is `below` (strictly) or `at_or_above` the limit. */
export interface DecisionThreshold {
  loincs: readonly string[];
  comparison: 'below' | 'at_or_above';
  value: number;
  unit: string;
  /** short label of what meeting it means, shown with the result */
  label: string;
  /** a sentence for the interpretation */
  meaning: string;
  source: Citation;
  /** ages (years, inclusive) the threshold applies to; absent = all ages */
  minAge?: number;
  maxAge?: number;
  /** the threshold reads a more severe category than another one of the same test; only the most severe met is reported as the finding */
  severity: number;
}

const HBA1C = ['4548-4', '17856-6'];
const FASTING_GLUCOSE = ['1558-6'];
const FERRITIN = ['2276-4'];
const VITAMIN_D = ['1989-3'];
const B12 = ['2132-9'];
const LDL = ['13457-7', '18262-6'];
const TSH = ['3016-3'];

export const DECISION_THRESHOLDS: readonly DecisionThreshold[] = [
  {
    loincs: HBA1C,
    comparison: 'at_or_above',
    value: 6.5,
    unit: '%',
    severity: 2,
    label: 'diabetes range (≥ 6.5 %)',
    source: ADA,
    meaning:
      'at or above 6.5 %, the ADA threshold for diagnosing diabetes (confirm with a repeat test unless clearly symptomatic)',
  },
  {
    loincs: HBA1C,
    comparison: 'at_or_above',
    value: 5.7,
    unit: '%',
    severity: 1,
    label: 'prediabetes range (5.7–6.4 %)',
    source: ADA,
    meaning: 'in the ADA prediabetes range (5.7–6.4 %)',
  },
  {
    loincs: FASTING_GLUCOSE,
    comparison: 'at_or_above',
    value: 126,
    unit: 'mg/dL',
    severity: 2,
    label: 'diabetes range (≥ 126 mg/dL fasting)',
    source: ADA,
    meaning: 'at or above 126 mg/dL fasting, the ADA threshold for diagnosing diabetes (confirm with a repeat test)',
  },
  {
    loincs: FASTING_GLUCOSE,
    comparison: 'at_or_above',
    value: 100,
    unit: 'mg/dL',
    severity: 1,
    label: 'impaired fasting glucose (100–125 mg/dL)',
    source: ADA,
    meaning: 'in the ADA impaired fasting glucose (prediabetes) range, 100–125 mg/dL',
  },
  {
    loincs: FERRITIN,
    comparison: 'below',
    value: 15,
    unit: 'ng/mL',
    severity: 2,
    minAge: 5,
    label: 'iron deficiency (< 15 ng/mL)',
    source: WHO_FERRITIN,
    meaning: 'below 15 ng/mL, the WHO threshold for iron deficiency in people aged 5 and over',
  },
  {
    loincs: FERRITIN,
    comparison: 'below',
    value: 12,
    unit: 'ng/mL',
    severity: 2,
    maxAge: 4,
    label: 'iron deficiency (< 12 ng/mL, under 5)',
    source: WHO_FERRITIN,
    meaning: 'below 12 ng/mL, the WHO threshold for iron deficiency in children under 5',
  },
  {
    loincs: FERRITIN,
    comparison: 'below',
    value: 30,
    unit: 'ng/mL',
    severity: 1,
    minAge: 5,
    label: 'iron deficiency likely in context (< 30 ng/mL)',
    source: BSH_PREGNANCY,
    meaning:
      'below 30 ng/mL, which indicates iron deficiency in pregnancy (BSH 2020) and makes it likely in a patient with anaemia or symptoms; with inflammation WHO uses < 70 ng/mL',
  },
  {
    loincs: VITAMIN_D,
    comparison: 'below',
    value: 20,
    unit: 'ng/mL',
    severity: 2,
    label: 'vitamin D deficiency (< 20 ng/mL)',
    source: ENDOCRINE_SOCIETY_VITD,
    meaning: 'below 20 ng/mL (50 nmol/L), vitamin D deficiency by the Endocrine Society 2011 definition',
  },
  {
    loincs: VITAMIN_D,
    comparison: 'below',
    value: 30,
    unit: 'ng/mL',
    severity: 1,
    label: 'vitamin D insufficiency (20–29 ng/mL)',
    source: ENDOCRINE_SOCIETY_VITD,
    meaning: 'below 30 ng/mL (75 nmol/L), vitamin D insufficiency by the Endocrine Society 2011 definition',
  },
  {
    loincs: B12,
    comparison: 'below',
    value: 200,
    unit: 'pg/mL',
    severity: 2,
    label: 'B12 deficiency likely (< 200 pg/mL)',
    source: STABLER_B12,
    meaning:
      'below 200 pg/mL (about 148 pmol/L), where vitamin B12 deficiency is likely; methylmalonic acid helps with borderline values',
  },
  {
    loincs: LDL,
    comparison: 'at_or_above',
    value: 190,
    unit: 'mg/dL',
    severity: 2,
    label: 'severe hypercholesterolaemia (LDL ≥ 190 mg/dL)',
    source: ACC_AHA_2018,
    meaning:
      'at or above 190 mg/dL (4.9 mmol/L), primary severe hypercholesterolaemia, for which the 2018 AHA/ACC guideline recommends high-intensity statin therapy without risk calculation (and consider familial hypercholesterolaemia)',
  },
  {
    loincs: TSH,
    comparison: 'at_or_above',
    value: 10,
    unit: 'mU/L',
    severity: 2,
    label: 'TSH ≥ 10 mU/L',
    source: ATA_AACE_2012,
    meaning:
      'at or above 10 mU/L, where the ATA/AACE guideline recommends considering levothyroxine even when free T4 is normal (repeat to confirm)',
  },
  {
    loincs: TSH,
    comparison: 'below',
    value: 0.1,
    unit: 'mU/L',
    severity: 2,
    label: 'suppressed TSH (< 0.1 mU/L)',
    source: ATA_2016,
    meaning:
      'below 0.1 mU/L, a suppressed TSH (overt or grade 2 subclinical hyperthyroidism if free T4/T3 agree, or treatment effect); the ATA 2016 guideline advises evaluation and often treatment',
  },
];

export const criticalLimitFor = (loinc: string): CriticalLimit | undefined =>
  CRITICAL_LIMITS.find((c) => c.loincs.includes(loinc));

export function thresholdsFor(loinc: string, age: number): DecisionThreshold[] {
  return DECISION_THRESHOLDS.filter(
    (t) =>
      t.loincs.includes(loinc) &&
      (t.minAge === undefined || age >= t.minAge) &&
      (t.maxAge === undefined || age <= t.maxAge),
  );
}

export const thresholdMet = (t: { comparison: 'below' | 'at_or_above'; value: number }, value: number): boolean =>
  t.comparison === 'below' ? value < t.value : value >= t.value;

/** Decimals a source range is written with ("3.5 - 5.0" → 1, "20 - 57" → 0). */
export function decimalsOf(...limits: (number | null)[]): number {
  let d = 0;
  for (const x of limits) {
    if (x === null || !Number.isFinite(x)) continue;
    const s = String(x);
    const i = s.indexOf('.');
    if (i >= 0 && !s.includes('e')) d = Math.max(d, s.length - i - 1);
  }
  return d;
}

/**
 * A converted value as a laboratory would print it: to the decimals its reference range uses plus one guard digit (a
 * conversion adds no precision), and never fewer than two significant digits ("30 nmol/L" → "12.0 ng/mL", not 12.019).
 */
export function roundToLabPrecision(value: number, rangeDecimals: number): number {
  if (value === 0 || !Number.isFinite(value)) return value;
  const sigDecimals = Math.max(0, 1 - Math.floor(Math.log10(Math.abs(value))));
  const d = Math.min(6, Math.max(rangeDecimals + 1, sigDecimals));
  return Number(value.toFixed(d));
}
