import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db } from '../../db/connection.ts';
import { BloodworkData, BloodworkRequest } from '../../../shared/schemas/tools/bloodwork.ts';
import type { ToolContext } from '../tool.ts';
import { openToolContext } from '../../../../test/helpers/tool-support.ts';
import {
  HBA1C_LOINCS,
  ION_VALENCE,
  REFERENCE_UNIT_OVERRIDES,
  RELATED_COMPOUNDS,
  TEST_ALIASES,
  classify,
  convertForTest,
  convertValue,
  hba1cIfccToNgsp,
  hba1cNgspToIfcc,
  parseUnit,
  rangeText,
  similarity,
  testKey,
} from './compute.ts';
import { bloodworkTool, matchTest, suggestTests } from './tool.ts';
import { CRITICAL_LIMITS, DECISION_THRESHOLDS, decimalsOf, roundToLabPrecision } from './clinical-limits.ts';

let db: Db;
let ctx: ToolContext;
beforeAll(() => {
  ({ content: db, ctx } = openToolContext());
});
afterAll(() => db.close());

const NONE = { molecularWeight: null, valence: null, hba1c: false };
const value = (c: ReturnType<typeof convertValue>) => {
  if (!c.ok) throw new Error(c.error);
  return c.value;
};

function run(panel: { test: string; value: number; unit: string }[], extra: Record<string, unknown> = {}) {
  const input = BloodworkRequest.parse({ sex: 'female', age: 45, panel, ...extra });
  const out = bloodworkTool.run(ctx, input);
  BloodworkData.parse({ ...out, saved_result_id: null });
  return out;
}

describe('unit parsing', () => {
  it('reads the spellings found on reports and in the source', () => {
    expect(parseUnit('mg/dL')).toEqual({ kind: 'mass', perLitre: 0.01 });
    expect(parseUnit('µg/L')).toEqual({ kind: 'mass', perLitre: 1e-6 });
    expect(parseUnit('mcg/mL')).toEqual({ kind: 'mass', perLitre: 1e-3 });
    expect(parseUnit('g/L')).toEqual({ kind: 'mass', perLitre: 1 });
    expect(parseUnit('mmol/l')).toEqual({ kind: 'molar', perLitre: 1e-3 });
    expect(parseUnit('mcmol/L')).toEqual({ kind: 'molar', perLitre: 1e-6 });
    expect(parseUnit('mEq/L')).toEqual({ kind: 'equivalents', perLitre: 1e-3 });
    expect(parseUnit('units/L')).toEqual({ kind: 'units', perLitre: 1 });
    expect(parseUnit('mIU/L')).toEqual({ kind: 'units', perLitre: 1e-3 });
    expect(parseUnit('µIU/mL')).toEqual({ kind: 'units', perLitre: 1e-3 });
    expect(parseUnit('10^9/L')).toEqual({ kind: 'count', perLitre: 1e9 });
    expect(parseUnit('10*3/uL')).toEqual({ kind: 'count', perLitre: 1e9 });
    expect(parseUnit('#/mm3')).toEqual({ kind: 'count', perLitre: 1e6 });
    expect(parseUnit('DEG F')).toEqual({ kind: 'temperature', scale: 'F' });
    expect(parseUnit('°C')).toEqual({ kind: 'temperature', scale: 'C' });
    expect(parseUnit('mm Hg')).toEqual({ kind: 'other', key: 'mmHg' });
    expect(parseUnit('NULL')).toEqual({ kind: 'other', key: '' });
    expect(parseUnit('furlongs')).toBeNull();
  });
});

