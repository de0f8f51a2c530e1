/** The typed client the renderer uses, against the real app: envelope-less routes and server-sent events. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, MateriaClient } from '../../src/shared/client.ts';
import type { ChatStreamEvent } from '../../src/shared/schemas/chat.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
let client: MateriaClient;
beforeAll(async () => {
  t = await startTestApp();
  client = new MateriaClient({ baseUrl: t.base, apiKey: t.adminKey });
});
afterAll(async () => {
  await t.close();
});

describe('MateriaClient', () => {
  it('reads GET /v1/openapi.json, which has no {success, data} envelope', async () => {
    const doc = await client.call('openapi');
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths as object)).toContain('/v1/chat/stream');
  });

  it('stream() yields the chat events in order, and their deltas join into the non-streaming answer', async () => {
    const body = { messages: [{ role: 'user' as const, content: 'What is metformin used for?' }] };
    const events: ChatStreamEvent[] = [];
    for await (const e of client.stream('chatStream', { body })) events.push(e);
    const types = events.map((e) => e.type);
    expect(types[0]).toBe('message_start');
    expect(types[1]).toBe('content_block_start');
    expect(types.slice(-3)).toEqual(['content_block_stop', 'message_delta', 'message_stop']);
    expect(types.filter((x) => x === 'content_block_delta').length).toBeGreaterThan(1);
    const text = events.map((e) => (e.type === 'content_block_delta' ? e.delta.text : '')).join('');
    const whole = await client.call('chatCompletions', { body });
    expect(text).toBe(whole.content[0]!.text);
    expect(text).toContain('Type 2 diabetes');
  });

  it('stream() throws the API error, with its details, when the request is refused before streaming', async () => {
    const refused = client.stream('chatStream', { body: { messages: [{ role: 'assistant', content: 'hello' }] } });
    const err = await refused.next().then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(400);
    expect((err as ApiError).details.map((d) => d.field)).toContain('messages.0.role');
  });

  it('stream() stops when its signal is aborted', async () => {
    const controller = new AbortController();
    const seen: string[] = [];
    await expect(
      (async () => {
        for await (const e of client.stream(
          'chatStream',
          { body: { messages: [{ role: 'user', content: 'Does warfarin interact with aspirin?' }] } },
          controller.signal,
        )) {
          seen.push(e.type);
          if (e.type === 'content_block_start') controller.abort();
        }
      })(),
    ).rejects.toThrow();
    expect(seen).not.toContain('message_stop');
  });
});
