/**
 * `npm run bench:search`: POST /v1/search over HTTP with the real embedding model (query embedding included), at ~10k
 * records (the bundled content database with its bundled vectors) and at 100k documents (a scratch content database),
 * beside @orama/orama on the same documents, vectors and queries: p50/p95, index build time and peak memory. Ends with
 * one machine-readable RESULT line.
 *
 * The 100k set recombines real abstracts (title of one, halves of the abstracts of two others); its vectors are the
 * same recombination of the source records' real vectors (0.4 · title record + 0.3 + 0.3, normalised), since embedding
 * 100k abstracts here would take hours. Queries are SciFact test claims, embedded by the model for every request
 * (each claim is sent once per measured pass, so the query-embedding cache never answers). Orama's full-text search
 * takes seconds per query at 100k, so it runs on the first BENCH_ORAMA_QUERIES claims, the same claims for both.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { create, insertMultiple, search } from '@orama/orama';
import Database from 'better-sqlite3';
import { CONTENT_DDL, CONTENT_SCHEMA_VERSION } from '../src/main/content/schema.ts';
import { openContentDb, openUserDb, type Db } from '../src/main/db/connection.ts';
import { createApp } from '../src/main/server/app.ts';
import { BUNDLED_VECTORS_DDL, readBundledVectors } from '../src/main/search/bundled-vectors.ts';
import { DEFAULT_MODEL, missingModelFiles, modelFingerprint, type ModelConfig } from '../src/main/search/model-files.ts';
import { Semantic } from '../src/main/search/semantic.ts';
import { SearchService } from '../src/main/search/search-service.ts';
import { SCOPES } from '../src/shared/enums.ts';
import { insertDocuments, readCord19, readPubMedQa, readSciFact, type DocumentInput } from '../resources/build/steps/documents.ts';
import { DEFAULT_CONTENT_DB, sharedDataDir } from '../resources/build/paths.ts';
import { percentile } from './stats.ts';

const QUERIES = Number(process.env.BENCH_QUERIES ?? 300);
const ORAMA_QUERIES = Number(process.env.BENCH_ORAMA_QUERIES ?? 20);
const model: ModelConfig = { modelId: process.env.MATERIA_MODEL ?? DEFAULT_MODEL, modelDir: resolve(process.env.MATERIA_MODEL_DIR ?? join(import.meta.dirname, '../resources/models')) };
if (missingModelFiles(model).length) throw new Error('bench:search needs the embedding model: npm run model:fetch');
const dataDir = sharedDataDir();
const claims = readFileSync(join(dataDir, 'scifact/queries.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => (JSON.parse(l) as { text: string }).text).slice(0, QUERIES);

let peakRss = 0;
const sample = () => { peakRss = Math.max(peakRss, process.memoryUsage().rss); };
const timer = setInterval(sample, 20);

interface Stat { p50: number; p95: number }
const WARM = ['warm-up: magnesium and sleep', 'warm-up: statins and muscle pain', 'warm-up: vitamin d in pregnancy'];
async function time<T>(items: T[], fn: (x: T) => unknown, warm: T[] = []): Promise<Stat> {
  for (const x of warm) await fn(x);
  const samples: number[] = [];
  for (const x of items) { const s = performance.now(); await fn(x); samples.push(performance.now() - s); }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
}
const f = (x: number) => `${x.toFixed(1)} ms`;

/** An app over a content database, with the real model, listening on loopback; resolves when its index is ready. */
async function serve(content: Db, label: string) {
  const userDb = openUserDb(join(mkdtempSync(join(tmpdir(), `materia-bench-${label}-`)), 'user.sqlite'));
  const semantic = new Semantic(model, mkdtempSync(join(tmpdir(), `materia-bench-vec-${label}-`)), content, false);
  const t0 = performance.now();
  await semantic.start();
  const ready = performance.now() - t0;
  if (semantic.status().state !== 'ready') throw new Error(`index not ready: ${semantic.status().reason}`);
  const { app, context } = createApp({ contentDb: content, userDb, version: 'bench', semantic });
  const key = context.keys.create('bench', SCOPES).key;
  const server = app.listen(0, '127.0.0.1');
  await new Promise((ok) => server.once('listening', ok));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/search`;
  const post = async (query: string, types: string[]) => {
    const r = await fetch(url, { method: 'POST', headers: { 'X-API-Key': key, 'Content-Type': 'application/json' }, body: JSON.stringify({ query, types, limit: 10 }) });
    if (r.status !== 200) throw new Error(`HTTP ${r.status}: ${await r.text()}`);
    const body = await r.json() as { data: { search_mode: string } };
    if (body.data.search_mode !== 'hybrid') throw new Error('not hybrid');
  };
  return { post, ready, semantic, close: async () => { server.close(); await semantic.close(); userDb.close(); } };
}

console.log(`machine: ${process.arch}, ${(await import('node:os')).cpus().length} cores, Node ${process.version}; model ${model.modelId}; ${claims.length} SciFact claims as queries`);

// ~10k: the bundled content database, as users get it.
const bundled = openContentDb(resolve(process.env.MATERIA_CONTENT_DB ?? DEFAULT_CONTENT_DB));
const records10k = (['documents', 'research_items', 'compounds'] as const).map((t) => bundled.prepare<[], { n: number }>(`SELECT count(*) n FROM ${t}`).get()!.n);
const s10 = await serve(bundled, '10k');
const hybrid10 = await time(claims, (q) => s10.post(q, ['compounds', 'documents', 'research']), WARM);
console.log(`\n### bundled content: ${records10k[0]} documents, ${records10k[1]} research items, ${records10k[2]} compounds\n`);
console.log(`index ready at start in ${f(s10.ready)} (${s10.semantic.bundledCount} bundled vectors, nothing embedded)`);
console.log(`POST /v1/search hybrid, all types, over HTTP: p50 ${f(hybrid10.p50)}, p95 ${f(hybrid10.p95)}`);
await s10.close();

// 100k: a scratch content database with recombined documents and vectors.
const base = [...readSciFact(dataDir), ...readCord19(dataDir), ...readPubMedQa(dataDir).documents].filter((d) => d.abstract);
const baseVectors = new Map<string, Float32Array>();
for (const r of readBundledVectors(bundled)) if (r.kind === 'documents') baseVectors.set(r.key, r.vector);
const usable = base.filter((d) => baseVectors.has(d.id));
function corpus(n: number): { docs: DocumentInput[]; vectors: Float32Array[] } {
  const docs: DocumentInput[] = [...usable];
  const vectors = usable.map((d) => baseVectors.get(d.id)!);
  const half = (s: string | null, second: boolean) => { const t = s ?? ''; return second ? t.slice(t.length / 2) : t.slice(0, t.length / 2); };
  for (let i = usable.length; i < n; i++) {
    const [a, b, c] = [usable[i % usable.length]!, usable[(i * 7 + 3) % usable.length]!, usable[(i * 13 + 5) % usable.length]!];
    docs.push({ ...a, id: `synthetic-${i}`, title: a.title, abstract: `${half(b.abstract, false)} ${half(c.abstract, true)}` });
    const [va, vb, vc] = [baseVectors.get(a.id)!, baseVectors.get(b.id)!, baseVectors.get(c.id)!];
    const v = new Float32Array(va.length);
    let norm = 0;
    for (let d = 0; d < v.length; d++) { v[d] = 0.4 * va[d]! + 0.3 * vb[d]! + 0.3 * vc[d]!; norm += v[d]! * v[d]!; }
    for (let d = 0; d < v.length; d++) v[d]! /= Math.sqrt(norm);
    vectors.push(v);
  }
  return { docs, vectors };
}
const N = 100_000;
const { docs, vectors } = corpus(N);
const path = join(mkdtempSync(join(tmpdir(), 'materia-bench-100k-')), 'content.sqlite');
const scratch = new Database(path);
scratch.exec(CONTENT_DDL);
scratch.exec(BUNDLED_VECTORS_DDL);
scratch.prepare("INSERT INTO meta (key, value) VALUES ('schema_version', ?), ('content_version', 'bench'), ('embedding_fingerprint', ?)").run(String(CONTENT_SCHEMA_VERSION), modelFingerprint(model));
let t0 = performance.now();
scratch.transaction(() => insertDocuments(scratch, docs))();
scratch.exec("INSERT INTO documents_fts(documents_fts) VALUES ('optimize')");
const ftsBuild = performance.now() - t0;
const putVector = scratch.prepare('INSERT INTO bundled_vectors (kind, key, vector) VALUES (?, ?, ?)');
scratch.transaction(() => docs.forEach((d, i) => putVector.run('documents', d.id, Buffer.from(vectors[i]!.buffer))))();
scratch.close();
bundled.close();
peakRss = 0;
const content = openContentDb(path);
const s100 = await serve(content, '100k');
const hybrid100 = await time(claims, (q) => s100.post(q, ['documents']), WARM.map((w) => `${w} at scale`));
const lexical = new SearchService(content, false, () => null);
const req = (query: string) => ({ query, types: ['documents' as const], limit: 10, offset: 0, sort: 'relevance' as const, include_research: false, include_abstracts: true });
const lexical100 = await time(claims, (q) => lexical.search(req(q)), WARM);
const retriever = s100.semantic.retriever()!;
const queryVectors = new Map<string, Float32Array>();
for (const q of claims) queryVectors.set(q, await retriever.embed(q));
const knn100 = await time(claims, (q) => retriever.knn('documents', queryVectors.get(q)!, 10), claims.slice(0, 3));
sample();
const rssOurs = peakRss;
await s100.close();

const orama = create({ schema: { id: 'string', title: 'string', abstract: 'string', embedding: `vector[${vectors[0]!.length}]` } as const });
t0 = performance.now();
await insertMultiple(orama, docs.map((d, i) => ({ id: d.id, title: d.title ?? '', abstract: d.abstract ?? '', embedding: Array.from(vectors[i]!) })), 1000);
const oramaBuild = performance.now() - t0;
const some = claims.slice(0, ORAMA_QUERIES);
const oramaText = await time(some, (q) => search(orama, { term: q, properties: ['title', 'abstract'], limit: 10 }), some.slice(0, 1));
const lexicalSame = await time(some, (q) => lexical.search(req(q)), some.slice(0, 1));
const oramaVector = await time(claims, (q) => search(orama, { mode: 'vector', vector: { value: Array.from(queryVectors.get(q)!), property: 'embedding' }, similarity: 0, limit: 10 }), claims.slice(0, 3));
clearInterval(timer);

console.log(`\n### ${N.toLocaleString('en')} documents\n`);
console.log('| workload | ours p50 | ours p95 | Orama p50 | Orama p95 | p50 ratio ours/Orama |');
console.log('|---|---|---|---|---|---|');
console.log(`| POST /v1/search hybrid over HTTP (query embedding included) | ${f(hybrid100.p50)} | ${f(hybrid100.p95)} | — | — | — |`);
console.log(`| full-text, in-process SearchService (${claims.length} claims) | ${f(lexical100.p50)} | ${f(lexical100.p95)} | — | — | — |`);
console.log(`| full-text, the same ${some.length} claims for both | ${f(lexicalSame.p50)} | ${f(lexicalSame.p95)} | ${f(oramaText.p50)} | ${f(oramaText.p95)} | ${(lexicalSame.p50 / oramaText.p50).toFixed(3)}× |`);
console.log(`| vector top-10 (same vectors) | ${f(knn100.p50)} | ${f(knn100.p95)} | ${f(oramaVector.p50)} | ${f(oramaVector.p95)} | ${(knn100.p50 / oramaVector.p50).toFixed(2)}× |`);
console.log(`\nbuild: FTS5 index ${(ftsBuild / 1000).toFixed(1)} s; vector index ready at start (loading 100k vectors into memory) ${(s100.ready / 1000).toFixed(1)} s; Orama ${(oramaBuild / 1000).toFixed(1)} s`);
console.log(`memory: peak RSS ${(rssOurs / 1e6).toFixed(0)} MB while serving 100k (before Orama's index was built in the same process)`);
console.log(`\nRESULT hybrid_http_p50_10k_ms=${hybrid10.p50.toFixed(1)} hybrid_http_p50_100k_ms=${hybrid100.p50.toFixed(1)} lexical_p50_100k_ms=${lexicalSame.p50.toFixed(1)} orama_fulltext_p50_100k_ms=${oramaText.p50.toFixed(1)} knn_p50_100k_ms=${knn100.p50.toFixed(1)} orama_vector_p50_100k_ms=${oramaVector.p50.toFixed(1)} rss_peak_100k_mb=${(rssOurs / 1e6).toFixed(0)}`);
content.close();
