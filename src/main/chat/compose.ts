/**
 * Composition without a language model: each agent's section under its heading, one statement per line, each line
 * ending with the [n] markers of the records it rests on. Records are numbered in order of first use.
 */
import type { Citation } from '../../shared/schemas/chat.ts';
import { sourceKey, type AgentOutput, type Source } from './evidence.ts';

export interface Numbered {
  citations: Citation[];
  /** marker string ("[1][3]") for a statement's sources */
  markers: (sources: readonly Source[]) => string;
}

export function numberSources(outputs: readonly AgentOutput[]): Numbered {
  const index = new Map<string, number>();
  const citations: Citation[] = [];
  for (const o of outputs) {
    for (const s of o.statements) {
      for (const source of s.sources) {
        const k = sourceKey(source);
        if (!index.has(k)) {
          index.set(k, citations.length + 1);
          citations.push({ index: citations.length + 1, ...source });
        }
      }
    }
  }
  const markers = (sources: readonly Source[]) => [...new Set(sources.map((s) => index.get(sourceKey(s))!))].sort((a, b) => a - b).map((n) => `[${n}]`).join('');
  return { citations, markers };
}

export function composeSections(outputs: readonly AgentOutput[], numbered: Numbered): string {
  return outputs.filter((o) => o.statements.length).map((o) => {
    const lines = o.statements.map((s) => (s.sources.length ? `${s.text} ${numbered.markers(s.sources)}` : s.text));
    return `**${o.title}**\n${lines.join('\n')}`;
  }).join('\n\n');
}

/** Cuts text into stream pieces: line by line, long lines at spaces into pieces of about `size` characters. */
export function toPieces(text: string, size = 48): string[] {
  const out: string[] = [];
  for (const line of text.split(/(?<=\n)/)) {
    let rest = line;
    while (rest.length > size) {
      const cut = rest.lastIndexOf(' ', size);
      const at = cut > 0 ? cut + 1 : size;
      // never split a surrogate pair
      const safe = /[\uD800-\uDBFF]/.test(rest[at - 1] ?? '') ? at + 1 : at;
      out.push(rest.slice(0, safe));
      rest = rest.slice(safe);
    }
    if (rest) out.push(rest);
  }
  return out;
}
