/**
 * The main-thread side of the embedding worker: batches go in, normalised vectors come back. The worker is one FIFO,
 * shared with the index build; a search must not wait on it without end (issue 30: searches went unanswered for 30 s
 * under load). So at most QUERY_QUEUE_MAX query embeddings wait in the worker at a time, and a query's caller stops
 * waiting after QUERY_DEADLINE_MS; either way it gets a QueryEmbeddingSkipped and searches lexically, saying why.
 */
import { Worker } from 'node:worker_threads';
import { type ModelConfig, modelConventions } from './model-files.ts';

export interface Embedder {
  modelId: string;
  dim: number;
  /** Unit-length vectors; `query` texts get the model's query instruction when it has one. */
  embed(texts: string[], as: 'query' | 'passage'): Promise<Float32Array[]>;
  close(): Promise<void>;
}

export const QUERY_QUEUE_MAX = 16;
export const QUERY_DEADLINE_MS = 2_000;

/** A query that was not embedded (queue full, deadline passed): the search runs on its lexical half. */
export class QueryEmbeddingSkipped extends Error {}

type Reply =
  | { type: 'ready'; dim: number }
  | { type: 'fatal'; message: string }
  | { type: 'vectors'; id: number; dim: number; data: Float32Array }
  | { type: 'error'; id: number; message: string };

export async function startWorkerEmbedder(model: ModelConfig): Promise<Embedder> {
  const here = import.meta.url;
  // From source (tsx, tests) the worker is the .ts file; in the Electron bundle it is emitted next to server.js.
  const workerUrl = new URL(here.endsWith('.ts') ? './embedder-worker.ts' : './embedder-worker.js', here);
  const { queryPrefix } = modelConventions(model.modelId);
  const worker = new Worker(workerUrl, {
    workerData: { modelDir: model.modelDir, modelId: model.modelId },
    execArgv: [],
  });
  const pending = new Map<number, { ok: (v: Float32Array[]) => void; fail: (e: Error) => void }>();
  let next = 1;
  /** Query embeddings the worker has been sent and not answered (those whose caller gave up still count). */
  let queriesInWorker = 0;
  const dim = await new Promise<number>((ok, fail) => {
    const onMessage = (m: Reply) => {
      if (m.type === 'ready') {
        worker.off('message', onMessage);
        ok(m.dim);
      }
      if (m.type === 'fatal') {
        worker.off('message', onMessage);
        void worker.terminate();
        fail(new Error(`could not load ${model.modelId}: ${m.message}`));
      }
    };
    worker.on('message', onMessage);
    worker.once('error', fail);
  });
  worker.on('message', (m: Reply) => {
    if (m.type !== 'vectors' && m.type !== 'error') return;
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if (m.type === 'error') {
      p.fail(new Error(m.message));
      return;
    }
    p.ok(Array.from({ length: m.data.length / m.dim }, (_, i) => m.data.slice(i * m.dim, (i + 1) * m.dim)));
  });
  worker.on('error', (err) => {
    for (const p of pending.values()) p.fail(err);
    pending.clear();
  });
  return {
    modelId: model.modelId,
    dim,
    embed(texts, as) {
      if (!texts.length) return Promise.resolve([]);
      const id = next++;
      if (as === 'passage') {
        return new Promise((ok, fail) => {
          pending.set(id, { ok, fail });
          worker.postMessage({ id, texts });
        });
      }
      if (queriesInWorker >= QUERY_QUEUE_MAX) {
        return Promise.reject(
          new QueryEmbeddingSkipped(`the query embedding queue is full (${QUERY_QUEUE_MAX} waiting)`),
        );
      }
      queriesInWorker++;
      return new Promise((ok, fail) => {
        let answered = false;
        const timer = setTimeout(() => {
          if (answered) return;
          answered = true;
          fail(new QueryEmbeddingSkipped(`the query was not embedded within ${QUERY_DEADLINE_MS} ms`));
        }, QUERY_DEADLINE_MS);
        timer.unref();
        const settle = (f: () => void) => {
          queriesInWorker--;
          clearTimeout(timer);
          if (!answered) {
            answered = true;
            f();
          }
        };
        pending.set(id, { ok: (v) => settle(() => ok(v)), fail: (e) => settle(() => fail(e)) });
        worker.postMessage({ id, texts: texts.map((t) => queryPrefix + t) });
      });
    },
    // The worker is asked to finish what it is doing and exit; terminate() mid-inference can abort the process.
    close: async () => {
      const exited = new Promise<void>((ok) => worker.once('exit', () => ok()));
      worker.postMessage({ id: 0, close: true });
      const timer = setTimeout(() => {
        void worker.terminate();
      }, 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}
