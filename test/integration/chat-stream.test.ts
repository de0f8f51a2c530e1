import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatMessage, ChatStreamEvent } from '../../src/shared/schemas/chat.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { ask, parseSse, postRaw, streamedText, type SseEvent } from '../helpers/chat.ts';

let t: TestApp;
let key: string;
beforeAll(async () => {
  t = await startTestApp({ chat: { heartbeatMs: 25 } });
  key = t.keyWith(['chat']);
});
afterAll(async () => {
  await t.close();
});

const stream = (body: unknown) => postRaw(t.base, '/v1/chat/stream', key, body);
const complete = async (body: object) =>
  ChatMessage.parse((await t.http.post('/v1/chat/completions').set('X-API-Key', key).send(body)).body);

/** The message a stream describes, rebuilt from its events. */
function reassemble(events: SseEvent[]) {
  const start = events[0]!.data as Extract<ChatStreamEvent, { type: 'message_start' }>;
  const block = events[1]!.data as Extract<ChatStreamEvent, { type: 'content_block_start' }>;
  const delta = events.find((e) => e.event === 'message_delta')!.data as Extract<
    ChatStreamEvent,
    { type: 'message_delta' }
  >;
  return {
    ...start.message,
    content: [{ ...block.content_block, text: streamedText(events) }],
    stop_reason: delta.delta.stop_reason,
    usage: delta.usage,
  };
}

describe('POST /v1/chat/stream', () => {
  it('sends exactly message_start, content_block_start, deltas, content_block_stop, message_delta, message_stop', async () => {
    const res = await stream(ask('What is metformin used for?'));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(res.headers['x-ratelimit-limit']).toBe('50');
    const { events } = parseSse(res.body);
    const names = events.map((e) => e.event);
    const deltas = names.filter((n) => n === 'content_block_delta').length;
    expect(deltas).toBeGreaterThan(3);
    expect(names).toEqual([
      'message_start',
      'content_block_start',
      ...Array<string>(deltas).fill('content_block_delta'),
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    for (const e of events) {
      const parsed = ChatStreamEvent.parse(e.data);
      expect(parsed.type).toBe(e.event);
    }
    const start = events[0]!.data as { message: Record<string, unknown> };
    expect(start.message).toMatchObject({
      type: 'message',
      role: 'assistant',
      model: 'service-clinical-v1',
      content: [],
      stop_reason: null,
      agents: ['indications', 'safety'],
      safety: 'ok',
    });
    expect(Object.keys(start.message).sort()).toEqual([
      'agents',
      'composed_by',
      'content',
      'conversation_id',
      'id',
      'model',
      'role',
      'safety',
      'stop_reason',
      'triage',
      'type',
      'usage',
    ]);
    expect((start.message.usage as { output_tokens: number }).output_tokens).toBe(0);
    expect(events[1]!.data).toMatchObject({
      type: 'content_block_start',
      index: 0,
      content_block: { type: 'text', text: '' },
    });
    expect(events.at(-3)!.data).toEqual({ type: 'content_block_stop', index: 0 });
    expect(events.at(-1)!.data).toEqual({ type: 'message_stop' });
    expect(res.body.endsWith('event: message_stop\ndata: {"type":"message_stop"}\n\n')).toBe(true);
  });

  it('reassembles byte for byte into the non-streamed answer (unicode, newlines, citations, usage)', async () => {
    for (const q of [
      'can I take BPC-157 with warfarin and what dose',
      'What is the amino acid sequence of BPC-157?',
      'Which foods are high in magnesium?',
      'I have crushing chest pain right now',
      'What is zorbaflexin?',
    ]) {
      const streamed = reassemble(parseSse((await stream(ask(q))).body).events);
      const whole = await complete(ask(q));
      expect({ ...streamed, id: '' }, q).toEqual({ ...whole, id: '' });
      expect(Buffer.from(streamed.content[0]!.text, 'utf8').equals(Buffer.from(whole.content[0]!.text, 'utf8'))).toBe(
        true,
      );
    }
    const bpc = await complete(ask('can I take BPC-157 with warfarin and what dose'));
    expect(bpc.content[0]!.text).toMatch(/µg\/kg/);
    expect(bpc.content[0]!.text).toMatch(/2–5 mg/);
    expect(bpc.content[0]!.text.split('\n').length).toBeGreaterThan(5);
  });

  it('stops at max_tokens with stop_reason "max_tokens" in message_delta, same text as the non-streamed cut', async () => {
    const events = parseSse((await stream(ask('What does warfarin interact with?', { max_tokens: 25 }))).body).events;
    const delta = events.find((e) => e.event === 'message_delta')!.data as {
      delta: { stop_reason: string };
      usage: { output_tokens: number };
    };
    expect(delta.delta.stop_reason).toBe('max_tokens');
    expect(delta.usage.output_tokens).toBeLessThanOrEqual(25);
    const whole = await complete(ask('What does warfarin interact with?', { max_tokens: 25 }));
    expect(streamedText(events)).toBe(whole.content[0]!.text);
  });

  it('answers request errors before the stream starts as ordinary JSON errors', async () => {
    const res = await stream(ask('hi', { model: 'other' }));
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(JSON.parse(res.body).error.details[0].field).toBe('model');
  });

  it("keeps a paused reader's stream intact (writes wait for drain)", async () => {
    const res = await postRaw(
      t.base,
      '/v1/chat/stream',
      key,
      ask('can I take BPC-157 with warfarin and what dose', { max_tokens: 4096 }),
      { pauseMs: 300 },
    );
    const events = parseSse(res.body).events;
    expect(events.at(-1)!.event).toBe('message_stop');
    expect(streamedText(events)).toBe(
      (await complete(ask('can I take BPC-157 with warfarin and what dose', { max_tokens: 4096 }))).content[0]!.text,
    );
    expect(t.materia.context.chat.active).toBe(0);
  });
});
