import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatMessage, AgentInfo, ConversationSummary } from '../../src/shared/schemas/chat.ts';
import { countTokens } from '../../src/main/chat/tokenizer.ts';
import { EMERGENCY_FIRST, NOT_MEDICAL_ADVICE } from '../../src/main/chat/safety.ts';
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

const chat = (body: unknown, k = key) =>
  t.http
    .post('/v1/chat/completions')
    .set('Authorization', `Bearer ${k}`)
    .send(body as object);

describe('POST /v1/chat/completions: request validation', () => {
  it('names each offending field, with a 400', async () => {
    const cases: [unknown, string[]][] = [
      [{}, ['messages']],
      [{ messages: [] }, ['messages']],
      [{ messages: [{ role: 'robot', content: 'hi' }] }, ['messages.0.role']],
      [{ messages: [{ role: 'user', content: 42 }] }, ['messages.0.content']],
      [{ messages: [{ role: 'user', content: '   ' }] }, ['messages.0.content']],
      [
        {
          messages: [
            { role: 'user', content: 'hi' },
            { role: 'assistant', content: 'hello' },
          ],
        },
        ['messages.1.role'],
      ],
      [{ messages: [{ role: 'user', content: [{ type: 'image', url: 'x' }] }] }, ['messages.0.content']],
      [ask('hi', { temperature: 2.5 }), ['temperature']],
      [ask('hi', { temperature: -0.1 }), ['temperature']],
      [ask('hi', { max_tokens: 0 }), ['max_tokens']],
      [ask('hi', { max_tokens: 4097 }), ['max_tokens']],
      [ask('hi', { max_tokens: 10.5 }), ['max_tokens']],
      [ask('hi', { conversation_id: 'no spaces allowed' }), ['conversation_id']],
      [ask('hi', { stream: true }), ['stream']],
    ];
    for (const [body, fields] of cases) {
      const res = await chat(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('invalid_request');
      expect(res.body.error.details.map((d: { field: string }) => d.field)).toEqual(expect.arrayContaining(fields));
    }
  });

  it('refuses an unknown model and lists the valid ids', async () => {
    const res = await chat(ask('What is metformin?', { model: 'gpt-4o' }));
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([
      { field: 'model', message: 'unknown model; valid ids: service-clinical-v1' },
    ]);
  });

  it('accepts both header forms, and needs the chat scope', async () => {
    const body = ask('What is metformin?');
    expect((await t.http.post('/v1/chat/completions').set('Authorization', `Bearer ${key}`).send(body)).status).toBe(
      200,
    );
    expect((await t.http.post('/v1/chat/completions').set('X-API-Key', key).send(body)).status).toBe(200);
    expect((await t.http.post('/v1/chat/completions').send(body)).status).toBe(401);
    const read = await t.http
      .post('/v1/chat/completions')
      .set('X-API-Key', t.keyWith(['read']))
      .send(body);
    expect(read.status).toBe(403);
    expect(read.body.error.code).toBe('forbidden');
    for (const path of ['/v1/chat/stream', '/v1/agents', '/v1/conversations']) {
      const method = path === '/v1/chat/stream' ? 'post' : 'get';
      expect((await t.http[method](path).send(method === 'post' ? body : undefined)).status, path).toBe(401);
    }
  });
});

describe('POST /v1/chat/completions: the answer', () => {
  it('has exactly the documented shape, a real token count and cited records that exist', async () => {
    const res = await chat({
      messages: [
        { role: 'system', content: 'Be brief.' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is' },
            { type: 'text', text: 'metformin used for?' },
          ],
        },
      ],
      model: 'service-clinical-v1',
      temperature: 0.2,
    });
    expect(res.status).toBe(200);
    expect(res.headers['x-ratelimit-limit']).toBe('50');
    // spec §4.7: the message object is the body itself, without the {success, data} envelope
    expect(res.body.success).toBeUndefined();
    const m = ChatMessage.strict().parse(res.body);
    expect(Object.keys(res.body).sort()).toEqual([
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
    expect(m).toMatchObject({
      type: 'message',
      role: 'assistant',
      model: 'service-clinical-v1',
      stop_reason: 'end_turn',
      safety: 'ok',
      composed_by: 'evidence',
      conversation_id: null,
    });
    expect(m.id).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(m.agents).toEqual(['indications', 'safety']);
    const block = m.content[0]!;
    expect(Object.keys(block).sort()).toEqual(['citations', 'text', 'type']);
    expect(block.text).toContain('Metformin for Type 2 diabetes mellitus: evidence grade A');
    expect(block.text.endsWith(NOT_MEDICAL_ADVICE)).toBe(true);
    expect(block.citations[0]).toEqual({
      index: 1,
      type: 'monograph',
      id: 'metformin',
      title: 'Metformin monograph',
      api_path: '/v1/monographs/metformin',
      url: null,
      pmid: null,
      doi: null,
    });
    // usage: cl100k_base tokens of the system and user texts (blocks joined by a blank line), and of the answer
    expect(m.usage).toEqual({
      input_tokens: countTokens('Be brief.') + countTokens('What is\n\nmetformin used for?'),
      output_tokens: countTokens(block.text),
    });
    await expectCitationsExist(t, block.citations);
  });

  it('backs every statement line with [n] markers that all resolve to a citation', async () => {
    const res = await chat(ask('can I take BPC-157 with warfarin and what dose'));
    const m = res.body;
    expect(m.agents).toEqual(['tool_interactions', 'dosing', 'safety']);
    const text: string = m.content[0].text;
    const body = text.slice(0, text.indexOf(NOT_MEDICAL_ADVICE)).trim();
    for (const line of body.split('\n').filter((l) => l && !l.startsWith('**')))
      expect(line, line).toMatch(/(?:\[\d+\])+$/);
    const used = new Set([...text.matchAll(/\[(\d+)\]/g)].map((x) => Number(x[1])));
    expect([...used].sort((a, b) => a - b)).toEqual(m.content[0].citations.map((c: { index: number }) => c.index));
    expect(text).toContain('No interaction is recorded for BPC-157 + Warfarin');
    expect(text).toMatch(/BPC-157: no established human dose/);
    await expectCitationsExist(t, m.content[0].citations);
  });

  it('cuts a long answer at max_tokens with stop_reason "max_tokens", cutting the body and never the closing note', async () => {
    const full = (await chat(ask('What does warfarin interact with?'))).body;
    expect(full.stop_reason).toBe('end_turn');
    expect(full.usage.output_tokens).toBeGreaterThan(120);
    const body = full.content[0].text.slice(0, -NOT_MEDICAL_ADVICE.length);
    const note = countTokens(`\n\n${NOT_MEDICAL_ADVICE}`);
    for (const max of [note + 2, 60, 120]) {
      const cut = (await chat(ask('What does warfarin interact with?', { max_tokens: max }))).body;
      const text: string = cut.content[0].text;
      expect(cut.stop_reason).toBe('max_tokens');
      expect(cut.usage.output_tokens).toBeLessThanOrEqual(max);
      expect(cut.usage.output_tokens).toBe(countTokens(text));
      expect(text.endsWith(NOT_MEDICAL_ADVICE), `${max}: ${text}`).toBe(true);
      expect(body.startsWith(text.slice(0, -NOT_MEDICAL_ADVICE.length).replace(/\n\n$/, ''))).toBe(true);
    }
    // below the note's own length only the note can be sent, and then it is cut
    for (const max of [1, 7]) {
      const tiny = (await chat(ask('What does warfarin interact with?', { max_tokens: max }))).body;
      expect(tiny.stop_reason).toBe('max_tokens');
      expect(tiny.usage.output_tokens).toBeLessThanOrEqual(max);
      expect(NOT_MEDICAL_ADVICE.startsWith(tiny.content[0].text)).toBe(true);
    }
    const exact = (await chat(ask('What does warfarin interact with?', { max_tokens: full.usage.output_tokens }))).body;
    expect(exact.stop_reason).toBe('end_turn');
    expect(exact.content[0].text).toBe(full.content[0].text);
  });

  it('keeps the emergency instruction and the note whole when max_tokens cuts the answer', async () => {
    const q = 'My chest hurt after taking sildenafil yesterday, what are the side effects of sildenafil?';
    const full = (await chat(ask(q))).body;
    const preface = full.content[0].text.split('\n\n')[0];
    expect(preface.startsWith(EMERGENCY_FIRST)).toBe(true);
    const max = countTokens(preface) + countTokens(NOT_MEDICAL_ADVICE) + 12;
    expect(full.usage.output_tokens).toBeGreaterThan(max);
    const cut = (await chat(ask(q, { max_tokens: max }))).body;
    expect(cut.stop_reason).toBe('max_tokens');
    expect(cut.usage.output_tokens).toBeLessThanOrEqual(max);
    expect(cut.content[0].text.startsWith(`${preface}\n\n`)).toBe(true);
    expect(cut.content[0].text.endsWith(`\n\n${NOT_MEDICAL_ADVICE}`)).toBe(true);
  });

  it('says so when the knowledge base has nothing, and answers a misspelt name, saying how it was read', async () => {
    const none = (await chat(ask('What is zorbaflexin?'))).body;
    expect(none.agents).toEqual(['safety']);
    expect(none.content[0].citations).toEqual([]);
    expect(none.content[0].text).toBe(
      `I found nothing in the Materia knowledge base that answers this, so I won't guess.\n\n${NOT_MEDICAL_ADVICE}`,
    );
    const typo = (await chat(ask('what dose of metformn should I take'))).body;
    expect(typo.agents).toEqual(['dosing', 'safety']);
    expect(typo.content[0].text).toMatch(/^Metformin: typically 500 mg/);
    expect(typo.content[0].text).toContain('("metformn" was read as Metformin.)');
  });

  it('reads a follow-up question in the light of the conversation', async () => {
    const res = await chat({
      messages: [
        { role: 'user', content: 'What is sertraline?' },
        { role: 'assistant', content: 'Sertraline is an SSRI antidepressant.' },
        { role: 'user', content: 'What are its side effects?' },
      ],
    });
    expect(res.body.agents).toEqual(['side_effects', 'safety']);
    expect(res.body.content[0].text).toContain('Sertraline common side effects: Nausea (very common)');
  });
});

describe('GET /v1/agents', () => {
  it('lists 43 distinct agents with what they cover and use, safety first', async () => {
    const res = await t.http.get('/v1/agents').set('X-API-Key', key);
    expect(res.status).toBe(200);
    const agents = res.body.data.map((a: unknown) => AgentInfo.strict().parse(a));
    expect(agents).toHaveLength(43);
    expect(res.body.meta).toEqual({ total: 43 });
    expect(new Set(agents.map((a: { id: string }) => a.id)).size).toBe(43);
    expect(agents[0]).toMatchObject({ id: 'safety', group: 'safety' });
    for (const a of agents) expect(a.uses.length).toBeGreaterThan(0);
    expect(agents.filter((a: { group: string }) => a.group === 'tool')).toHaveLength(8);
    expect(agents.filter((a: { group: string }) => a.group === 'category')).toHaveLength(10);
  });
});

describe('conversations', () => {
  it('stores turns sent with a conversation_id and serves them to the desktop app', async () => {
    const id = 'conv-test-0001';
    const first = await chat(ask('What is melatonin?', { conversation_id: id }));
    expect(first.body.conversation_id).toBe(id);
    const second = await chat({
      messages: [
        { role: 'user', content: 'What is melatonin?' },
        { role: 'assistant', content: first.body.content[0].text },
        { role: 'user', content: 'What is its usual dose?' },
      ],
      conversation_id: id,
      max_tokens: 40,
    });
    await chat(ask('What is glycine?')); // no conversation_id: not stored
    const list = await t.http.get('/v1/conversations').set('X-API-Key', key);
    expect(list.status).toBe(200);
    const mine = list.body.data.find((c: { id: string }) => c.id === id);
    expect(ConversationSummary.strict().parse(mine)).toMatchObject({ id, title: 'What is melatonin?', turns: 2 });
    expect(list.body.data.map((c: { title: string }) => c.title)).not.toContain('What is glycine?');
    const got = await t.http.get(`/v1/conversations/${id}`).set('Authorization', `Bearer ${key}`);
    expect(got.status).toBe(200);
    const msgs = got.body.data.messages;
    expect(msgs.map((x: { role: string }) => x.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(msgs[2].text).toBe('What is its usual dose?');
    expect(msgs[3]).toMatchObject({
      message_id: second.body.id,
      text: second.body.content[0].text,
      stop_reason: 'max_tokens',
      agents: ['dosing', 'safety'],
      usage: second.body.usage,
    });
    expect(msgs[3].citations).toEqual(second.body.content[0].citations);
    expect((await t.http.get('/v1/conversations/conv-unknown-1').set('X-API-Key', key)).status).toBe(404);
    expect((await t.http.get('/v1/conversations/x').set('X-API-Key', key)).status).toBe(400);
    expect((await t.http.get('/v1/conversations?limit=0').set('X-API-Key', key)).status).toBe(400);
  });
});