describe('unit conversion (mass ↔ molar with the source molecular weight)', () => {
  it('25-OH vitamin D: 20 ng/mL = 49.9205 nmol/L and back (MW 400.63706 g/mol)', () => {
    const mw = { ...NONE, molecularWeight: 400.63706 };
    expect(value(convertValue(20, 'ng/mL', 'nmol/L', mw))).toBe(49.9205);
    expect(value(convertValue(50, 'nmol/L', 'ng/mL', mw))).toBe(20.0319);
  });
  it('glucose: 5.5 mmol/L = 99.0858 mg/dL, 100 mg/dL = 5.55074 mmol/L (MW 180.156)', () => {
    const mw = { ...NONE, molecularWeight: 180.156 };
    expect(value(convertValue(5.5, 'mmol/L', 'mg/dL', mw))).toBe(99.0858);
    expect(value(convertValue(100, 'mg/dL', 'mmol/L', mw))).toBe(5.55074);
  });
  it('creatinine: 88.4 µmol/L ≈ 1.000 mg/dL (MW 113.1179)', () => {
    expect(value(convertValue(88.4, 'µmol/L', 'mg/dL', { ...NONE, molecularWeight: 113.1179 }))).toBe(0.999962);
  });
  it('cholesterol: 200 mg/dL = 5.17259 mmol/L (MW 386.6535)', () => {
    expect(value(convertValue(200, 'mg/dL', 'mmol/L', { ...NONE, molecularWeight: 386.6535 }))).toBe(5.17259);
  });
  it('same dimension: mg/L → mg/dL × 0.1, g/L → g/dL × 0.1, µg/L = ng/mL', () => {
    expect(value(convertValue(3, 'mg/L', 'mg/dL', NONE))).toBe(0.3);
    expect(value(convertValue(140, 'g/L', 'g/dL', NONE))).toBe(14);
    const same = convertValue(8, 'µg/L', 'ng/mL', NONE);
    expect(same).toMatchObject({ ok: true, value: 8, converted: true });
  });
  it('an identical unit is not a conversion', () => {
    expect(convertValue(8, 'ng/mL', 'ng/mL', NONE)).toEqual({ ok: true, value: 8, converted: false, method: null });
    expect(convertValue(8, 'mcg/dL', 'ug/dL', NONE)).toEqual({ ok: true, value: 8, converted: false, method: null });
  });
  it('equivalents: 140 mEq/L sodium = 140 mmol/L; 5 mEq/L calcium = 2.5 mmol/L = 10.0195 mg/dL', () => {
    expect(value(convertValue(140, 'mEq/L', 'mmol/L', { ...NONE, valence: 1 }))).toBe(140);
    expect(value(convertValue(5, 'mEq/L', 'mmol/L', { ...NONE, valence: 2 }))).toBe(2.5);
    expect(value(convertValue(2.5, 'mmol/L', 'mEq/L', { ...NONE, valence: 2 }))).toBe(5);
    expect(value(convertValue(5, 'mEq/L', 'mg/dL', { ...NONE, valence: 2, molecularWeight: 40.078 }))).toBe(10.0195);
  });
  it('counts: 6.1 × 10^9/L = 6.1 × 10^3/µL; 4.5 × 10^12/L = 4.5 × 10^6/µL', () => {
    expect(value(convertValue(6.1, '10^9/L', '10*3/uL', NONE))).toBe(6.1);
    expect(value(convertValue(4.5, '10^12/L', '10*6/uL', NONE))).toBe(4.5);
    expect(value(convertValue(250, '10^9/L', '#/mm3', NONE))).toBe(250000);
  });
  it('international units: 2.1 µIU/mL = 2.1 mU/L', () => {
    expect(value(convertValue(2.1, 'µIU/mL', 'mU/L', NONE))).toBe(2.1);
  });
  it('temperature: 37 °C = 98.6 °F and back', () => {
    expect(value(convertValue(37, '°C', 'degF', NONE))).toBe(98.6);
    expect(value(convertValue(98.6, 'F', 'C', NONE))).toBe(37);
  });
  it('HbA1c: IFCC 48 mmol/mol = NGSP 6.54304 %; 6.5 % = 47.5295 mmol/mol (Hoelzel 2004 master equation)', () => {
    expect(hba1cIfccToNgsp(48)).toBe(6.54304);
    expect(hba1cNgspToIfcc(6.5)).toBe(47.5295);
    expect(value(convertForTest(48, 'mmol/mol', '%', { ...NONE, hba1c: true }))).toBe(6.54304);
    expect(value(convertForTest(6.5, '%', 'mmol/mol', { ...NONE, hba1c: true }))).toBe(47.5295);
    // only for HbA1c rows
    expect(convertForTest(48, 'mmol/mol', '%', NONE).ok).toBe(false);
  });
  it('refuses impossible conversions with a clear message', () => {
    const noMw = convertValue(150, 'pmol/L', 'pg/mL', NONE);
    expect(noMw).toEqual({ ok: false, error: expect.stringContaining('no molecular weight') });
    const dims = convertValue(30, 'mg/dL', 'units/L', NONE);
    expect(dims).toEqual({ ok: false, error: expect.stringContaining('cannot be converted to "units/L"') });
    const unknown = convertValue(1, 'furlongs', 'mg/dL', NONE);
    expect(unknown).toEqual({ ok: false, error: expect.stringContaining('not recognised') });
    expect(convertValue(140, 'mEq/L', 'mmol/L', NONE).ok).toBe(false);
    expect(convertValue(5, '%', 'mg/dL', NONE).ok).toBe(false);
  });
});

