/**
 * max_tokens: pieces of the answer are let through while the text so far stays within the budget; the piece that
 * would overflow it is cut to its longest prefix (on a code-point boundary) that still fits, and the answer ends
 * there with stop_reason "max_tokens". The streamed and the non-streamed answer go through this same procedure, so
 * they are the same text.
 */
import { countTokens } from './tokenizer.ts';

export class TokenBudget {
  private text = '';
  private done = false;

  constructor(private readonly maxTokens: number) {}

  /** What of `piece` may be sent, and whether the budget is now spent (the answer must stop). */
  push(piece: string): { text: string; exhausted: boolean } {
    if (this.done) return { text: '', exhausted: true };
    if (countTokens(this.text + piece) <= this.maxTokens) {
      this.text += piece;
      return { text: piece, exhausted: false };
    }
    const points = Array.from(piece);
    let lo = 0;
    let hi = points.length - 1;
    // the longest prefix of `points` (0..hi code points) with text + prefix within the budget
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (countTokens(this.text + points.slice(0, mid).join('')) <= this.maxTokens) lo = mid; else hi = mid - 1;
    }
    const cut = points.slice(0, lo).join('');
    this.text += cut;
    this.done = true;
    return { text: cut, exhausted: true };
  }

  get value(): string { return this.text; }
  get exhausted(): boolean { return this.done; }
  get tokens(): number { return countTokens(this.text); }
}
