/**
 * A sentence encoder on transformers.js: tokenise (cut at the model's input length), run the ONNX model, pool (mean
 * over real tokens, or CLS) and L2-normalise. Used by the embedding worker and by the content build, so bundled and
 * run-time vectors are made by the same code. A pinned model's files are checked against their SHA-256 before every load
 * (verify.ts). Only erasable TypeScript: the worker may run under plain type stripping.
 */
import { AutoModel, AutoTokenizer, env, type Tensor } from '@huggingface/transformers';
import { modelConventions } from '../model-files.ts';
import { MANIFESTS } from './manifest.ts';
import { modelFileProblems } from './verify.ts';

export interface Encoder {
  dim: number;
  encode(texts: string[]): Promise<Float32Array>;
  dispose(): Promise<void>;
}

/**
 * `threads`: onnxruntime's intra-op threads. The server's worker uses 1: with a pool as wide as the machine, waking the
 * worker for a query took both cores (and its spinning threads kept them), so the HTTP thread's full-text search waited
 * for the embedding instead of running beside it. Batch embedding at build time keeps onnxruntime's default.
 */
export async function loadEncoder(modelDir: string, modelId: string, threads?: number): Promise<Encoder> {
  const manifest = MANIFESTS[modelId];
  const problems = manifest ? modelFileProblems(manifest, modelDir) : [];
  if (problems.length)
    throw new Error(
      `its files are not the pinned ones (${problems.join('; ')}): reinstall with npm run model:fetch -- --force`,
    );
  env.allowRemoteModels = false;
  env.allowLocalModels = true;
  env.localModelPath = modelDir.endsWith('/') ? modelDir : `${modelDir}/`;
  const { pooling, maxTokens } = modelConventions(modelId);
  const tokenizer = await AutoTokenizer.from_pretrained(modelId);
  const model = await AutoModel.from_pretrained(modelId, {
    dtype: 'q8',
    ...(threads
      ? {
          session_options: {
            intraOpNumThreads: threads,
            interOpNumThreads: 1,
            extra: { session: { 'intra_op.allow_spinning': '0' } },
          },
        }
      : {}),
  });
  const encode = async (texts: string[]): Promise<Float32Array> => {
    const inputs = tokenizer(texts, { padding: true, truncation: true, max_length: maxTokens });
    const out = await model(inputs);
    const hidden = (out.last_hidden_state ?? out.token_embeddings) as Tensor;
    const [n, len, dim] = hidden.dims as [number, number, number];
    const h = hidden.data as Float32Array;
    const mask = (inputs.attention_mask as Tensor).data as BigInt64Array;
    const result = new Float32Array(n * dim);
    for (let i = 0; i < n; i++) {
      const v = result.subarray(i * dim, (i + 1) * dim);
      if (pooling === 'cls') v.set(h.subarray(i * len * dim, i * len * dim + dim));
      else {
        let count = 0;
        for (let t = 0; t < len; t++) {
          if (mask[i * len + t] === 0n) continue;
          count++;
          const row = h.subarray((i * len + t) * dim, (i * len + t + 1) * dim);
          for (let d = 0; d < dim; d++) v[d]! += row[d]!;
        }
        for (let d = 0; d < dim; d++) v[d]! /= Math.max(1, count);
      }
      let norm = 0;
      for (let d = 0; d < dim; d++) norm += v[d]! * v[d]!;
      norm = Math.sqrt(norm) || 1;
      for (let d = 0; d < dim; d++) v[d]! /= norm;
    }
    return result;
  };
  const probe = await encode(['probe']);
  return {
    dim: probe.length,
    encode,
    dispose: async () => {
      await model.dispose();
    },
  };
}
