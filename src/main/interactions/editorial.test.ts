/** How a record's free-text entry is read: a class word narrowed by its neighbours does not bring the whole class. */
import { describe, expect, it } from 'vitest';
import { namesWholeClass } from './editorial.ts';

const whole = (text: string, word: RegExp) => {
  const m = word.exec(text)!;
  return namesWholeClass(text, m.index, m[0].length);
};

describe('class words in record entries', () => {
  it('a qualifier before the class word names a narrower group', () => {
    expect(whole('Carbapenem antibiotics (meropenem, ertapenem)', /antibiotics/)).toBe(false);
    expect(whole('methadone, macrolide and fluoroquinolone antibiotics', /antibiotics/)).toBe(false);
    expect(whole('Macrolide antibiotics (clarithromycin, erythromycin)', /antibiotics/)).toBe(false);
    expect(whole('acyclovir, some fluoroquinolones)', /fluoroquinolones/)).toBe(false);
    expect(whole('Intravenous calcium', /calcium/)).toBe(false);
  });

  it('the class word used as a modifier is not the class', () => {
    expect(whole('Other acetaminophen-containing products (cold remedies, opioid combinations)', /opioid/)).toBe(false);
    expect(whole('calcium channel blockers', /calcium/)).toBe(false);
  });

  it('the class named as such, alone, in a list or after "other", is the whole class', () => {
    expect(whole('Antibiotics', /Antibiotics/)).toBe(true);
    expect(whole('NSAIDs, aspirin and other antiplatelets', /antiplatelets/)).toBe(true);
    expect(whole('NSAIDs, aspirin and other antiplatelets', /NSAIDs/)).toBe(true);
    expect(whole('Other QT-prolonging drugs (e.g. macrolides)', /QT-prolonging/)).toBe(true);
    expect(whole('Other QT-prolonging drugs (e.g. macrolides)', /macrolides/)).toBe(true);
    expect(whole('Strong CYP3A4 inhibitors', /CYP3A4 inhibitors/)).toBe(true);
    expect(whole('oral contraceptives', /oral contraceptives/)).toBe(true);
  });
});
