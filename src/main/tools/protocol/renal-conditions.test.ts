import { describe, expect, it } from 'vitest';
import { actionOf } from './renal-action.ts';
import { conditionsIn, within } from './renal-conditions.ts';

const bounds = (text: string, ambiguous?: Parameters<typeof conditionsIn>[1]) =>
  conditionsIn(text, ambiguous).map((c) => [c.measure, c.low, c.low_inclusive, c.high, c.high_inclusive]);

describe('kidney thresholds, each with its own measure', () => {
  it('"< N", "below N", "N–M", "N to below M", "above N to M", "or more/less", ≥ and ≤', () => {
    expect(
      bounds(
        'Contraindicated when eGFR < 30; do not start when eGFR is 30–45; reassess benefit when eGFR falls below 45.',
      ),
    ).toEqual([
      ['eGFR', null, false, 30, false],
      ['eGFR', 30, true, 45, true],
      ['eGFR', null, false, 45, false],
    ]);
    expect(bounds('eGFR 30 to below 60')).toEqual([['eGFR', 30, true, 60, false]]);
    expect(bounds('CrCl above 30 to 59 mL/min')).toEqual([['CrCl', 30, false, 59, true]]);
    expect(bounds('CrCl >30–60 mL/min')).toEqual([['CrCl', 30, false, 60, true]]);
    expect(bounds('CrCl 15 mL/min or less')).toEqual([['CrCl', null, false, 15, true]]);
    expect(bounds('CrCl 60 mL/min or more')).toEqual([['CrCl', 60, true, null, false]]);
    expect(bounds('CrCl ≤50 mL/min')).toEqual([['CrCl', null, false, 50, true]]);
    expect(bounds('CrCl ≥30 mL/min (US); ≥50 mL/min (UK/EU)')).toEqual([
      ['CrCl', 30, true, null, false],
      ['CrCl', 50, true, null, false],
    ]);
  });

  it('the measure is the word the text uses: CrCl, eGFR, either, serum creatinine; a bare GFR takes the section measure', () => {
    expect(bounds('Reduce the dose if creatinine clearance is less than 60 mL/min.')).toEqual([
      ['CrCl', null, false, 60, false],
    ]);
    expect(bounds('eGFR or CrCl below 30 mL/min')).toEqual([['CrCl or eGFR', null, false, 30, false]]);
    expect(bounds('GFR 10–30 mL/min')).toEqual([['CrCl or eGFR', 10, true, 30, true]]);
    expect(bounds('GFR below 25 mL/min/1.73 m²', 'eGFR')).toEqual([['eGFR', null, false, 25, false]]);
    expect(bounds('Serum creatinine above 1.4 to 2.8 mg/dL (tablets)')).toEqual([
      ['serum creatinine', 1.4, false, 2.8, true],
    ]);
    // A CrCl band that writes its unit as mL/min/1.73 m² is still CrCl.
    expect(bounds('CrCl 35 mL/min/1.73 m² or less')).toEqual([['CrCl', null, false, 35, true]]);
  });

  it('a later number in mL/min, or "below N" after a measure word, keeps the measure named before it', () => {
    expect(
      bounds(
        'Renal: atrial fibrillation 75 mg twice daily at creatinine clearance 15–30 mL/min, and 75 mg twice daily at 30–50 with dronedarone; avoid VTE use at 30 mL/min or less and any use below 15.',
      ),
    ).toEqual([
      ['CrCl', 15, true, 30, true],
      ['CrCl', null, false, 30, true],
      ['CrCl', null, false, 15, false],
    ]);
    expect(bounds('once daily (50 mg at eGFR 30 to below 45, 25 mg below 30)')).toEqual([
      ['eGFR', 30, true, 45, false],
      ['eGFR', null, false, 30, false],
    ]);
  });

  it('not kidney values: no measure word, dose and time units, other quantities', () => {
    expect(bounds('No renal dose adjustment is needed.')).toEqual([]);
    expect(bounds('Days 1–4, any renal function')).toEqual([]);
    expect(bounds('Check creatinine 1–2 weeks after starting.')).toEqual([]);
    expect(bounds('Contraindicated when GFR is below 0.7 mL/kg/min.')).toEqual([]);
    expect(bounds('Stop 1–2 days before procedures (3–5 days with creatinine clearance below 50).')).toEqual([
      ['CrCl', null, false, 50, false],
    ]);
  });

  it('within: inclusive and exclusive ends', () => {
    const [c] = conditionsIn('CrCl above 30 to 59 mL/min');
    expect([30, 30.1, 59, 59.1].map((v) => within(c!, v))).toEqual([false, true, true, false]);
    const [d] = conditionsIn('eGFR 30 to below 60');
    expect([29.9, 30, 59.9, 60].map((v) => within(d!, v))).toEqual([false, true, true, false]);
  });
});

describe("what a renal rule's advice says to do", () => {
  it('avoid, adjust, caution, usual', () => {
    expect(actionOf('Contraindicated')).toBe('avoid');
    expect(actionOf('Not recommended (US); contraindicated (UK)')).toBe('avoid');
    expect(actionOf('Do not start; patients already taking it may continue 10 mg once daily')).toBe('avoid');
    expect(actionOf('Not adequately studied; avoid')).toBe('avoid');
    expect(actionOf('Oral terbinafine not adequately studied and not recommended')).toBe('avoid');
    expect(actionOf('10 mg once daily; not recommended for glycaemic control (likely ineffective)')).toBe('adjust');
    expect(actionOf('200–700 mg a day as one dose')).toBe('adjust');
    expect(actionOf('Usual dose every 12 hours')).toBe('adjust');
    expect(actionOf('Avoid doses above 1 g twice daily and observe closely')).toBe('adjust');
    expect(actionOf('US: 0.5 mg once daily at most if tolerated. UK: not recommended')).toBe('adjust');
    expect(actionOf('No adjustment')).toBe('usual');
    expect(actionOf('Usual dose, 10 mg once daily')).toBe('usual');
    expect(actionOf('Not studied: use with caution')).toBe('caution');
    expect(actionOf('reassess benefit when eGFR falls below 45.')).toBe('caution');
    expect(actionOf('below 30 mL/min: not recommended')).toBe('avoid');
    expect(actionOf('Severe renal impairment (eGFR below 30 mL/min/1.73 m²)', 'contraindications')).toBe('avoid');
    expect(
      actionOf(
        'Co-administration with aliskiren in patients with diabetes (UK: also with eGFR below 60)',
        'contraindications',
      ),
    ).toBe('caution');
  });
});
