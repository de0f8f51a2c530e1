/**
 * `npm run bench:search`: POST /v1/search over HTTP to the server process as `npm start` runs it (its own memory, measured
 * as peak RSS), with the real embedding model (query embedding included), at ~10k
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
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { create, insertMultiple, search } from '@orama/orama';
import Database from 'better-sqlite3';
import { CONTENT_DDL, CONTENT_SCHEMA_VERSION } from '../src/main/db/content-schema.ts';
import { openContentDb } from '../src/main/db/connection.ts';
import { BUNDLED_VECTORS_DDL, readBundledVectors } from '../src/main/search/bundled-vectors.ts';
import { startWorkerEmbedder } from '../src/main/search/embedder.ts';
import { MemoryVectors } from '../src/main/search/memory-vectors.ts';
import {
  DEFAULT_MODEL,
  missingModelFiles,
  modelFingerprint,
  type ModelConfig,
} from '../src/main/search/model-files.ts';
import { writePostings } from '../src/main/search/postings-store.ts';
import { SearchService } from '../src/main/search/search-service.ts';
import {
  insertDocuments,
  readCord19,
  readPubMedQa,
  readSciFact,
  type DocumentInput,
} from '../src/build/steps/documents.ts';
import { DEFAULT_CONTENT_DB, sharedDataDir } from '../src/build/paths.ts';
import { percentile } from './stats.ts';
import { appIsBuilt, buildApp } from '../src/build/build-app-if-changed.ts';

const QUERIES = Number(process.env.BENCH_QUERIES ?? 300);
const ORAMA_QUERIES = Number(process.env.BENCH_ORAMA_QUERIES ?? 20);
const model: ModelConfig = {
  modelId: process.env.MATERIA_MODEL ?? DEFAULT_MODEL,
  modelDir: resolve(process.env.MATERIA_MODEL_DIR ?? join(import.meta.dirname, '../resources/models')),
};
if (missingModelFiles(model).length) throw new Error('bench:search needs the embedding model: npm run model:fetch');
const dataDir = sharedDataDir();
const claims = readFileSync(join(dataDir, 'scifact/queries.jsonl'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => (JSON.parse(l) as { text: string }).text)
  .slice(0, QUERIES);

interface Stat {
  p50: number;
  p95: number;
}
const WARM = ['warm-up: magnesium and sleep', 'warm-up: statins and muscle pain', 'warm-up: vitamin d in pregnancy'];
async function time<T>(items: T[], fn: (x: T) => unknown, warm: T[] = []): Promise<Stat> {
  for (const x of warm) await fn(x);
  const samples: number[] = [];
  for (const x of items) {
    const s = performance.now();
    await fn(x);
    samples.push(performance.now() - s);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
}
const f = (x: number) => `${x.toFixed(1)} ms`;
const KEY = 'mk_bench000_' + 'b'.repeat(32);
// The server as `npm start` runs it: its bundle, brought up to date first.
const ROOT = resolve(import.meta.dirname, '..');
if (!appIsBuilt(ROOT) && buildApp(ROOT) !== 0) throw new Error('could not build the server bundle (npm run build)');
// Exactly `npm start`'s command line (package.json), flags included.
const START = (
  JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }
).scripts.start.split(/\s+/);
if (START[0] !== 'node') throw new Error(`npm start is not a node command: ${START.join(' ')}`);
const SERVER_ARGS = START.slice(1).map((a) => (a.endsWith('.js') ? join(ROOT, a) : a));

/**
 * The real server (`npm start`'s out/main/server.js) in its own process over a content database, with the real
 * model: its memory is its own, and every query is embedded by its worker. Resolves once /v1/health says the index is
 * ready; `stop` reports the process's peak resident memory (VmHWM) before ending it.
 */
