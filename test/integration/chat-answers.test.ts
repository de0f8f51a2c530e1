/**
 * The failures as a clinician would ask them, over HTTP: interactions first for any names the checker knows
 * (other languages, typos), the record's own evidence before a study, on-topic positions only, lab values without a
 * unit, and macros questions in any word order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatMessage } from '../../src/shared/schemas/chat.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { ask, expectCitationsExist } from '../helpers/chat.ts';

let t: TestApp;
let key: string;
beforeAll(async () => {
  t = await startTestApp();
  key = t.keyWith(['chat']);
});
afterAll(async () => {
  await t.close();
});

const answer = async (q: string) =>
  ChatMessage.parse((await t.http.post('/v1/chat/completions').set('X-API-Key', key).send(ask(q))).body);
const firstLine = (m: ChatMessage) => m.content[0]!.text.split('\n')[0]!;

describe('interactions first', () => {
  it('leads with the pair verdict for drugs named in the question, whatever else it asks', async () => {
    for (const [q, lead] of [
      ['Is it safe to combine tadalafil and nitroglycerin?', /^Tadalafil \+ Nitroglycerin: contraindicated\b/],
      ['Does clarithromycin interact with simvastatin?', /^Clarithromycin \+ Simvastatin: contraindicated\b/],
      ['Kann ich Johanniskraut mit Sertralin nehmen?', /^St\.? John's [Ww]ort \+ Sertraline: major interaction\b/],
    ] as const) {
      const m = await answer(q);
      expect(m.agents[0], q).toBe('tool_interactions');
      expect(firstLine(m), q).toMatch(lead);
      await expectCitationsExist(t, m.content[0]!.citations);
    }
  });

  it('keeps the contraindicated pair first when a third drug is added, and every pair is accounted for', async () => {
    const m = await answer('Can I take metformin, clarithromycin and simvastatin together?');
    const text = m.content[0]!.text;
    expect(firstLine(m)).toMatch(/^Clarithromycin \+ Simvastatin: contraindicated/);
    expect(text).toMatch(/Metformin \+ Clarithromycin \(moderate\)/);
    expect(text).toMatch(/Metformin \+ Simvastatin/);
  });

  it('says how a name in another language or with a typo was read, and answers', async () => {
    const m = await answer('Kann ich Johanniskraut mit Sertralin nehmen?');
    expect(m.content[0]!.text).toContain('"Johanniskraut" was read as St John');
    const d = await answer('¿Cuál es la dosis de metformina?');
    expect(d.agents[0]).toBe('dosing');
    expect(firstLine(d)).toMatch(/^Metformin/);
  });
});

describe('evidence from the records first, and positions only on topic', () => {
  it('answers "does X do Y?" from the compound\'s monograph with its grade, and takes no position from an off-topic study', async () => {
    const cases: [string, RegExp][] = [
      [
        'Does vitamin D prevent fractures?',
        /^Vitamin D3 \(cholecalciferol\), from its monograph: Fracture prevention .*evidence grade B/,
      ],
      [
        'Does creatine damage the kidneys?',
        /^Creatine monohydrate, from its monograph: Controlled studies have not shown harm to kidney function/,
      ],
      ['Is melatonin effective for jet lag?', /^Melatonin, from its (?:record|monograph): .*jet lag/i],
    ];
    for (const [q, lead] of cases) {
      const m = await answer(q);
      expect(m.agents[0], q).toBe('compound_question');
      expect(firstLine(m), q).toMatch(lead);
      expect(m.content[0]!.text, q).not.toMatch(/Position this study supports/);
    }
  });
});

describe('parsing', () => {
  it('reads a lab value without a unit in the usual unit, says so, and names the threshold it crosses', async () => {
    const m = await answer('my ferritin is 9');
    expect(firstLine(m)).toMatch(/^(?:Ferritin|ferritin) 9 ng\/mL.*below 15 ng\/mL.*iron deficiency/);
    expect(m.content[0]!.text).toContain('No unit was given for ferritin 9, so it was read as 9 ng/mL');
    expect(m.content[0]!.text.match(/iron deficiency/g)).toHaveLength(1);
  });

  it('reads the goal rate apart from the body weight, in any order', async () => {
    for (const q of [
      "How many calories should I eat to lose 0.5 kg a week? I'm a 30 year old man, 90 kg, 180 cm, moderately active",
      "I'm 180 cm and 90 kg, male, 30, moderately active: I want to lose 0.5 kg per week, what should my calories be?",
    ]) {
      const m = await answer(q);
      expect(m.agents[0], q).toBe('tool_macros');
      expect(firstLine(m), q).toMatch(
        /BMR 1880 kcal\/day .*TDEE 2914 kcal\/day .*Target 2364 kcal\/day \(requested: 0\.5 kg\/week loss\)/,
      );
    }
  });
});
