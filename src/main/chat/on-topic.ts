/**
 * Whether a study addresses the question, by meaning: the cosine similarity of the question and the study's title
 * (its subject; a PubMedQA title is the study's own question) under the server's embedding model, against a threshold
 * chosen per model on hand-labelled pairs (bench/data/on-topic.jsonl, `npm run eval:on-topic -- --calibrate`). The
 * term checks in agents/literature.ts apply with or without a model; this check adds to them when a model is loaded.
 */
import type { Embedder } from '../search/embedder.ts';
import { ON_TOPIC_THRESHOLDS } from './on-topic-thresholds.ts';

const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0);

export async function titleSimilarity(e: Embedder, question: string, title: string): Promise<number> {
  const [q, t] = await e.embed([question, title], 'query');
  return dot(q!, t!);
}

/** true / false when a model with a calibrated threshold is loaded; null when meaning cannot be checked. */
export async function addressesByMeaning(
  embedder: Embedder | null,
  question: string,
  title: string | null,
): Promise<boolean | null> {
  if (!embedder || !title) return null;
  const t = ON_TOPIC_THRESHOLDS[embedder.modelId];
  if (!t) return null;
  try {
    return (await titleSimilarity(embedder, question, title)) >= t.similarity;
  } catch {
    return null;
  }
}
