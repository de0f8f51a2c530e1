/**
 * cite_documents with monographs' sources (src/main/mcp/source-citations.ts) over real HTTP with the SDK's client: each
 * basis entry as the monograph has it, with the claims it supports, and nothing the data does not hold.
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
  key = t.keyWith(['read']);
  c = new Client({ name: 'materia-citations-test', version: '1.0.0' });
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
const cite = async (args: Record<string, unknown>) =>
  json((await c.callTool({ name: 'cite_documents', arguments: args })) as CallToolResult);

describe('cite_documents with monograph sources', () => {
  it('cites each basis entry of a monograph with the claims it supports, in BibTeX, RIS and CSL-JSON', async () => {
    const mono = (await t.http.get('/v1/monographs/warfarin').set('X-API-Key', key)).body.data as {
      full_name: string;
      sources: { basis: string[]; claims: { clinical_outcomes: number[][]; indications: number[][] } | null };
    };
    const basis = mono.sources.basis;
    expect(basis.length).toBeGreaterThan(0);
    const csl = await cite({ ids: ['materia://monograph/warfarin', 'scifact-10009203'], format: 'csl-json' });
    expect(csl.missing).toEqual([]);
    const items = csl.items as { id: string; type: string; title?: string; note?: string; DOI?: string }[];
    expect(items[0]!.id).toBe('scifact-10009203');
    const sources = items.slice(1);
    expect(sources.map((i) => i.title)).toEqual(basis);
    expect(sources.map((i) => i.id)).toEqual(basis.map((_, n) => `warfarin-basis-${n + 1}`));
    // Only what the data holds: a title and a note, no identifier, author or date.
    for (const s of sources) expect(Object.keys(s).sort()).toEqual(['id', 'note', 'title', 'type']);
    expect(sources[0]!.note).toContain(
      `Source 1 of the Materia monograph ${mono.full_name} (materia://monograph/warfarin)`,
    );
    // The claims each entry supports, from sources.claims.
    const claims = mono.sources.claims!;
    const first = claims.indications.flatMap((cites, i) => (cites.includes(1) ? [`indication ${i + 1}`] : []));
    expect(first.length).toBeGreaterThan(0);
    expect(csl.monograph_sources[0].supports).toEqual(expect.arrayContaining(first));
    expect(csl.monograph_sources[0].monograph).toEqual({
      slug: 'warfarin',
      name: mono.full_name,
      resource: 'materia://monograph/warfarin',
    });

    const bib = await cite({ ids: ['materia://monograph/warfarin'] });
    expect(bib.text.match(/^@misc\{warfarinbasis\d+,$/gm)).toHaveLength(basis.length);
    expect(bib.text).not.toMatch(/doi|pmid|url|year/i);
    const ris = await cite({ ids: ['materia://monograph/warfarin'], format: 'ris' });
    expect(ris.text.match(/^TY {2}- GEN$/gm)).toHaveLength(basis.length);
    expect(ris.text.match(/^ER {2}- $/gm)).toHaveLength(basis.length);

    const none = await cite({ ids: ['materia://monograph/no-such-monograph-zz', 'materia://monograph/Bad Slug'] });
    expect(none.missing.map((m: { id: string }) => m.id)).toEqual([
      'materia://monograph/no-such-monograph-zz',
      'materia://monograph/Bad Slug',
    ]);
    expect(none.text).toBe('');
    expect(t.logged).toEqual([]);
  });
});
