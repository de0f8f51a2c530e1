/**
 * `npm run eval:scifact`: SciFact (BEIR) retrieval quality through the same SearchService as POST /v1/search.
 * Imports the 5,183 abstracts into a scratch content database, runs the claims (documents only, top 100), and prints
 * nDCG@10 and Recall@100 against the qrels. With the embedding model present (MATERIA_MODEL / MATERIA_MODEL_DIR,
 * default resources/models) it also reports dense-only and hybrid search: the blend weight w is chosen for nDCG@10 on
 * the 809 train claims and a second dev set — the 1,000 PubMedQA questions, each to find its own abstract among the
 * 1,000 (titles removed: the build uses the question as title) — by the mean of the two; the calibration (slope,
 * intercept) is fitted to the train claims' relevance labels, and only then is the SciFact test split run. Reciprocal-rank fusion (k = 60) of the same two rankings is printed for comparison.
 * Vectors come from the content build's cache (resources/db/embedding-cache.sqlite), embedding what it lacks.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { CONTENT_DDL, CONTENT_SCHEMA_VERSION } from '../src/main/db/content-schema.ts';
import { searchableTexts } from '../src/main/search/index-builder.ts';
import { DEFAULT_MODEL, missingModelFiles } from '../src/main/search/model-files.ts';
import { SearchService } from '../src/main/search/search-service.ts';
import { writePostings } from '../src/main/search/postings-store.ts';
import type { DenseRetriever } from '../src/main/search/dense.ts';
import { CALIBRATION, blend, type Calibration } from '../src/main/search/fusion.ts';
import { MemoryVectors } from '../src/main/search/memory-vectors.ts';
import { loadEncoder } from '../src/main/search/model/encoder.ts';
import { insertDocuments, readPubMedQa, readSciFact } from '../src/build/steps/documents.ts';
import { cachedVectors, textHash } from '../src/build/steps/embeddings.ts';
import { DEFAULT_CONTENT_DB, sharedDataDir } from '../src/build/paths.ts';

const dataDir = sharedDataDir();
const dir = mkdtempSync(join(tmpdir(), 'materia-scifact-'));
const db = new Database(join(dir, 'scifact.sqlite'));
db.exec(CONTENT_DDL);
db.prepare("INSERT INTO meta (key, value) VALUES ('schema_version', ?)").run(String(CONTENT_SCHEMA_VERSION));
const t0 = performance.now();
db.transaction(() => insertDocuments(db, readSciFact(dataDir)))();
// Scored from in-memory postings, as the server scores the bundled documents.
writePostings(db, 'documents_fts');
console.log(
  `imported ${db.prepare<[], { n: number }>('SELECT COUNT(*) n FROM documents').get()!.n} SciFact abstracts in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);

// Second dev set: PubMedQA question → its abstract, in a database of its own.
const pqDb = new Database(join(dir, 'pubmedqa.sqlite'));
pqDb.exec(CONTENT_DDL);
pqDb.prepare("INSERT INTO meta (key, value) VALUES ('schema_version', ?)").run(String(CONTENT_SCHEMA_VERSION));
const pq = readPubMedQa(dataDir);
pqDb.transaction(() =>
  insertDocuments(
    pqDb,
    pq.documents.map((d) => ({ ...d, title: null })),
  ),
)();
writePostings(pqDb, 'documents_fts');
const pqQuestions = new Map(pq.research.map((r) => [r.document_id, r.title]));

type Qrels = Map<string, Set<string>>;
function qrels(file: string): Qrels {
  const out: Qrels = new Map();
  for (const line of readFileSync(join(dataDir, 'scifact/qrels', file), 'utf8')
    .split('\n')
    .slice(1)) {
    const [q, d, score] = line.trim().split('\t');
    if (!q || !d || Number(score) <= 0) continue;
    (out.get(q) ?? out.set(q, new Set()).get(q)!).add(d);
  }
  return out;
}
const queries = new Map(
  readFileSync(join(dataDir, 'scifact/queries.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { _id: string; text: string })
    .map((q) => [q._id, q.text]),
);
const test = qrels('test.tsv');
const train = qrels('train.tsv');

async function ranking(service: SearchService, qid: string): Promise<{ id: string; score: number }[]> {
  const res = await service.search({
    query: queries.get(qid)!,
    types: ['documents'],
    limit: 100,
    offset: 0,
    sort: 'relevance',
    include_research: false,
    include_abstracts: false,
  });
  return res.results.map((r) => ({ id: r.id.replace(/^scifact-/, ''), score: r.relevance_score }));
}

async function evaluate(
  service: SearchService | ((qid: string) => Promise<string[]>),
  judged: Qrels,
): Promise<{ ndcg10: number; recall100: number }> {
  let ndcg = 0;
  let recall = 0;
  for (const [qid, relevant] of judged) {
    const ranked = typeof service === 'function' ? await service(qid) : (await ranking(service, qid)).map((r) => r.id);
    const dcg = ranked.slice(0, 10).reduce((s, id, i) => s + (relevant.has(id) ? 1 / Math.log2(i + 2) : 0), 0);
    const ideal = [...Array(Math.min(10, relevant.size)).keys()].reduce((s, i) => s + 1 / Math.log2(i + 2), 0);
    ndcg += dcg / ideal;
    recall += ranked.filter((id) => relevant.has(id)).length / relevant.size;
  }
  return { ndcg10: ndcg / judged.size, recall100: recall / judged.size };
}

const fmt = (m: { ndcg10: number; recall100: number }) =>
  `nDCG@10 ${m.ndcg10.toFixed(4)}  Recall@100 ${m.recall100.toFixed(4)}`;
const lexical = new SearchService(db, false, () => null);
const lexTest = await evaluate(lexical, test);
console.log(`lexical (FTS5 BM25)   test (${test.size} claims): ${fmt(lexTest)}   [published BM25: nDCG@10 0.665]`);

/** Logistic regression of relevance on one feature (Newton's method): p = σ(a·x + b). */
function fitLogistic(xs: number[], ys: number[]): { slope: number; intercept: number } {
  let a = 1,
    b = 0;
  for (let it = 0; it < 50; it++) {
    let ga = 0,
      gb = 0,
      haa = 0,
      hab = 0,
      hbb = 0;
    for (let i = 0; i < xs.length; i++) {
      const p = 1 / (1 + Math.exp(-(a * xs[i]! + b)));
      const w = p * (1 - p);
      ga += (ys[i]! - p) * xs[i]!;
      gb += ys[i]! - p;
      haa += w * xs[i]! * xs[i]!;
      hab += w * xs[i]!;
      hbb += w;
    }
    const det = haa * hbb - hab * hab;
    if (Math.abs(det) < 1e-12) break;
    a += (hbb * ga - hab * gb) / det;
    b += (haa * gb - hab * ga) / det;
  }
  return { slope: Number(a.toFixed(3)), intercept: Number(b.toFixed(3)) };
}

