/**
 * The calculators' and the interaction checker's MCP answers sized for an agent (src/main/mcp/detail.ts) and tools/list
 * kept short, over real HTTP with the SDK's client: a summary by default that keeps every finding a user must hear,
 * `detail: "full"` equal to the /v1 answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
let key: string;
let c: Client;
beforeAll(async () => {
  t = await startTestApp();
  key = t.keyWith(['read', 'tools', 'chat']);
  c = new Client({ name: 'materia-sizing-test', version: '1.0.0' });
  await c.connect(
    new StreamableHTTPClientTransport(new URL(`${t.base}/mcp`), {
      requestInit: { headers: { Authorization: `Bearer ${key}` } },
    }),
  );
});
afterAll(async () => {
  await c.close();
  await t.close();
});

const json = (r: CallToolResult) => r.structuredContent as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const call = async (name: string, args: Record<string, unknown>) =>
  (await c.callTool({ name, arguments: args })) as CallToolResult;
const rest = async (path: string, body: object) =>
  (await t.http.post(path).set('X-API-Key', key).send(body)).body.data as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

// 30 substances, the checker's maximum: hundreds of pairs, dozens of them major.
const THIRTY = [
  'warfarin',
  'fluconazole',
  'aspirin',
  'ibuprofen',
  'simvastatin',
  'amiodarone',
  'clarithromycin',
  'sertraline',
  'fluoxetine',
  'tramadol',
  'metformin',
  'lisinopril',
  'spironolactone',
  'potassium chloride',
  'digoxin',
  'verapamil',
  'diltiazem',
  'clopidogrel',
  'omeprazole',
  'citalopram',
  'lithium',
  'methotrexate',
  'allopurinol',
  'azathioprine',
  'ciprofloxacin',
  'theophylline',
  'carbamazepine',
  'phenytoin',
  'st johns wort',
  'grapefruit',
];

type Pair = { a: { input: string }; b: { input: string }; severity: string; sources: unknown[] };
const pairKey = (p: Pair) => [p.a.input, p.b.input].sort().join('+');

describe('MCP answers of the calculators and the interaction checker', () => {
  it('check_interactions: a summary keeps every major or contraindicated pair, most severe first; full is /v1', async () => {
    const whole = await rest('/v1/tools/interactions/check', { substances: THIRTY });
    const summary = await call('check_interactions', { substances: THIRTY });
    const s = json(summary);
    const severe = (whole.pairs as Pair[]).filter((p) => ['contraindicated', 'major'].includes(p.severity));
    expect(severe.length).toBeGreaterThan(20);
    expect((s.data.pairs as Pair[]).map(pairKey)).toEqual(severe.map(pairKey));
    expect(s.data.counts).toEqual(whole.counts);
    expect(s.data.interpretation).toBe(whole.interpretation);
    expect(s.data.coverage.statement).toBe(whole.coverage.statement);
    expect((s.data.pairs as Pair[]).every((p) => p.sources.length === 1)).toBe(true);
    expect(s.sizing.lists_cut.pairs).toBe(`${severe.length} of ${whole.pairs.length}`);
    expect(s.sizing.sections_left_out).toEqual(expect.arrayContaining(['coverage.sources', 'pairs.sources.reference']));
    expect(s.sizing.full.call).toMatch(/"detail": "full"/);
    const wholeSize = JSON.stringify(whole).length;
    expect(JSON.stringify(s.data).length).toBeLessThan(wholeSize / 4);
    expect(JSON.stringify(summary).length).toBeLessThan(70_000);

    expect(json(await call('check_interactions', { substances: THIRTY, detail: 'full' })).data).toEqual(whole);
    const standard = json(await call('check_interactions', { substances: THIRTY, detail: 'standard' }));
    expect((standard.data.pairs as Pair[]).map(pairKey)).toEqual((whole.pairs as Pair[]).map(pairKey));

    // Few substances: under the cap every pair stays, whatever its level.
    const three = ['warfarin', 'fluconazole', 'aspirin'];
    const small = json(await call('check_interactions', { substances: three }));
    const smallRest = await rest('/v1/tools/interactions/check', { substances: three });
    expect((small.data.pairs as Pair[]).map(pairKey)).toEqual((smallRest.pairs as Pair[]).map(pairKey));
    const bad = await call('check_interactions', { substances: three, detail: 'all' });
    expect(bad.isError).toBe(true);
    expect(json(bad).error.details[0].field).toBe('detail');
  });

  it('analyze_nutrition: a summary keeps the totals and each food as matched, not each food nutrient by nutrient', async () => {
    const items = ['09003', '01001', '20044', '11090', '05062'].map((food) => ({ food, amount: 150, unit: 'g' }));
    const whole = await rest('/v1/tools/nutrition/analyze', { items });
    const s = json(await call('analyze_nutrition', { items }));
    expect(s.data.totals).toEqual(whole.totals);
    expect(s.data.items.map((i: { food: unknown }) => i.food)).toEqual(
      whole.items.map((i: { food: unknown }) => i.food),
    );
    expect(s.data.items[0].nutrients).toBeUndefined();
    expect(s.sizing.sections_left_out).toContain('items.nutrients');
    expect(JSON.stringify(s.data).length).toBeLessThan(JSON.stringify(whole).length / 2);
    expect(json(await call('analyze_nutrition', { items, detail: 'full' })).data).toEqual(whole);
  });

  it('analyze_bloodwork: every result and its status stay; the rest of each row is left out', async () => {
    const panel = [
      { test: 'vitamin d', value: 30, unit: 'nmol/L' },
      { test: 'creatinine', value: 1.4, unit: 'mg/dL' },
      { test: 'potassium', value: 6.9, unit: 'mmol/L' },
    ];
    const body = { sex: 'female', age: 54, panel };
    const whole = await rest('/v1/tools/bloodwork/analyze', body);
    const s = json(await call('analyze_bloodwork', body));
    expect(s.data.results.map((r: { status: string }) => r.status)).toEqual(
      whole.results.map((r: { status: string }) => r.status),
    );
    expect(s.data.interpretation).toBe(whole.interpretation);
    expect(s.data.warnings).toEqual(whole.warnings);
    expect(s.data.results[0].input).toBeUndefined();
    expect(json(await call('analyze_bloodwork', { ...body, detail: 'full' })).data).toEqual(whole);
  });

  it('the small calculators answer whole, less the method bibliography, and take detail', async () => {
    const inbody = { weight: { value: 80, unit: 'kg' }, height: { value: 180, unit: 'cm' }, sex: 'male', age: 40 };
    const whole = await rest('/v1/tools/inbody/analyze', inbody);
    const s = json(await call('analyze_inbody', inbody));
    const { method: wholeMethod, ...wholeRest } = whole;
    const { method, ...sRest } = s.data;
    expect(sRest).toEqual(wholeRest);
    expect(method.name).toBe(wholeMethod.name);
    expect(json(await call('analyze_inbody', { ...inbody, detail: 'full' })).data).toEqual(whole);
    const stack = json(await call('build_peptide_stack', { goals: ['sleep'] }));
    expect(stack.data.stack.length).toBeGreaterThan(0);
    expect(json(await call('build_peptide_stack', { goals: ['sleep'], detail: 'nope' })).error.details[0].field).toBe(
      'detail',
    );
  });
});

describe('MCP tools/list', () => {
  it('is short: no scope or /v1 sentence in descriptions, no description restating a schema, repeats given once', async () => {
    const { tools } = await c.listTools();
    expect(JSON.stringify({ tools }).length).toBeLessThan(36_000);
    for (const tool of tools) {
      expect(tool.description).not.toMatch(/Needs the|Same as/);
      expect(tool._meta?.['materia/endpoint']).toMatch(/^(GET|POST) \/v1\//);
      expect(JSON.stringify(tool.inputSchema)).not.toContain('$schema');
      if (tool.annotations?.readOnlyHint) expect(tool.annotations.destructiveHint).toBeUndefined();
      else expect(tool.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false });
    }
    const bioage = tools.find((x) => x.name === 'calculate_bioage')!.inputSchema.properties as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(bioage.albumin.description).toBeUndefined();
    expect(bioage.albumin.properties.unit).toEqual({ type: 'string', enum: ['g/L', 'g/dL'] });
    expect(bioage.albumin.properties.value.description).toMatch(/accepted range depends on the unit/);
    const stack = JSON.stringify(tools.find((x) => x.name === 'build_peptide_stack')!.inputSchema);
    expect(stack.split('a substance as the user knows it').length - 1).toBe(1);
    // Every tool that sizes its answer offers detail.
    for (const name of ['get_monograph', 'search', 'check_interactions', 'analyze_nutrition', 'build_protocol'])
      expect(tools.find((x) => x.name === name)!.inputSchema.properties).toHaveProperty('detail');
  });
});
