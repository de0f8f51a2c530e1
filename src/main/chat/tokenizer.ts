/**
 * Token counts for `usage` and `max_tokens`: OpenAI's cl100k_base byte-pair encoding, from the js-tiktoken package,
 * which ships the vocabulary inside the package (no download at run time). Loaded once, on first use (~0.3 s).
 */
import { Tiktoken } from 'js-tiktoken/lite';
import cl100k from 'js-tiktoken/ranks/cl100k_base';

export const TOKENIZER_NAME = 'cl100k_base (js-tiktoken)';

let encoder: Tiktoken | null = null;
const enc = () => (encoder ??= new Tiktoken(cl100k));

export function countTokens(text: string): number {
  return text ? enc().encode(text).length : 0;
}
