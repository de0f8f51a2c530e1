/** The pure insight rules on hand-made saved results (only the fields the rules read are filled in). */
import { describe, expect, it } from 'vitest';
import type { BioageData } from '../../../shared/schemas/tools/bioage.ts';
import type { BloodworkData } from '../../../shared/schemas/tools/bloodwork.ts';
import type { InbodyData } from '../../../shared/schemas/tools/inbody.ts';
import type { Saved } from '../types.ts';
import { bioageInsights } from './bioage.ts';
import { bodyCompositionInsights } from './body-composition.ts';
import { distanceOutside, labInsights } from './labs.ts';

const result = (
  loinc: string,
  value: number | null,
  unit: string,
  status: string,
  low: number | null,
  high: number | null,
) => ({
  input: { test: 'k', value: value ?? 0, unit },
  test: { loinc, name: `Test ${loinc}` },
  value: value === null ? null : { value, unit },
  status,
  reference_range: { low, high, unit, text: `${low}–${high} ${unit}` },
  critical_limits: null,
  related_compounds: [],
});
const panel = (id: string, day: number, results: ReturnType<typeof result>[]) =>
  ({
    id,
    created_at: new Date(Date.UTC(2026, 0, day)).toISOString(),
    output: { results } as unknown as BloodworkData,
  }) as Saved<BloodworkData>;

describe('lab rules', () => {
  it('distance outside a range, with open ends', () => {
    expect(distanceOutside(5, 3.5, 5)).toBe(0);
    expect(distanceOutside(7, 3.5, 5)).toBe(2);
    expect(distanceOutside(1, 3.5, null)).toBe(2.5);
    expect(distanceOutside(1000, null, null)).toBe(0);
  });

  it('worsening vs improving vs in range; critical values are warnings; a unit change breaks the comparison', () => {
    const out = labInsights([
      panel('p1', 1, [
        result('A', 5.5, 'mmol/L', 'high', 3.5, 5),
        result('B', 2.0, 'mmol/L', 'low', 3, 6),
        result('C', 4, 'x', 'normal', 1, 5),
        result('D', 10, 'mg/dL', 'high', 1, 5),
      ]),
      panel('p2', 9, [
        result('A', 6.5, 'mmol/L', 'critical_high', 3.5, 5),
        result('B', 2.5, 'mmol/L', 'low', 3, 6),
        result('C', 5.5, 'x', 'normal', 1, 5),
        result('D', 0.9, 'mmol/L', 'high', 0.1, 0.5),
      ]),
    ]);
    expect(out.map((i) => [i.kind, i.severity, i.source_results, i.fingerprint])).toEqual([
      ['lab_worsening', 'warning', ['p1', 'p2'], 'lab_worsening|A|p1|p2'],
      ['lab_out_of_range', 'attention', ['p1', 'p2'], 'lab_out_of_range|B|p2'],
      ['lab_out_of_range', 'attention', ['p2'], 'lab_out_of_range|D|p2'],
    ]);
    expect(out[0]!.body).toMatch(/contact a clinician promptly/);
    expect(out[1]!.body).toMatch(/moving toward the range/);
  });

  it('nothing without panels, and nothing for values that were not evaluated', () => {
    expect(labInsights([])).toEqual([]);
    expect(labInsights([panel('p', 1, [result('A', null, 'x', 'not_evaluated', 1, 2)])])).toEqual([]);
  });
});

const bio = (id: string, pheno: number, age: number, contributions: Record<string, number>) => ({
  id,
  created_at: `2026-0${id.length}-01T00:00:00.000Z`,
  output: {
    phenotypic_age: { value: pheno, unit: 'years' },
    chronological_age: { value: age, unit: 'years' },
    age_acceleration: { value: pheno - age, unit: 'years' },
    contributions: Object.entries(contributions).map(([biomarker, v]) => ({
      biomarker,
      contribution: { value: v, unit: '' },
      reference_range: { loinc: `L-${biomarker}` },
    })),
  } as unknown as BioageData,
});

describe('biological-age rule', () => {
  it('needs a change of a year or more; names the biomarkers that moved the same way', () => {
    expect(bioageInsights([bio('a', 50, 50, {}), bio('bb', 50.9, 50, {})])).toEqual([]);
    const [up] = bioageInsights([
      bio('a', 50, 50, { crp: -1, rdw: 0.5, glucose: 0.2 }),
      bio('bb', 53, 51, { crp: -0.4, rdw: 0.6, glucose: 0.1 }),
    ]);
    expect(up).toMatchObject({
      kind: 'bioage_change',
      severity: 'attention',
      title: 'Biological age acceleration up 2 years',
      source_results: ['a', 'bb'],
    });
    expect(up!.body).toMatch(/Largest contributions to the change: CRP and RDW\./);
    expect(up!.evidence.map((c) => c.id)).toEqual(['L-crp', 'L-rdw']);
    const [down] = bioageInsights([bio('a', 55, 50, {}), bio('bb', 52, 50, {})]);
    expect(down).toMatchObject({ severity: 'info', title: 'Biological age acceleration down 3 years' });
  });
});

const body = (id: string, weight: number, fat: number | null, waist?: number) => ({
  id,
  created_at: `2026-0${id.length}-01T00:00:00.000Z`,
  output: {
    measurements: { weight: { value: weight, unit: 'kg' } },
    body_fat: fat === null ? null : { percent: { value: fat, unit: '%' } },
    muscle: null,
    visceral_fat: null,
    waist: waist === undefined ? null : { circumference: { value: waist, unit: 'cm' } },
  } as unknown as InbodyData,
});

describe('body-composition rule', () => {
  it('reports changes beyond each threshold; falling fat and waist are info, rising fat is attention', () => {
    expect(bodyCompositionInsights([body('a', 80, 30, 90), body('bb', 80.9, 30.9, 91.9)], [])).toEqual([]);
    const [better] = bodyCompositionInsights([body('a', 80, 30, 90), body('bb', 78, 28, 87)], []);
    expect(better).toMatchObject({ severity: 'info', source_results: ['a', 'bb'] });
    expect(better!.body).toMatch(
      /^weight 80 → 78 kg \(−2 kg\); body fat 30 → 28 % \(−2 points\); waist 90 → 87 cm \(−3 cm\)\. Bioimpedance/,
    );
    const [worse] = bodyCompositionInsights([body('a', 80, 30), body('bb', 80, 31.5)], []);
    expect(worse!.severity).toBe('attention');
  });
});
