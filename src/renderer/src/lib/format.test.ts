import { describe, expect, it } from 'vitest';
import { fieldLabel } from '../components/form-kit.tsx';
import { date, humanize, num, quantity, researchDocumentId } from './format.ts';

describe('renderer display helpers', () => {
  it('turns API words into labels', () => {
    expect(humanize('amino_acid')).toBe('Amino acid');
    expect(humanize('muscle-growth')).toBe('Muscle growth');
    expect(fieldLabel('panel.0.value', { panel: 'Panel' })).toBe('Panel, row 1, value');
    expect(fieldLabel('weight.value', {})).toBe('Weight, value');
  });

  it('prints numbers and dates without float noise and never invents a date', () => {
    expect(num(12.019123, 3)).toBe('12.019');
    expect(num(9679, 0)).toBe('9,679');
    expect(quantity({ value: 135.329, unit: 'mg/dL' }, 1)).toBe('135.3 mg/dL');
    expect(date('2024-03-05')).toBe('5 Mar 2024');
    expect(date(null, 2011)).toBe('2011');
    expect(date(null, null)).toBe('Date not given');
  });

  it('maps a research item to the document holding its abstract', () => {
    expect(researchDocumentId('pubmedqa-q-20297950')).toBe('pubmedqa-20297950');
    expect(researchDocumentId('scifact-1')).toBeNull();
  });
});

describe('labValue', () => {
  it('writes a converted value with one decimal more than its range, keeping what the API sent', async () => {
    const { labValue, decimalsOf } = await import('./format.ts');
    expect(labValue(12, { low: 20, high: 57 }, true)).toBe('12.0');
    expect(labValue(12.02, { low: 20, high: 57 }, true)).toBe('12.02');
    expect(labValue(5.4, { low: 3.8, high: 6.4 }, false)).toBe('5.4');
    expect(labValue(3.5, { low: null, high: 2.59 }, true)).toBe('3.500');
    expect(decimalsOf(1e-7)).toBe(7);
  });
});
