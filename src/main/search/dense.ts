/** The dense half of hybrid search: cosine KNN over embeddings of the same records the lexical half searches. */
export type SearchKind = 'compounds' | 'documents' | 'research';

export interface DenseRetriever {
  modelId: string;
  /** Up to k ids of `kind` with their cosine similarity to the query, best first. */
  search(query: string, kind: SearchKind, k: number): Promise<Map<string, number>>;
}
