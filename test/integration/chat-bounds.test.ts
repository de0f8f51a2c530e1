/**
 * Chat input is bounded by what the assistant reads (issue 30): a question longer than MAX_QUESTION_CHARS, or messages
 * longer than MAX_CONVERSATION_CHARS together, are a 400 naming the field (before any analysis runs); input at the
 * bounds is answered. Both routes share the request schema.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CONVERSATION_CHARS, MAX_QUESTION_CHARS } from '../../src/shared/schemas/chat.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
let key: string;
beforeAll(async () => {
  t = await startTestApp();
  key = t.keyWith(['chat']);
});
afterAll(async () => {
  await t.close();
});

const chat = (body: unknown, route = 'completions') =>
  t.http
    .post(`/v1/chat/${route}`)
    .set('Authorization', `Bearer ${key}`)
    .send(body as object);
const question = (n: number) => `Is metformin safe with ibuprofen? ${'x'.repeat(n)}`.slice(0, n);

describe('chat input bounds', () => {
  it('answers a question of exactly MAX_QUESTION_CHARS characters', async () => {
    const res = await chat({ messages: [{ role: 'user', content: question(MAX_QUESTION_CHARS) }] });
    expect(res.status).toBe(200);
    expect(res.body.usage.input_tokens).toBeGreaterThan(0);
  });

  it('refuses a longer question (string or blocks) with a 400 naming its content, on both routes', async () => {
    for (const route of ['completions', 'stream']) {
      const res = await chat({ messages: [{ role: 'user', content: question(MAX_QUESTION_CHARS + 1) }] }, route);
      expect(res.status, route).toBe(400);
      expect(res.body.error.details).toEqual([
        {
          field: 'messages.0.content',
          message: `the question is read up to ${MAX_QUESTION_CHARS} characters; this one has ${MAX_QUESTION_CHARS + 1}: shorten it`,
        },
      ]);
    }
    // 30 blocks of 32,000 characters without spaces (the trial): refused, not analysed for seconds
    const blocks = Array.from({ length: 30 }, () => ({ type: 'text', text: 'a'.repeat(32_000) }));
    const res = await chat({ messages: [{ role: 'user', content: blocks }] });
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].field).toBe('messages.0.content');
  });

  it('refuses messages longer than MAX_CONVERSATION_CHARS together, naming messages', async () => {
    const earlier = Array.from({ length: 8 }, (_, i) => ({
      role: i % 2 ? 'assistant' : 'user',
      content: 'y'.repeat(3_000),
    }));
    const res = await chat({ messages: [...earlier, { role: 'user', content: 'Is it safe?' }] });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([
      {
        field: 'messages',
        message: `all messages together are read up to ${MAX_CONVERSATION_CHARS} characters; these have ${8 * 3_000 + 11}: drop earlier messages`,
      },
    ]);
    const fits = await chat({ messages: [...earlier.slice(1), { role: 'user', content: 'Is it safe?' }] });
    expect(fits.status).toBe(200);
  });
});
