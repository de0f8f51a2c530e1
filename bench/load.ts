/**
 * Fairness under load on loopback (issue 30): N clients (default 32) in a closed loop with think time, mixing search,
 * interaction checks, chat and health, plus one abusive client that sends chat requests at the input bounds as fast as
 * it is answered, four at a time (after a 429, once its Retry-After has passed), and a prober that asks /v1/health
 * every 100 ms. Bounded: LOAD_SECONDS (default 60) and a 30 s timeout per request. Prints p50/p95/p99 per kind and overall, health p95 under abuse, how many requests
 * got no answer, status counts, and the server process's RSS before and after (read from /proc). The server runs in
 * a child process (bench/load-server.ts). Usage: npx tsx bench/load.ts [clients] [seconds]
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { MAX_CONVERSATION_CHARS, MAX_QUESTION_CHARS } from '../src/shared/schemas/chat.ts';
import { percentile } from './stats.ts';

const CLIENTS = Number(process.argv[2] ?? 32);
const SECONDS = Number(process.argv[3] ?? process.env.LOAD_SECONDS ?? 60);
const THINK_MS = 200;
/** Concurrent requests of the abusive client (LOAD_ABUSERS=0: the mixed load alone, to tell the two apart). */
const ABUSERS = Number(process.env.LOAD_ABUSERS ?? 4);
const TIMEOUT_MS = 30_000;

const child = spawn(process.execPath, ['--import', 'tsx', 'bench/load-server.ts', String(CLIENTS + 1)], {
  cwd: `${import.meta.dirname}/..`,
  stdio: ['ignore', 'pipe', 'inherit'],
});
const first = await new Promise<string>((ok) => createInterface({ input: child.stdout! }).once('line', ok));
const { port, keys } = JSON.parse(first) as { port: number; keys: string[] };
const base = `http://127.0.0.1:${port}`;
const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))![1]) / 1024;

type Kind = 'search' | 'interactions' | 'chat' | 'health' | 'abuse' | 'probe';
const samples = new Map<Kind, number[]>();
const statuses = new Map<string, number>();
let unanswered = 0;

