/**
 * User text never reaches FTS5 MATCH as syntax: it is cut into the same word tokens the unicode61 tokenizer makes,
 * each token is double-quoted, and the tokens are OR-ed so BM25 ranks documents that hold more of them higher.
 */
const MAX_TOKENS = 32;

export function queryTokens(text: string): string[] {
  // Control characters (NUL included) are dropped before tokenising.
  const clean = text.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ');
  return (clean.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_TOKENS);
}

/** A MATCH expression, or null when nothing searchable is left. The last token also matches as a prefix. */
export function ftsMatchExpression(text: string, opts: { prefixLast?: boolean } = {}): string | null {
  const tokens = queryTokens(text);
  if (!tokens.length) return null;
  const parts = tokens.map((t) => `"${t}"`);
  const last = tokens[tokens.length - 1]!;
  if (opts.prefixLast && last.length >= 3) parts[parts.length - 1] = `("${last}" OR "${last}"*)`;
  return parts.join(' OR ');
}
