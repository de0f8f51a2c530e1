/**
 * The per-key limit of chats in flight (issue 30, CHAT_IN_FLIGHT_PER_KEY): while a key has that many chats being
 * answered, another one from it, on either chat route, is a 429 with Retry-After and the JSON envelope, and its work is
 * never started; another key is not affected, and the slot comes back when an answer ends. The answers are held open
 * by a scripted language model, so the chats are in flight for as long as the test needs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_IN_FLIGHT_PER_KEY, CHAT_IN_FLIGHT_RETRY_AFTER_S } from '../../src/shared/rate-limits.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { ask, postRaw, startFakeLlm, type FakeLlm } from '../helpers/chat.ts';

let t: TestApp;
let llm: FakeLlm;
beforeAll(async () => {
  llm = await startFakeLlm();
  t = await startTestApp({ chat: { llm: { url: llm.url, model: 'test' } } });
});
afterAll(async () => {
  await t.close();
  await llm.close();
});

const QUESTION = 'What does creatine do?';
const complete = (key: string) => t.http.post('/v1/chat/completions').set('X-API-Key', key).send(ask(QUESTION));
const until = async (ok: () => boolean) => {
  for (let i = 0; i < 600 && !ok(); i++) await new Promise((r) => setTimeout(r, 50));
  expect(ok()).toBe(true);
};

describe('chats in flight per key', () => {
  it(`refuses a chat beyond ${CHAT_IN_FLIGHT_PER_KEY} in flight with 429, on both routes, and not another key's`, async () => {
    expect(CHAT_IN_FLIGHT_PER_KEY).toBe(2);
    const key = t.keyWith(['chat']);
    const other = t.keyWith(['chat']);
    // each answer takes 8 pieces × 250 ms from the language model: long enough to be in flight for the checks below
    llm.script = { pieces: Array.from({ length: 8 }, (_, i) => `Part ${i} [1]. `), delayMs: 250 };
    const before = llm.requests.length;
    const first = complete(key).then((r) => r);
    const second = postRaw(t.base, '/v1/chat/stream', key, ask(QUESTION));
    await until(() => llm.requests.length >= before + 2);

    const refused = await complete(key);
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe(String(CHAT_IN_FLIGHT_RETRY_AFTER_S));
    expect(refused.headers['x-ratelimit-limit']).toBeDefined();
    expect(refused.body).toMatchObject({
      success: false,
      error: { code: 'rate_limited', details: [{ field: 'in_flight' }] },
    });
    const refusedStream = await postRaw(t.base, '/v1/chat/stream', key, ask(QUESTION));
    expect(refusedStream.status).toBe(429);
    expect(refusedStream.headers['content-type']).toMatch(/application\/json/);
    expect(JSON.parse(refusedStream.body).error.code).toBe('rate_limited');
    // neither refusal reached the language model: their work never started
    expect(llm.requests.length).toBe(before + 2);

    // another key is not held back by this one
    const others = await complete(other);
    expect(others.status).toBe(200);

    expect((await first).status).toBe(200);
    expect((await second).status).toBe(200);
    // the slots are back once the answers have ended
    const again = await complete(key);
    expect(again.status).toBe(200);
  }, 60_000);
});
