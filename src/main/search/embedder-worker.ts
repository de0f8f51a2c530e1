/**
 * Runs the sentence encoder in a worker thread so that embedding never blocks the HTTP thread. Only erasable
 * TypeScript here: the worker may be started by plain Node (type stripping) as well as from the bundle.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { loadEncoder } from './model/encoder.ts';

interface Init {
  modelDir: string;
  modelId: string;
}
type Request = { id: number; texts: string[]; close?: undefined } | { id: 0; close: true };

const init = workerData as Init;

try {
  // One onnxruntime thread: the other core stays with the HTTP thread (see loadEncoder).
  const encoder = await loadEncoder(init.modelDir, init.modelId, 1);
  parentPort!.postMessage({ type: 'ready', dim: encoder.dim });
  // Requests run one after another, so a close request waits for the embedding before it.
  let queue = Promise.resolve();
  parentPort!.on('message', (msg: Request) => {
    queue = queue.then(() => handle(msg));
  });
  const handle = async (msg: Request) => {
    if (msg.close) {
      await encoder.dispose();
      parentPort!.close();
      return;
    }
    try {
      const data = await encoder.encode(msg.texts);
      parentPort!.postMessage({ type: 'vectors', id: msg.id, dim: encoder.dim, data }, [data.buffer as ArrayBuffer]);
    } catch (err) {
      parentPort!.postMessage({ type: 'error', id: msg.id, message: err instanceof Error ? err.message : String(err) });
    }
  };
} catch (err) {
  parentPort!.postMessage({ type: 'fatal', message: err instanceof Error ? err.message : String(err) });
}
