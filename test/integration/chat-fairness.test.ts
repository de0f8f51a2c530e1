/**
 * A long chat does not hold the server (issue 30): the analysis of a question at the input bounds, hundreds of words
 * each looked up as a name, runs in slices of the main thread, so /v1/health is answered again and again while that
 * chat is still being worked on. (Before, the analysis was one synchronous block of about a second: no other request
 * was answered until it ended.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_QUESTION_CHARS } from '../../src/shared/schemas/chat.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { ask } from '../helpers/chat.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const DRUGS = ['metformin', 'ibuprofen', 'warfarin', 'sertraline', 'aspirin', 'lisinopril', 'zinc', 'tramadol'];
/** A question at the bound of distinct made-up words and drug names (seeded): each word is looked up, typos too. */
function longQuestion(seed: number): string {
  const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  const words = Array.from({ length: 800 }, () =>
    rnd() < 0.3 ? DRUGS[Math.floor(rnd() * DRUGS.length)]! : `${Math.floor(rnd() * 1e9).toString(36)}ol`,
  );
  return `Is it safe to take ${words.join(' ')}`.slice(0, MAX_QUESTION_CHARS - 1) + '?';
}

describe('a long chat and everyone else', () => {
  it('answers /v1/health while a chat at the input bounds is analysed', async () => {
    const key = t.keyWith(['chat']);
    // the first chat builds the name indexes once (a one-time cost of the process): not what is measured here
    expect(
      (
        await t.http
          .post('/v1/chat/completions')
          .set('X-API-Key', key)
          .send(ask(longQuestion(1)))
      ).status,
    ).toBe(200);
    let done = false;
    const chat = t.http
      .post('/v1/chat/completions')
      .set('X-API-Key', key)
      .send(ask(longQuestion(2)))
      .then((r) => {
        done = true;
        return r;
      });
    let answeredDuring = 0;
    while (!done) {
      const h = await t.http.get('/v1/health');
      expect(h.status).toBe(200);
      if (!done) answeredDuring++;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect((await chat).status).toBe(200);
    expect(answeredDuring).toBeGreaterThanOrEqual(3);
  }, 120_000);
});
