/** The dense half of hybrid search: cosine similarity over embeddings of the same records the lexical half searches. */
export type SearchKind = 'compounds' | 'documents' | 'research';

export interface DenseRetriever {
  modelId: string;
  /** The query's unit vector (cached: a repeated query is not embedded again). */
  embed(query: string): Promise<Float32Array>;
  /** Up to k ids of `kind` with their cosine similarity to `q`, best first. */
  knn(kind: SearchKind, q: Float32Array, k: number): Map<string, number>;
  /** The cosine similarity of one record to `q`, or null when it has no vector. */
  similarity(kind: SearchKind, key: string, q: Float32Array): number | null;
  /** Records still waiting for their vector (just imported): search scores them by full text alone until then. */
  pending(): number;
}