describe('status', () => {
  const l = { low: 20, high: 57, dangerLow: 10, dangerHigh: 150 };
  it('limits are inside; beyond them low/high; beyond the danger limits critical', () => {
    expect(classify(20, l)).toBe('normal');
    expect(classify(57, l)).toBe('normal');
    expect(classify(19.99, l)).toBe('low');
    expect(classify(57.01, l)).toBe('high');
    expect(classify(10, l)).toBe('low');
    expect(classify(9.9, l)).toBe('critical_low');
    expect(classify(150.1, l)).toBe('critical_high');
    expect(classify(1000, { low: null, high: 130, dangerLow: null, dangerHigh: null })).toBe('high');
    expect(classify(-5, { low: null, high: 130, dangerLow: null, dangerHigh: null })).toBe('normal');
  });
  it('range text', () => {
    expect(rangeText(20, 57, 'ng/mL')).toBe('20–57 ng/mL');
    expect(rangeText(null, 130, 'mg/dL')).toBe('≤ 130 mg/dL');
    expect(rangeText(5.4, null, 'ng/mL')).toBe('≥ 5.4 ng/mL');
    expect(rangeText(7.35, 7.45, '')).toBe('7.35–7.45');
  });
});

describe('curated tables point at real data', () => {
  it('every alias, valence, override and HbA1c code is a lab_tests LOINC', () => {
    const loincs = new Set(
      db
        .prepare<[], { loinc: string }>('SELECT loinc FROM lab_tests')
        .all()
        .map((r) => r.loinc),
    );
    for (const [alias, loinc] of Object.entries(TEST_ALIASES))
      expect(loincs.has(loinc), `${alias} → ${loinc}`).toBe(true);
    for (const loinc of [
      ...Object.keys(ION_VALENCE),
      ...Object.keys(REFERENCE_UNIT_OVERRIDES),
      ...HBA1C_LOINCS,
      ...RELATED_COMPOUNDS.flatMap((r) => r.loincs),
    ]) {
      expect(loincs.has(loinc), loinc).toBe(true);
    }
  });
  it('every related-compound slug exists in the compounds table', () => {
    const slugs = new Set(
      db
        .prepare<[], { slug: string }>('SELECT slug FROM compounds')
        .all()
        .map((r) => r.slug),
    );
    for (const r of RELATED_COMPOUNDS) for (const s of r.slugs) expect(slugs.has(s), s).toBe(true);
  });
  it('aliases normalise without collisions', () => {
    const keys = Object.keys(TEST_ALIASES).map(testKey);
    expect(new Set(keys).size).toBe(keys.length);
  });
  it('the rows the common aliases name carry the ranges the NLM README quotes', () => {
    const row = (loinc: string) => db.prepare('SELECT low, high, units FROM lab_tests WHERE loinc = ?').get(loinc);
    expect(row('1989-3')).toEqual({ low: 20, high: 57, units: 'ng/mL' });
    expect(row('3016-3')).toEqual({ low: 0.4, high: 4.2, units: 'mU/L' });
    expect(row('2160-0')).toEqual({ low: 0.4, high: 1.5, units: 'mg/dL' });
  });
});

