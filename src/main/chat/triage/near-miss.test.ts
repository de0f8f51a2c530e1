import { describe, expect, it } from 'vitest';
import { dailyTotal, nearMisses } from './near-miss.ts';

const ids = (q: string, namesDrug = false) => nearMisses(q, { namesDrug }).map((n) => n.id);

describe('near-miss answers', () => {
  it('recognises missed pills and doses in several languages', () => {
    expect(ids('missed my pill yesterday')).toEqual(['missed_contraceptive_pill']);
    expect(ids('ich habe gestern meine Pille vergessen')).toEqual(['missed_contraceptive_pill']);
    expect(ids('forgot my blood pressure tablet this morning')).toEqual(['missed_dose']);
    expect(ids('se me olvidó la dosis de la mañana', true)).toEqual(['missed_dose']);
  });
  it('answers one extra dose, with paracetamol limits and the day total when given', () => {
    expect(ids('took my lisinopril twice today by mistake', true)).toEqual(['extra_dose']);
    expect(ids("j'ai pris deux Doliprane au lieu d'un")).toEqual(['extra_dose', 'paracetamol_limits']);
    const [p] = nearMisses('2 paracetamol 500 mg every 4 hours for 3 days', { namesDrug: true });
    expect(p!.text).toMatch(/that is 6 g in 24 hours: above the 4 g maximum/);
  });
  it('leaves ordinary questions alone', () => {
    expect(ids('what is the maximum dose of ibuprofen?', true)).toEqual([]);
    expect(ids('does paracetamol interact with warfarin?', true)).toEqual([]);
  });
});

describe("round 7's near-miss classes (emerg8)", () => {
  it('answers a double dose told with plural pills in other languages', () => {
    expect(ids('Ich habe aus Versehen zwei Tabletten genommen, schlimm?')).toContain('extra_dose');
    expect(ids('ho preso due compresse per errore')).toContain('extra_dose');
  });
  it('answers a silica-gel sachet, supporting someone, a leaflet warning and a modestly high INR', () => {
    expect(ids('my son swallowed a silica gel packet, he is fine')).toContain('not_poisonous_item');
    expect(ids("he told me he wanted to die but he's in therapy now, how can I support him?")).toContain(
      'supporting_someone',
    );
    expect(ids('die Packungsbeilage sagt, es kann Suizidgedanken verursachen')).toContain('suicidal_thoughts_warning');
    expect(ids('mum’s INR was 5.4, no bleeding, clinic says skip two doses')).toContain('inr_above_range');
    expect(ids('INR 2.5 today, is that in range?')).not.toContain('inr_above_range');
  });
});

describe('near-miss answers stay out of', () => {
  it('schedules and study designs', () => {
    expect(ids('Is metformin taken twice a day?', true)).toEqual([]);
    expect(ids('double-blind trial of creatine for memory', true)).toEqual([]);
  });
});

describe('the daily paracetamol total', () => {
  it('counts tablets by strength, brand strength or the usual 500 mg', () => {
    expect(dailyTotal('2 paracetamol 500 mg every 4 hours')).toBe(6000);
    expect(dailyTotal('2 panadol extra every 3 hours')).toBe(8000);
    expect(dailyTotal("i've been having 2 co-codamol 30/500 every 3 hours")).toBe(8000);
    expect(dailyTotal('1 g four times a day')).toBe(4000);
    expect(dailyTotal('two tylenol every 6 hours')).toBe(4000);
  });
  it('does not turn a liquid or a dose per kilogram into tablets', () => {
    expect(dailyTotal('5 ml calpol every 4 hours')).toBeNull();
    expect(dailyTotal('15 mg/kg every 6 hours')).toBeNull();
  });
});
