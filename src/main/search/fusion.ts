/**
 * One relevance scale for every type and index: a logistic calibration of a linear blend of the comparable lexical
 * score (lexical-index.ts) and the cosine similarity, p = σ(a · (w · cos + (1 − w) · lex) + b), read as the chance that
 * the record is relevant. w is chosen for nDCG@10 on SciFact train and PubMedQA question → abstract; a and b are fitted
 * to SciFact train's relevance labels (bench/eval-scifact.ts prints all three; docs/search.md has the run of
 * 2026-11-24). Lexical-only mode has its own a and b.
 */
export interface Fusion {
  denseWeight: number;
  slope: number;
  intercept: number;
}
export interface Calibration {
  hybrid: Fusion;
  lexical: Omit<Fusion, 'denseWeight'>;
}

export const CALIBRATION: Calibration = {
  hybrid: { denseWeight: 0.5, slope: 17.696, intercept: -10.566 },
  lexical: { slope: 14.475, intercept: -8.313 },
};

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

/** The blend before calibration: what ranking within one list depends on. */
export function blend(lex: number, cos: number | null, f: Fusion | null): number {
  return f && cos !== null ? f.denseWeight * Math.max(0, cos) + (1 - f.denseWeight) * lex : lex;
}

export function relevance(lex: number, cos: number | null, c: Calibration, hybrid: boolean): number {
  if (hybrid && cos !== null) return sigmoid(c.hybrid.slope * blend(lex, cos, c.hybrid) + c.hybrid.intercept);
  return sigmoid(c.lexical.slope * lex + c.lexical.intercept);
}
