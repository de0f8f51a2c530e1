import { describe, expect, it } from 'vitest';
import { criticalFindings } from './critical-values.ts';
import { detectLanguage } from './language.ts';
import { CONCEPTS, LANGUAGES } from './lexicon.ts';
import { fold, normalizeForTriage } from './normalize.ts';
import { readSignals } from './signals.ts';
import { emergencyRules } from './rules.ts';

const read = (q: string, namesDrug = false) => readSignals(normalizeForTriage(q), { namesDrug });

describe('the triage word lists', () => {
  it('has a reviewed file with every concept and the emergency texts for each of seven languages', () => {
    expect(Object.keys(LANGUAGES).sort()).toEqual(['de', 'en', 'es', 'fr', 'it', 'nl', 'pt']);
    for (const l of Object.values(LANGUAGES)) {
      expect(l.reviews.length).toBeGreaterThan(0);
      expect(Object.keys(l.words).sort()).toEqual([...CONCEPTS].sort());
      // country-neutral: the European number is always named
      expect(l.text.emergency_first).toMatch(/112/);
      if (l.lang !== 'en') expect(Object.keys(l.text.first_aid ?? {}).length).toBeGreaterThanOrEqual(14);
    }
  });
});

describe('language detection', () => {
  it.each([
    ["j'ai mal à la tête depuis ce matin", 'fr', true],
    ['me duele mucho la cabeza desde ayer', 'es', true],
    ['estou com muita dor de cabeça agora', 'pt', true],
    ['ho mal di testa da stamattina', 'it', true],
    ['ich habe seit heute Morgen Kopfschmerzen', 'de', true],
    ['ik heb al de hele dag hoofdpijn', 'nl', true],
    ['K 7.1, peaked T waves', 'en', true],
    ['我头很疼', 'zh', false],
    ['boli mnie głowa od rana', 'pl', false],
    ['başım çok ağrıyor', 'tr', false],
    ['mi s-a umflat gâtul și nu pot respira', 'ro', false],
    ['meri maa hosh mein nahi hai aur bahut pasina aa raha hai', 'hi', false],
  ])('%s → %s', (q, lang, readable) => {
    expect(detectLanguage(q)).toEqual({ lang, readable });
  });
});

describe('folding', () => {
  it('keeps Devanagari vowel signs, so that blood (खून) is not eating (खाने); chandrabindu and anusvara are one', () => {
    expect(fold('खून')).not.toBe(fold('खाने'));
    expect(fold('गोलियाँ')).toBe(fold('गोलियां'));
    expect(fold('Übelkeit tomé 飲んで أخذت')).toBe('ubelkeit tome 飲んて اخذت');
  });
});

describe('a language we cannot read', () => {
  it('is not read through English words of one or two letters: Polish "i" is "and", "od" is "since"', () => {
    const q = normalizeForTriage('Mój syn od wczoraj ma gorączkę i kaszel, czy mogę dać ibuprofen?');
    expect(readSignals(q, { namesDrug: true }).hits.map((h) => h.category)).toContain('overdose');
    expect(readSignals(q, { namesDrug: true, foreign: true }).hits).toEqual([]);
  });
});

describe('concepts', () => {
  it('reads despair with a medicine as self-harm and an overdose', () => {
    const s = read('ho preso tutte le mie compresse, voglio farla finita');
    expect(s.hits.map((h) => h.category).sort()).toEqual(['overdose', 'self_harm']);
  });
  it('does not read questions about signs, or history, as emergencies', () => {
    expect(read("quels sont les signes d'un AVC ?").hits).toEqual([]);
    expect(read('My son had a seizure 3 years ago, can he take melatonin?').hits).toEqual([]);
    expect(read('Is amoxicillin safe if I had a rash with penicillin as a child?').hits).toEqual([]);
  });
  it('reads a head injury on an anticoagulant, and early-pregnancy warning signs', () => {
    expect(read('mi padre toma Sintrom, se cayó y se golpeó la cabeza').hits.map((h) => h.category)).toContain(
      'head_injury',
    );
    expect(
      read('schwanger in der 6. SSW, starke Unterbauchschmerzen und ich bin ohnmächtig geworden').hits.map(
        (h) => h.category,
      ),
    ).toContain('pregnancy_emergency');
  });
});