const model = {
  modelId: process.env.MATERIA_MODEL ?? DEFAULT_MODEL,
  modelDir: resolve(process.env.MATERIA_MODEL_DIR ?? join(import.meta.dirname, '../resources/models')),
};
const missing = missingModelFiles(model);
if (missing.length) {
  console.log(
    `hybrid: skipped — no embedding model at ${join(model.modelDir, model.modelId)} (run npm run model:fetch)`,
  );
} else {
  const texts = searchableTexts(db, false).documents;
  const b0 = performance.now();
  const vectors = await cachedVectors(
    model,
    texts.map((t) => t.text),
    join(dirname(DEFAULT_CONTENT_DB), 'embedding-cache.sqlite'),
    (l) => console.log(l),
  );
  console.log(`vectors for ${texts.length} abstracts ready in ${((performance.now() - b0) / 1000).toFixed(0)} s`);
  const encoder = await loadEncoder(model.modelDir, model.modelId);
  const memory = new MemoryVectors(encoder.dim);
  for (const t of texts) memory.set('documents', t.key, vectors.get(textHash(t.text))!);
  const queryVectors = new Map<string, Float32Array>();
  let embedMs = 0;
  const dense: DenseRetriever = {
    modelId: model.modelId,
    async embed(q) {
      let v = queryVectors.get(q);
      if (!v) {
        const e0 = performance.now();
        v = await encoder.encode([q]);
        embedMs += performance.now() - e0;
        queryVectors.set(q, v);
      }
      return v;
    },
    knn: (kind, q, k) => memory.knn(kind, q, k),
    similarity: (kind, key, q) => memory.similarity(kind, key, q),
    pending: () => 0,
  };
  const withWeight = (w: number): Calibration => ({
    ...CALIBRATION,
    hybrid: { ...CALIBRATION.hybrid, denseWeight: w },
  });
  const denseOnly = async (qid: string) =>
    [...memory.knn('documents', await dense.embed(queries.get(qid)!), 100).keys()].map((id) =>
      id.replace(/^scifact-/, ''),
    );
  console.log(`dense only            test: ${fmt(await evaluate(denseOnly, test))}`);
  console.log(`query embedding: ${(embedMs / queryVectors.size).toFixed(1)} ms mean over ${queryVectors.size} claims`);

  const pqTexts = searchableTexts(pqDb, false).documents;
  const pqVectors = await cachedVectors(
    model,
    pqTexts.map((t) => t.text),
    join(dirname(DEFAULT_CONTENT_DB), 'embedding-cache.sqlite'),
    (l) => console.log(l),
  );
  const pqMemory = new MemoryVectors(encoder.dim);
  for (const t of pqTexts) pqMemory.set('documents', t.key, pqVectors.get(textHash(t.text))!);
  const pqDense: DenseRetriever = {
    ...dense,
    knn: (kind, q, k) => pqMemory.knn(kind, q, k),
    similarity: (kind, key, q) => pqMemory.similarity(kind, key, q),
  };
  /** PubMedQA dev: nDCG@10 of each question's own abstract (one relevant document). */
  const pubmedqaDev = async (service: SearchService) => {
    let ndcg = 0;
    for (const [docId, question] of pqQuestions) {
      const res = await service.search({
        query: question,
        types: ['documents'],
        limit: 10,
        offset: 0,
        sort: 'relevance',
        include_research: false,
        include_abstracts: false,
      });
      const rank = res.results.findIndex((r) => r.id === docId);
      if (rank >= 0) ndcg += 1 / Math.log2(rank + 2);
    }
    return ndcg / pqQuestions.size;
  };
  console.log(
    `PubMedQA dev (question → its abstract): lexical nDCG@10 ${(await pubmedqaDev(new SearchService(pqDb, false, () => null))).toFixed(4)}`,
  );
  let best = { w: 0, score: -1 };
  for (const w of [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9]) {
    const m = await evaluate(new SearchService(db, false, () => dense, withWeight(w)), train);
    const pqm = await pubmedqaDev(new SearchService(pqDb, false, () => pqDense, withWeight(w)));
    const score = (m.ndcg10 + pqm) / 2;
    console.log(
      `  w=${w.toFixed(1)}: SciFact train ${fmt(m)}; PubMedQA dev nDCG@10 ${pqm.toFixed(4)}; mean ${score.toFixed(4)}`,
    );
    if (score > best.score) best = { w, score };
  }
  console.log(`chosen on the two dev sets: w = ${best.w}`);

  // Calibration on train: each claim's top 100, labelled by the qrels.
  const lexService = new SearchService(db, false, () => null);
  const hx: number[] = [],
    hy: number[] = [],
    lx: number[] = [],
    ly: number[] = [];
  const lexicalOf = new Map<string, number>();
  for (const [qid, relevant] of train) {
    const q = await dense.embed(queries.get(qid)!);
    const plan = lexService.plan(queries.get(qid)!);
    for (const r of lexService.lexicalScores('document', plan, 100).scores) lexicalOf.set(`${qid} ${r[0]}`, r[1].lex);
    const ids = new Set(
      [...lexicalOf.keys()].filter((k) => k.startsWith(`${qid} `)).map((k) => k.slice(qid.length + 1)),
    );
    for (const id of memory.knn('documents', q, 100).keys()) ids.add(id);
    for (const id of ids) {
      const lex = lexicalOf.get(`${qid} ${id}`) ?? 0;
      const cos = memory.similarity('documents', id, q);
      const y = relevant.has(id.replace(/^scifact-/, '')) ? 1 : 0;
      hx.push(blend(lex, cos, { denseWeight: best.w, slope: 1, intercept: 0 }));
      hy.push(y);
      if (lexicalOf.has(`${qid} ${id}`)) {
        lx.push(lex);
        ly.push(y);
      }
    }
  }
  const calibration: Calibration = {
    hybrid: { denseWeight: best.w, ...fitLogistic(hx, hy) },
    lexical: fitLogistic(lx, ly),
  };
  console.log(`calibration fitted on train: ${JSON.stringify(calibration)}`);

  const hybrid = new SearchService(db, false, () => dense, calibration);
  console.log(`hybrid (w = ${best.w})        test: ${fmt(await evaluate(hybrid, test))}`);
  const rrf = async (qid: string) => {
    const lexRank = (await ranking(lexical, qid)).map((r) => r.id);
    const denseRank = await denseOnly(qid);
    const score = new Map<string, number>();
    lexRank.forEach((id, i) => score.set(id, (score.get(id) ?? 0) + 1 / (61 + i)));
    denseRank.forEach((id, i) => score.set(id, (score.get(id) ?? 0) + 1 / (61 + i)));
    return [...score]
      .sort((a, b) => b[1] - a[1])
      .map(([id]) => id)
      .slice(0, 100);
  };
  console.log(`rrf (k = 60)          test: ${fmt(await evaluate(rrf, test))}`);
}
db.close();
pqDb.close();
