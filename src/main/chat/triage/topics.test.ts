import { describe, expect, it } from 'vitest';
import file from '../../../../resources/triage/topics.json' with { type: 'json' };
import { educationTopic, TOPIC_IDS, topicText } from './topics.ts';

const id = (q: string, mustAsk = true) => educationTopic(q, { mustAsk })?.id ?? null;

describe('education topics', () => {
  it('hold about 20 editorial topics pending a second review, each 80-160 words with a basis', () => {
    expect(file.status).toBe('editorial');
    expect(file.second_review).toMatchObject({
      by: expect.any(String),
      date: expect.any(String),
      scope: expect.any(String),
    });
    expect(TOPIC_IDS.length).toBeGreaterThanOrEqual(20);
    for (const t of file.topics) {
      const n = t.text.split(/\s+/).length;
      expect(n, t.id).toBeGreaterThanOrEqual(80);
      expect(n, t.id).toBeLessThanOrEqual(160);
      expect(t.basis, t.id).not.toMatch(/https?:|PMID/i);
    }
  });

  it('recognise a carer or patient asking to learn about a condition', () => {
    const cases: [string, string][] = [
      [
        "my son's just been diagnosed type 1, the leaflet keeps mentioning DKA — what is it and how would I spot it?",
        'diabetic_ketoacidosis',
      ],
      [
        'writing a care plan for school — what should staff do if my epileptic daughter has a seizure?',
        'seizure_first_aid',
      ],
      ['is it true energy drinks can give you a heart attack?', 'caffeine_energy_drinks'],
      ['what are the signs of serotonin syndrome to watch for?', 'serotonin_syndrome'],
      ['why are button batteries dangerous?', 'button_batteries_magnets'],
      ['how do I use naloxone?', 'opioid_overdose_naloxone'],
      ['how do I use an EpiPen? just been prescribed one', 'anaphylaxis'],
      ["I'm a nurse, what lithium level is considered toxic?", 'lithium_toxicity'],
      ['What are the FAST signs of stroke?', 'stroke'],
      ['my mum is on apixaban, when should she go to hospital for a nosebleed?', 'bleeding_on_anticoagulant'],
      ['dad takes warfarin and banged his head, what should we look out for?', 'head_injury_on_anticoagulant'],
    ];
    for (const [q, want] of cases) expect(id(q), q).toBe(want);
  });

  it('recognise the question in French, Spanish, German, Italian, Portuguese and Dutch', () => {
    const cases: [string, string][] = [
      ["qu'est-ce que l'acidocétose diabétique ?", 'diabetic_ketoacidosis'],
      ['¿cuáles son los síntomas de una sobredosis de paracetamol?', 'paracetamol_overdose'],
      ['Wie erkenne ich einen Schlaganfall?', 'stroke'],
      ['Was passiert bei einer Überdosis Paracetamol? Frage für meine Pflegeausbildung', 'paracetamol_overdose'],
      ['quali sono i sintomi della sepsi?', 'sepsis'],
      ['Quais são os sinais de hipoglicemia? Comecei insulina agora', 'hypoglycaemia'],
      ['wat moet ik doen bij een epileptische aanval?', 'seizure_first_aid'],
      ['je révise : quels sont les signes d’un syndrome sérotoninergique ?', 'serotonin_syndrome'],
    ];
    for (const [q, want] of cases) expect(id(q), q).toBe(want);
  });

  it('leave ordinary drug questions alone', () => {
    for (const q of [
      'what is the maximum dose of ibuprofen?',
      'what are the side effects of sertraline?',
      'can I take ibuprofen with lisinopril?',
      'what is the half-life of caffeine?',
      'is magnesium good for sleep?',
      'what is a low sugar diet?',
    ])
      for (const mustAsk of [true, false]) expect(id(q, mustAsk), q).toBeNull();
  });

  it('keep the records answer alone when the condition is only mentioned, an aside or denied', () => {
    expect(id('does metformin cause DKA?')).toBeNull();
    expect(id('Can tramadol cause seizures?')).toBeNull();
    expect(id('what is the risk of stroke with HRT?', false)).toBeNull();
    expect(id('does tramadol lower the seizure threshold?', false)).toBeNull();
    expect(id('what is the bleeding risk of apixaban vs warfarin?', false)).toBeNull();
    expect(id('INR came back 4.2 today, no bleeding, on warfarin for AF, should i be worried')).toBeNull();
    expect(id('PPI + DOAC in >75 with hx GI bleed - which PPI', false)).toBeNull();
  });

  it('answer a condition that is named when nothing else answers the question', () => {
    expect(id('my son has type 1 and the leaflet keeps mentioning DKA', false)).toBe('diabetic_ketoacidosis');
    expect(id('I have no idea what DKA is', false)).toBe('diabetic_ketoacidosis');
    expect(id('¿cómo funciona la naloxona en una sobredosis?', false)).toBe('opioid_overdose_naloxone');
  });

  it('show the text with its basis', () => {
    const t = educationTopic('what is DKA?', { mustAsk: false })!;
    expect(topicText(t)).toMatch(/ketones[\s\S]*\(Basis: JBDS-IP, The management of diabetic ketoacidosis/);
  });
});
