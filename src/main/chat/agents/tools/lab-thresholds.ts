/**
 * Clinical decision thresholds that a reference range does not give (a ferritin of 9 is "low", but what matters is
 * that it is below the iron-deficiency threshold). Editorial summaries of published guideline cut-offs, each with its
 * basis; values in the unit the NLM reference range uses for the test, so they compare with the analyzer's reading.
 */
export interface Threshold {
  test: RegExp;
  unit: string;
  below?: number;
  atOrAbove?: number;
  says: string;
  basis: string;
  id: string;
}

export const THRESHOLDS: Threshold[] = [
  {
    id: 'ferritin/iron-deficiency',
    test: /^ferritin$/i,
    unit: 'ng/mL',
    below: 15,
    says: 'below 15 ng/mL (µg/L), the threshold for iron deficiency in otherwise healthy people aged 5 and over (with infection or inflammation the threshold is 70)',
    basis:
      'WHO guideline on use of ferritin concentrations to assess iron status in individuals and populations (2020)',
  },
  {
    id: 'hba1c/diabetes',
    test: /^(?:hba1c|a1c|glycated haemoglobin|glycated hemoglobin|hemoglobin a1c|haemoglobin a1c)$/i,
    unit: '%',
    atOrAbove: 6.5,
    says: 'at or above 6.5%, the diagnostic threshold for diabetes (5.7–6.4% is prediabetes; confirm with a repeat test)',
    basis: 'American Diabetes Association, Standards of Care in Diabetes (2.2, diagnosis)',
  },
  {
    id: 'hba1c/prediabetes',
    test: /^(?:hba1c|a1c|glycated haemoglobin|glycated hemoglobin|hemoglobin a1c|haemoglobin a1c)$/i,
    unit: '%',
    atOrAbove: 5.7,
    says: 'in the prediabetes range (5.7–6.4%)',
    basis: 'American Diabetes Association, Standards of Care in Diabetes (2.2, diagnosis)',
  },
  {
    id: 'vitamin-d/deficiency',
    test: /^(?:vitamin d|25-?oh vitamin d|25-hydroxyvitamin d|25\(oh\)d|calcidiol)$/i,
    unit: 'ng/mL',
    below: 12,
    says: 'below 12 ng/mL (30 nmol/L), the level the US National Academies associate with deficiency (12–20 ng/mL is inadequate for some people)',
    basis: 'Institute of Medicine (National Academies), Dietary Reference Intakes for Calcium and Vitamin D (2011)',
  },
  {
    id: 'haemoglobin/anaemia',
    test: /^(?:hemoglobin|haemoglobin|hb|hgb)$/i,
    unit: 'g/dL',
    below: 12,
    says: 'below 12 g/dL, the WHO threshold for anaemia in non-pregnant women (13 g/dL in men, 11 g/dL in pregnancy)',
    basis: 'WHO, Haemoglobin concentrations for the diagnosis of anaemia and assessment of severity (2011)',
  },
];

/** The first threshold a value crosses, if any; value and unit as the analyzer read them. */
export function thresholdFor(test: string, value: number, unit: string): Threshold | null {
  for (const t of THRESHOLDS) {
    if (!t.test.test(test.trim()) || t.unit.toLowerCase() !== unit.toLowerCase()) continue;
    if (t.below !== undefined && value < t.below) return t;
    if (t.atOrAbove !== undefined && value >= t.atOrAbove) return t;
  }
  return null;
}
