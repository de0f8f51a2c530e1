/**
 * How long the first MCP ask_assistant call after a start takes, against the next ones:
 * `npx tsx bench/mcp-first-ask.ts warm|cold on|off` (one start per process, since what a first turn builds lives in
 * the process). warm: the server as `npm start` runs it (startServer, with its warm-up), the calls made once
 * `warmed` settles. cold: the same app and search index without the warm-up (what a start did before it: only the
 * meaning exemplars once the model was ready). on|off: with the embedding model, or a model folder without one (the
 * meaning layer is off). Prints the three calls' times, the longest event-loop block while warming up, and the load
 * average. Figures go in docs/api.md ("MCP").
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { readConfig } from '../src/main/config/environment.ts';
import { openContentDb, openUserDb } from '../src/main/db/connection.ts';
import { createApp } from '../src/main/server/app.ts';
import { startServer } from '../src/main/server/server.ts';
import { Semantic } from '../src/main/search/semantic.ts';

const ROOT = resolve(import.meta.dirname, '..');
const [mode = 'warm', model = 'on'] = process.argv.slice(2);
const QUESTIONS = [
  'What are the side effects of sertraline?',
  'Can I take ibuprofen with warfarin?',
  'Does magnesium help with sleep?',
];

const dir = mkdtempSync(join(tmpdir(), 'materia-first-ask-'));
mkdirSync(join(dir, 'no-model'));
const config = readConfig(
  {
    MATERIA_PORT: '0',
    MATERIA_DATA_DIR: join(dir, 'data'),
    MATERIA_CONTENT_DB: join(ROOT, 'resources/db/content.sqlite'),
    ...(model === 'off' ? { MATERIA_MODEL_DIR: join(dir, 'no-model') } : {}),
  },
  ROOT,
);

let last = performance.now();
let longest = 0;
const lag = setInterval(() => {
  const now = performance.now();
  longest = Math.max(longest, now - last - 10);
  last = now;
}, 10);

let url: string;
let key: string;
let close: () => Promise<void>;
const t0 = performance.now();
if (mode === 'warm') {
  const r = await startServer(config, ROOT, undefined, { warmUp: true });
  await r.indexing;
  await r.warmed;
  ({ url } = r);
  key = r.browserKey;
  close = r.close;
} else {
  mkdirSync(config.dataDir, { recursive: true });
  const contentDb = openContentDb(config.contentDb);
  const userDb = openUserDb(join(config.dataDir, 'user.sqlite'));
  const semantic = new Semantic(config.model, config.dataDir, contentDb, true);
  const m = createApp({ contentDb, userDb, version: 'bench', semantic, log: () => {} });
  const server = m.app.listen(0, '127.0.0.1');
  await new Promise((ok) => server.once('listening', ok));
  await semantic.start();
  await m.context.chat.warm();
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  key = m.context.keys.create('bench', ['read', 'tools', 'chat']).key;
  close = async () => {
    await semantic.close();
    server.close();
  };
}
clearInterval(lag);
const ready = performance.now() - t0;

const client = new Client({ name: 'first-ask', version: '1' });
await client.connect(
  new StreamableHTTPClientTransport(new URL(`${url}/mcp`), {
    requestInit: { headers: { Authorization: `Bearer ${key}` } },
  }),
);
const times: number[] = [];
let meaning = '';
for (const q of QUESTIONS) {
  const t = performance.now();
  const r = await client.callTool({ name: 'ask_assistant', arguments: { messages: [{ role: 'user', content: q }] } });
  times.push(Math.round(performance.now() - t));
  if (r.isError) throw new Error(JSON.stringify(r.content));
  meaning ||= String((r.structuredContent as { triage?: { meaning_layer?: unknown } }).triage?.meaning_layer);
}
console.log(
  `${mode}, model ${model} (meaning layer ${meaning}): ready after ${Math.round(ready)} ms, longest event-loop block ${Math.round(longest)} ms; ask_assistant ${times.join(' / ')} ms; load ${loadavg()[0]!.toFixed(1)}`,
);
await client.close();
await close();
rmSync(dir, { recursive: true, force: true });
process.exit(0);
