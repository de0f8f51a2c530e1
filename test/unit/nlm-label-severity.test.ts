import { describe, expect, it } from 'vitest';
import { labelSeverity } from '../../src/build/steps/nlm-spl-ddi.ts';

describe('severity read from an FDA label sentence', () => {
  it("reads the label's own words, strongest first", () => {
    expect(labelSeverity('Concomitant use of verapamil is contraindicated.')).toBe('contraindicated');
    expect(labelSeverity('(see WARNINGS, CONTRAINDICATIONS) Concomitant use of cimetidine is contraindicated.')).toBe(
      'contraindicated',
    );
    expect(
      labelSeverity('Avoid use of aliskiren with ATACAND in patients with renal impairment see CONTRAINDICATIONS (4).'),
    ).toBe('major');
    expect(labelSeverity('Monitor serum potassium when spironolactone is given with ACE inhibitors.')).toBe('moderate');
    expect(labelSeverity('No dose adjustment is needed when given with digoxin.')).toBe('minor');
    expect(labelSeverity('Amiodarone increases digoxin concentrations.')).toBe('unknown');
  });

  it('does not take a cross-reference to the Contraindications section as a contraindication', () => {
    expect(
      labelSeverity(
        'Risk factors for the development of hyperkalemia include renal insufficiency, diabetes, combination use with ARBs or ACEIs see Contraindications (4), Warnings and Precautions (5.2), NSAIDs, or potassium supplements.',
      ),
    ).toBe('unknown');
  });
});
