/**
 * The meaning layer of emergency triage: the question is embedded by the server's embedding model (the same
 * `Embedder` search uses) and compared with labelled exemplars (exemplars.ts). For each category, its score is the
 * cosine similarity of the closest exemplar of that category; "none" likewise. The best category fires when its score
 * reaches `similarity` and beats the closest non-emergency exemplar by `margin`. Both thresholds are chosen per model
 * on the dev split of the regression set (`npm run eval:triage -- --calibrate` writes thresholds.ts); a model without calibrated
 * thresholds, no model, or an embedding that takes too long leaves triage to the rules, and the answer says so.
 * Exemplar vectors are computed once per model, at first use.
 */
import type { Embedder } from '../../search/embedder.ts';
import { TRIAGE_CATEGORIES, type TriageCategory } from './categories.ts';
import { EXEMPLARS } from './exemplars.ts';
import { THRESHOLDS, type ThresholdFile } from './thresholds.ts';

export interface MeaningScores {
  byCategory: Record<TriageCategory, number>;
  none: number;
  best: TriageCategory;
  nearest: Record<TriageCategory | 'none', string>;
}
export interface MeaningHit {
  category: TriageCategory;
  similarity: number;
  margin: number;
}
export type MeaningResult =
  { state: 'on'; hit: MeaningHit | null; scores: MeaningScores } | { state: 'off'; reason: string };

const dot = (a: Float32Array, b: Float32Array) => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
};

export const DEFAULT_TIMEOUT_MS = 1500;

export class MeaningTriage {
  private readonly exemplarVectors = new Map<string, Promise<Float32Array[]>>();

  constructor(
    private readonly embedder: () => Embedder | null,
    private readonly thresholds: ThresholdFile = THRESHOLDS,
    private readonly timeoutMs = DEFAULT_TIMEOUT_MS,
  ) {}

  /**
   * Embeds the exemplars once the model is loaded, so the first message is not timed out while they are computed (the
   * server calls this when its embedding model is ready; on a busy machine the exemplars take seconds).
   */
  async warm(): Promise<void> {
    const e = this.embedder();
    if (e) await this.vectors(e).catch(() => undefined);
  }

  /** Per-category scores of one text (the calibration script reads these; classify applies the thresholds). */
  async scores(e: Embedder, text: string): Promise<MeaningScores> {
    const [ex, [q]] = await Promise.all([this.vectors(e), e.embed([text], 'query')]);
    const byCategory = Object.fromEntries(TRIAGE_CATEGORIES.map((c) => [c, -1])) as Record<TriageCategory, number>;
    const nearest = {} as Record<TriageCategory | 'none', string>;
    let none = -1;
    EXEMPLARS.forEach((x, i) => {
      const s = dot(q!, ex[i]!);
      if (x.label === 'none') {
        if (s > none) {
          none = s;
          nearest.none = x.text;
        }
      } else if (s > byCategory[x.label]) {
        byCategory[x.label] = s;
        nearest[x.label] = x.text;
      }
    });
    const best = TRIAGE_CATEGORIES.reduce((b, c) => (byCategory[c] > byCategory[b] ? c : b), TRIAGE_CATEGORIES[0]);
    return { byCategory, none, best, nearest };
  }

  async classify(text: string): Promise<MeaningResult> {
    const e = this.embedder();
    if (!e) return { state: 'off', reason: 'no embedding model is loaded, so emergency triage ran on the rules only' };
    const t = this.thresholds[e.modelId];
    if (!t)
      return {
        state: 'off',
        reason: `the meaning layer has no thresholds calibrated for ${e.modelId}, so emergency triage ran on the rules only`,
      };
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((ok) => {
      timer = setTimeout(() => ok(null), this.timeoutMs);
    });
    try {
      const scores = await Promise.race([this.scores(e, text), timeout]);
      if (!scores)
        return {
          state: 'off',
          reason: `the embedding model did not answer within ${this.timeoutMs} ms (busy indexing?), so emergency triage ran on the rules only`,
        };
      const s = scores.byCategory[scores.best];
      const hit =
        s >= t.similarity && s - scores.none >= t.margin
          ? { category: scores.best, similarity: s, margin: s - scores.none }
          : null;
      return { state: 'on', hit, scores };
    } catch (err) {
      return {
        state: 'off',
        reason: `the embedding model failed (${err instanceof Error ? err.message : String(err)}), so emergency triage ran on the rules only`,
      };
    } finally {
      clearTimeout(timer);
    }
  }

  private vectors(e: Embedder): Promise<Float32Array[]> {
    let v = this.exemplarVectors.get(e.modelId);
    if (!v) {
      v = e.embed(
        EXEMPLARS.map((x) => x.text),
        'query',
      );
      v.catch(() => this.exemplarVectors.delete(e.modelId));
      this.exemplarVectors.set(e.modelId, v);
    }
    return v;
  }
}
