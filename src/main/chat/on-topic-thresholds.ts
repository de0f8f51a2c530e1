/** Written by `npm run eval:on-topic -- --calibrate` from bench/data/on-topic.jsonl: per model, the least cosine similarity of question and title for a study to count as addressing the question. */
export const ON_TOPIC_THRESHOLDS: Record<string, { similarity: number; calibrated: string; pairs: string }> = {
  'sentence-transformers/all-MiniLM-L6-v2': {
    similarity: 0.65,
    calibrated: '2026-11-24',
    pairs: '32/32 labelled pairs right',
  },
};
