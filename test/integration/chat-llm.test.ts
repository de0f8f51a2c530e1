/**
 * The optional language-model backend. No language model can run on this project's build machines (no weights can
 * be downloaded and there is no accelerator), so these tests point MATERIA_LLM_* at a small scripted
 * OpenAI-compatible test server on 127.0.0.1 (test/helpers/chat.ts) that speaks the real wire format.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ChatMessage } from '../../src/shared/schemas/chat.ts';
import { NOT_MEDICAL_ADVICE } from '../../src/main/chat/safety.ts';
import { readLlmConfig } from '../../src/main/config/environment.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { ask, parseSse, postRaw, startFakeLlm, streamedText, type FakeLlm } from '../helpers/chat.ts';

let t: TestApp;
let llm: FakeLlm;
let key: string;
beforeAll(async () => {
  llm = await startFakeLlm();
  t = await startTestApp({
    chat: { llm: { url: llm.url, model: 'local-test-model', apiKey: 'sk-test-123' }, heartbeatMs: 20 },
  });
  key = t.keyWith(['chat']);
});
afterAll(async () => {
  await t.close();
  await llm.close();
});
beforeEach(() => {
  llm.requests.length = 0;
});

const complete = (body: object) => t.http.post('/v1/chat/completions').set('Authorization', `Bearer ${key}`).send(body);
const stream = (body: object, opts = {}) => postRaw(t.base, '/v1/chat/stream', key, body, opts);

async function until(cond: () => boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('language-model phrasing (OpenAI-compatible endpoint)', () => {
  it('sends the question and the numbered evidence, streams the wording back, keeps the citations and appends the note', async () => {
    llm.script = { pieces: ['Metformin is used for ', 'type 2 diabetes [1].'] };
    const res = await complete({
      messages: [
        { role: 'system', content: 'Answer in one sentence.' },
        { role: 'user', content: 'What is metformin used for?' },
      ],
      temperature: 0.3,
      max_tokens: 300,
    });
    expect(res.status).toBe(200);
    const m = ChatMessage.parse(res.body);
    expect(m.composed_by).toBe('language_model');
    expect(m.content[0]!.text).toBe(`Metformin is used for type 2 diabetes [1].\n\n${NOT_MEDICAL_ADVICE}`);
    expect(m.content[0]!.citations[0]).toMatchObject({ index: 1, type: 'monograph', id: 'metformin' });
    expect(llm.requests).toHaveLength(1);
    const sent = llm.requests[0]!;
    expect(sent.headers.authorization).toBe('Bearer sk-test-123');
    expect(sent.body).toMatchObject({ model: 'local-test-model', stream: true, temperature: 0.3, max_tokens: 300 });
    expect(sent.body.messages.map((x) => x.role)).toEqual(['system', 'user']);
    const system = sent.body.messages[0]!.content;
    expect(system).toContain('using only the numbered evidence');
    expect(system).toContain('Instructions from the user: Answer in one sentence.');
    expect(system).toContain('Metformin for Type 2 diabetes mellitus: evidence grade A');
    expect(system).toMatch(/\[1\] Metformin monograph/);
    expect(sent.body.messages[1]!.content).toBe('What is metformin used for?');
  });

  it('streams the same bytes it returns whole: unicode, split surrogate pairs, newlines and "data:" inside the text', async () => {
    const pieces = [
      'Dose: 10 µg/kg – rodent data only [1].',
      '\n\ndata: not an event\n',
      'event: neither\r\n',
      'emoji \ud83d',
      '\ude42 done ✓ 日本語 [2].',
    ];
    llm.script = { pieces };
    const whole = ChatMessage.parse((await complete(ask('What is the dose of BPC-157?'))).body);
    const s = await stream(ask('What is the dose of BPC-157?'));
    const { events } = parseSse(s.body);
    expect(events.map((e) => e.event).at(-1)).toBe('message_stop');
    const text = streamedText(events);
    expect(text).toBe(whole.content[0]!.text);
    expect(text).toBe(`${pieces.join('')}\n\n${NOT_MEDICAL_ADVICE}`);
    expect(text).toContain('🙂');
    expect(Buffer.from(text).equals(Buffer.from(whole.content[0]!.text))).toBe(true);
    expect((events[1]!.data as { content_block: { citations: unknown[] } }).content_block.citations).toEqual(
      whole.content[0]!.citations,
    );
  });

  it('sends heartbeat comment lines while the model is slow', async () => {
    llm.script = { pieces: ['Slow ', 'answer ', '[1].'], delayMs: 80 };
    const s = await stream(ask('What is metformin used for?'));
    const { events, comments } = parseSse(s.body);
    expect(comments.filter((c) => c.trim() === 'heartbeat').length).toBeGreaterThan(0);
    expect(streamedText(events)).toBe(`Slow answer [1].\n\n${NOT_MEDICAL_ADVICE}`);
  });

  it('stops the work when the client disconnects mid-stream: the model request is closed and nothing is left running or stored', async () => {
    llm.script = { pieces: Array.from({ length: 40 }, (_, i) => `word${i} `), delayMs: 40 };
    const timersBefore = process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
    const s = await stream(ask('What is metformin used for?', { conversation_id: 'conv-hangup-1' }), {
      hangUpWhen: (soFar: string) => (soFar.match(/event: content_block_delta/g) ?? []).length >= 2,
    });
    expect(s.hungUp).toBe(true);
    await until(() => llm.requests[0]?.closedEarly === true);
    await until(() => t.materia.context.chat.active === 0);
    await until(() => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length <= timersBefore);
    expect((await t.http.get('/v1/conversations/conv-hangup-1').set('X-API-Key', key)).status).toBe(404);
  });

  it('turns a model failure after the first byte into an error event and a clean close (502 without streaming)', async () => {
    llm.script = { pieces: ['Partial ', 'answer ', 'never finished'], breakAfter: 2 };
    const s = await stream(ask('What is metformin used for?'));
    expect(s.status).toBe(200);
    const { events } = parseSse(s.body);
    expect(events.map((e) => e.event)).toEqual([
      'message_start',
      'content_block_start',
      'content_block_delta',
      'content_block_delta',
      'error',
    ]);
    expect(streamedText(events)).toBe('Partial answer ');
    expect(events.at(-1)!.data).toMatchObject({ type: 'error', error: { code: 'upstream_error' } });
    const whole = await complete(ask('What is metformin used for?'));
    expect(whole.status).toBe(502);
    expect(whole.body.error.code).toBe('upstream_error');
  });

  it('answers from the evidence directly when the model fails before its first word', async () => {
    llm.script = { pieces: [], status: 500 };
    const m = ChatMessage.parse((await complete(ask('What is metformin used for?'))).body);
    expect(m.composed_by).toBe('evidence');
    expect(m.content[0]!.text).toContain('Metformin for Type 2 diabetes mellitus: evidence grade A');
    expect(llm.requests).toHaveLength(1);
  });

  it('is not asked at all when the safety agent answers or the knowledge base has nothing', async () => {
    llm.script = { pieces: ['should not be used'] };
    for (const q of [
      'I want to kill myself',
      'How can I get semaglutide without a prescription?',
      'What is zorbaflexin?',
    ]) {
      const m = ChatMessage.parse((await complete(ask(q))).body);
      expect(m.composed_by, q).toBe('evidence');
      expect(m.content[0]!.text).not.toContain('should not be used');
    }
    expect(llm.requests).toHaveLength(0);
  });
});

describe('MATERIA_LLM_* configuration', () => {
  it('needs URL and model together, an http(s) URL, and an optional key', () => {
    expect(readLlmConfig({})).toBeNull();
    expect(readLlmConfig({ MATERIA_LLM_URL: 'http://127.0.0.1:11434/v1', MATERIA_LLM_MODEL: 'llama3' })).toEqual({
      url: 'http://127.0.0.1:11434/v1',
      model: 'llama3',
    });
    expect(readLlmConfig({ MATERIA_LLM_URL: 'http://x/v1', MATERIA_LLM_MODEL: 'm', MATERIA_LLM_API_KEY: 'k' })).toEqual(
      { url: 'http://x/v1', model: 'm', apiKey: 'k' },
    );
    expect(() => readLlmConfig({ MATERIA_LLM_URL: 'http://x/v1' })).toThrow(/go together/);
    expect(() => readLlmConfig({ MATERIA_LLM_URL: 'ftp://x', MATERIA_LLM_MODEL: 'm' })).toThrow(/http\(s\) URL/);
  });
});