describe('round 2 classes (2026-11-28)', () => {
  const cats = (q: string, namesDrug = false) =>
    read(q, namesDrug)
      .hits.map((h) => h.category)
      .sort();
  it('reads farewell acts with medicines set aside as intent, in several languages', () => {
    expect(cats("j'ai rangé mes affaires, écrit une lettre à ma sœur, et je garde tous mes cachets de côté")).toContain(
      'self_harm',
    );
    expect(cats('ik heb al mijn pillen gespaard, mijn afscheidsbrief ligt al klaar')).toContain('self_harm');
    expect(cats('wrote a letter to my sister for her birthday')).toEqual([]);
  });
  it('reads a child who swallowed a household hazard', () => {
    expect(cats('ma fille de 2 ans a avalé une pile bouton')).toEqual(['child_ingestion']);
    expect(cats('mijn peuter heeft een knoopcelbatterij ingeslikt')).toEqual(['child_ingestion']);
    expect(cats("which batteries last longest in a child's toy?")).toEqual([]);
  });
  it('reads indirect lay signs: DKA, SJS, hypoglycaemia on insulin, persistent bleeding', () => {
    expect(
      cats('my 16yo is type 1, throwing up all day, breathing really deep and fast, breath smells like pear drops'),
    ).toContain('critical_illness');
    expect(cats('blisters in my mouth and eyes and skin peeling off my chest, temp 39')).toContain('critical_illness');
    expect(cats('mijn moeder gebruikt insuline en is niet meer wakker te krijgen')).toContain('hypoglycaemia');
    expect(cats('mi papa toma sintrom y esta vomitando algo oscuro como posos de cafe')).toContain('bleeding');
  });
  it('does not read clock times or minutes as counts of tablets', () => {
    const rules = (q: string) => emergencyRules(normalizeForTriage(q), true).map((h) => h.category);
    expect(rules('took 2 paracetamol at 10 then another 2 at 1, so 4 in 3 hours')).toEqual([]);
    // a double dose by mistake leads with the instruction and is answered (level lead), not an acute overdose
    expect(
      emergencyRules(normalizeForTriage('he had his calpol twice within about 10 mins, hes fine'), true).map(
        (h) => h.level,
      ),
    ).toEqual(['lead']);
    expect(rules('tablets, around sixty of them, paracetamol, swallowed at midnight')).toEqual(['overdose']);
    expect(rules('took 20 paracetamol at 10 this morning')).toEqual(['overdose']);
  });
  it('keeps articles and leaflets as topics', () => {
    expect(cats('read an article about vitamin d overdose, what does it look like? just curious')).toEqual([]);
  });
});

