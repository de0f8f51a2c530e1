/**
 * Later pregnancy, the weeks after birth and harm a medicine is already causing (perinatal.ts, toxicity.ts): written
 * for this test from the classes blind round 6 found, not copied from its rows, in several of the languages we read.
 */
import { describe, expect, it } from 'vitest';
import { normalizeForTriage } from './normalize.ts';
import { bloodPressure } from './perinatal.ts';
import { readSignals } from './signals.ts';
import type { TriageDrug } from './toxicity.ts';

const read = (q: string, drugs: TriageDrug[] = []) =>
  readSignals(normalizeForTriage(q), { namesDrug: drugs.length > 0, drugs });
const categories = (q: string, drugs: TriageDrug[] = []) => read(q, drugs).hits.map((h) => h.category);

describe('later pregnancy and after birth', () => {
  it.each([
    '37 weeks, my head is pounding and I keep seeing zigzags',
    'Im 30+4 and my face and fingers have puffed up since yesterday, bad headache too',
    'pregnant, BP at the chemist was 168/112',
    'Je suis à 34 SA, maux de tête terribles et je vois des étoiles',
    'Estoy de 31 semanas, la cara hinchada y dolor en la boca del estómago',
    'Sono alla 35 settimane, mal di testa fortissimo e vedo lucine',
    'a week after my c-section, 158/104 at home and a headache that will not go',
  ])('pre-eclampsia signs: %s', (q) => {
    expect(categories(q)).toContain('obstetric_emergency');
  });

  it.each([
    "39 weeks and I haven't felt her kick since lunch",
    '29 weeks pregnant, baby is much quieter than usual today',
    'Ich bin in der 32. SSW und das Baby bewegt sich seit gestern kaum',
    'Tenho 36 semanas e o bebê parou de mexer desde ontem',
  ])('a baby moving less: %s', (q) => {
    expect(categories(q)).toContain('obstetric_emergency');
  });

  it('postpartum psychosis and bleeding after birth', () => {
    expect(
      categories(
        'three weeks postpartum, she has not slept in 5 days and says the tv is sending her messages from god',
      ),
    ).toContain('postpartum_psychosis');
    expect(categories("10 days after giving birth and I'm soaking through a pad every half hour")).toContain(
      'obstetric_emergency',
    );
  });

  it.each([
    'is it safe to take paracetamol for a headache at 24 weeks pregnant?',
    'what are the signs of pre-eclampsia I should know about at 30 weeks?',
    'my blood pressure was 118/76 at my 28 week check, is that ok?',
    'baby is 3 weeks old and very quiet, is vitamin D drops ok for her?',
  ])('ordinary questions stay ordinary: %s', (q) => {
    expect(categories(q)).not.toContain('obstetric_emergency');
  });

  it('reads the highest plausible blood pressure and ignores fractions', () => {
    expect(bloodPressure('bp 150/95 then 172/108')).toEqual({ systolic: 172, diastolic: 108 });
    expect(bloodPressure('take 1/2 tablet, 35+2 weeks')).toBeNull();
  });
});

describe('harm a medicine is already causing', () => {
  const statin: TriageDrug = { key: 'atorvastatin', classes: ['statin'] };
  it('a statin with muscle pain and dark urine, named by the vocabulary (a brand) or in the text', () => {
    expect(categories('on Lipitor and erythromycin, legs ache terribly and my pee is brown', [statin])).toContain(
      'drug_toxicity',
    );
    expect(categories('simvastatin 40 plus a new antibiotic, calves so sore and urine dark like tea')).toContain(
      'drug_toxicity',
    );
    // muscle ache alone is a question for the answer, not an emergency
    expect(categories('are muscle aches common on atorvastatin?', [statin])).not.toContain('drug_toxicity');
  });

  it('colchicine, lithium, methotrexate, clozapine, anticholinergics, opioids', () => {
    expect(categories('taking colchicine, terrible diarrhoea since the new antibiotic and my feet are numb')).toContain(
      'drug_toxicity',
    );
    expect(categories('mi madre toma litio, tiene diarrea, tiembla y está muy confundida')).toContain('drug_toxicity');
    expect(categories('dad on methotrexate has a fever of 38.6 and mouth ulcers')).toContain('drug_toxicity');
    expect(
      categories("my brother on clozapine hasn't had a poo for a week and his stomach is bloated and hard as a rock"),
    ).toContain('drug_toxicity');
    expect(categories("grandpa started oxybutynin, now he can't pee at all and his tummy is swollen")).toContain(
      'drug_toxicity',
    );
    expect(categories('Oma hat ein Fentanylpflaster, sie ist sehr schläfrig und verwirrt')).toContain(
      'respiratory_depression',
    );
  });

  it('says what the signs may mean, in the language of the message where written', () => {
    const s = read('mio padre prende litio, vomita e barcolla');
    expect(s.toxicity.map((f) => f.id)).toEqual(['lithium_toxicity']);
    expect(s.toxicity[0]!.says.it).toMatch(/litio/);
  });
});

describe('second review of the round-6 material (2026-11-29)', () => {
  it.each([
    "I've been taking sertraline for 20 weeks and now have headaches and blurred vision, is that a side effect?",
    'Is Seretide 250/50 safe at 30 weeks pregnant?',
    'My son has had eczema since birth, now he has a headache and blurred vision',
    'postpartum night sweats and hot flashes, and a headache, normal?',
    '2 weeks postpartum, my parents are watching the baby, can I take paracetamol?',
    "how do I know if my baby isn't moving enough? I'm 28 weeks, nothing wrong right now",
    "on colchicine for gout, what's the number for NHS 111? I have diarrhoea",
    'I get drowsy on codeine and fell asleep on the sofa',
    'mi fa male il gomito, prendo il litio e sono confuso sulla dose',
    'Mein Lithiumspiegel schwankt, ich habe Durchfall, ist das schlimm?',
    "my headache, it's gone now but the cetirizine makes me drowsy",
    'lactating 4 months postpartum, bp 88/56 at the pharmacy, can I take ibuprofen?',
    'I saw on the news 27 people died from fentanyl, is tramadol the same?',
  ])('ordinary questions the round-6 words had fired on stay ordinary: %s', (q) => {
    expect(categories(q)).toEqual([]);
  });

  it('reads the presentations the review found missing, and a minor bleed on a high INR as minor', () => {
    expect(categories('opa heeft een fentanylpleister, hij is erg suf en ademt heel traag')).toContain(
      'respiratory_depression',
    );
    expect(categories('mi abuela toma oxicodona, está muy somnolienta y confundida')).toContain(
      'respiratory_depression',
    );
    expect(categories('ze is 2 weken geleden bevallen, hoort stemmen en slaapt al dagen niet')).toContain(
      'postpartum_psychosis',
    );
    expect(read('INR 9.2, gums bleeding since this morning').critical.map((c) => c.id)).toEqual([
      'inr/high-minor-bleeding',
    ]);
    expect(bloodPressure('Seretide 250/50, bp 150/95')).toEqual({ systolic: 150, diastolic: 95 });
  });
});

describe('signs described inside a question', () => {
  it('lead the answer with the instruction rather than being dropped as a topic', () => {
    const s = read("how would I know if it's serious? she's 30 weeks with a bad headache and blurry vision");
    expect(s.hits).toContainEqual(expect.objectContaining({ category: 'obstetric_emergency', level: 'lead' }));
  });
  it('a question that names no one and describes no signs stays a topic', () => {
    expect(categories('what are the warning signs of pre-eclampsia in the third trimester?')).toEqual([]);
  });
});