/** Sends one request and records its time and status; returns the seconds of a 429's Retry-After (else 0). */
async function call(kind: Kind, key: string | null, method: string, path: string, body?: unknown): Promise<number> {
  const t0 = performance.now();
  try {
    const r = await fetch(`${base}${path}`, {
      method,
      signal: AbortSignal.timeout(TIMEOUT_MS),
      headers: { ...(key ? { 'X-API-Key': key } : {}), ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    await r.arrayBuffer();
    const ms = performance.now() - t0;
    (samples.get(kind) ?? samples.set(kind, []).get(kind)!).push(ms);
    statuses.set(`${kind} ${r.status}`, (statuses.get(`${kind} ${r.status}`) ?? 0) + 1);
    return r.status === 429 ? Number(r.headers.get('retry-after') ?? 1) : 0;
  } catch {
    unanswered++;
    return 0;
  }
}

const SEARCHES = [
  'vitamin d fracture prevention',
  'metformin',
  'magnesium sleep',
  'creatine muscle strength older adults',
  'omega 3 heart',
  'zinc colds',
  'statin muscle pain',
  'melatonin jet lag',
];
const PAIRS = [
  ['warfarin', 'aspirin'],
  ['sertraline', 'tramadol'],
  ['metformin', 'alcohol'],
  ['lisinopril', 'potassium'],
  ['st johns wort', 'oral contraceptives', 'ibuprofen'],
];
const QUESTIONS = [
  'Is it safe to take magnesium with metformin?',
  'What does creatine do?',
  'Can I take ibuprofen with warfarin?',
  'What is the evidence for vitamin D?',
];
const pick = <T>(xs: readonly T[]) => xs[Math.floor(Math.random() * xs.length)]!;
const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

// One of each first (the tokenizer and statement caches load on first use), so the figures are of a warm server.
await call('search', keys[0]!, 'POST', '/v1/search', { query: 'warm up', limit: 10 });
await call('interactions', keys[0]!, 'POST', '/v1/tools/interactions/check', { substances: PAIRS[0] });
await call('chat', keys[0]!, 'POST', '/v1/chat/completions', { messages: [{ role: 'user', content: QUESTIONS[0] }] });
samples.clear();
statuses.clear();
const rssBefore = rssMb();
const end = Date.now() + SECONDS * 1000;
async function client(key: string): Promise<void> {
  while (Date.now() < end) {
    const r = Math.random();
    if (r < 0.45) await call('search', key, 'POST', '/v1/search', { query: pick(SEARCHES), limit: 10 });
    else if (r < 0.7)
      await call('interactions', key, 'POST', '/v1/tools/interactions/check', { substances: pick(PAIRS) });
    else if (r < 0.85)
      await call('chat', key, 'POST', '/v1/chat/completions', {
        messages: [{ role: 'user', content: pick(QUESTIONS) }],
      });
    else await call('health', null, 'GET', '/v1/health');
    await sleep(THINK_MS * (0.5 + Math.random()));
  }
}
// The abuser: chat at the input bounds (the longest question of drug words, earlier turns up to the total), 4 at a time.
const longQuestion = 'Is metformin safe with ibuprofen and warfarin and sertraline? '
  .repeat(100)
  .slice(0, MAX_QUESTION_CHARS);
const history = Array.from({ length: 5 }, (_, i) => ({
  role: i % 2 ? 'assistant' : 'user',
  content: 'metformin ibuprofen warfarin dose '
    .repeat(200)
    .slice(0, (MAX_CONVERSATION_CHARS - MAX_QUESTION_CHARS) / 5 - 1),
}));
// Each of its loops sends the next chat as soon as the last is answered; a 429 (more chats in flight than its key may
// have) is retried after its Retry-After, so the abuser keeps as many chats in flight as the server admits.
async function abuser(key: string): Promise<void> {
  while (Date.now() < end) {
    const wait = await call('abuse', key, 'POST', '/v1/chat/completions', {
      messages: [...history, { role: 'user', content: longQuestion }],
    });
    if (wait) await sleep(wait * 1000);
  }
}
async function prober(): Promise<void> {
  while (Date.now() < end) {
    await call('probe', null, 'GET', '/v1/health');
    await sleep(100);
  }
}
await Promise.all([
  ...keys.slice(0, CLIENTS).map(client),
  ...Array.from({ length: ABUSERS }, () => abuser(keys[CLIENTS]!)),
  prober(),
]);
await sleep(2000); // let the server settle before reading its memory
const rssAfter = rssMb();
child.kill('SIGTERM');

const row = (label: string, xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `| ${label} | ${s.length} | ${percentile(s, 50).toFixed(0)} | ${percentile(s, 95).toFixed(0)} | ${percentile(s, 99).toFixed(0)} |`;
};
const mixed = (['search', 'interactions', 'chat', 'health'] as const).flatMap((k) => samples.get(k) ?? []);
console.log(
  `load: ${CLIENTS} clients (think ${THINK_MS} ms ±50 %) + 1 abusive client (${ABUSERS} chats at the input bounds at a time) + a health probe every 100 ms, ${SECONDS} s, ${new Date().toISOString()}`,
);
console.log('| requests | n | p50 ms | p95 ms | p99 ms |');
console.log('|---|---|---|---|---|');
console.log(row(`mixed (all ${CLIENTS} clients)`, mixed));
for (const k of ['search', 'interactions', 'chat', 'health', 'abuse', 'probe'] as const)
  console.log(row(k === 'probe' ? '/v1/health probe under abuse' : k, samples.get(k) ?? []));
console.log(
  `throughput (mixed): ${(mixed.length / SECONDS).toFixed(1)} req/s; unanswered within ${TIMEOUT_MS / 1000} s: ${unanswered}`,
);
console.log(
  `statuses: ${[...statuses]
    .sort()
    .map(([k, n]) => `${k}: ${n}`)
    .join(', ')}`,
);
console.log(
  `server RSS: ${rssBefore.toFixed(0)} MB before, ${rssAfter.toFixed(0)} MB after (${(((rssAfter - rssBefore) / rssBefore) * 100).toFixed(0)} %)`,
);
