/** Where an embedding model lives on disk and whether all of its files are there (transformers.js local layout). */
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export const DEFAULT_MODEL = 'Xenova/bge-small-en-v1.5';
export const MODEL_FILES = ['config.json', 'tokenizer.json', 'tokenizer_config.json', 'onnx/model_quantized.onnx'] as const;

export interface ModelConfig { modelId: string; modelDir: string }

export function missingModelFiles(m: ModelConfig): string[] {
  return MODEL_FILES.filter((f) => !existsSync(join(m.modelDir, m.modelId, f)));
}

/** BGE models are trained with CLS pooling and an instruction for short retrieval queries; others use mean pooling. */
export function modelConventions(modelId: string): { pooling: 'cls' | 'mean'; queryPrefix: string } {
  return /bge/i.test(modelId)
    ? { pooling: 'cls', queryPrefix: 'Represent this sentence for searching relevant passages: ' }
    : { pooling: 'mean', queryPrefix: '' };
}
