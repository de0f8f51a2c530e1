/** Where an embedding model lives on disk, whether all of its files are there (transformers.js local layout), and its conventions. */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MANIFESTS, MINILM } from './model/manifest.ts';

export const DEFAULT_MODEL = MINILM.modelId;
export const MODEL_FILES = [
  'config.json',
  'tokenizer.json',
  'tokenizer_config.json',
  'onnx/model_quantized.onnx',
] as const;

export interface ModelConfig {
  modelId: string;
  modelDir: string;
}

export function missingModelFiles(m: ModelConfig): string[] {
  return MODEL_FILES.filter((f) => !existsSync(join(m.modelDir, m.modelId, f)));
}

export interface ModelConventions {
  pooling: 'cls' | 'mean';
  queryPrefix: string;
  maxTokens: number;
}

/**
 * Pooling, query instruction and input length: from the manifest for the models we ship; otherwise BGE models use CLS
 * pooling and their retrieval instruction, and the rest mean pooling (the sentence-transformers default).
 */
export function modelConventions(modelId: string): ModelConventions {
  const known = MANIFESTS[modelId];
  if (known) return { pooling: known.pooling, queryPrefix: known.queryPrefix, maxTokens: known.maxTokens };
  return /bge/i.test(modelId)
    ? { pooling: 'cls', queryPrefix: 'Represent this sentence for searching relevant passages: ', maxTokens: 512 }
    : { pooling: 'mean', queryPrefix: '', maxTokens: 256 };
}

/**
 * What the vectors depend on: the weights, the tokenizer and the input length. Bundled vectors carry it, so vectors made
 * by another model (or another build of the same one) are never mixed with the query's.
 */
export function modelFingerprint(m: ModelConfig): string {
  const hash = createHash('sha256')
    .update(m.modelId)
    .update('\0')
    .update(JSON.stringify(modelConventions(m.modelId)));
  for (const f of ['onnx/model_quantized.onnx', 'tokenizer.json'])
    hash.update('\0').update(readFileSync(join(m.modelDir, m.modelId, f)));
  return hash.digest('hex').slice(0, 32);
}
