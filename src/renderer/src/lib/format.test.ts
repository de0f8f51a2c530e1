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
