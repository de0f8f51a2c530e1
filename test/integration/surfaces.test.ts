/**
 * One verdict everywhere (issue 25), over HTTP against the real app: compound pages and monographs show, for every
 * entry, the level POST /v1/tools/interactions/check gives for [slug, entry] — every editorial entry and a deterministic
 * stratified sample of the rest (the full run over every entry: `npm run eval:surfaces`) —; the chat's interaction
 * answer and MCP's check_interactions give the checker's level for a sample of pairs.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import {
  checkerLevel,
  compareWithChecker,
  HourClock,
  pageEntries,
  stratifiedSample,
  type SurfaceEntry,
} from '../helpers/surfaces.ts';

let t: TestApp;
let key: string;
const clock = new HourClock();
let entries: SurfaceEntry[] = [];
let names: Map<string, string>;

beforeAll(async () => {
  t = await startTestApp({ now: clock.now });
  key = t.adminKey;
  const rows = t.contentDb.prepare('SELECT slug, name FROM compounds ORDER BY slug').all() as {
    slug: string;
    name: string;
  }[];
  names = new Map(rows.map((r) => [r.slug, r.name]));
  entries = await pageEntries(
    t,
    key,
    clock,
    rows.map((r) => r.slug),
  );
}, 300_000);
afterAll(async () => {
  await t.close();
});

/** A few pairs of each level that name two of our compounds, chosen by position in the sorted entries. */
function pairSample(perLevel: number): { a: string; b: string }[] {
  const compoundNames = new Set(names.values());
  const pool = entries
    .filter((e) => e.where === 'compound' && compoundNames.has(e.substance))
    .toSorted((x, y) => `${x.slug}|${x.substance}`.localeCompare(`${y.slug}|${y.substance}`));
  const out: { a: string; b: string }[] = [];
  for (const level of ['contraindicated', 'major', 'moderate', 'minor', 'unknown']) {
    const of = pool.filter((e) => e.severity === level);
    const step = Math.max(1, Math.floor(of.length / perLevel));
    for (let i = 0; i < of.length && out.length < 1000; i += step) {
      if (i / step >= perLevel) break;
      out.push({ a: names.get(of[i]!.slug)!, b: of[i]!.substance });
    }
  }
  return out;
}

describe('one verdict everywhere', () => {
  it('compound pages and monographs show the checker’s level for every editorial entry and a stratified sample', async () => {
    expect(entries.length).toBeGreaterThan(50_000);
    const sample = stratifiedSample(entries, 1_500);
    expect(sample.filter((e) => e.source === 'editorial').length).toBeGreaterThan(4_000);
    const r = await compareWithChecker(t, key, clock, sample);
    expect(r.disagreements).toEqual([]);
    // The checker answers 400 only for an entry it reads as the same substance or a note: our own words, kept as written.
    expect(r.notChecked.filter((e) => e.source !== 'editorial')).toEqual([]);
    expect(r.notChecked.length).toBeLessThan(20);
    expect(r.compared).toBeGreaterThan(5_500);
  }, 900_000);

  it('route words and classes: the page shows the checker’s capped or member level and names the member', async () => {
    const warfarin = entries.filter((e) => e.slug === 'warfarin');
    const chloramphenicol = warfarin.find(
      (e) => e.where === 'compound' && /^Chloramphenicol \(eye drops/.test(e.substance),
    );
    expect(chloramphenicol?.severity).toBe('minor'); // eye drops: the checker's local-use cap
    expect(chloramphenicol?.severity).toBe(await checkerLevel(t, key, clock, 'warfarin', chloramphenicol!.substance));
    clock.next();
    const page = await t.http.get('/v1/compounds/warfarin').set('X-API-Key', key);
    const entriesOf = page.body.data.interactions as { substance: string; severity: string; notes: string }[];
    const azoles = entriesOf.find((e) => /^Azole antifungals/.test(e.substance))!;
    expect(azoles.notes).toMatch(/Checker: major, for Warfarin \+ \w+/);
    expect(azoles.severity).toBe(await checkerLevel(t, key, clock, 'warfarin', azoles.substance));
  }, 60_000);

  it('the chat’s interaction answer gives the checker’s level', async () => {
    const labels: Record<string, string> = {
      contraindicated: 'contraindicated',
      'major interaction': 'major',
      'moderate interaction': 'moderate',
      'minor interaction': 'minor',
      'interaction of unknown severity': 'unknown',
    };
    const pairs = pairSample(3);
    expect(pairs.length).toBeGreaterThanOrEqual(12);
    const wrong: string[] = [];
    for (const { a, b } of pairs) {
      const want = await checkerLevel(t, key, clock, a, b);
      clock.next();
      const r = await t.http
        .post('/v1/chat/completions')
        .set('X-API-Key', key)
        .send({ messages: [{ role: 'user', content: `Can I take ${a} with ${b}?` }] });
      expect(r.status).toBe(200);
      const text = (r.body.content as { type: string; text: string }[]).map((c) => c.text).join('\n');
      const line = new RegExp(
        `: (${Object.keys(labels).join('|')})\\.|\\((contraindicated|major|moderate|minor|unknown)\\)`,
      ).exec(text);
      const got = line ? (labels[line[1] ?? ''] ?? line[2]) : /No interaction is recorded/.test(text) ? 'none' : '?';
      if (got !== want) wrong.push(`${a} + ${b}: chat ${got}, checker ${want}`);
    }
    expect(wrong).toEqual([]);
  }, 300_000);

  it('MCP’s check_interactions gives the checker’s level', async () => {
    const client = new Client({ name: 'surfaces-test', version: '1' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${t.base}/mcp`), {
        requestInit: { headers: { Authorization: `Bearer ${key}` } },
      }),
    );
    const wrong: string[] = [];
    for (const { a, b } of pairSample(8)) {
      const want = await checkerLevel(t, key, clock, a, b);
      clock.next();
      const r = (await client.callTool({
        name: 'check_interactions',
        arguments: { substances: [a, b] },
      })) as CallToolResult;
      const data = (r.structuredContent as { data: { pairs: { severity: string }[] } }).data;
      const got = data.pairs[0]?.severity ?? 'none';
      if (got !== want) wrong.push(`${a} + ${b}: MCP ${got}, checker ${want}`);
    }
    await client.close();
    expect(wrong).toEqual([]);
  }, 300_000);
});
