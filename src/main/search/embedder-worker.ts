/**
 * Runs transformers.js in a worker thread so that embedding never blocks the HTTP thread. Only erasable TypeScript
 * here: the worker may be started by plain Node (type stripping) as well as from the bundle.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { env, pipeline } from '@huggingface/transformers';

interface Init { modelDir: string; modelId: string; pooling: 'cls' | 'mean' }
type Request = { id: number; texts: string[] };

const init = workerData as Init;
env.allowRemoteModels = false;
env.allowLocalModels = true;
env.localModelPath = init.modelDir.endsWith('/') ? init.modelDir : `${init.modelDir}/`;

try {
  const extractor = await pipeline('feature-extraction', init.modelId, { dtype: 'q8' });
  const probe = await extractor(['probe'], { pooling: init.pooling, normalize: true });
  parentPort!.postMessage({ type: 'ready', dim: probe.dims[1] });
  parentPort!.on('message', async (msg: Request) => {
    try {
      const out = await extractor(msg.texts, { pooling: init.pooling, normalize: true });
      const dim = out.dims[1] as number;
      const flat = out.data as Float32Array;
      const copy = new Float32Array(flat);
      parentPort!.postMessage({ type: 'vectors', id: msg.id, dim, data: copy }, [copy.buffer]);
    } catch (err) {
      parentPort!.postMessage({ type: 'error', id: msg.id, message: err instanceof Error ? err.message : String(err) });
    }
  });
} catch (err) {
  parentPort!.postMessage({ type: 'fatal', message: err instanceof Error ? err.message : String(err) });
}
