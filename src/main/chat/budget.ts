/**
 * max_tokens: pieces of the answer are let through while the text so far stays within the budget; the piece that
 * would overflow it is cut to its longest prefix (on a code-point boundary) that still fits, and the answer ends
 * there with stop_reason "max_tokens". The streamed and the non-streamed answer go through this same procedure, so
 * they are the same text. Counting is incremental: text before the last pre-tokenizer boundary is counted once.
 */
import { countTokens, lastTokenBoundary } from './tokenizer.ts';

const SETTLE_AT = 256;

export class TokenBudget {
  private settled = '';
  private settledTokens = 0;
  private tail = '';
  private done = false;

  constructor(private readonly maxTokens: number) {}

  /** What of `piece` may be sent, and whether the budget is now spent (the answer must stop). */
  push(piece: string): { text: string; exhausted: boolean } {
    if (this.done) return { text: '', exhausted: true };
    const fits = (s: string) => this.settledTokens + countTokens(this.tail + s) <= this.maxTokens;
    if (fits(piece)) {
      this.tail += piece;
      this.settle();
      return { text: piece, exhausted: false };
    }
    const points = Array.from(piece);
    let lo = 0;
    let hi = points.length - 1;
    // the longest prefix of `points` (0..hi code points) that still fits
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (fits(points.slice(0, mid).join(''))) lo = mid;
      else hi = mid - 1;
    }
    const cut = points.slice(0, lo).join('');
    this.tail += cut;
    this.done = true;
    return { text: cut, exhausted: true };
  }

  get value(): string {
    return this.settled + this.tail;
  }
  get exhausted(): boolean {
    return this.done;
  }
  get tokens(): number {
    return this.settledTokens + countTokens(this.tail);
  }

  private settle(): void {
    if (this.tail.length < SETTLE_AT) return;
    const at = lastTokenBoundary(this.tail);
    if (at <= 0) return;
    const head = this.tail.slice(0, at);
    this.settledTokens += countTokens(head);
    this.settled += head;
    this.tail = this.tail.slice(at);
  }
}
