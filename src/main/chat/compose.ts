/**
 * Composition without a language model: each agent's section under its heading, one statement per line, each line
 * ending with the [n] markers of the records it rests on. Records are numbered in order of first use.
 */
import type { Citation } from '../../shared/schemas/chat.ts';
import { sourceKey, type AgentOutput, type Source, type Statement } from './evidence.ts';

/** Statements kept per section and compound (sections of tool results, lists and interaction pairs keep all of theirs). */
export const MAX_PER_SECTION = 4;

const normal = (t: string) =>
  t
    .toLowerCase()
    .replace(/\[\d+\]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** How many of the question's words (each with its synonyms, matched on their first five letters) a statement contains. */
export function relevance(text: string, words: readonly (string | readonly string[])[]): number {
  const lower = text.toLowerCase();
  const have = new Set((lower.match(/[\p{L}\p{N}]+/gu) ?? []).map((w) => w.slice(0, 5)));
  const hit = (w: string) => (w.includes(' ') ? lower.includes(w) : have.has(w.slice(0, 5)));
  return words.filter((g) => (typeof g === 'string' ? hit(g) : g.some(hit))).length;
}

/** Words that say what kind of answer is wanted; they do not say which statement answers it. */
const ASKING = new Set([
  'interact',
  'interacts',
  'interaction',
  'interactions',
  'dose',
  'doses',
  'dosage',
  'dosing',
  'side',
  'effects',
  'effect',
  'safe',
  'safety',
  'work',
  'works',
  'used',
  'uses',
  'treat',
  'benefits',
  'evidence',
  'typical',
  'usual',
  'normal',
  'recommended',
  'take',
  'taking',
  'much',
  'what',
  'does',
  'strong',
  'proven',
  'good',
  'really',
  'actually',
  'quality',
  'best',
  'effective',
  'efficacy',
]);

/** Clinical words and the words records use for the same thing. */
const SAME: Record<string, string[]> = {
  kidney: ['renal', 'egfr', 'crcl', 'creatinine clearance', 'dialysis', 'kidney'],
  renal: ['kidney', 'egfr', 'crcl', 'dialysis'],
  liver: ['hepatic', 'cirrhosis', 'child-pugh', 'liver'],
  hepatic: ['liver', 'cirrhosis'],
  pregnant: ['pregnancy', 'pregnant'],
  pregnancy: ['pregnant', 'pregnancy'],
  breastfeeding: ['lactation', 'breast milk', 'breastfeeding'],
  elderly: ['older adults', 'elderly', 'older'],
  older: ['elderly', 'older adults'],
  children: ['paediatric', 'pediatric', 'child'],
  child: ['paediatric', 'pediatric', 'children'],
  heart: ['cardiac', 'cardiovascular'],
  weight: ['body weight', 'kg'],
  damage: ['harm', 'injury', 'toxicity', 'worsening', 'damage'],
  harm: ['damage', 'injury', 'toxicity'],
  fractures: ['fracture', 'bone density', 'falls'],
  fracture: ['fractures', 'bone density', 'falls'],
  prevent: ['prevention', 'reduce', 'reduced', 'lower', 'risk'],
  blood: ['bleeding', 'blood'],
};

/** The words a statement must share with the question to answer it: its content words without names and asking words, each with its synonyms. */
export function questionWords(words: readonly string[]): string[][] {
  return [...new Set(words.filter((w) => !ASKING.has(w)))].map((w) => [
    w,
    ...(SAME[w] ?? SAME[w.replace(/s$/, '')] ?? []),
  ]);
}

const sentencesOf = (text: string) =>
  text
    .split(/(?<=[.;!?])\s+(?=[A-Z(])/)
    .map((t) => t.trim())
    .filter((t) => t.length > 12);

/**
 * Answer first: the lead (the first agent's own lead; else, for a list, its first line; else the sentence of its
 * statements that shares most words with the question) opens the answer; every section then keeps at most
 * MAX_PER_SECTION statements — those sharing most of the question's words, plus their closeness in meaning to the
 * question when the embedding model is loaded — in their original order, and no statement is said twice.
 */
export function shapeAnswer(
  outputs: readonly AgentOutput[],
  asked: readonly string[],
  meaning: ReadonlyMap<Statement, number> = new Map(),
): { lead: Statement | null; sections: AgentOutput[] } {
  if (!outputs.length) return { lead: null, sections: [] };
  const words = questionWords(asked);
  const first = outputs[0]!;
  let lead = first.lead ?? null;
  let leadFrom: Statement | null = null;
  if (!lead && first.statements.length) {
    if (first.keepAll || !words.length) {
      lead = leadFrom = first.statements[0]!;
    } else {
      let best = { r: 0, text: '', from: first.statements[0]! };
      for (const st of first.statements)
        for (const t of sentencesOf(st.text)) {
          const r = relevance(t, words);
          if (r > best.r) best = { r, text: t, from: st };
        }
      if (best.r === 0) lead = leadFrom = first.statements[0]!;
      else if (normal(best.text) === normal(best.from.text)) lead = leadFrom = best.from;
      else {
        const subject = first.title.split(': ').slice(1).join(': ');
        const text =
          subject && !best.text.toLowerCase().includes(subject.toLowerCase().split(',')[0]!)
            ? `${subject}: ${best.text}`
            : best.text;
        lead = { text: text.replace(/^([^:]+): (?:Notes|Frequency|Duration): /, '$1: '), sources: best.from.sources };
      }
    }
  }
  const said: string[] = lead ? [normal(lead.text)] : [];
  const repeated = (t: string) => {
    const n = normal(t);
    return said.some((x) => x === n || (n.length > 40 && x.includes(n)));
  };
  const sections = outputs
    .map((o) => {
      const fresh = o.statements.filter((st) => {
        if (st === leadFrom || repeated(st.text)) return false;
        said.push(normal(st.text));
        return true;
      });
      const cap = MAX_PER_SECTION * Math.max(1, o.subjects ?? 1);
      if (o.keepAll || fresh.length <= cap) return { ...o, statements: fresh };
      // the question's own words first; with a model, closeness in meaning (cosine, 0–1) breaks ties and adds to them
      const keep = new Set(
        fresh
          .map((st, i) => ({ st, i, r: relevance(st.text, words) + (meaning.get(st) ?? 0) }))
          .sort((x, y) => y.r - x.r || x.i - y.i)
          .slice(0, cap)
          .map((x) => x.st),
      );
      return { ...o, statements: fresh.filter((st) => keep.has(st)) };
    })
    .filter((o) => o.statements.length);
  return { lead, sections };
}

export interface Numbered {
  citations: Citation[];
  /** marker string ("[1][3]") for a statement's sources */
  markers: (sources: readonly Source[]) => string;
}

export function numberSources(outputs: readonly AgentOutput[], lead: Statement | null = null): Numbered {
  const index = new Map<string, number>();
  const citations: Citation[] = [];
  for (const o of [...(lead ? [{ title: '', statements: [lead] }] : []), ...outputs]) {
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
  const markers = (sources: readonly Source[]) =>
    [...new Set(sources.map((s) => index.get(sourceKey(s))!))]
      .sort((a, b) => a - b)
      .map((n) => `[${n}]`)
      .join('');
  return { citations, markers };
}

const withMarkers = (s: Statement, numbered: Numbered) =>
  s.sources.length ? `${s.text} ${numbered.markers(s.sources)}` : s.text;

/** The lead on its own first, then each section under its heading. */
export function composeSections(
  outputs: readonly AgentOutput[],
  numbered: Numbered,
  lead: Statement | null = null,
): string {
  const sections = outputs
    .filter((o) => o.statements.length)
    .map((o) => `**${o.title}**\n${o.statements.map((s) => withMarkers(s, numbered)).join('\n')}`);
  return [lead ? withMarkers(lead, numbered) : null, ...sections].filter(Boolean).join('\n\n');
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
