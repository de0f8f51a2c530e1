/**
 * Meaning-layer thresholds per embedding model, chosen on the dev split of bench/data/triage-regression.jsonl by
 * `npm run eval:triage -- --calibrate` (which rewrites this file). A model missing here leaves triage to the rules.
 */
export interface Thresholds {
  similarity: number;
  margin: number;
  calibrated: string;
  dev: string;
}
export type ThresholdFile = Record<string, Thresholds>;

export const THRESHOLDS: ThresholdFile = {
  'sentence-transformers/all-MiniLM-L6-v2': {
    similarity: 0.44,
    margin: 0.02,
    calibrated: '2026-11-24',
    dev: 'dev split: meaning alone found 70/127 emergencies (rules + meaning 127); it flagged 4/90 near-misses, declines and ordinary questions, blocking none',
  },
};
