/**
 * The HTTP edge: median latency of POST /v1/compounds/search through the whole middleware chain (host check, auth,
 * rate limit, validation, envelope) against the same search called in-process, on the same queries in the same run.
 * The ratio is the cost of the HTTP layer on loopback.
 */
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openContentDb, openUserDb } from '../src/main/db/connection.ts';
import { createApp } from '../src/main/server/app.ts';
import { SCOPES } from '../src/shared/enums.ts';
import { ms, ratio, timeEach } from './stats.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const contentDb = openContentDb(
  process.env.MATERIA_CONTENT_DB ?? join(import.meta.dirname, '../resources/db/content.sqlite'),
);
const userDb = openUserDb(join(mkdtempSync(join(tmpdir(), 'materia-bench-')), 'user.sqlite'));
const { app, context } = createApp({ contentDb, userDb, version: 'bench' });
// Benchmarks would otherwise run into the per-key limits: a fresh key for every 50 calls.
let calls = 0;
let key = context.keys.create('bench', SCOPES).key;
const server = app.listen(0, '127.0.0.1');
await new Promise((ok) => server.once('listening', ok));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const queries = [
  'metformin',
  'magnesium',
  'sleep',
  'vitamin d',
  'bpc 157',
  'creatine',
  'anxiety',
  'testosterone',
  'probiotic',
  'muscle growth',
];
const http = await timeEach(queries, ROUNDS * 5, async (q) => {
  if (++calls % 50 === 0) key = context.keys.create('bench', SCOPES).key;
  const r = await fetch(`${base}/v1/compounds/search`, {
    method: 'POST',
    headers: { 'X-API-Key': key, 'Content-Type': 'application/json' },
    body: JSON.stringify({ query: q, limit: 20 }),
  });
  if (r.status !== 200) throw new Error(`HTTP ${r.status}`);
  await r.json();
});
const inProcess = await timeEach(queries, ROUNDS * 5, (q) => context.compounds.search(q, {}, { limit: 20, offset: 0 }));
console.log('| workload | over HTTP median | p95 | in-process median | p95 | ratio HTTP/in-process |');
console.log('|---|---|---|---|---|---|');
console.log(
  `| POST /v1/compounds/search, ${queries.length} queries | ${ms(http.median)} | ${ms(http.p95)} | ${ms(inProcess.median)} | ${ms(inProcess.p95)} | ${ratio(http.median, inProcess.median)} |`,
);
server.close();
userDb.close();
contentDb.close();