async function serve(contentDb: string, label: string) {
  const t0 = performance.now();
  const child = spawn(process.execPath, SERVER_ARGS, {
    env: {
      ...process.env,
      MATERIA_CONTENT_DB: contentDb,
      MATERIA_DATA_DIR: mkdtempSync(join(tmpdir(), `materia-bench-${label}-`)),
      MATERIA_PORT: '0',
      MATERIA_API_KEY: KEY,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  let stopping = false;
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString();
  });
  child.once('exit', (code, signal) => {
    if (!stopping) console.error(`the ${label} server exited (${code ?? signal}):\n${out}`);
  });
  const base = await new Promise<string>((ok, fail) => {
    child.stdout.on('data', () => {
      const m = /listening on (http:\/\/\S+)\/v1/.exec(out);
      if (m) ok(m[1]!);
    });
    child.once('exit', (code) => fail(new Error(`server exited (${code}): ${out}`)));
  });
  for (;;) {
    const h = (await (await fetch(`${base}/v1/health`)).json()) as {
      data: { search_mode: string; search_index: { state: string } | null };
    };
    if (h.data.search_index?.state === 'ready' && h.data.search_mode === 'hybrid') break;
    if (h.data.search_index?.state === 'error') throw new Error('embedding index failed');
    await new Promise((r) => setTimeout(r, 50));
  }
  const ready = performance.now() - t0;
  const post = async (query: string, types: string[]) => {
    const r = await fetch(`${base}/v1/search`, {
      method: 'POST',
      headers: { 'X-API-Key': KEY, 'Content-Type': 'application/json' },
      body: JSON.stringify({ query, types, limit: 10 }),
    });
    if (r.status !== 200) throw new Error(`HTTP ${r.status}: ${await r.text()}`);
    const body = (await r.json()) as { data: { search_mode: string } };
    if (body.data.search_mode !== 'hybrid') throw new Error('not hybrid');
  };
  const stop = async () => {
    const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
    const peakMb = Number(/VmHWM:\s+(\d+) kB/.exec(status)![1]) / 1024;
    const exited = new Promise((ok) => child.once('exit', ok));
    stopping = true;
    child.kill('SIGTERM');
    await exited;
    return { peakMb };
  };
  return { post, ready, stop };
}

console.log(
  `machine: ${process.arch}, ${(await import('node:os')).cpus().length} cores, Node ${process.version}; model ${model.modelId}; ${claims.length} SciFact claims as queries`,
);

// ~10k: the bundled content database, as users get it.
const bundledPath = resolve(process.env.MATERIA_CONTENT_DB ?? DEFAULT_CONTENT_DB);
const bundled = openContentDb(bundledPath);
const records10k = (['documents', 'research_items', 'compounds'] as const).map(
  (t) => bundled.prepare<[], { n: number }>(`SELECT count(*) n FROM ${t}`).get()!.n,
);
const vectors10k = bundled.prepare<[], { n: number }>('SELECT count(*) n FROM bundled_vectors').get()!.n;
const s10 = await serve(bundledPath, '10k');
const hybrid10 = await time(claims, (q) => s10.post(q, ['compounds', 'documents', 'research']), WARM);
const mem10 = await s10.stop();
console.log(
  `\n### bundled content: ${records10k[0]} documents, ${records10k[1]} research items, ${records10k[2]} compounds\n`,
);
console.log(
  `server process started and index ready in ${f(s10.ready)} (${vectors10k} bundled vectors, nothing embedded); peak RSS ${mem10.peakMb.toFixed(0)} MB`,
);
console.log(`POST /v1/search hybrid, all types, over HTTP: p50 ${f(hybrid10.p50)}, p95 ${f(hybrid10.p95)}`);

// 100k: a scratch content database with recombined documents and vectors.
const base = [...readSciFact(dataDir), ...readCord19(dataDir), ...readPubMedQa(dataDir).documents].filter(
  (d) => d.abstract,
);
const baseVectors = new Map<string, Float32Array>();
for (const r of readBundledVectors(bundled)) if (r.kind === 'documents') baseVectors.set(r.key, r.vector);
const usable = base.filter((d) => baseVectors.has(d.id));
function corpus(n: number): { docs: DocumentInput[]; vectors: Float32Array[] } {
  const docs: DocumentInput[] = [...usable];
  const vectors = usable.map((d) => baseVectors.get(d.id)!);
  const half = (s: string | null, second: boolean) => {
    const t = s ?? '';
    return second ? t.slice(t.length / 2) : t.slice(0, t.length / 2);
  };
  for (let i = usable.length; i < n; i++) {
    const [a, b, c] = [
      usable[i % usable.length]!,
      usable[(i * 7 + 3) % usable.length]!,
      usable[(i * 13 + 5) % usable.length]!,
    ];
    docs.push({
      ...a,
      id: `synthetic-${i}`,
      title: a.title,
      abstract: `${half(b.abstract, false)} ${half(c.abstract, true)}`,
    });
    const [va, vb, vc] = [baseVectors.get(a.id)!, baseVectors.get(b.id)!, baseVectors.get(c.id)!];
    const v = new Float32Array(va.length);
    let norm = 0;
    for (let d = 0; d < v.length; d++) {
      v[d] = 0.4 * va[d]! + 0.3 * vb[d]! + 0.3 * vc[d]!;
      norm += v[d]! * v[d]!;
    }
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
scratch
  .prepare(
    "INSERT INTO meta (key, value) VALUES ('schema_version', ?), ('content_version', 'bench'), ('embedding_fingerprint', ?)",
  )
  .run(String(CONTENT_SCHEMA_VERSION), modelFingerprint(model));
let t0 = performance.now();
scratch.transaction(() => insertDocuments(scratch, docs))();
scratch.exec("INSERT INTO documents_fts(documents_fts) VALUES ('optimize')");
const ftsBuild = performance.now() - t0;
t0 = performance.now();
scratch.transaction(() => {
  writePostings(scratch, 'documents_fts');
  writePostings(scratch, 'research_fts');
})();
const postingsBuild = performance.now() - t0;
const putVector = scratch.prepare('INSERT INTO bundled_vectors (kind, key, vector) VALUES (?, ?, ?)');
scratch.transaction(() => docs.forEach((d, i) => putVector.run('documents', d.id, Buffer.from(vectors[i]!.buffer))))();
scratch.close();
bundled.close();

const s100 = await serve(path, '100k');
const hybrid100 = await time(
  claims,
  (q) => s100.post(q, ['documents']),
  WARM.map((w) => `${w} at scale`),
);
const mem100 = await s100.stop();

// In this process, retrieval alone beside Orama: full-text through the same SearchService, vectors through the same
// in-memory store the server uses, queries embedded once by the same model.
const content = openContentDb(path);
const lexical = new SearchService(content, false, () => null);
const req = (query: string) => ({
  query,
  types: ['documents' as const],
  limit: 10,
  offset: 0,
  sort: 'relevance' as const,
  include_research: false,
  include_abstracts: true,
});
const lexical100 = await time(claims, (q) => lexical.search(req(q)), WARM);
const embedder = await startWorkerEmbedder(model);
const queryVectors = new Map<string, Float32Array>();
for (const q of claims) queryVectors.set(q, (await embedder.embed([q], 'query'))[0]!);
await embedder.close();
const memory = new MemoryVectors(vectors[0]!.length);
docs.forEach((d, i) => memory.set('documents', d.id, vectors[i]!));
const knn100 = await time(claims, (q) => memory.knn('documents', queryVectors.get(q)!, 10), claims.slice(0, 3));

const orama = create({
  schema: { id: 'string', title: 'string', abstract: 'string', embedding: `vector[${vectors[0]!.length}]` } as const,
});
t0 = performance.now();
await insertMultiple(
  orama,
  docs.map((d, i) => ({
    id: d.id,
    title: d.title ?? '',
    abstract: d.abstract ?? '',
    embedding: Array.from(vectors[i]!),
  })),
  1000,
);
const oramaBuild = performance.now() - t0;
const some = claims.slice(0, ORAMA_QUERIES);
const oramaText = await time(
  some,
  (q) => search(orama, { term: q, properties: ['title', 'abstract'], limit: 10 }),
  some.slice(0, 1),
);
const lexicalSame = await time(some, (q) => lexical.search(req(q)), some.slice(0, 1));
const oramaVector = await time(
  claims,
  (q) =>
    search(orama, {
      mode: 'vector',
      vector: { value: Array.from(queryVectors.get(q)!), property: 'embedding' },
      similarity: 0,
      limit: 10,
    }),
  claims.slice(0, 3),
);

console.log(`\n### ${N.toLocaleString('en')} documents\n`);
console.log('| workload | ours p50 | ours p95 | Orama p50 | Orama p95 | p50 ratio ours/Orama |');
console.log('|---|---|---|---|---|---|');
console.log(
  `| POST /v1/search hybrid over HTTP (server process, query embedding included) | ${f(hybrid100.p50)} | ${f(hybrid100.p95)} | — | — | — |`,
);
console.log(
  `| full-text, in-process SearchService (${claims.length} claims) | ${f(lexical100.p50)} | ${f(lexical100.p95)} | — | — | — |`,
);
console.log(
  `| full-text, the same ${some.length} claims for both | ${f(lexicalSame.p50)} | ${f(lexicalSame.p95)} | ${f(oramaText.p50)} | ${f(oramaText.p95)} | ${(lexicalSame.p50 / oramaText.p50).toPrecision(2)}× |`,
);
console.log(
  `| vector top-10 (same vectors) | ${f(knn100.p50)} | ${f(knn100.p95)} | ${f(oramaVector.p50)} | ${f(oramaVector.p95)} | ${(knn100.p50 / oramaVector.p50).toPrecision(2)}× |`,
);
console.log(
  `\nindex build at 100k (not counting embedding): FTS5 ${(ftsBuild / 1000).toFixed(1)} s + postings ${(postingsBuild / 1000).toFixed(1)} s = ${((ftsBuild + postingsBuild) / 1000).toFixed(1)} s; Orama ${(oramaBuild / 1000).toFixed(1)} s`,
);
console.log(
  `server at 100k: started and index ready in ${(s100.ready / 1000).toFixed(1)} s (100k vectors and the postings loaded); peak RSS of the server process ${mem100.peakMb.toFixed(0)} MB`,
);
console.log(
  `\nRESULT hybrid_http_p50_10k_ms=${hybrid10.p50.toFixed(1)} hybrid_http_p50_100k_ms=${hybrid100.p50.toFixed(1)} lexical_p50_100k_ms=${lexicalSame.p50.toFixed(1)} orama_fulltext_p50_100k_ms=${oramaText.p50.toFixed(1)} knn_p50_100k_ms=${knn100.p50.toFixed(1)} orama_vector_p50_100k_ms=${oramaVector.p50.toFixed(1)} rss_peak_100k_mb=${mem100.peakMb.toFixed(0)}`,
);
content.close();
