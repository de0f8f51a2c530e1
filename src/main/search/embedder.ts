/** The main-thread side of the embedding worker: batches go in, normalised vectors come back. */
import { Worker } from 'node:worker_threads';
import { type ModelConfig, modelConventions } from './model-files.ts';

export interface Embedder {
  modelId: string;
  dim: number;
  /** Unit-length vectors; `query` texts get the model's query instruction when it has one. */
  embed(texts: string[], as: 'query' | 'passage'): Promise<Float32Array[]>;
  close(): Promise<void>;
}

type Reply = { type: 'ready'; dim: number } | { type: 'fatal'; message: string } | { type: 'vectors'; id: number; dim: number; data: Float32Array } | { type: 'error'; id: number; message: string };

export async function startWorkerEmbedder(model: ModelConfig): Promise<Embedder> {
  const here = import.meta.url;
  // From source (tsx, tests) the worker is the .ts file; in the Electron bundle it is emitted next to server.js.
  const workerUrl = new URL(here.endsWith('.ts') ? './embedder-worker.ts' : './embedder-worker.js', here);
  const { queryPrefix } = modelConventions(model.modelId);
  const worker = new Worker(workerUrl, { workerData: { modelDir: model.modelDir, modelId: model.modelId }, execArgv: [] });
  const pending = new Map<number, { ok: (v: Float32Array[]) => void; fail: (e: Error) => void }>();
  let next = 1;
  const dim = await new Promise<number>((ok, fail) => {
    const onMessage = (m: Reply) => {
      if (m.type === 'ready') { worker.off('message', onMessage); ok(m.dim); }
      if (m.type === 'fatal') { worker.off('message', onMessage); void worker.terminate(); fail(new Error(`could not load ${model.modelId}: ${m.message}`)); }
    };
    worker.on('message', onMessage);
    worker.once('error', fail);
  });
  worker.on('message', (m: Reply) => {
    if (m.type !== 'vectors' && m.type !== 'error') return;
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if (m.type === 'error') { p.fail(new Error(m.message)); return; }
    p.ok(Array.from({ length: m.data.length / m.dim }, (_, i) => m.data.slice(i * m.dim, (i + 1) * m.dim)));
  });
  worker.on('error', (err) => { for (const p of pending.values()) p.fail(err); pending.clear(); });
  return {
    modelId: model.modelId,
    dim,
    embed(texts, as) {
      if (!texts.length) return Promise.resolve([]);
      const id = next++;
      return new Promise((ok, fail) => {
        pending.set(id, { ok, fail });
        worker.postMessage({ id, texts: as === 'query' ? texts.map((t) => queryPrefix + t) : texts });
      });
    },
    // The worker is asked to finish what it is doing and exit; terminate() mid-inference can abort the process.
    close: async () => {
      const exited = new Promise<void>((ok) => worker.once('exit', () => ok()));
      worker.postMessage({ id: 0, close: true });
      const timer = setTimeout(() => { void worker.terminate(); }, 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}
