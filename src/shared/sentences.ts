/**
 * Splitting prose into sentences, the one way every reader of our records does it: a sentence ends at . ! or ? followed
 * by white space and a capital or an opening parenthesis, so "e.g. archery" and "5.2 mg" stay inside their sentence.
 */
export function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+(?=[A-Z(])/)
    .map((s) => s.trim())
    .filter(Boolean);
}
