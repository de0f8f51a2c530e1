/**
 * Token counts for `usage` and `max_tokens`: OpenAI's cl100k_base byte-pair encoding, from the js-tiktoken package,
 * which ships the vocabulary inside the package (no download at run time). Loaded once, on first use (~0.3 s).
 * Special-token text such as "<|endoftext|>" in a message is counted as ordinary text, never refused.
 * Byte-pair merging is quadratic in the length of a piece, so a run of more than 64 characters without a break (or
 * of whitespace) is counted in 64-character parts: exact for ordinary text, within a token per part for such runs,
 * and a 30,000-character "word" costs milliseconds instead of a minute.
 */
import { Tiktoken } from 'js-tiktoken/lite';
import cl100k from 'js-tiktoken/ranks/cl100k_base';

let encoder: Tiktoken | null = null;
const enc = () => (encoder ??= new Tiktoken(cl100k));

const LONG_RUN = /\S{65,}|\s{65,}/g;
const PART = 64;

const encoded = (text: string) => (text ? enc().encode(text, [], []).length : 0);

export function countTokens(text: string): number {
  if (!text) return 0;
  let n = 0;
  let last = 0;
  for (const m of text.matchAll(LONG_RUN)) {
    n += encoded(text.slice(last, m.index));
    const points = Array.from(m[0]);
    for (let i = 0; i < points.length; i += PART) n += encoded(points.slice(i, i + PART).join(''));
    last = m.index + m[0].length;
  }
  return n + encoded(text.slice(last));
}

/**
 * The last place in `text` where cl100k_base's pre-tokenizer always starts a new piece: a space followed by a letter,
 * after a character that is not whitespace. Tokens never cross such a place, so the count of the text is the count
 * of the part before it plus the count of the rest. -1 when there is none.
 */
export function lastTokenBoundary(text: string): number {
  for (let i = text.length - 2; i > 0; i--) {
    if (text[i] === ' ' && /\p{L}/u.test(text[i + 1]!) && !/\s/u.test(text[i - 1]!)) return i;
  }
  return -1;
}