describe('critical values', () => {
  const ids = (q: string) => criticalFindings(normalizeForTriage(q)).map((f) => f.id);
  it('crosses thresholds alone or with their context', () => {
    expect(ids('K 6.7')).toEqual(['potassium/severe']);
    expect(ids('K 6.2, peaked T waves')).toEqual(['potassium/severe']);
    expect(ids('K 6.2')).toEqual([]);
    expect(ids('vitamin K 10 mg given')).toEqual([]);
    expect(ids('INR 6.5, melaena since this morning')).toEqual(['inr/bleeding']);
    expect(ids('INR 3.4, no bleeding, dose?')).toEqual(['inr/bleeding'].filter(() => false));
    expect(ids('amitriptyline OD, QRS 128 ms')).toEqual(['qrs/tca']);
    expect(ids('RR 6 after IV morphine')).toEqual(['rr/opioid']);
    expect(ids('glycémie 0,45 g/L sous insuline')).toEqual(['glucose/level-3']);
    expect(ids('BG 45 mg/dL on glipizide')).toEqual(['glucose/level-3']);
    expect(ids('BG 4.5 on insulin')).toEqual([]);
    expect(ids('lithium level 1.8, coarse tremor and ataxia')).toEqual(['lithium/toxic']);
    expect(ids('lithium 0.8 mmol/L, dose?')).toEqual([]);
    expect(ids('ingested 12 g paracetamol')).toEqual(['paracetamol/referral']);
    expect(ids('paracetamol 15 g, 60 kg')).toEqual(['paracetamol/referral']);
    expect(ids('took 2 paracetamol 500 mg')).toEqual([]);
  });
  it('reads sodium, QTc, digoxin and paracetamol levels, in other units too', () => {
    expect(ids('Na 114, one tonic clonic seizure')).toEqual(['sodium/severe']);
    expect(ids('Na 131, confused')).toEqual([]);
    expect(ids('QTc 590, now runs of torsades')).toEqual(['qtc/torsades']);
    expect(ids('QTc 480, syncope')).toEqual([]);
    expect(ids('dig level 4.1 ng/mL, HR 38, vomiting')).toEqual(['digoxin/toxic']);
    expect(ids('digoxin 3.2 nmol/L, bradycardic')).toEqual(['digoxin/toxic']);
    expect(ids('digoxin 1.1 nmol/L, nausea')).toEqual([]);
    expect(ids('paracetamol level 180 mg/L at 6h')).toEqual(['paracetamol/level']);
    expect(ids('paracetamol level 1200 µmol/L')).toEqual(['paracetamol/level']);
    expect(ids('paracetamol level 40 mg/L at 4h')).toEqual([]);
    expect(ids('INR 9.8, epistaxis not stopping for 2 hrs')).toEqual(['inr/bleeding']);
  });
});

describe('round-3 classes in lay English', () => {
  const ids = (q: string) => criticalFindings(normalizeForTriage(q)).map((f) => f.id);
  const cats = (q: string) => read(q, true).hits.map((h) => h.category);
  it('severe asthma, melaena in everyday words, lithium toxicity with two kinds of sign', () => {
    expect(cats('wheezing and my ventolin is doing nothing, can only say a few words between breaths')).toContain(
      'critical_illness',
    );
    expect(cats('my stools have been black and sticky since yesterday and I feel faint')).toContain('bleeding');
    expect(cats('mum is on priadel, been vomiting, now she is trembling and really unsteady and confused')).toContain(
      'drug_toxicity',
    );
  });
  it('not the ordinary questions beside them', () => {
    expect(cats('is a fine hand tremor normal on lithium?')).toEqual([]);
    expect(cats('how often can I use my salbutamol inhaler before a run?')).toEqual([]);
    expect(cats('lithium level 0.6 on routine check, all fine?')).toEqual([]);
  });
  it('levels as clinicians abbreviate them', () => {
    expect(ids('lithémie 2,8 mmol/L, confus')).toEqual(['lithium/toxic']);
    expect(ids('para level 210 mg/L at 6h')).toEqual(['paracetamol/level']);
  });
});

describe('questions about a danger, and the baby in pregnancy (round 3)', () => {
  const fired = (q: string) => emergencyRules(normalizeForTriage(q), true).map((h) => h.category);
  it('asking whether one can overdose, or the dose for an overdose, is a question', () => {
    expect(fired('can you overdose on magnesium? I take 400 mg a day')).toEqual([]);
    expect(fired("what's the flumazenil dose for a benzo OD, revising for finals")).toEqual([]);
    expect(fired('took 40 of my sertraline, can you overdose on it?')).toContain('overdose');
  });
  it('"the baby" in pregnancy is not a child who swallowed something', () => {
    expect(fired('12 weeks pregnant and took codeine for a week before I knew, will the baby be ok')).toEqual([]);
    expect(fired('my baby swallowed one of my iron tablets')).toContain('child_ingestion');
    expect(fired("I'm pregnant and my toddler just swallowed my iron tablets")).toContain('child_ingestion');
  });
});

