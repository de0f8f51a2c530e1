import { describe, expect, it } from 'vitest';
import { bodyWeights, chooseWeight, cockcroftGault, devineIbw, labelWeightIn } from './cockcroft-gault.ts';

// Expected values from an independent implementation (Python) of the published formulas.
describe('Cockcroft–Gault creatinine clearance (Cockcroft & Gault, Nephron 1976)', () => {
  it('(140 − age) × weight × 0.85 [female] / (72 × Scr)', () => {
    expect(cockcroftGault(1.1, 85, 'female', 55)).toBeCloseTo(32.46527777777778, 10);
    expect(cockcroftGault(1.0, 60, 'male', 80)).toBeCloseTo(88.88888888888889, 10);
    expect(cockcroftGault(1.3, 70, 'male', 110)).toBeCloseTo(82.26495726495726, 10);
  });

  it('Devine ideal body weight and adjusted body weight (IBW + 0.4 × excess)', () => {
    expect(devineIbw(175, 'male')).toBeCloseTo(70.46456692913384, 10);
    expect(devineIbw(160, 'female')).toBeCloseTo(52.38188976377953, 10);
    expect(devineIbw(150, 'female')).toBeCloseTo(43.32677165354331, 10);
    const w = bodyWeights(110, 175, 'male');
    expect(w.adjusted).toBeCloseTo(86.2787401574803, 10);
    expect(w.bmi).toBeCloseTo(110 / 1.75 ** 2, 10);
    expect(bodyWeights(110, undefined, 'male')).toEqual({
      actual: 110,
      ideal: null,
      adjusted: null,
      bmi: null,
      extrapolated: false,
    });
    expect(bodyWeights(50, 150, 'female').extrapolated).toBe(true);
  });

  it('which weight: actual below ideal or when underweight, ideal at BMI 18.5–24.9, adjusted at 25 or more; actual without height', () => {
    expect(chooseWeight(bodyWeights(48, 170, 'male'), null).used).toBe('actual'); // below IBW 65.9
    expect(chooseWeight(bodyWeights(70, 175, 'male'), null).used).toBe('actual'); // just below IBW 70.5
    expect(chooseWeight(bodyWeights(72, 175, 'male'), null).used).toBe('ideal'); // BMI 23.5
    expect(chooseWeight(bodyWeights(75, 175, 'male'), null).used).toBe('ideal'); // BMI 24.5
    expect(chooseWeight(bodyWeights(110, 175, 'male'), null).used).toBe('adjusted'); // BMI 35.9
    expect(chooseWeight(bodyWeights(110, undefined, 'male'), null)).toMatchObject({ used: 'actual' });
    expect(chooseWeight(bodyWeights(110, undefined, 'male'), null).why).toMatch(/no height/);
    // The label's own choice wins; a choice that needs height falls back to actual weight and says so.
    expect(chooseWeight(bodyWeights(110, 175, 'male'), 'actual').used).toBe('actual');
    expect(chooseWeight(bodyWeights(110, undefined, 'male'), 'ideal')).toMatchObject({ used: 'actual' });
  });

  it("reads the weight a label's text names for its clearance, not a weight for dosing", () => {
    expect(labelWeightIn(['Creatinine clearance by Cockcroft–Gault with actual body weight.'])?.kind).toBe('actual');
    expect(
      labelWeightIn(['Calculate creatinine clearance (Cockcroft–Gault, actual body weight) before starting.'])?.kind,
    ).toBe('actual');
    expect(labelWeightIn(['Dose by lean body weight, age and creatinine clearance.'])).toBeNull();
    expect(labelWeightIn(['Bands are the US Neurontin label table (CrCl by Cockcroft–Gault).'])).toBeNull();
  });
});
