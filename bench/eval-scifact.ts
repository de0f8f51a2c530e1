/**
 * `npm run eval:scifact`: SciFact (BEIR) retrieval quality through the same SearchService as POST /v1/search.
 * Imports the 5,183 abstracts into a scratch content database, runs the 300 test claims (documents only, top 100),
 * and prints nDCG@10 and Recall@100 against qrels/test.tsv. With an embedding model present (MATERIA_MODEL /
 * MATERIA_MODEL_DIR, default resources/models) it also builds a scratch vector index and reports hybrid search,
 * with the fusion chosen on the train claims: weighted sums for w in 0.1…0.9 and reciprocal-rank fusion (k = 60).
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import * as sqliteVec from 'sqlite-vec';
import { CONTENT_DDL, CONTENT_SCHEMA_VERSION } from '../src/main/content/schema.ts';
import { startWorkerEmbedder } from '../src/main/search/embedder.ts';
import { IndexBuilder, searchableTexts } from '../src/main/search/index-builder.ts';
import { DEFAULT_MODEL, missingModelFiles } from '../src/main/search/model-files.ts';
import { SearchService, type Fusion } from '../src/main/search/search-service.ts';
import type { DenseRetriever } from '../src/main/search/dense.ts';
import { VectorIndex } from '../src/main/search/vector-index.ts';
import { insertDocuments, readSciFact } from '../resources/build/steps/documents.ts';
import { sharedDataDir } from '../resources/build/paths.ts';

const dataDir = sharedDataDir();
const dir = mkdtempSync(join(tmpdir(), 'materia-scifact-'));
const db = new Database(join(dir, 'scifact.sqlite'));
sqliteVec.load(db);
db.exec(CONTENT_DDL);
db.prepare("INSERT INTO meta (key, value) VALUES ('schema_version', ?)").run(String(CONTENT_SCHEMA_VERSION));
const t0 = performance.now();
db.transaction(() => insertDocuments(db, readSciFact(dataDir)))();
console.log(`imported ${db.prepare<[], { n: number }>('SELECT COUNT(*) n FROM documents').get()!.n} SciFact abstracts in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

type Qrels = Map<string, Set<string>>;
function qrels(file: string): Qrels {
  const out: Qrels = new Map();
  for (const line of readFileSync(join(dataDir, 'scifact/qrels', file), 'utf8').split('\n').slice(1)) {
    const [q, d, score] = line.trim().split('\t');
    if (!q || !d || Number(score) <= 0) continue;
    (out.get(q) ?? out.set(q, new Set()).get(q)!).add(d);
  }
  return out;
}
const queries = new Map(readFileSync(join(dataDir, 'scifact/queries.jsonl'), 'utf8').split('\n').filter(Boolean)
  .map((l) => JSON.parse(l) as { _id: string; text: string }).map((q) => [q._id, q.text]));
const test = qrels('test.tsv');
const train = qrels('train.tsv');

async function evaluate(service: SearchService, judged: Qrels): Promise<{ ndcg10: number; recall100: number }> {
  let ndcg = 0;
  let recall = 0;
  for (const [qid, relevant] of judged) {
    const res = await service.search({ query: queries.get(qid)!, types: ['documents'], limit: 100, offset: 0, sort: 'relevance', include_research: false, include_abstracts: false });
    const ranked = res.results.map((r) => r.id.replace(/^scifact-/, ''));
    const dcg = ranked.slice(0, 10).reduce((s, id, i) => s + (relevant.has(id) ? 1 / Math.log2(i + 2) : 0), 0);
    const ideal = [...Array(Math.min(10, relevant.size)).keys()].reduce((s, i) => s + 1 / Math.log2(i + 2), 0);
    ndcg += dcg / ideal;
    recall += ranked.filter((id) => relevant.has(id)).length / relevant.size;
  }
  return { ndcg10: ndcg / judged.size, recall100: recall / judged.size };
}

const fmt = (m: { ndcg10: number; recall100: number }) => `nDCG@10 ${m.ndcg10.toFixed(4)}  Recall@100 ${m.recall100.toFixed(4)}`;
const lexical = new SearchService(db, false, () => null);
console.log(`lexical (FTS5 BM25)   test (${test.size} claims): ${fmt(await evaluate(lexical, test))}   [published BM25: nDCG@10 0.665]`);

const model = { modelId: process.env.MATERIA_MODEL ?? DEFAULT_MODEL, modelDir: resolve(process.env.MATERIA_MODEL_DIR ?? join(import.meta.dirname, '../resources/models')) };
const missing = missingModelFiles(model);
if (missing.length) {
  console.log(`hybrid: skipped — no embedding model at ${join(model.modelDir, model.modelId)} (run npm run model:fetch)`);
} else {
  const embedder = await startWorkerEmbedder(model);
  const index = new VectorIndex(join(dir, 'vectors.sqlite'), model.modelId, embedder.dim);
  const builder = new IndexBuilder(() => searchableTexts(db, false), embedder, index, (p) => {
    if (p.done % 512 === 0 || p.done === p.total) process.stderr.write(`\rembedding ${p.done}/${p.total}`);
  });
  const b0 = performance.now();
  await builder.build();
  process.stderr.write('\n');
  console.log(`embedded with ${model.modelId} in ${((performance.now() - b0) / 1000).toFixed(0)} s`);
  const dense: DenseRetriever = builder.retriever()!;
  const denseOnly = new SearchService(db, false, () => dense, { kind: 'weighted', denseWeight: 1 });
  console.log(`dense only            test: ${fmt(await evaluate(denseOnly, test))}`);
  const candidates: Fusion[] = [...[0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9].map((w) => ({ kind: 'weighted', denseWeight: w }) as Fusion), { kind: 'rrf', k: 60 }];
  let best: { fusion: Fusion; ndcg10: number } | null = null;
  for (const fusion of candidates) {
    const m = await evaluate(new SearchService(db, false, () => dense, fusion), train);
    console.log(`  train ${JSON.stringify(fusion)}: ${fmt(m)}`);
    if (!best || m.ndcg10 > best.ndcg10) best = { fusion, ndcg10: m.ndcg10 };
  }
  console.log(`chosen on train: ${JSON.stringify(best!.fusion)}`);
  console.log(`hybrid ${JSON.stringify(best!.fusion)} test: ${fmt(await evaluate(new SearchService(db, false, () => dense, best!.fusion), test))}`);
  console.log(`rrf (k=60)            test: ${fmt(await evaluate(new SearchService(db, false, () => dense, { kind: 'rrf', k: 60 }), test))}`);
  index.close();
  await embedder.close();
}
db.close();