describe('matching', () => {
  it('by LOINC code, curated alias and exact source name', () => {
    expect(matchTest(db, '2345-7', 'mg/dL')).toMatchObject({ by: 'loinc', row: { loinc: '2345-7' } });
    expect(matchTest(db, '25-OH Vitamin D', 'ng/mL')).toMatchObject({ by: 'alias', row: { loinc: '1989-3' } });
    expect(matchTest(db, 'HbA1c', '%')).toMatchObject({ by: 'alias', row: { loinc: '4548-4' } });
    expect(matchTest(db, 'hsCRP', 'mg/L')).toMatchObject({ by: 'alias', row: { loinc: '30522-7' } });
    expect(matchTest(db, 'IGF1', 'ng/mL')).toMatchObject({ by: 'alias', row: { loinc: '2484-4' } });
    expect(matchTest(db, 'Calcidiol mass conc', 'ng/mL')).toMatchObject({ by: 'name', row: { loinc: '1989-3' } });
    expect(matchTest(db, 'Vit B12 SerPl-mCnc', 'pg/mL')).toMatchObject({ by: 'name', row: { loinc: '2132-9' } });
    expect(matchTest(db, '9999999-9', 'mg/dL')).toBeNull();
    expect(matchTest(db, 'feritin', 'ng/mL')).toBeNull();
  });
  it('suggests similar tests for an unknown name', () => {
    expect(suggestTests(db, 'feritin')[0]).toMatchObject({ loinc: '2276-4' });
    expect(suggestTests(db, 'vitamin d3 level').map((s) => s.loinc)).toContain('1989-3');
    expect(suggestTests(db, 'qqqqqq')).toEqual([]);
    expect(similarity('ferritin', 'Ferritin')).toBe(1);
  });
});

