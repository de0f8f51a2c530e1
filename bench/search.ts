/**
 * `npm run bench:search`: POST /v1/search at 10k and 100k documents — p50/p95 latency and queries per second over
 * HTTP and in-process, index build throughput and peak memory — with @orama/orama on the same documents and queries
 * (full-text, and vector search with the same vectors), printed side by side with ratios.
 *
 * Documents are real abstracts (SciFact, CORD-19, PubMedQA); the 100k set recombines them (title of one, abstract
 * halves of two others). Vectors are deterministic random unit vectors of 384 dimensions (the default model's size):
 * no pretrained model can be downloaded on build machines, and search speed does not depend on vector values.
 * Query embedding time is therefore not included; docs/search.md gives the model's measured per-query cost.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { create, insertMultiple, search } from '@orama/orama';
import Database from 'better-sqlite3';
import * as sqliteVec from 'sqlite-vec';
import { CONTENT_DDL, CONTENT_SCHEMA_VERSION } from '../src/main/content/schema.ts';
import { openContentDb, openUserDb } from '../src/main/db/connection.ts';
import { createApp } from '../src/main/server/app.ts';
import type { DenseRetriever } from '../src/main/search/dense.ts';
import { SearchService } from '../src/main/search/search-service.ts';
import { MemoryVectors } from '../src/main/search/memory-vectors.ts';
import { VectorIndex } from '../src/main/search/vector-index.ts';
import { SCOPES } from '../src/shared/enums.ts';
import { insertDocuments, readCord19, readPubMedQa, readSciFact, type DocumentInput } from '../resources/build/steps/documents.ts';
import { sharedDataDir } from '../resources/build/paths.ts';
import { ms, percentile, ratio } from './stats.ts';

const DIM = 384;
const SIZES = (process.env.BENCH_SIZES ?? '10000,100000').split(',').map(Number);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 200);
const dataDir = sharedDataDir();
const base = [...readSciFact(dataDir), ...readCord19(dataDir), ...readPubMedQa(dataDir).documents].filter((d) => d.abstract);
const claims = readFileSync(join(dataDir, 'scifact/queries.test.jsonl'), 'utf8').split('\n').filter(Boolean).slice(0, QUERIES).map((l) => (JSON.parse(l) as { text: string }).text);

function rng(seed: number) {
  let s = seed >>> 0;
  return () => { s = (s * 1664525 + 1013904223) >>> 0; return s / 2 ** 32; };
}
function unitVector(seed: number): Float32Array {
  const r = rng(seed);
  const v = new Float32Array(DIM);
  let n = 0;
  for (let i = 0; i < DIM; i++) { v[i] = r() * 2 - 1; n += v[i]! * v[i]!; }
  const inv = 1 / Math.sqrt(n);
  for (let i = 0; i < DIM; i++) v[i]! *= inv;
  return v;
}
function corpus(n: number): DocumentInput[] {
  if (n <= base.length) return base.slice(0, n);
  const out = [...base];
  for (let i = base.length; i < n; i++) {
    const [a, b, c] = [base[i % base.length]!, base[(i * 7 + 3) % base.length]!, base[(i * 13 + 5) % base.length]!];
    const half = (s: string | null, second: boolean) => { const t = s ?? ''; return second ? t.slice(t.length / 2) : t.slice(0, t.length / 2); };
    out.push({ ...a, id: `synthetic-${i}`, title: a.title, abstract: `${half(b.abstract, false)} ${half(c.abstract, true)}` });
  }
  return out;
}

let peakRss = 0;
const sample = () => { peakRss = Math.max(peakRss, process.memoryUsage().rss); };
const timer = setInterval(sample, 50);

async function time<T>(items: T[], fn: (x: T) => unknown) {
  for (const x of items.slice(0, 10)) await fn(x);
  const samples: number[] = [];
  const t0 = performance.now();
  for (const x of items) { const s = performance.now(); await fn(x); samples.push(performance.now() - s); }
  const wall = performance.now() - t0;
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), qps: items.length / (wall / 1000) };
}

console.log(`machine: ${process.arch}, ${(await import('node:os')).cpus().length} cores, Node ${process.version}; ${claims.length} SciFact claims as queries; vectors ${DIM}-d`);
for (const n of SIZES) {
  const docs = corpus(n);
  const dir = mkdtempSync(join(tmpdir(), `materia-bench-${n}-`));
  const path = join(dir, 'content.sqlite');
  const db = new Database(path);
  sqliteVec.load(db);
  db.exec(CONTENT_DDL);
  db.prepare("INSERT INTO meta (key, value) VALUES ('schema_version', ?), ('content_version', 'bench')").run(String(CONTENT_SCHEMA_VERSION));
  let t0 = performance.now();
  db.transaction(() => insertDocuments(db, docs))();
  const ftsBuild = performance.now() - t0;
  db.close();
  const content = openContentDb(path);
  const index = new VectorIndex(join(dir, 'vectors.sqlite'), 'bench-random', DIM);
  t0 = performance.now();
  for (let i = 0; i < docs.length; i += 1000) index.put('documents', docs.slice(i, i + 1000).map((d, j) => ({ key: d.id, hash: 'x', vector: unitVector(i + j + 1) })));
  const vecBuild = performance.now() - t0;
  sample();
  const rssOurs = process.memoryUsage().rss;

  const queryVec = new Map(claims.map((q, i) => [q, unitVector(1_000_000 + i)]));
  const memory = new MemoryVectors(DIM);
  for (const r of index.all()) memory.set(r.kind, r.key, r.vector);
  const dense: DenseRetriever = {
    modelId: 'bench-random',
    embed: (q) => Promise.resolve(queryVec.get(q.replace(/ \(.*\)$/, '')) ?? unitVector(7)),
    knn: (kind, q, k) => memory.knn(kind, q, k),
    similarity: (kind, key, q) => memory.similarity(kind, key, q),
  };
  const lexical = new SearchService(content, false, () => null);
  const hybrid = new SearchService(content, false, () => dense);
  const req = (query: string) => ({ query, types: ['documents' as const], limit: 10, offset: 0, sort: 'relevance' as const, include_research: false, include_abstracts: true });
  const oursLex = await time(claims, (q) => lexical.search(req(q)));
  const oursHybrid = await time(claims, (q) => hybrid.search(req(q)));
  const oursKnn = await time(claims, (q) => memory.knn('documents', queryVec.get(q)!, 10));

  const userDb = openUserDb(join(dir, 'user.sqlite'));
  const { app, context } = createApp({ contentDb: content, userDb, version: 'bench' });
  let calls = 0;
  let key = context.keys.create('bench', SCOPES).key;
  const server = app.listen(0, '127.0.0.1');
  await new Promise((ok) => server.once('listening', ok));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/search`;
  const http = await time(claims, async (q) => {
    if (++calls % 150 === 0) key = context.keys.create('bench', SCOPES).key;
    const r = await fetch(url, { method: 'POST', headers: { 'X-API-Key': key, 'Content-Type': 'application/json' }, body: JSON.stringify({ query: q, types: ['documents'], limit: 10 }) });
    if (r.status !== 200) throw new Error(`HTTP ${r.status}`);
    await r.json();
  });
  server.close();

  const orama = create({ schema: { id: 'string', title: 'string', abstract: 'string', embedding: `vector[${DIM}]` } as const });
  t0 = performance.now();
  await insertMultiple(orama, docs.map((d, i) => ({ id: d.id, title: d.title ?? '', abstract: d.abstract ?? '', embedding: Array.from(unitVector(i + 1)) })), 1000);
  const oramaBuild = performance.now() - t0;
  sample();
  const rssWithOrama = process.memoryUsage().rss;
  const oramaText = await time(claims, (q) => search(orama, { term: q, properties: ['title', 'abstract'], limit: 10 }));
  const oramaVec = await time(claims, (q) => search(orama, { mode: 'vector', vector: { value: Array.from(queryVec.get(q)!), property: 'embedding' }, similarity: 0, limit: 10 }));

  console.log(`\n### ${n.toLocaleString('en')} documents\n`);
  console.log('| workload | ours p50 | ours p95 | ours q/s | Orama p50 | Orama p95 | Orama q/s | p50 ratio ours/Orama |');
  console.log('|---|---|---|---|---|---|---|---|');
  console.log(`| full-text (in-process SearchService vs Orama term search) | ${ms(oursLex.p50)} | ${ms(oursLex.p95)} | ${oursLex.qps.toFixed(0)} | ${ms(oramaText.p50)} | ${ms(oramaText.p95)} | ${oramaText.qps.toFixed(0)} | ${ratio(oursLex.p50, oramaText.p50)} |`);
  console.log(`| vector top-10 (sqlite-vec KNN vs Orama vector) | ${ms(oursKnn.p50)} | ${ms(oursKnn.p95)} | ${oursKnn.qps.toFixed(0)} | ${ms(oramaVec.p50)} | ${ms(oramaVec.p95)} | ${oramaVec.qps.toFixed(0)} | ${ratio(oursKnn.p50, oramaVec.p50)} |`);
  console.log(`| hybrid SearchService (BM25 + KNN, fused; no query embedding) | ${ms(oursHybrid.p50)} | ${ms(oursHybrid.p95)} | ${oursHybrid.qps.toFixed(0)} | — | — | — | — |`);
  console.log(`| POST /v1/search over HTTP (lexical) | ${ms(http.p50)} | ${ms(http.p95)} | ${http.qps.toFixed(0)} | — | — | — | HTTP/in-process ${ratio(http.p50, oursLex.p50)} |`);
  console.log('');
  console.log(`index build: FTS5 ${(n / (ftsBuild / 1000)).toFixed(0)} docs/s (${(ftsBuild / 1000).toFixed(1)} s), sqlite-vec ${(n / (vecBuild / 1000)).toFixed(0)} vectors/s; Orama ${(n / (oramaBuild / 1000)).toFixed(0)} docs+vectors/s (${(oramaBuild / 1000).toFixed(1)} s)`);
  console.log(`memory (RSS): ${(rssOurs / 1e6).toFixed(0)} MB after our indexes; ${(rssWithOrama / 1e6).toFixed(0)} MB with Orama's in-memory index added; peak ${(peakRss / 1e6).toFixed(0)} MB`);
  userDb.close();
  index.close();
  content.close();
}
clearInterval(timer);