describe('clinical lead review (2026-11-28)', () => {
  const fired = (q: string, namesDrug = true) => [
    ...new Set([
      ...emergencyRules(normalizeForTriage(q), namesDrug).map((h) => h.category),
      ...read(q, namesDrug).hits.map((h) => h.category),
    ]),
  ];
  it('a question about overdose with an ingestion told is an emergency', () => {
    expect(fired('can you overdose on paracetamol? I took loads')).toContain('overdose');
    expect(fired('is it possible to overdose on melatonin, I just took the whole bottle')).toContain('overdose');
    expect(fired('can you overdose on vitamin D? I take 4000 IU a day')).toEqual([]);
    expect(fired('I had loads of fun at the party, can I take ibuprofen?')).toEqual([]);
  });
  it('pregnancy does not hide an ingestion, nor a baby who swallowed something', () => {
    expect(fired("I'm pregnant and took 20 paracetamol")).toContain('overdose');
    expect(fired("I'm pregnant and my baby just swallowed some of my iron tablets")).toContain('child_ingestion');
    expect(fired('pregnant, and the baby got into my pills')).toContain('child_ingestion');
    expect(fired('12 weeks pregnant and took codeine for a week before I knew, will the baby be ok')).toEqual([]);
  });
  it('"nobody\'s home until" is a farewell sign only with medicines or despair', () => {
    expect(fired("nobody's home until tomorrow so I can finally relax", false)).toEqual([]);
    expect(fired("nobody's home till 6, is it ok to take 2 ibuprofen for my headache?")).toEqual([]);
    expect(fired("nobody's home until tomorrow and I've got all my pills out")).toContain('self_harm');
  });
  it('Dutch: a count or too many of a medicine is an overdose; too much food or coffee is not', () => {
    expect(fired('ik heb 20 paracetamol ingenomen')).toContain('overdose');
    expect(fired('ik heb te veel van mijn oxycodon genomen')).toContain('overdose');
    expect(fired('ik heb te veel tabletten geslikt')).toContain('overdose');
    expect(fired('ik heb een hele strip paracetamol ingenomen')).toContain('overdose');
    expect(fired('ik heb te veel gegeten en nu heb ik buikpijn', false)).toEqual([]);
    expect(fired('ik heb te veel koffie gedronken', false)).toEqual([]);
    expect(fired('mag ik niet te veel ibuprofen nemen?')).toEqual([]);
  });
});

describe('possible agranulocytosis (clinical lead review 2026-11-28)', () => {
  const cats = (q: string) => read(q, true).hits.map((h) => h.category);
  it('clozapine or carbimazole with fever, a sore throat or mouth ulcers is a same-day emergency', () => {
    expect(cats('on clozapine, high fever since this morning, really bad sore throat and mouth ulcers')).toContain(
      'critical_illness',
    );
    expect(cats("I'm taking carbimazole and have had a sore throat and temperature since yesterday")).toContain(
      'critical_illness',
    );
  });
  it('not a question about the drug, nor the drug alone', () => {
    expect(cats('what are the signs of agranulocytosis on clozapine, like fever or sore throat?')).toEqual([]);
    expect(cats('can clozapine be taken with food?')).toEqual([]);
  });
});

describe('history in clinician shorthand', () => {
  it('a bleed written as history (hx, h/o) is not a bleed happening now', () => {
    expect(read('PPI + DOAC in >75 with hx GI bleed - which PPI').hits.map((h) => h.category)).not.toContain(
      'bleeding',
    );
    expect(read('h/o GI bleed on apixaban, which PPI?').hits.map((h) => h.category)).not.toContain('bleeding');
    expect(read('vomiting blood now, on apixaban').hits.map((h) => h.category)).toContain('bleeding');
  });
});
