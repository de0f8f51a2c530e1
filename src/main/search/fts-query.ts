/**
 * User text never reaches FTS5 MATCH as syntax: it is cut into the same word tokens the unicode61 tokenizer makes,
 * each token (or phrase) is double-quoted, and the units are OR-ed so BM25 ranks records that hold more of them
 * higher. Stop words are left out unless nothing else is left.
 */
import { STOP_WORDS } from './stop-words.ts';

export const MAX_TOKENS = 32;

/** Every word token of a text (a pasted message may hold hundreds: see keyTerms in search-service.ts). */
export function allTokens(text: string): string[] {
  // Control characters (NUL included) are dropped before tokenising.
  const clean = text.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ');
  return clean.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** The first `max` word tokens (MAX_TOKENS unless a caller has already cut a long text to its key terms). */
export function queryTokens(text: string, max = MAX_TOKENS): string[] {
  return allTokens(text).slice(0, max);
}

/** The tokens worth searching for: stop words out, unless the query has nothing else. */
export function contentTokens(text: string): string[] {
  const tokens = queryTokens(text);
  const kept = tokens.filter((t) => !STOP_WORDS.has(t));
  return kept.length ? kept : tokens;
}

/** A search unit: one token, or a phrase of several (matched as adjacent words). */
export type Unit = string[];

export const quoteUnit = (u: Unit) => `"${u.join(' ')}"`;

/** A MATCH expression OR-ing the units, or null when there are none. */
export function matchOf(units: Unit[], opts: { prefixLast?: boolean } = {}): string | null {
  if (!units.length) return null;
  const parts = units.map(quoteUnit);
  const last = units[units.length - 1]!;
  if (opts.prefixLast && last.length === 1 && last[0]!.length >= 3)
    parts[parts.length - 1] = `(${quoteUnit(last)} OR "${last[0]}"*)`;
  return parts.join(' OR ');
}

/** A MATCH expression, or null when nothing searchable is left. The last token may also match as a prefix. */
export function ftsMatchExpression(text: string, opts: { prefixLast?: boolean } = {}): string | null {
  return matchOf(
    contentTokens(text).map((t) => [t]),
    opts,
  );
}
