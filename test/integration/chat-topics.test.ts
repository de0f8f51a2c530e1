/**
 * Education topics over HTTP, on the real app: a carer asking what DKA is gets the DKA topic with its basis (no
 * emergency script, never "nothing found"); a topic follows the emergency instruction when the triage leads with one;
 * a clinician's shorthand and an ordinary drug question keep their answers without it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatMessage } from '../../src/shared/schemas/chat.ts';
import { EMERGENCY_FIRST, NOT_MEDICAL_ADVICE } from '../../src/main/chat/safety.ts';
import file from '../../resources/triage/topics.json' with { type: 'json' };
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { ask } from '../helpers/chat.ts';

let t: TestApp;
let key: string;
beforeAll(async () => {
  t = await startTestApp();
  key = t.keyWith(['chat']);
});
afterAll(async () => {
  await t.close();
});

const answer = async (q: string) => {
  const res = await t.http.post('/v1/chat/completions').set('X-API-Key', key).send(ask(q));
  expect(res.status, q).toBe(200);
  return ChatMessage.parse(res.body);
};
const topic = (id: string) => file.topics.find((x) => x.id === id)!;
const NOTHING = /I found nothing in the Materia knowledge base/;

describe('education topics in the chat', () => {
  it('answer a carer asking what DKA is with the DKA text and its basis, and no emergency script', async () => {
    const m = await answer(
      "my son's just been diagnosed type 1, the leaflet keeps mentioning DKA — what is it and how would I spot it?",
    );
    const text = m.content[0]!.text;
    const dka = topic('diabetic_ketoacidosis');
    expect(m.safety).toBe('ok');
    expect(text.startsWith(dka.text)).toBe(true);
    expect(text).toContain(`(Basis: ${dka.basis}.)`);
    expect(text).not.toContain(EMERGENCY_FIRST);
    expect(text).not.toMatch(NOTHING);
    expect(text.endsWith(NOT_MEDICAL_ADVICE)).toBe(true);
  });

  it('answer the other near-misses of the issue instead of "nothing found"', async () => {
    const cases: [string, string][] = [
      [
        'writing a care plan for school — what should staff do if my epileptic daughter has a seizure?',
        'seizure_first_aid',
      ],
      ['is it true energy drinks can give you a heart attack?', 'caffeine_energy_drinks'],
      ['why are button batteries dangerous?', 'button_batteries_magnets'],
      ['how do I use naloxone?', 'opioid_overdose_naloxone'],
      ['Quais são os sinais de hipoglicemia? Comecei insulina agora', 'hypoglycaemia'],
    ];
    for (const [q, id] of cases) {
      const text = (await answer(q)).content[0]!.text;
      expect(text, q).toContain(topic(id).text);
      expect(text, q).not.toMatch(NOTHING);
    }
  });

  it('follow the emergency instruction when the triage leads with one', async () => {
    const m = await answer(
      'I injected my insulin twice by mistake this morning, what are the signs of a hypo to watch for?',
    );
    const text = m.content[0]!.text;
    expect(m.safety).toBe('emergency');
    expect(text.startsWith(EMERGENCY_FIRST)).toBe(true);
    expect(text.indexOf(topic('hypoglycaemia').text)).toBeGreaterThan(EMERGENCY_FIRST.length);
  });

  it("leave a clinician's management question without the lay text", async () => {
    const m = await answer('pt in DKA, pH 7.1, ketones 5.8, K 4.2 — FRIII rate?');
    expect(m.safety).toBe('emergency');
    expect(m.content[0]!.text).not.toContain(topic('diabetic_ketoacidosis').text);
  });

  it('leave an ordinary drug question with its records answer alone', async () => {
    const m = await answer('what is the maximum dose of ibuprofen?');
    const text = m.content[0]!.text;
    expect(text).toMatch(/1,200 mg/);
    for (const x of file.topics) expect(text, x.id).not.toContain(x.text);
  });
});
