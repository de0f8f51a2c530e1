import { describe, expect, it } from 'vitest';
import { ckdEpi2021, gfrCategory } from './kidney.ts';

describe('CKD-EPI 2021 creatinine equation (Inker et al., NEJM 2021)', () => {
  it('at Scr = κ only the constant, the age factor and the sex factor remain', () => {
    // 142 × 0.9938^40 × 1.012 (female, Scr 0.7) and 142 × 0.9938^40 (male, Scr 0.9).
    expect(ckdEpi2021(0.7, 40, 'female')).toBeCloseTo(112.05430679879757, 10);
    expect(ckdEpi2021(0.9, 40, 'male')).toBeCloseTo(110.72559960355491, 10);
  });

  it('below κ the α exponent applies (−0.241 female, −0.302 male); above κ the −1.200 exponent', () => {
    // Expected values from an independent implementation (Python) of the published equation.
    expect(ckdEpi2021(0.35, 50, 'female')).toBeCloseTo(124.44192090254768, 10);
    expect(ckdEpi2021(0.5, 25, 'male')).toBeCloseTo(145.16283829897353, 10);
    expect(ckdEpi2021(1.8, 50, 'male')).toBeCloseTo(45.289963435829016, 10);
    expect(ckdEpi2021(1.0, 50, 'male')).toBeCloseTo(91.6914786098333, 10);
    expect(ckdEpi2021(1.0, 60, 'female')).toBeCloseTo(64.4950003539451, 10);
    expect(ckdEpi2021(4.0, 80, 'female')).toBeCloseTo(10.790309656001316, 10);
  });

  it('has no race term: one value per creatinine, age and sex', () => {
    expect(ckdEpi2021.length).toBe(3);
  });

  it('KDIGO 2012 categories at their boundaries', () => {
    expect([120, 90, 89.9, 60, 59.9, 45, 44.9, 30, 29.9, 15, 14.9, 0].map((x) => gfrCategory(x).category)).toEqual([
      'G1',
      'G1',
      'G2',
      'G2',
      'G3a',
      'G3a',
      'G3b',
      'G3b',
      'G4',
      'G4',
      'G5',
      'G5',
    ]);
  });
});
