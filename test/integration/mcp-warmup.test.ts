/**
 * The warm-up at start (src/main/server/warm-up.ts) with the server as `npm start` runs it: the start does not wait for
 * it, it stores nothing, the first MCP ask_assistant after it is answered, and a
 * shutdown during it is clean. How much faster the first question is: bench/mcp-first-ask.ts (docs/api.md "MCP").
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { readConfig, type ServerConfig } from '../../src/main/config/environment.ts';
import { startServer, type RunningServer } from '../../src/main/server/server.ts';
import { CONTENT_DB, REPO_ROOT } from '../helpers/app.ts';

let dataDir: string;
let config: ServerConfig;
const running: RunningServer[] = [];
beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'materia-warmup-'));
  const noModels = join(dataDir, 'no-models');
  mkdirSync(noModels);
  config = readConfig(
    {
      MATERIA_PORT: '0',
      MATERIA_DATA_DIR: join(dataDir, 'data'),
      MATERIA_MODEL_DIR: noModels,
      MATERIA_CONTENT_DB: CONTENT_DB,
    },
    REPO_ROOT,
  );
});
afterAll(async () => {
  for (const r of running) await r.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the warm-up at start', () => {
  it('does not hold up the start, stores nothing, and leaves the first ask_assistant answered', async () => {
    const r = await startServer(config, REPO_ROOT, undefined, { warmUp: true });
    running.push(r);
    let warmed = false;
    void r.warmed.then(() => (warmed = true));
    // The start did not wait for it (it begins on a later turn of the event loop).
    expect(warmed).toBe(false);
    await r.warmed;
    expect((await fetch(`${r.url}/v1/health`)).status).toBe(200);

    const key = r.browserKey;
    const c = new Client({ name: 'warmup-test', version: '1' });
    await c.connect(
      new StreamableHTTPClientTransport(new URL(`${r.url}/mcp`), {
        requestInit: { headers: { Authorization: `Bearer ${key}` } },
      }),
    );
    const ask = (await c.callTool({
      name: 'ask_assistant',
      arguments: { messages: [{ role: 'user', content: 'What are the side effects of sertraline?' }] },
    })) as CallToolResult;
    expect(ask.isError).toBeFalsy();
    expect((ask.structuredContent as { type: string }).type).toBe('message');
    await c.close();
    const stored = await fetch(`${r.url}/v1/conversations`, { headers: { 'X-API-Key': key } });
    expect(((await stored.json()) as { data: unknown[] }).data).toEqual([]);
  }, 120_000);

  it('a shutdown during the warm-up waits for the question in flight and logs nothing', async () => {
    const written = vi.spyOn(process.stderr, 'write');
    const r = await startServer(config, REPO_ROOT, undefined, { warmUp: true });
    await r.close();
    await r.warmed;
    expect(written.mock.calls.map((c) => String(c[0])).filter((s) => /warm-up|rehears/.test(s))).toEqual([]);
    written.mockRestore();
  }, 120_000);
});
