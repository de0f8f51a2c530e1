/**
 * The MCP endpoint with the SDK's own client over real HTTP: initialize, list and call every tool, resources and prompts,
 * auth, Origin and scope refusals, bad arguments, the /v1 rate-limit buckets, and the stdio bridge.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { LATEST_PROTOCOL_VERSION, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { MCP_TOOLS } from '../../src/main/mcp/tools.ts';
import { REPO_ROOT, startTestApp, type TestApp } from '../helpers/app.ts';
import { startFakeLlm } from '../helpers/chat.ts';

let t: TestApp;
let key: string;
const clients: Client[] = [];
beforeAll(async () => {
  t = await startTestApp();
  key = t.keyWith(['read', 'tools', 'chat']);
});
afterAll(async () => {
  for (const c of clients) await c.close();
  await t.close();
});

async function connect(headers: Record<string, string>): Promise<Client> {
  const client = new Client({ name: 'materia-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${t.base}/mcp`), { requestInit: { headers } }));
  clients.push(client);
  return client;
}

const json = (r: CallToolResult) => r.structuredContent as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const call = async (c: Client, name: string, args: Record<string, unknown>) =>
  (await c.callTool({ name, arguments: args })) as CallToolResult;
const rpc = (body: object, headers: Record<string, string> = {}) =>
  fetch(`${t.base}/mcp`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify(body),
  });
const INIT = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};

// NHANES IV participant 1999_2 (phenoage0 = 70.8754668450646), as in tools.test.ts.
const PARTICIPANT = {
  age: 77,
  albumin: { value: 45, unit: 'g/L' },
  creatinine: { value: 75.68069537, unit: 'umol/L' },
  glucose: { value: 4.329, unit: 'mmol/L' },
  crp: { value: 0.36, unit: 'mg/dL' },
  lymphocyte_percent: { value: 21.1, unit: '%' },
  mcv: { value: 88.5, unit: 'fL' },
  rdw: { value: 13.7, unit: '%' },
  alkaline_phosphatase: { value: 62, unit: 'U/L' },
  wbc: { value: 7.6, unit: '10^3/uL' },
};

describe('MCP over Streamable HTTP', () => {
  it('initializes with the latest revision and with 2025-06-18, and announces tools, resources and prompts', async () => {
    const c = await connect({ Authorization: `Bearer ${key}` });
    expect(c.getServerVersion()?.name).toBe('materia');
    expect(c.getServerCapabilities()).toMatchObject({
      tools: { listChanged: false },
      resources: { listChanged: false },
      prompts: { listChanged: false },
    });
    const res = await rpc(INIT, { Authorization: `Bearer ${key}` });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { result: { protocolVersion: string } };
    expect(body.result.protocolVersion).toBe('2025-06-18');
    expect(LATEST_PROTOCOL_VERSION).toBe('2025-11-25');
    // The revisions docs/api.md names, each negotiated as asked; a later request with an unknown revision is a 400.
    for (const v of ['2025-11-25', '2025-06-18', '2025-03-26']) {
      const r = await rpc(
        { ...INIT, params: { ...INIT.params, protocolVersion: v } },
        { Authorization: `Bearer ${key}` },
      );
      expect(((await r.json()) as { result: { protocolVersion: string } }).result.protocolVersion).toBe(v);
    }
    const odd = await rpc(
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      { Authorization: `Bearer ${key}`, 'MCP-Protocol-Version': '1999-01-01' },
    );
    expect(odd.status).toBe(400);
  });

  it('lists every tool with its JSON Schema from the zod contract and read-only annotations', async () => {
    const c = await connect({ 'X-API-Key': key });
    const { tools } = await c.listTools();
    expect(tools.map((x) => x.name).sort()).toEqual(MCP_TOOLS.map((x) => x.name).sort());
    const search = tools.find((x) => x.name === 'search')!;
    expect(search.annotations?.readOnlyHint).toBe(true);
    expect(Object.keys(search.inputSchema.properties ?? {})).toEqual(
      expect.arrayContaining(['query', 'types', 'filters', 'limit', 'offset', 'sort']),
    );
    expect(search.inputSchema.required).toEqual(['query']);
    const check = tools.find((x) => x.name === 'check_interactions')!;
    expect(check.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false });
    expect((check.inputSchema.properties as Record<string, { minItems?: number }>).substances!.minItems).toBe(2);
    expect(tools.find((x) => x.name === 'get_compound')!.inputSchema.required).toEqual(['slug']);
    const docs = tools.find((x) => x.name === 'list_documents')!.inputSchema;
    expect(docs.required ?? []).toEqual([]);
    // One JSON type per property, with the REST bounds.
    expect((docs.properties as Record<string, unknown>).limit).toMatchObject({
      type: 'integer',
      minimum: 1,
      maximum: 100,
      default: 20,
    });
    const unions: string[] = [];
    for (const tool of tools) {
      const walk = (node: unknown, path: string): void => {
        if (typeof node !== 'object' || node === null) return;
        const n = node as Record<string, unknown>;
        if (n.properties)
          for (const [k, v] of Object.entries(n.properties as object)) {
            const p = v as Record<string, unknown>;
            if (p.anyOf || p.oneOf || Array.isArray(p.type)) unions.push(`${tool.name} ${path}${k}`);
            walk(p, `${path}${k}.`);
          }
        if (n.items) walk(n.items, `${path}[].`);
      };
      walk(tool.inputSchema, '');
    }
    // The one left: a chat message's content is text or OpenAI-style parts, as POST /v1/chat/completions takes it.
    expect(unions).toEqual(['ask_assistant messages.[].content']);
  });

  it('search, compounds, monographs and documents answer as the /v1 routes do, with provenance and licences', async () => {
    const c = await connect({ Authorization: `Bearer ${key}` });
    const s = await call(c, 'search', { query: 'metformin', types: ['compounds'], limit: 3 });
    expect(s.isError).toBeFalsy();
    const rest = await t.http
      .post('/v1/search')
      .set('X-API-Key', key)
      .send({ query: 'metformin', types: ['compounds'], limit: 3 });
    expect(json(s).data.results.map((r: { id: string }) => r.id)).toEqual(
      rest.body.data.results.map((r: { id: string }) => r.id),
    );
    expect(json(s).data.results[0].slug).toBe('metformin');
    expect(json(s).provenance.sources.map((x: { id: string }) => x.id)).toContain('materia-editorial');
    expect(json(s).provenance.sources.every((x: { licence: string }) => x.licence.length > 0)).toBe(true);
    expect(JSON.parse((s.content[0] as { text: string }).text)).toEqual(json(s));

    const comp = json(await call(c, 'get_compound', { slug: 'metformin' }));
    expect(comp.data.name).toBe('Metformin');
    expect(comp.data.sources.editorial).toBe(true);

    const mono = json(await call(c, 'get_monograph', { slug: 'metformin' }));
    expect(mono.data.slug).toBe('metformin');
    expect(mono.data.clinical_evidence.evidence_grade).toMatch(/^[A-E]$/);

    const list = json(await call(c, 'list_monographs', { category: 'medication', limit: 5 }));
    expect(list.data).toHaveLength(5);
    expect(list.meta.total).toBeGreaterThan(5);

    expect(json(await call(c, 'list_monographs', { category: 'medication', limit: '5' })).error.details[0].field).toBe(
      'limit',
    );
    expect(json(await call(c, 'list_monographs', { category: 'medication', limit: true })).error.details[0].field).toBe(
      'limit',
    );
    expect(
      json(await call(c, 'list_monographs', { category: 'medication', limit: 5, offset: 5 })).data.map(
        (m: { slug: string }) => m.slug,
      ),
    ).toEqual(
      (await t.http.get('/v1/monographs?category=medication&limit=5&offset=5').set('X-API-Key', key)).body.data.map(
        (m: { slug: string }) => m.slug,
      ),
    );
    const tooMany = await call(c, 'list_monographs', { limit: 101 });
    expect(tooMany.isError).toBe(true);
    expect((tooMany.content[0] as { text: string }).text).toMatch(/limit/);
    const docs = json(await call(c, 'list_documents', { q: 'vitamin d fracture', limit: 3 }));
    expect(docs.data).toHaveLength(3);
    expect(docs.data.length).toBeGreaterThan(0);
    const doc = json(await call(c, 'get_document', { id: docs.data[0].id }));
    expect(doc.data.id).toBe(docs.data[0].id);
    expect(doc.data.title).toBe(docs.data[0].title);
  });

  it('sizes records for an agent: summary by default (most severe interactions first), standard, full; large JSON is not sent twice', async () => {
    const c = await connect({ Authorization: `Bearer ${key}` });
    const full = await t.http.get('/v1/monographs/warfarin').set('X-API-Key', key);
    const summary = await call(c, 'get_monograph', { slug: 'warfarin' });
    const s = json(summary);
    // (9,000: an entry whose level is not the one written, or that names a class, carries the checker's sentence)
    expect(JSON.stringify(s).length).toBeLessThan(9_000);
    expect(JSON.stringify(full.body.data).length).toBeGreaterThan(50_000);
    const drugs = full.body.data.interactions.drug_interactions as { substance: string; severity: string }[];
    expect(s.data.interactions.drug_interactions).toHaveLength(4);
    expect(s.sizing.lists_cut['interactions.drug_interactions']).toBe(`4 of ${drugs.length}`);
    // The first four of the most severe level, in the record's own order.
    const top = ['contraindicated', 'major', 'moderate', 'minor'].find((lvl) => drugs.some((d) => d.severity === lvl))!;
    expect(s.data.interactions.drug_interactions.map((d: { substance: string }) => d.substance)).toEqual(
      drugs
        .filter((d) => d.severity === top)
        .slice(0, 4)
        .map((d) => d.substance),
    );
    expect(s.data.mechanism_of_action).toBeUndefined();
    expect(s.sizing.sections_left_out).toContain('mechanism_of_action');
    expect(s.sizing.full).toEqual({
      resource: 'materia://monograph/warfarin',
      call: 'get_monograph {"slug": "warfarin", "detail": "full"}',
    });
    expect(summary.content).toContainEqual(
      expect.objectContaining({ type: 'resource_link', uri: 'materia://monograph/warfarin' }),
    );
    const text = (summary.content[0] as { text: string }).text;
    expect(text.length).toBeLessThan(300);
    expect(text).toMatch(/characters of JSON in structuredContent/);

    const standard = json(await call(c, 'get_monograph', { slug: 'warfarin', detail: 'standard' }));
    expect(standard.data.interactions.drug_interactions).toHaveLength(50);
    expect(standard.data.mechanism_of_action).toEqual(full.body.data.mechanism_of_action);
    const whole = json(await call(c, 'get_monograph', { slug: 'warfarin', detail: 'full' }));
    expect(whole.data).toEqual(full.body.data);
    expect(whole.sizing).toBeUndefined();
    const bad = await call(c, 'get_monograph', { slug: 'warfarin', detail: 'everything' });
    expect(bad.isError).toBe(true);
    expect(json(bad).error.details[0].field).toBe('detail');

    // Listings keep every item and shorten long texts (abstracts) unless detail is "full".
    const rest = await t.http
      .post('/v1/search')
      .set('X-API-Key', key)
      .send({ query: 'vitamin d fracture', types: ['documents'], limit: 5 });
    const listed = json(await call(c, 'search', { query: 'vitamin d fracture', types: ['documents'], limit: 5 }));
    expect(listed.data.results.map((r: { id: string }) => r.id)).toEqual(
      rest.body.data.results.map((r: { id: string }) => r.id),
    );
    const longest = Math.max(...listed.data.results.map((r: { abstract: string | null }) => r.abstract?.length ?? 0));
    expect(longest).toBeLessThanOrEqual(300);
    expect(
      Math.max(...rest.body.data.results.map((r: { abstract: string | null }) => r.abstract?.length ?? 0)),
    ).toBeGreaterThan(300);
    expect(listed.sizing.texts_shortened).toBeGreaterThan(0);
    expect(
      json(await call(c, 'search', { query: 'vitamin d fracture', types: ['documents'], limit: 5, detail: 'full' }))
        .data.results,
    ).toEqual(rest.body.data.results);
    const docsList = json(await call(c, 'list_documents', { q: 'vitamin d', limit: 3 }));
    expect(docsList.data).toHaveLength(3);
    expect(docsList.data.every((d: { abstract: string | null }) => (d.abstract?.length ?? 0) <= 300)).toBe(true);

    // A small answer keeps its JSON in the text too, for clients that show only text.
    const doc = await call(c, 'get_document', { id: 'scifact-10009203' });
    const docText = (doc.content[0] as { text: string }).text;
    expect(JSON.parse(docText)).toEqual(json(doc));
  });

  it('reads names where slugs are taken, through the vocabulary, and says how', async () => {
    const c = await connect({ Authorization: `Bearer ${key}` });
    const brand = json(await call(c, 'get_compound', { slug: 'eliquis' }));
    expect(brand.data.slug).toBe('apixaban');
    expect(brand.read_as).toMatchObject({ input: 'eliquis', slug: 'apixaban' });
    const capital = json(await call(c, 'get_monograph', { slug: 'Warfarin' }));
    expect(capital.data.slug).toBe('warfarin');
    expect(capital.read_as).toMatchObject({ input: 'Warfarin', slug: 'warfarin' });
    const typo = json(await call(c, 'get_compound', { slug: 'metfromin' }));
    expect(typo.data.slug).toBe('metformin');
    expect(typo.read_as.notice).toMatch(/Check the spelling/);
    const plain = json(await call(c, 'get_compound', { slug: 'metformin' }));
    expect(plain.read_as).toBeUndefined();
    const nothing = await call(c, 'get_compound', { slug: 'Zzzqqq Xxyy' });
    expect(nothing.isError).toBe(true);
    expect(json(nothing).error.details[0].field).toBe('slug');
  });

  it('fetch takes a resource URI, a search result id, a slug or a name', async () => {
    const c = await connect({ Authorization: `Bearer ${key}` });
    const found = json(await call(c, 'search', { query: 'vitamin d', limit: 10 })).data.results as {
      id: string;
      type: string;
      slug?: string;
    }[];
    const compound = found.find((r) => r.type === 'compound')!;
    const document = found.find((r) => r.type === 'document')!;
    expect(json(await call(c, 'fetch', { id: compound.id })).data.slug).toBe(compound.slug);
    expect(json(await call(c, 'fetch', { id: document.id })).data.id).toBe(document.id);
    expect(json(await call(c, 'fetch', { id: 'materia://monograph/warfarin' })).sizing.full.resource).toBe(
      'materia://monograph/warfarin',
    );
    expect(json(await call(c, 'fetch', { id: 'materia://compound/metformin', detail: 'full' })).data).toEqual(
      (await t.http.get('/v1/compounds/metformin').set('X-API-Key', key)).body.data,
    );
    expect(json(await call(c, 'fetch', { id: 'vitamin-d3' })).data.slug).toBe('vitamin-d3');
    expect(json(await call(c, 'fetch', { id: 'Eliquis' })).data.slug).toBe('apixaban');
    expect(json(await call(c, 'fetch', { id: 'materia://nothing/x' })).error.code).toBe('not_found');
    expect(json(await call(c, 'fetch', { id: 'cmp_000000000000' })).error.code).toBe('not_found');
    expect(json(await call(c, 'fetch', { id: 'x', extra: 1 })).error.details[0].field).toBe('extra');

    const many = await call(c, 'get_many', {
      ids: ['eliquis', 'materia://monograph/warfarin', document.id, 'materia://nothing/x', 'no-such-compound-zz'],
    });
    const items = json(many).items as Record<string, any>[]; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(items.map((i) => i.data?.slug ?? i.data?.id ?? i.error?.code)).toEqual([
      'apixaban',
      'warfarin',
      document.id,
      'not_found',
      'not_found',
    ]);
    expect(items[1]!.sizing.full.resource).toBe('materia://monograph/warfarin');
    expect(items[0]!.provenance).toBeUndefined();
    expect(json(many).provenance.sources.length).toBeGreaterThan(0);
    expect(many.content.filter((b) => b.type === 'resource_link')).toHaveLength(3);
    expect(
      json(await call(c, 'get_many', { ids: Array.from({ length: 21 }, () => 'metformin') })).error.details[0].field,
    ).toBe('ids');
  });

  it('cites documents as BibTeX, RIS and CSL-JSON from their records', async () => {
    const c = await connect({ Authorization: `Bearer ${key}` });
    const docs = json(await call(c, 'list_documents', { q: 'vitamin d fracture', limit: 3 })).data as {
      id: string;
      doi: string | null;
      authors: string[];
    }[];
    const ids = docs.map((d) => d.id);
    const bib = json(await call(c, 'cite_documents', { ids: [...ids, 'scifact-0', 'not a doc'] }));
    expect(bib.format).toBe('bibtex');
    expect(bib.text.match(/^@article\{/gm)).toHaveLength(3);
    for (const d of docs) {
      expect(bib.text).toContain(`note = {Materia document ${d.id}}`);
      if (d.doi) expect(bib.text).toContain(`doi = {${d.doi}}`);
    }
    expect(bib.missing.map((m: { id: string }) => m.id)).toEqual(['scifact-0', 'not a doc']);
    const ris = json(await call(c, 'cite_documents', { ids, format: 'ris' }));
    expect(ris.text.match(/^TY {2}- JOUR$/gm)).toHaveLength(3);
    expect(ris.text.match(/^ER {2}- $/gm)).toHaveLength(3);
    const csl = json(await call(c, 'cite_documents', { ids, format: 'csl-json' }));
    expect(csl.items.map((i: { id: string }) => i.id)).toEqual(ids);
    expect(csl.items[0].author?.length ?? 0).toBe(docs[0]!.authors.length);
    expect(json(await call(c, 'cite_documents', { ids: [], format: 'ris' })).error.details[0].field).toBe('ids');
  });

  it('checks interactions with the pair model', async () => {
    const c = await connect({ Authorization: `Bearer ${key}` });
    const r = json(
      await call(c, 'check_interactions', { substances: ['warfarin', 'fluconazole', 'notadrugxyz'], detail: 'full' }),
    );
    type Pair = { a: { input: string }; b: { input: string }; severity: string; sources: unknown[] };
    const pair = r.data.pairs.find(
      (p: Pair) => [p.a.input, p.b.input].sort().join('+') === 'fluconazole+warfarin',
    ) as Pair;
    expect(['contraindicated', 'major']).toContain(pair.severity);
    expect(pair.sources.length).toBeGreaterThan(0);
    const rest = await t.http
      .post('/v1/tools/interactions/check')
      .set('X-API-Key', key)
      .send({ substances: ['warfarin', 'fluconazole', 'notadrugxyz'] });
    expect(r.data.pairs).toEqual(rest.body.data.pairs);
    expect(r.data.unresolved.length).toBe(1);
    expect(r.data.coverage).toBeDefined();
    expect(r.provenance.sources.map((x: { id: string }) => x.id)).toContain('ddinter');
  });

  it('runs every calculator and analyser and the assistant', async () => {
    const c = await connect({ Authorization: `Bearer ${key}` });
    expect(json(await call(c, 'calculate_bioage', PARTICIPANT)).data.phenotypic_age.value).toBeCloseTo(
      70.8754668450646,
      6,
    );
    const blood = json(
      await call(c, 'analyze_bloodwork', {
        sex: 'female',
        age: 54,
        panel: [{ test: 'vitamin d', value: 30, unit: 'nmol/L' }],
      }),
    );
    expect(blood.data.results[0].status).toBe('low');
    expect(blood.provenance.sources.map((x: { id: string }) => x.id)).toEqual(['nlm-lab-ranges']);
    expect(
      json(
        await call(c, 'analyze_inbody', {
          weight: { value: 80, unit: 'kg' },
          height: { value: 180, unit: 'cm' },
          sex: 'male',
          age: 40,
        }),
      ).data.bmi.value.value,
    ).toBeCloseTo(24.691358, 5);
    const macros = json(
      await call(c, 'calculate_macros', {
        sex: 'male',
        age: 30,
        weight: { value: 80, unit: 'kg' },
        height: { value: 180, unit: 'cm' },
        activity_level: 'moderate',
        goal: 'lose',
        weekly_rate_kg: 0.5,
      }),
    );
    expect(macros.data.bmr.value.value).toBeCloseTo(1780, 6);
    const food = json(await call(c, 'analyze_nutrition', { items: [{ food: '09003', amount: 100, unit: 'g' }] }));
    expect(food.data.totals.nutrients.find((n: { key: string }) => n.key === 'energy').amount.value).toBeCloseTo(52, 6);
    const stack = json(await call(c, 'build_peptide_stack', { goals: ['sleep'], constraints: { max_compounds: 3 } }));
    expect(stack.data.stack.length).toBeGreaterThan(0);
    const protocol = json(
      await call(c, 'build_protocol', { compounds: ['sertraline'], duration_weeks: 12, goal: 'depression' }),
    );
    expect(protocol.data.schedule).toHaveLength(12);

    const answer = json(
      await call(c, 'ask_assistant', {
        messages: [{ role: 'user', content: 'What are the side effects of sertraline?' }],
        conversation_id: 'conv-mcp-1',
      }),
    );
    expect(answer.type).toBe('message');
    expect(answer.content[0].text).toMatch(/sertraline/i);
    expect(answer.content[0].citations.length).toBeGreaterThan(0);
    expect(answer.content[0].citations[0]).toHaveProperty('api_path');
    // The stored conversation reads back as a tool and as a resource.
    const listed = json(await call(c, 'list_conversations', { limit: 5 }));
    expect(listed.data.map((x: { id: string }) => x.id)).toContain('conv-mcp-1');
    const conv = json(await call(c, 'get_conversation', { id: 'conv-mcp-1' }));
    expect(conv.data.messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant']);
    const res = await c.readResource({ uri: 'materia://conversation/conv-mcp-1' });
    expect(JSON.parse((res.contents[0] as { text: string }).text).data.id).toBe('conv-mcp-1');
    const readOnly = await connect({ Authorization: `Bearer ${t.keyWith(['read'])}` });
    await expect(readOnly.readResource({ uri: 'materia://conversation/conv-mcp-1' })).rejects.toMatchObject({
      code: -32003,
    });
  });

  it('reads compounds, monographs and documents as resources', async () => {
    const c = await connect({ Authorization: `Bearer ${key}` });
    const { resourceTemplates } = await c.listResourceTemplates();
    expect(resourceTemplates.map((r) => r.uriTemplate).sort()).toEqual([
      'materia://compound/{slug}',
      'materia://conversation/{id}',
      'materia://document/{id}',
      'materia://monograph/{slug}',
    ]);
    // resources/list comes in pages of 100 with a nextCursor; a cursor the server did not give out is -32602.
    const resources: { uri: string; title?: string }[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await c.listResources(cursor ? { cursor } : undefined);
      expect(page.resources.length).toBeLessThanOrEqual(100);
      resources.push(...page.resources);
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBeGreaterThan(1);
    expect(new Set(resources.map((x) => x.uri)).size).toBe(resources.length);
    await expect(c.listResources({ cursor: 'bm9wZQ' })).rejects.toMatchObject({ code: -32602 });
    const counts = t.materia.context.content.counts as Record<string, number>;
    expect(resources.filter((x) => x.uri.startsWith('materia://compound/'))).toHaveLength(counts.compounds!);
    expect(resources.filter((x) => x.uri.startsWith('materia://monograph/'))).toHaveLength(counts.monographs!);
    expect(resources.find((x) => x.uri === 'materia://monograph/metformin')?.title).toMatch(/Metformin/);
    const r = await c.readResource({ uri: 'materia://compound/metformin' });
    const body = JSON.parse((r.contents[0] as { text: string }).text);
    expect(body.data.slug).toBe('metformin');
    expect(body.provenance.content_version).toBe(t.materia.context.content.version);
    const m = await c.readResource({ uri: 'materia://monograph/metformin' });
    expect(JSON.parse((m.contents[0] as { text: string }).text).data.name).toBe('Metformin');
    await expect(c.readResource({ uri: 'materia://compound/no-such-compound' })).rejects.toMatchObject({
      code: -32002,
      message: expect.stringMatching(/not_found/),
    });
    await expect(c.readResource({ uri: 'materia://nothing/x' })).rejects.toMatchObject({ code: -32002 });
    await expect(c.readResource({ uri: 'https://example.com/x' })).rejects.toMatchObject({ code: -32002 });
  });

  it('completes compound and monograph slugs by prefix, and close names', async () => {
    const c = await connect({ Authorization: `Bearer ${key}` });
    expect(c.getServerCapabilities()?.completions).toEqual({});
    const comp = await c.complete({
      ref: { type: 'ref/resource', uri: 'materia://compound/{slug}' },
      argument: { name: 'slug', value: 'metf' },
    });
    expect(comp.completion.values).toContain('metformin');
    expect(comp.completion.values.every((v) => v.startsWith('metf'))).toBe(true);
    const all = await c.complete({
      ref: { type: 'ref/resource', uri: 'materia://monograph/{slug}' },
      argument: { name: 'slug', value: '' },
    });
    expect(all.completion.values).toHaveLength(100);
    expect(all.completion.total).toBe((t.materia.context.content.counts as Record<string, number>).monographs);
    expect(all.completion.hasMore).toBe(true);
    const typo = await c.complete({
      ref: { type: 'ref/prompt', name: 'summarize_compound_evidence' },
      argument: { name: 'compound', value: 'metfromin' },
    });
    expect(typo.completion.values).toContain('metformin');
    const none = await c.complete({
      ref: { type: 'ref/resource', uri: 'materia://document/{id}' },
      argument: { name: 'id', value: 'sci' },
    });
    expect(none.completion.values).toEqual([]);
    const toolsOnly = await connect({ Authorization: `Bearer ${t.keyWith(['tools'])}` });
    await expect(
      toolsOnly.complete({
        ref: { type: 'ref/resource', uri: 'materia://compound/{slug}' },
        argument: { name: 'slug', value: 'm' },
      }),
    ).rejects.toMatchObject({ code: -32003 });
  });

  it('offers prompts', async () => {
    const c = await connect({ Authorization: `Bearer ${key}` });
    const { prompts } = await c.listPrompts();
    expect(prompts.map((p) => p.name).sort()).toEqual(['review_medication_list', 'summarize_compound_evidence']);
    const p = await c.getPrompt({
      name: 'review_medication_list',
      arguments: { medications: 'warfarin, fluconazole\naspirin' },
    });
    const text = (p.messages[0]!.content as { text: string }).text;
    expect(text).toContain('"substances": ["warfarin","fluconazole","aspirin"]');
  });

  it('bad arguments are a clear tool error naming the field, never a 5xx', async () => {
    const c = await connect({ Authorization: `Bearer ${key}` });
    const r = await call(c, 'search', { query: 'x', limit: 1000, bogus: 1 });
    expect(r.isError).toBe(true);
    const text = (r.content[0] as { text: string }).text;
    expect(text).toMatch(/limit/);
    expect(text).toMatch(/bogus/);
    const one = await call(c, 'check_interactions', { substances: ['warfarin'] });
    expect(one.isError).toBe(true);
    expect((one.content[0] as { text: string }).text).toMatch(/at least two substances/);
    const missing = await call(c, 'get_compound', { slug: 'no-such-compound' });
    expect(missing.isError).toBe(true);
    expect(json(missing).error.code).toBe('not_found');
    // An unknown tool is a protocol error (-32602) naming the tools this key has.
    await expect(call(c, 'no_such_tool', {})).rejects.toMatchObject({
      code: -32602,
      message: expect.stringMatching(/unknown tool "no_such_tool"; this key's tools: search, /),
    });
    // Unknown keys are refused as in REST, "__proto__" included (the SDK's own parse would have dropped it unseen).
    const proto = await rpc(
      {
        jsonrpc: '2.0',
        id: 5,
        method: 'tools/call',
        params: { name: 'get_compound', arguments: JSON.parse('{"slug":"metformin","__proto__":{"x":1}}') },
      },
      { Authorization: `Bearer ${key}` },
    );
    const protoBody = (await proto.json()) as { result: CallToolResult };
    expect(protoBody.result.isError).toBe(true);
    expect(json(protoBody.result).error.details).toEqual([{ field: '__proto__', message: 'unknown field' }]);
    // A service-level 400 (not a schema error) keeps its details too.
    const words = await call(c, 'search', { query: '!!!' });
    if (words.isError) expect(json(words).error.code).toBe('invalid_request');
    // Bodies that are not JSON-RPC: malformed JSON -32700, valid JSON that is not JSON-RPC (or an empty batch) -32600,
    // params that do not fit the method -32602 with a short message naming the field.
    const answers: [number, number, string][] = [];
    for (const body of [
      '{',
      '{"jsonrpc":"2.0"}',
      '"x"',
      '[]',
      '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":7}',
      '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"arguments":{}}}',
      '{"jsonrpc":"1.0","id":3,"method":"tools/list"}',
    ]) {
      const res = await fetch(`${t.base}/mcp`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${key}`,
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
        },
        body,
      });
      const b = (await res.json()) as { error: { code: number; message: string } };
      answers.push([res.status, b.error.code, b.error.message]);
    }
    expect(answers.map(([status, code]) => [status, code])).toEqual([
      [400, -32700],
      [400, -32600],
      [400, -32600],
      [400, -32600],
      [200, -32602],
      [200, -32602],
      [400, -32600],
    ]);
    expect(answers[3]![2]).toMatch(/empty batch/);
    expect(answers[4]![2]).toBe(
      'invalid params for tools/call: params: Invalid input: expected object, received number',
    );
    expect(answers[5]![2]).toMatch(/^invalid params for tools\/call: params\.name: /);
    expect(answers[5]![2].length).toBeLessThan(200);
    expect(answers[6]![2]).toMatch(/"jsonrpc": "2.0"/);
    expect(t.logged).toEqual([]);
  });
});

// One valid call of each tool, for the property test below.
const VALID: Record<string, Record<string, unknown>> = {
  search: { query: 'metformin', limit: 3 },
  get_compound: { slug: 'metformin' },
  list_monographs: { category: 'medication', limit: 2 },
  get_monograph: { slug: 'metformin' },
  list_documents: { q: 'vitamin d', limit: 2 },
  get_document: { id: 'scifact-10009203' },
  check_interactions: { substances: ['warfarin', 'aspirin'] },
  calculate_bioage: PARTICIPANT,
  analyze_bloodwork: { sex: 'female', age: 54, panel: [{ test: 'vitamin d', value: 30, unit: 'nmol/L' }] },
  analyze_inbody: { weight: { value: 80, unit: 'kg' }, height: { value: 180, unit: 'cm' }, sex: 'male', age: 40 },
  calculate_macros: {
    sex: 'male',
    age: 30,
    weight: { value: 80, unit: 'kg' },
    height: { value: 180, unit: 'cm' },
    activity_level: 'moderate',
    goal: 'lose',
    weekly_rate_kg: 0.5,
  },
  analyze_nutrition: { items: [{ food: '09003', amount: 100, unit: 'g' }] },
  build_peptide_stack: { goals: ['sleep'] },
  build_protocol: { compounds: ['sertraline'], duration_weeks: 4, goal: 'depression' },
  ask_assistant: { messages: [{ role: 'user', content: 'magnesium for sleep?' }], conversation_id: 'conv-fuzz' },
  fetch: { id: 'materia://monograph/metformin' },
  cite_documents: { ids: ['scifact-10009203'] },
  get_many: { ids: ['metformin', 'materia://monograph/warfarin'] },
  list_conversations: { limit: 2 },
  get_conversation: { id: 'conv-fuzz' },
};

describe('MCP arguments, fuzzed', () => {
  it('one field of a valid call replaced by any JSON value, or an extra field, is an answer or a tool error, never a protocol or server error', async () => {
    expect(Object.keys(VALID).sort()).toEqual(MCP_TOOLS.map((x) => x.name).sort());
    const c = await connect({ Authorization: `Bearer ${t.adminKey}` });
    for (const [name, args] of Object.entries(VALID)) {
      expect((await call(c, name, args)).isError, name).toBeFalsy();
      const fields = [...Object.keys(args), 'unknown_field'];
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...fields), fc.jsonValue({ maxDepth: 2 }), async (field, value) => {
          const r = await call(c, name, { ...args, [field]: value });
          if (r.isError) expect((r.content[0] as { text: string }).text).not.toMatch(/internal/);
        }),
        { numRuns: name === 'ask_assistant' ? 5 : 12, seed: 162026 },
      );
    }
    expect(t.logged).toEqual([]);
  }, 120_000);
});

describe('MCP refusals', () => {
  type RpcError = {
    jsonrpc: string;
    id: unknown;
    error: {
      code: number;
      message: string;
      data: { status: number; code: string; details?: { field: string; message: string }[]; retry_after?: number };
    };
  };
  const rpcError = async (res: Response) => (await res.json()) as RpcError;

  it('no key or a bad key is a 401 before the body is read, as a JSON-RPC error with WWW-Authenticate', async () => {
    const none = await rpc(INIT);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(
      /^Bearer realm="materia", error_description="[^"]*API keys, not OAuth/,
    );
    const noneBody = await rpcError(none);
    expect(noneBody).toMatchObject({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32001, data: { status: 401, code: 'unauthorized' } },
    });
    expect(noneBody.error.message).toMatch(/^unauthorized: API key required/);
    const bad = await rpc(INIT, { Authorization: 'Bearer mk_nope00_aaaaaaaaaaaaaaaaaaaa' });
    expect(bad.status).toBe(401);
    expect(bad.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);
    expect((await rpcError(bad)).error.message).toBe('unauthorized: invalid API key');
    // The official TypeScript SDK (and the Inspector on it) puts the body in its error: the reason reaches the user.
    await expect(connect({})).rejects.toThrow(/unauthorized: API key required/);
    await expect(connect({ Authorization: 'Bearer mk_nope00_aaaaaaaaaaaaaaaaaaaa' })).rejects.toThrow(
      /invalid API key/,
    );
    const notJson = await fetch(`${t.base}/mcp`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: 'x',
    });
    expect(notJson.status).toBe(401);
  });

  it("a foreign Origin is a 403 JSON-RPC error, the server's own is served", async () => {
    const foreign = await rpc(INIT, { Authorization: `Bearer ${key}`, Origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    const body = await rpcError(foreign);
    expect(body.error.code).toBe(-32003);
    expect(body.error.message).toBe('forbidden: cross-origin requests are not allowed');
    expect(body.error.data.details![0]!.field).toBe('Origin');
    await expect(connect({ Authorization: `Bearer ${key}`, Origin: 'https://evil.example' })).rejects.toThrow(
      /forbidden: cross-origin requests/,
    );
    expect((await rpc(INIT, { Authorization: `Bearer ${key}`, Origin: `http://127.0.0.1:${t.port}` })).status).toBe(
      200,
    );
    expect((await rpc(INIT, { Authorization: `Bearer ${key}`, 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);
    const rebound = await t.http
      .post('/mcp')
      .set('Host', `evil.example:${t.port}`)
      .set('Authorization', `Bearer ${key}`)
      .set('Accept', 'application/json, text/event-stream')
      .send(INIT);
    expect(rebound.status).toBe(403);
    expect(rebound.body.error.data.details[0].field).toBe('Host');
  });

  it('GET and DELETE are 405 (stateless server); a non-JSON body is a 415, over 1 MB a 413, bad JSON -32700; other paths 404: all JSON-RPC', async () => {
    const get = await fetch(`${t.base}/mcp`, {
      headers: { Authorization: `Bearer ${key}`, Accept: 'text/event-stream' },
    });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    expect((await rpcError(get)).error).toMatchObject({
      code: -32600,
      data: { status: 405, code: 'method_not_allowed' },
    });
    const del = await fetch(`${t.base}/mcp`, { method: 'DELETE', headers: { Authorization: `Bearer ${key}` } });
    expect(del.status).toBe(405);
    expect((await rpcError(del)).error.message).toMatch(/stateless/);
    const text = await fetch(`${t.base}/mcp`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'text/plain' },
      body: 'x',
    });
    expect(text.status).toBe(415);
    expect((await rpcError(text)).error).toMatchObject({
      code: -32600,
      data: { code: 'unsupported_media_type', details: [{ field: 'Content-Type' }] },
    });
    const big = JSON.stringify({
      ...INIT,
      params: { ...INIT.params, clientInfo: { name: 'x'.repeat(1024 * 1024 + 1), version: '1' } },
    });
    const tooBig = await fetch(`${t.base}/mcp`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${key}`,
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
      },
      body: big,
    });
    expect(tooBig.status).toBe(413);
    expect((await rpcError(tooBig)).error.message).toMatch(/^payload_too_large: request body exceeds 1048576 bytes/);
    const broken = await fetch(`${t.base}/mcp`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${key}`,
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
      },
      body: '{',
    });
    expect(broken.status).toBe(400);
    expect((await rpcError(broken)).error.code).toBe(-32700);
    const other = await fetch(`${t.base}/mcp/other`, { method: 'POST', headers: { Authorization: `Bearer ${key}` } });
    expect(other.status).toBe(404);
    expect((await rpcError(other)).error.data.code).toBe('not_found');
  });

  it('OAuth discovery and flow paths are a JSON 404 saying the server takes API keys, even beside the web UI', async () => {
    const ui = mkdtempSync(join(tmpdir(), 'materia-ui-'));
    writeFileSync(join(ui, 'index.html'), '<!doctype html><title>Materia</title>');
    const withUi = await startTestApp({ rendererDir: ui });
    try {
      expect(await (await fetch(`${withUi.base}/settings`)).text()).toContain('<title>Materia</title>');
      for (const path of [
        '/.well-known/oauth-protected-resource',
        '/.well-known/oauth-protected-resource/mcp',
        '/.well-known/oauth-authorization-server',
        '/.well-known/oauth-authorization-server/mcp',
        '/.well-known/openid-configuration',
        '/authorize',
        '/register',
        '/token',
      ]) {
        const method = path === '/register' || path === '/token' ? 'POST' : 'GET';
        const res = await fetch(`${withUi.base}${path}`, {
          method,
          headers: method === 'POST' ? { 'Content-Type': 'application/json' } : {},
          body: method === 'POST' ? '{}' : undefined,
        });
        expect(res.status, path).toBe(404);
        expect(res.headers.get('content-type'), path).toMatch(/^application\/json/);
        const body = (await res.json()) as { error: { code: string; message: string } };
        expect(body.error.code).toBe('not_found');
        expect(body.error.message).toMatch(/uses API keys, not OAuth/);
      }
    } finally {
      await withUi.close();
      rmSync(ui, { recursive: true, force: true });
    }
  });

  it("lists only the tools a key's scopes allow", async () => {
    const names = async (scopes: ('read' | 'tools' | 'chat')[]) =>
      (await (await connect({ Authorization: `Bearer ${t.keyWith(scopes)}` })).listTools()).tools.map((x) => x.name);
    expect(await names(['chat'])).toEqual(['list_conversations', 'get_conversation', 'ask_assistant']);
    expect(await names(['read'])).toEqual([
      'search',
      'get_compound',
      'list_monographs',
      'get_monograph',
      'fetch',
      'get_many',
      'list_documents',
      'get_document',
      'cite_documents',
    ]);
    expect(await names(['tools'])).toEqual(
      MCP_TOOLS.filter((x) => /^(check|calculate|analyze|build)_/.test(x.name)).map((x) => x.name),
    );
    expect(await names([])).toEqual([]);
  });

  it("enforces each tool's scope", async () => {
    const readOnly = await connect({ Authorization: `Bearer ${t.keyWith(['read'])}` });
    expect(json(await call(readOnly, 'get_compound', { slug: 'metformin' })).data.slug).toBe('metformin');
    const tool = await call(readOnly, 'check_interactions', { substances: ['warfarin', 'aspirin'] });
    expect(tool.isError).toBe(true);
    expect(json(tool).error.code).toBe('forbidden');
    expect((tool.content[0] as { text: string }).text).toMatch(/"tools" scope/);
    const chat = await call(readOnly, 'ask_assistant', { messages: [{ role: 'user', content: 'hi' }] });
    expect(json(chat).error.code).toBe('forbidden');
    const toolsOnly = await connect({ Authorization: `Bearer ${t.keyWith(['tools'])}` });
    expect(json(await call(toolsOnly, 'search', { query: 'metformin' })).error.code).toBe('forbidden');
    await expect(toolsOnly.readResource({ uri: 'materia://compound/metformin' })).rejects.toMatchObject({
      code: -32003,
      message: expect.stringMatching(/forbidden: .*"read" scope/),
    });
    await expect(toolsOnly.listResources()).rejects.toThrow(/forbidden/);
  });

  it("charges the /v1 route's bucket: protocol/build allows 10 a minute plus 50 an hour, shared with REST", async () => {
    const k = t.keyWith(['tools']);
    const c = await connect({ Authorization: `Bearer ${k}` });
    const args = { compounds: ['sertraline'], duration_weeks: 4, goal: 'depression' };
    for (let i = 0; i < 59; i++) expect((await call(c, 'build_protocol', args)).isError, `call ${i}`).toBeFalsy();
    const rest = await t.http.post('/v1/tools/protocol/build').set('X-API-Key', k).send(args);
    expect(rest.status).toBe(200);
    expect(rest.headers['x-ratelimit-burst-remaining']).toBe('0');
    const refused = await call(c, 'build_protocol', args);
    expect(refused.isError).toBe(true);
    expect(json(refused).error.code).toBe('rate_limited');
    expect((await t.http.post('/v1/tools/protocol/build').set('X-API-Key', k).send(args)).status).toBe(429);
  });
});

describe('MCP message metering', () => {
  it("charges every message of a POST (a batch all or none) to the key's mcp.messages allowance: 300 a minute plus 1,000 an hour", async () => {
    let clock = Date.UTC(2026, 10, 28, 12, 0, 5);
    const app = await startTestApp({ now: () => clock });
    try {
      const k = app.keyWith(['read']);
      const post = (body: unknown) =>
        fetch(`${app.base}/mcp`, {
          method: 'POST',
          body: JSON.stringify(body),
          headers: {
            Authorization: `Bearer ${k}`,
            'Content-Type': 'application/json',
            Accept: 'application/json, text/event-stream',
          },
        });
      const pings = (n: number, from = 0) =>
        Array.from({ length: n }, (_, i) => ({ jsonrpc: '2.0', id: from + i, method: 'ping' }));
      const over = await post(pings(21));
      expect(over.status).toBe(400);
      expect(((await over.json()) as { error: { code: number; message: string } }).error).toMatchObject({
        code: -32600,
        message: expect.stringMatching(/at most 20 messages, got 21/),
      });
      const first = await post(pings(20));
      expect(first.status).toBe(200);
      expect((await first.json()) as unknown[]).toHaveLength(20);
      expect(first.headers.get('x-ratelimit-limit')).toBe('300');
      expect(first.headers.get('x-ratelimit-remaining')).toBe('280');
      expect(first.headers.get('x-ratelimit-burst-limit')).toBe('1000');
      for (let i = 1; i < 65; i++) expect((await post(pings(20, i * 20))).status, `batch ${i}`).toBe(200);
      // 1,300 messages: the minute and the hour's burst are spent.
      const refused = await post(pings(3, 5000));
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('55');
      expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
      expect(refused.headers.get('x-ratelimit-burst-remaining')).toBe('0');
      const errors = (await refused.json()) as {
        id: number;
        error: { code: number; message: string; data: { retry_after: number } };
      }[];
      expect(errors.map((e) => e.id)).toEqual([5000, 5001, 5002]);
      expect(errors[0]!.error).toMatchObject({ code: -32029, data: { retry_after: 55 } });
      expect(errors[0]!.error.message).toMatch(
        /^rate_limited: rate limit exceeded for MCP messages: 300 per minute plus 1000 hourly burst/,
      );
      // The next minute: 300 again; a batch larger than what is left is refused whole and charges nothing.
      clock += 60_000;
      for (let i = 0; i < 14; i++) expect((await post(pings(20))).status).toBe(200);
      expect((await post(pings(15))).headers.get('x-ratelimit-remaining')).toBe('5');
      expect((await post(pings(20))).status).toBe(429);
      const fits = await post(pings(5));
      expect(fits.status).toBe(200);
      expect(fits.headers.get('x-ratelimit-remaining')).toBe('0');
      expect((await post({ jsonrpc: '2.0', method: 'notifications/initialized' })).status).toBe(429);
      expect(app.logged).toEqual([]);
    } finally {
      await app.close();
    }
  }, 60_000);
});

describe('MCP with a language-model endpoint (MATERIA_LLM_URL)', () => {
  it('says so: ask_assistant is open-world, the instructions and its provenance name the endpoint; the default says nothing leaves', async () => {
    const plain = await connect({ Authorization: `Bearer ${key}` });
    expect(plain.getInstructions()).toMatch(/Nothing is sent off this machine/);
    expect((await plain.listTools()).tools.every((x) => x.annotations?.openWorldHint === false)).toBe(true);

    const llm = await startFakeLlm();
    const app = await startTestApp({
      chat: { llm: { url: llm.url, model: 'local-test-model', apiKey: 'sk-test-123' } },
    });
    try {
      const client = new Client({ name: 'materia-test', version: '1.0.0' });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(`${app.base}/mcp`), {
          requestInit: { headers: { Authorization: `Bearer ${app.adminKey}` } },
        }),
      );
      clients.push(client);
      const origin = new URL(llm.url).origin;
      expect(client.getInstructions()).toContain(
        `ask_assistant sends the question and the evidence it retrieved to the language model at ${origin}`,
      );
      expect(client.getInstructions()).not.toMatch(/Nothing is sent off/);
      const { tools } = await client.listTools();
      expect(tools.filter((x) => x.annotations?.openWorldHint).map((x) => x.name)).toEqual(['ask_assistant']);
      expect(tools.find((x) => x.name === 'ask_assistant')!.description).toContain(origin);
      expect(JSON.stringify(tools)).not.toContain('sk-test-123');
      const answer = await call(client, 'ask_assistant', {
        messages: [{ role: 'user', content: 'magnesium for sleep?' }],
      });
      expect(answer.isError).toBeFalsy();
      expect(json(answer).provenance.note).toContain(origin);
      const compound = json(await call(client, 'get_compound', { slug: 'metformin' }));
      expect(compound.provenance.note).toBeUndefined();
    } finally {
      await app.close();
      await llm.close();
    }
  }, 60_000);
});

describe('npm run mcp:stdio', () => {
  it('bridges a stdio client to the running server', async () => {
    const transport = new StdioClientTransport({
      command: join(REPO_ROOT, 'node_modules/.bin/tsx'),
      args: [join(REPO_ROOT, 'src/main/mcp/stdio.ts')],
      env: { ...(process.env as Record<string, string>), MATERIA_URL: t.base, MATERIA_API_KEY: key },
      stderr: 'pipe',
    });
    const client = new Client({ name: 'stdio-test', version: '1.0.0' });
    await client.connect(transport);
    clients.push(client);
    expect(client.getServerVersion()?.name).toBe('materia');
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(MCP_TOOLS.length);
    const r = json(await call(client, 'get_compound', { slug: 'metformin' }));
    expect(r.data.slug).toBe('metformin');
  }, 60_000);

  it("passes the server's refusal of a bad key back as a JSON-RPC error", async () => {
    const transport = new StdioClientTransport({
      command: join(REPO_ROOT, 'node_modules/.bin/tsx'),
      args: [join(REPO_ROOT, 'src/main/mcp/stdio.ts')],
      env: {
        ...(process.env as Record<string, string>),
        MATERIA_URL: t.base,
        MATERIA_API_KEY: 'mk_nope00_aaaaaaaaaaaaaaaaaaaa',
      },
      stderr: 'pipe',
    });
    const client = new Client({ name: 'stdio-test', version: '1.0.0' });
    clients.push(client);
    await expect(client.connect(transport)).rejects.toMatchObject({
      code: -32001,
      message: expect.stringMatching(/unauthorized: invalid API key/),
    });
  }, 60_000);
});
