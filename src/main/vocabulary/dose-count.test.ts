/** Count per dose and doses a day, as label dose limits read them from a parsed medication line. */
import { describe, expect, it } from 'vitest';
import { dosesPerDay, unitsPerDose } from './dose-count.ts';
import { parseMedicationLine } from './med-line.ts';

const read = (line: string) => {
  const p = parseMedicationLine(line);
  return [unitsPerDose(p.dose), dosesPerDay(p.frequency)];
};

describe('dose count', () => {
  it('reads the count per dose at the top of its range', () => {
    expect(read('simvastatin 20mg 2 tablets at night')).toEqual([2, 1]);
    expect(read('paracetamol 500mg 1-2 tablets 3 times a day')).toEqual([2, 3]);
    expect(unitsPerDose('half a tablet')).toBe(0.5);
    expect(unitsPerDose(null)).toBeNull();
  });

  it('reads doses a day from the frequency; as needed or none says nothing', () => {
    expect(read('ranolazine 500mg bd')[1]).toBe(2);
    expect(read('simvastatin 40mg ON')[1]).toBe(1);
    expect(read('simvastatin 10mg daily at night')[1]).toBe(1);
    expect(read('diltiazem 60mg tds')[1]).toBe(3);
    expect(read('oxycodone 5mg every 6-8 hours')[1]).toBe(4);
    expect(read('prednisolone 10 mg mane and nocte')[1]).toBe(2);
    expect(read('methotrexate 10mg once weekly')[1]).toBe(1);
    expect(read('ranolazine 500 mg')[1]).toBeNull();
    expect(read('sumatriptan 50mg prn')[1]).toBeNull();
  });
});
