import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { TokenBudget } from './budget.ts';
import { toPieces } from './compose.ts';
import { countTokens, lastTokenBoundary } from './tokenizer.ts';

const run = (pieces: string[], max: number) => {
  const b = new TokenBudget(max);
  let out = '';
  for (const p of pieces) {
    const { text, exhausted } = b.push(p);
    out += text;
    if (exhausted) break;
  }
  return { out, b };
};

describe('TokenBudget (max_tokens)', () => {
  it('counts with cl100k_base', () => {
    expect(countTokens('')).toBe(0);
    expect(countTokens('hello world')).toBe(2);
  });

  it('lets a short answer through whole and cuts a long one to a prefix within the budget', () => {
    const text = 'Warfarin + Amiodarone (major): Inhibits warfarin metabolism — 10 µg/kg 🙂 and more text here.';
    expect(run(toPieces(text, 10), 1000)).toMatchObject({ out: text });
    const { out, b } = run(toPieces(text, 10), 8);
    expect(text.startsWith(out)).toBe(true);
    expect(countTokens(out)).toBeLessThanOrEqual(8);
    expect(b.exhausted).toBe(true);
    expect(b.tokens).toBe(countTokens(out));
  });

  it('never exceeds the budget, never splits a character, and gives the same text for any piece boundaries', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 120 }),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 30 }),
        (s, max, size) => {
          const a = run(toPieces(s, size), max).out;
          expect(countTokens(a)).toBeLessThanOrEqual(max);
          expect(s.startsWith(a)).toBe(true);
          expect(/[\uD800-\uDBFF]$/.test(a)).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('incremental counting', () => {
  it('splits only where cl100k_base counts add up exactly', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (s) => {
        const text = `${s} Word ${s}`;
        const at = lastTokenBoundary(text);
        if (at > 0) expect(countTokens(text.slice(0, at)) + countTokens(text.slice(at))).toBe(countTokens(text));
      }),
      { numRuns: 300 },
    );
  });

  it('counts a long answer in small pieces exactly as a whole, and special-token text as ordinary text', () => {
    const text =
      'Warfarin + Amiodarone (major): Inhibits warfarin metabolism; reduce the dose <|endoftext|> and monitor INR. '.repeat(
        60,
      );
    const b = new TokenBudget(100_000);
    for (const p of toPieces(text, 7)) b.push(p);
    expect(b.value).toBe(text);
    expect(b.tokens).toBe(countTokens(text));
  });
});
