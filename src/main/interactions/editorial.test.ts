/** How a record's free-text entry is read: a class word narrowed by its neighbours does not bring the whole class. */
import { describe, expect, it } from 'vitest';
import { namesWholeClass } from './editorial.ts';
import { ddinterEntriesFor } from './pair-model.ts';

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

describe('DDInter salts and products of one moiety', () => {
  const calcium = ['Calcium acetate', 'Calcium carbonate', 'Calcium chloride', 'Calcium gluconate'].map((name, i) => ({
    id: `c${i}`,
    name,
  }));
  const peg = [
    { id: 'p1', name: 'Polyethylene glycol (3350 with electrolytes)' },
    { id: 'p2', name: 'Polyethylene glycol (3350)' },
  ];

  it('a salt or product written out speaks only for itself', () => {
    expect(ddinterEntriesFor(['calcium carbonate 500 mg tablets'], calcium).map((d) => d.name)).toEqual([
      'Calcium carbonate',
    ]);
    expect(ddinterEntriesFor(['calcium gluconate 10% IV'], calcium).map((d) => d.name)).toEqual(['Calcium gluconate']);
    expect(ddinterEntriesFor(['PEG 3350'], peg).map((d) => d.id)).toEqual(['p2']);
  });

  it('the bare moiety keeps every entry', () => {
    expect(ddinterEntriesFor(['calcium'], calcium)).toHaveLength(4);
    expect(ddinterEntriesFor(['polyethylene glycol'], peg)).toHaveLength(2);
  });
});