describe('bloodworkTool.run', () => {
  it('a mixed panel: conversions, statuses, related compounds, unmatched and not evaluated', () => {
    const out = run([
      { test: 'Vitamin D', value: 30, unit: 'nmol/L' },
      { test: 'LDL', value: 3.5, unit: 'mmol/L' },
      { test: 'hba1c', value: 48, unit: 'mmol/mol' },
      { test: 'ferritin', value: 8, unit: 'µg/L' },
      { test: 'B12', value: 150, unit: 'pmol/L' },
      { test: 'TSH', value: 2.1, unit: 'µIU/mL' },
      { test: 'feritin', value: 8, unit: 'ng/mL' },
      { test: 'magnesium', value: 0.4, unit: 'mmol/L' },
    ]);
    const by = (i: number) => out.results.find((r) => r.index === i)!;

    // 30 nmol/L ÷ 2.4963 = 12.0191 ng/mL, printed to the range's precision plus one digit
    expect(by(0).value).toEqual({ value: 12, unit: 'ng/mL' });
    expect(by(0).finding).toBe('vitamin D deficiency (< 20 ng/mL)');
    expect(by(0).status).toBe('low');
    expect(by(0).reference_range).toMatchObject({
      low: 20,
      high: 57,
      unit: 'ng/mL',
      text: '20–57 ng/mL',
      source_text: '20 - 57',
    });
    expect(by(0).conversion).toMatchObject({ from: { value: 30, unit: 'nmol/L' }, to: { value: 12, unit: 'ng/mL' } });
    expect(by(0).conversion!.method).toContain('400.63706');
    expect(by(0).related_compounds.map((c) => c.slug)).toEqual(['vitamin-d3', 'ergocalciferol']);

    expect(by(1)).toMatchObject({
      value: { value: 135.3, unit: 'mg/dL' },
      status: 'high',
      related_compounds: [],
      finding: null,
    });
    expect(by(2)).toMatchObject({
      value: { value: 6.54, unit: '%' },
      status: 'high',
      finding: 'diabetes range (≥ 6.5 %)',
    });
    expect(by(3)).toMatchObject({ value: { value: 8, unit: 'ng/mL' }, status: 'low' });
    expect(by(3).related_compounds.map((c) => c.slug)).toEqual(['ferrous-sulfate', 'ferrous-bisglycinate']);

    expect(by(4)).toMatchObject({ status: 'not_evaluated', value: null, test: { loinc: '2132-9' } });
    expect(by(4).error).toContain('no molecular weight');

    expect(by(5)).toMatchObject({ value: { value: 2.1, unit: 'mU/L' }, status: 'normal', related_compounds: [] });

    // 0.4 mmol/L × 24.3 g/mol = 0.972 mg/dL, below Kost's critical limit 1.0 mg/dL
    expect(by(7)).toMatchObject({
      value: { value: 0.97, unit: 'mg/dL' },
      status: 'critical_low',
      critical_limits: { low: 1, high: 4.9, unit: 'mg/dL' },
    });
    expect(by(7).critical_limits!.source).toContain('Kost GJ');
    expect(by(7).interpretation).toContain('critical limit');
    expect(by(7).related_compounds.map((c) => c.slug)).toEqual(['magnesium-glycinate', 'magnesium-citrate']);

    expect(out.unmatched).toEqual([
      {
        index: 6,
        test: 'feritin',
        suggestions: expect.arrayContaining([expect.objectContaining({ loinc: '2276-4' })]),
      },
    ]);
    expect(out.summary).toEqual({
      tests: 8,
      matched: 7,
      unmatched: 1,
      not_evaluated: 1,
      normal: 1,
      low: 2,
      high: 2,
      critical_low: 1,
      critical_high: 0,
      decision_flags: 3,
    });
    expect(out.method.reference).toContain('LHC Flowsheet');
    expect(out.interpretation).toContain('not a diagnosis');
  });

  it("says plainly that ranges are one institution's adult ranges without sex/age adjustment", () => {
    const out = run([{ test: 'glucose', value: 90, unit: 'mg/dL' }], { sex: 'male', age: 30 });
    expect(out.range_note).toMatch(/one institution's adult ranges/);
    expect(out.range_note).toMatch(/without sex or age adjustment/);
    expect(out.patient).toEqual({ sex: 'male', age: 30 });
    expect(out.warnings).toEqual([]);
    expect(out.results[0]).toMatchObject({ status: 'normal', conversion: null, value: { value: 90, unit: 'mg/dL' } });
  });

  it('warns for a minor, and reports the documented unit correction for RBC', () => {
    const out = run([{ test: 'RBC', value: 4.5, unit: '10^12/L' }], { age: 12 });
    expect(out.results[0]).toMatchObject({ value: { value: 4.5, unit: '10*6/uL' }, status: 'normal' });
    expect(out.warnings.some((w) => w.includes('789-8'))).toBe(true);
    expect(out.warnings.some((w) => w.includes('adult ranges'))).toBe(true);
  });

  it('a unit of the wrong dimension is a per-test error, not a failure', () => {
    const out = run([
      { test: 'ALT', value: 30, unit: 'mg/dL' },
      { test: 'AST', value: 30, unit: 'U/L' },
    ]);
    expect(out.results[0]).toMatchObject({ status: 'not_evaluated', value: null });
    expect(out.results[0]!.error).toContain('"units/L"');
    expect(out.results[1]).toMatchObject({ status: 'normal', value: { value: 30, unit: 'units/L' } });
  });

  it('unitless tests (pH) and electrolytes in mEq/L', () => {
    const out = run([
      { test: 'pH Bld', value: 7.4, unit: '' },
      { test: 'sodium', value: 140, unit: 'mEq/L' },
      { test: 'potassium', value: 6.5, unit: 'mmol/L' },
    ]);
    // potassium 6.5 mmol/L is beyond Kost's 6.2 mmol/L critical limit, not merely high
    expect(out.results.map((r) => r.status)).toEqual(['normal', 'normal', 'critical_high']);
    expect(out.results[1]!.value).toEqual({ value: 140, unit: 'mmol/L' });
  });

  it('a panel of unknown tests is still a result', () => {
    const out = run([{ test: 'qqqqqq', value: 1, unit: 'mg/dL' }]);
    expect(out.results).toEqual([]);
    expect(out.unmatched).toEqual([{ index: 0, test: 'qqqqqq', suggestions: [] }]);
    expect(out.summary.unmatched).toBe(1);
  });
});

describe('critical limits and clinical decision thresholds (issue 14)', () => {
  const one = (test: string, v: number, unit: string, extra: Record<string, unknown> = {}) =>
    run([{ test, value: v, unit }], extra).results[0]!;

  it('potassium 6.8 mmol/L is critical, with Kost 1990 limits the NLM row lacks', () => {
    const k = one('potassium', 6.8, 'mmol/L');
    expect(k).toMatchObject({
      status: 'critical_high',
      critical_limits: { low: 2.8, high: 6.2, unit: 'mmol/L' },
      value: { value: 6.8, unit: 'mmol/L' },
    });
    expect(k.interpretation).toContain('critical value');
    expect(one('potassium', 2.7, 'mmol/L').status).toBe('critical_low');
    expect(one('potassium', 6.2, 'mmol/L').status).toBe('high'); // the limit itself is not beyond it
  });

  it("sodium, glucose, calcium, haemoglobin, platelets and WBC have critical limits; converted into each row's unit", () => {
    expect(one('sodium', 118, 'mmol/L')).toMatchObject({
      status: 'critical_low',
      critical_limits: { low: 120, high: 158 },
    });
    expect(one('glucose', 40, 'mg/dL')).toMatchObject({
      status: 'critical_low',
      critical_limits: { low: 46, high: 484 },
    });
    expect(one('glucose', 2.2, 'mmol/L').status).toBe('critical_low'); // 2.2 mmol/L ≈ 39.6 mg/dL
    expect(one('calcium', 13.5, 'mg/dL')).toMatchObject({
      status: 'critical_high',
      critical_limits: { low: 6.6, high: 12.9 },
    });
    // 6.6 mg/dL ÷ 40.078 g/mol = 1.6468 mmol/L, on the row that reads calcium in mmol/L
    expect(one('2000-8', 2.0, 'mmol/L').critical_limits).toMatchObject({ low: 1.65, high: 3.22, unit: 'mmol/L' });
    expect(one('hemoglobin', 6.0, 'g/dL')).toMatchObject({
      status: 'critical_low',
      critical_limits: { low: 6.6, high: 19.9 },
    });
    expect(one('hemoglobin', 60, 'g/L')).toMatchObject({ status: 'critical_low', value: { value: 6, unit: 'g/dL' } });
    expect(one('platelets', 20, '10^9/L')).toMatchObject({
      status: 'critical_low',
      critical_limits: { low: 37, high: 910 },
    });
    expect(one('wbc', 45, '10^9/L')).toMatchObject({ status: 'critical_high', critical_limits: { low: 2, high: 37 } });
  });

  it('HbA1c 6.1 %, ferritin 12 ng/mL in a woman, 25(OH)D 22 ng/mL and B12 180 pg/mL are inside the range but meet a threshold', () => {
    const out = run(
      [
        { test: 'hba1c', value: 6.1, unit: '%' },
        { test: 'ferritin', value: 12, unit: 'ng/mL' },
        { test: 'vitamin d', value: 22, unit: 'ng/mL' },
        { test: 'b12', value: 180, unit: 'pg/mL' },
      ],
      { sex: 'female', age: 34 },
    );
    expect(out.results.map((r) => r.status)).toEqual(['normal', 'normal', 'normal', 'normal']);
    expect(out.results.map((r) => r.finding)).toEqual([
      'prediabetes range (5.7–6.4 %)',
      'iron deficiency (< 15 ng/mL)',
      'vitamin D insufficiency (20–29 ng/mL)',
      'B12 deficiency likely (< 200 pg/mL)',
    ]);
    expect(out.summary.decision_flags).toBe(4);
    expect(out.results[0]!.decision_thresholds).toEqual([
      expect.objectContaining({
        label: 'diabetes range (≥ 6.5 %)',
        comparison: 'at_or_above',
        value: 6.5,
        unit: '%',
        met: false,
        source: expect.stringContaining('ADA'),
      }),
      expect.objectContaining({
        label: 'prediabetes range (5.7–6.4 %)',
        comparison: 'at_or_above',
        value: 5.7,
        unit: '%',
        met: true,
      }),
    ]);
    expect(out.results[1]!.decision_thresholds.map((t) => [t.value, t.met])).toEqual([
      [15, true],
      [30, true],
    ]);
    expect(out.results[1]!.interpretation).toMatch(/^Ferritin .* is below 15 ng\/mL, the WHO threshold/);
    expect(out.interpretation).toContain('Clinical decision thresholds met: hba1c (prediabetes range (5.7–6.4 %))');
  });

  it("thresholds in the row's unit, by age, and the most severe one met is the finding", () => {
    expect(one('fasting glucose', 110, 'mg/dL').finding).toBe('impaired fasting glucose (100–125 mg/dL)');
    expect(one('fasting glucose', 7.0, 'mmol/L').finding).toBe('diabetes range (≥ 126 mg/dL fasting)'); // 126.1 mg/dL
    expect(one('fasting glucose', 99, 'mg/dL').finding).toBeNull();
    expect(one('hba1c', 48, 'mmol/mol').finding).toBe('diabetes range (≥ 6.5 %)');
    expect(one('ldl', 5.2, 'mmol/L')).toMatchObject({
      value: { value: 201.1, unit: 'mg/dL' },
      finding: 'severe hypercholesterolaemia (LDL ≥ 190 mg/dL)',
    });
    expect(one('ldl', 4.4, 'mmol/L')).toMatchObject({ value: { value: 170.1, unit: 'mg/dL' }, finding: null });
    expect(one('tsh', 12, 'mU/L').finding).toBe('TSH ≥ 10 mU/L');
    expect(one('tsh', 0.05, 'mU/L').finding).toBe('suppressed TSH (< 0.1 mU/L)');
    // 25(OH)D 45 nmol/L = 18.0 ng/mL: deficiency; the thresholds are shown in the row's ng/mL
    const d = one('vitamin d', 45, 'nmol/L');
    expect(d).toMatchObject({ value: { value: 18, unit: 'ng/mL' }, finding: 'vitamin D deficiency (< 20 ng/mL)' });
    // under 5, WHO's ferritin threshold is 12 ng/mL and the < 15 and < 30 ones do not apply
    const child = one('ferritin', 13, 'ng/mL', { age: 3 });
    expect(child.decision_thresholds.map((t) => t.value)).toEqual([12]);
    expect(child.finding).toBeNull();
  });

  it("every curated critical-limit and threshold LOINC is a lab_tests row, and every limit converts to its row's unit", () => {
    const loincs = new Set(
      db
        .prepare<[], { loinc: string }>('SELECT loinc FROM lab_tests')
        .all()
        .map((r) => r.loinc),
    );
    for (const c of CRITICAL_LIMITS)
      for (const l of c.loincs) {
        expect(loincs.has(l), l).toBe(true);
        expect(
          run([{ test: l, value: 1, unit: '' }]).warnings.filter((w) => w.includes('curated critical limits')),
        ).toEqual([]);
      }
    for (const t of DECISION_THRESHOLDS) for (const l of t.loincs) expect(loincs.has(l), l).toBe(true);
  });

  it("rounds converted values to the lab's precision plus one digit, never below two significant digits", () => {
    expect(roundToLabPrecision(12.0191, 0)).toBe(12);
    expect(roundToLabPrecision(12.0191, 1)).toBe(12.02);
    expect(roundToLabPrecision(0.04321, 1)).toBe(0.043);
    expect(roundToLabPrecision(135.329, 0)).toBe(135.3);
    expect(decimalsOf(3.5, 5, null)).toBe(1);
    expect(decimalsOf(20, 57)).toBe(0);
  });
});

describe('request validation', () => {
  const ok = { sex: 'female', age: 45, panel: [{ test: 'tsh', value: 2, unit: 'mU/L' }] };
  const fields = (body: unknown) => {
    const r = BloodworkRequest.safeParse(body);
    expect(r.success).toBe(false);
    return r.error!.issues.map((i) => (i.code === 'unrecognized_keys' ? [...i.path, ...i.keys] : i.path).join('.'));
  };
  it('accepts a minimal request and defaults save to false', () => {
    expect(BloodworkRequest.parse(ok).save).toBe(false);
  });
  it('names the offending field', () => {
    expect(fields({ ...ok, panel: [] })).toEqual(['panel']);
    expect(fields({ ...ok, panel: Array.from({ length: 101 }, () => ok.panel[0]) })).toEqual(['panel']);
    expect(fields({ ...ok, panel: [{ test: '  ', value: 1, unit: 'mg/dL' }] })).toEqual(['panel.0.test']);
    expect(fields({ ...ok, panel: [{ test: 'x'.repeat(121), value: 1, unit: 'mg/dL' }] })).toEqual(['panel.0.test']);
    expect(fields({ ...ok, panel: [{ test: 'tsh', value: Number.NaN, unit: 'mU/L' }] })).toEqual(['panel.0.value']);
    expect(fields({ ...ok, panel: [{ test: 'tsh', value: Infinity, unit: 'mU/L' }] })).toEqual(['panel.0.value']);
    expect(fields({ ...ok, panel: [{ test: 'tsh', value: '2', unit: 'mU/L' }] })).toEqual(['panel.0.value']);
    expect(fields({ ...ok, panel: [{ test: 'tsh', value: 2e9, unit: 'mU/L' }] })).toEqual(['panel.0.value']);
    expect(fields({ ...ok, panel: [{ test: 'tsh', value: 2, unit: 'u'.repeat(41) }] })).toEqual(['panel.0.unit']);
    expect(fields({ ...ok, panel: [{ test: 'tsh', value: 2 }] })).toEqual(['panel.0.unit']);
    expect(fields({ ...ok, panel: [{ test: 'tsh', value: 2, unit: 'mU/L', flag: 'H' }] })).toEqual(['panel.0.flag']);
    expect(fields({ ...ok, sex: 'other' })).toEqual(['sex']);
    expect(fields({ ...ok, sex: undefined })).toEqual(['sex']);
    expect(fields({ ...ok, age: -1 })).toEqual(['age']);
    expect(fields({ ...ok, age: 121 })).toEqual(['age']);
    expect(fields({ ...ok, age: 40.5 })).toEqual(['age']);
    expect(fields({ ...ok, save: 'yes' })).toEqual(['save']);
    expect(fields({ ...ok, extra: 1 })).toEqual(['extra']);
  });
});
