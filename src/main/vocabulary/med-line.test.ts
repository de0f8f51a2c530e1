import { describe, expect, it } from 'vitest';
import { parseMedicationLine, splitMedicationList } from './med-line.ts';

const parse = parseMedicationLine;
const runs = (line: string) => parse(line).runs.map((r) => r.text);

describe('medication-line parsing: what a line says besides the name', () => {
  it('strength, frequency and the name run of record-style lines', () => {
    expect(parse('Simvastatin 40mg ON')).toMatchObject({
      strength: { value: 40, unit: 'mg', text: '40 mg' },
      frequency: 'at night',
    });
    expect(runs('Simvastatin 40mg ON')).toEqual(['Simvastatin']);
    expect(parse('ATORVASTATIN CALCIUM 40 MG PO TABS')).toMatchObject({
      strength: { text: '40 mg' },
      route: 'oral',
      form: 'tablet',
    });
    expect(runs('ATORVASTATIN CALCIUM 40 MG PO TABS')).toEqual(['ATORVASTATIN CALCIUM']);
    expect(parse('Metformin 500')).toMatchObject({ strength: { value: 500, unit: null } });
  });

  it('strength pairs, percentages, units per volume and thousands', () => {
    expect(parse('co-codamol 30/500 2 QDS PRN')).toMatchObject({
      strength: { values: [30, 500] },
      frequency: 'four times a day, as needed',
      asNeeded: true,
    });
    expect(parse('Entresto 49/51 mg BD').strength).toMatchObject({ values: [49, 51], unit: 'mg', text: '49/51 mg' });
    expect(parse('timolol 0.5% eye drops BD both eyes')).toMatchObject({
      strength: { text: '0.5%' },
      form: 'eye drops',
      route: 'ophthalmic',
      frequency: 'twice a day',
    });
    expect(parse('Vitamin D3 1,000 IU daily').strength).toMatchObject({ value: 1000, unit: 'IU' });
    expect(parse('Lactulose 10 mL BD').strength).toMatchObject({ value: 10, unit: 'mL' });
    expect(parse('Oramorph 10 mg/5 mL 2.5 mL q4h prn').strength).toMatchObject({ value: 10, unit: 'mg/5 mL' });
  });

  it('forms imply routes; ON and OM only in capitals', () => {
    expect(parse('Lantus SoloStar 20 units ON')).toMatchObject({
      route: 'subcutaneous',
      frequency: 'at night',
      strength: { text: '20 units' },
    });
    expect(parse('nicotine patch 21mg/24h daily').route).toBe('transdermal');
    expect(parse('Mirena IUD').route).toBe('intrauterine');
    expect(parse('Ventolin inhaler 2 puffs PRN')).toMatchObject({ route: 'inhaled', dose: '2 puffs', asNeeded: true });
    expect(parse('take it on Monday').frequency).toBe('monday');
  });

  it('numbers inside names stay names; a product number is kept beside its run', () => {
    expect(runs('BPC-157 250mcg SC daily')).toEqual(['BPC-157']);
    expect(runs('5-HTP 100mg nocte')).toEqual(['5-HTP']);
    expect(parse('Tylenol #3 1-2 tabs q4-6h prn').runs[0]).toMatchObject({ text: 'Tylenol', trailingNumber: '#3' });
  });

  it('status, notes and labels', () => {
    expect(parse('Simvastatin 40mg (stopped)').status).toBe('stopped');
    expect(parse('Warfarin - held pre-op').status).toBe('held');
    for (const note of [
      'Allergies: NKDA',
      'Review in 3 months',
      'Current medications:',
      'Penicillin allergy - rash',
      'BP 130/80',
    ])
      expect(parse(note).note, note).toBe(true);
    expect(parse('MAR: Temazepam 10mg at night')).toMatchObject({ note: false });
    expect(runs('MAR: Temazepam 10mg at night')).toEqual(['Temazepam']);
  });

  it('a remark after a spaced dash is its own run; joined ingredients say so', () => {
    const p = parse('Cannabis - smokes most days');
    expect(p.runs.map((r) => [r.text, r.joined])).toEqual([
      ['Cannabis', false],
      ['smokes most days', false],
    ]);
    expect(parse('paracetamol/codeine 500/30').runs.map((r) => [r.text, r.joined])).toEqual([
      ['paracetamol', false],
      ['codeine', true],
    ]);
  });
});

describe('how often, in other languages (a class found by blind round 7)', () => {
  it('reads Spanish, Portuguese, French, German, Italian and Dutch frequencies as instructions, never as names', () => {
    for (const [line, name, freq] of [
      ['Atorvastatina 20 mg por la noche', 'Atorvastatina', 'por la noche'],
      ['Losartana 50 mg 2 vezes ao dia', 'Losartana', '2 vezes ao dia'],
      ['Bisoprolol 5 mg le matin', 'Bisoprolol', 'le matin'],
      ['Pantoprazol 40 mg 1x täglich nüchtern', 'Pantoprazol', '1x täglich, nüchtern'],
      ['Levotiroxina 50 mcg a digiuno', 'Levotiroxina', 'a digiuno'],
      ["Metoprolol 50 mg 's avonds", 'Metoprolol', "'s avonds"],
    ] as const) {
      const p = parse(line);
      expect(
        p.runs.map((r) => r.text),
        line,
      ).toEqual([name]);
      expect(p.frequency, line).toBe(freq);
    }
    expect(parse('Metamizol 500 mg bei Bedarf').asNeeded).toBe(true);
    expect(parse('Diazepam 5 mg').runs.map((r) => r.text)).toEqual(['Diazepam']);
  });
});

describe('splitting a pasted list', () => {
  it('newlines, semicolons, spaced slashes and commas; a fragment without a name stays with its line', () => {
    expect(
      splitMedicationList('Metformin 500mg BD / Simvastatin 40mg ON\nwarfarin 5 mg; aspirin 81 mg, twice daily'),
    ).toEqual(['Metformin 500mg BD', 'Simvastatin 40mg ON', 'warfarin 5 mg', 'aspirin 81 mg, twice daily']);
    expect(splitMedicationList('Vitamin D3 1,000 IU daily, Calcium 600 mg')).toEqual([
      'Vitamin D3 1,000 IU daily',
      'Calcium 600 mg',
    ]);
  });
});

describe('a strength glued to its name (a class found by blind round 9)', () => {
  it('splits a unit strength or a pair from a name of three or more letters, never a name of its own digits', () => {
    for (const [line, name, strength] of [
      ['Sertraline100mg 1 od', 'Sertraline', '100 mg'],
      ['Amoxicilina875mg c/12h', 'Amoxicilina', '875 mg'],
      ['Levemir14units at 22:00', 'Levemir', '14 units'],
      ['Zapain30/500 2 qds', 'Zapain', '30/500'],
      ['Seretide250/50 1 puff bd', 'Seretide', '250/50'],
      ['colecalciferol20000iu weekly', 'colecalciferol', '20000 IU'],
    ] as const) {
      const p = parse(line);
      expect(p.runs[0]?.text, line).toBe(name);
      expect(p.strength?.text, line).toBe(strength);
    }
    expect(parse('Vitamin D3 800iu').runs[0]?.text).toBe('Vitamin D3');
    expect(parse('CoQ10 200mg').runs[0]?.text).toBe('CoQ10');
    expect(parse('Methylcobalamin B12 1000mcg').runs.map((r) => r.text)).toEqual(['Methylcobalamin B12']);
  });
});
