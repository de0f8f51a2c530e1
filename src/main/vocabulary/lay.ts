/**
 * Everyday wording → clinical concepts: the reviewed lay table (resources/vocabulary/lay-terms.json, stored by the
 * content build in vocab_lay_terms) read against a query or a question. Why two ways of matching: people write the
 * table's phrase itself ("water pill") or its words in another order and with words between ("pill that makes you
 * pee out the sugar"); the exact phrase is sure, the scattered words less so, and callers weigh them apart.
 */
import type { Db } from '../db/connection.ts';
import { isEnglishWord } from './ambiguous.ts';
import { allowedEdits, editDistance } from './fuzzy.ts';
import { foldAccents } from './normalize.ts';
import { mayResolveExactly } from './resolver.ts';

export interface LayEntry {
  phrase: string;
  terms: string[];
  classes: string[];
  compounds: string[];
}
export interface LayMatch extends LayEntry {
  exact: boolean;
  at: number;
  length: number;
  /** share of the text's meaningful words the phrase accounts for (1: the text is the phrase) */
  coverage: number;
  /** the phrase's own meaningful words (filler left out) */
  content: number;
}

interface Index {
  entries: (LayEntry & { words: string[]; content: string[] })[];
  byWord: Map<string, number[]>;
  /** the table's content words by first letter, for misspelt words */
  byInitial: Map<string, string[]>;
}
const indexes = new WeakMap<Db, Index>();

/** Words that carry no meaning of their own in a lay phrase ("medicine for the runs"). */
const FILLER = new Set([
  'a',
  'an',
  'the',
  'of',
  'for',
  'to',
  'in',
  'on',
  'my',
  'your',
  'you',
  'that',
  'which',
  'with',
  'and',
  'or',
  'is',
  'are',
  'it',
  'me',
  'i',
  'from',
  'by',
  'at',
  'out',
  'up',
  'makes',
  'make',
  'help',
  'helps',
  'stuff',
  'thing',
  'something',
  'medicine',
  'medication',
  'pill',
  'pills',
  'tablet',
  'tablets',
  'drug',
  'drugs',
  'when',
  'what',
  'can',
  'do',
  'does',
  'get',
  'have',
  'has',
  'be',
  'so',
  'too',
  'very',
  'after',
  'before',
  'during',
  'while',
  // The same small words in the other languages the table holds (Spanish, Portuguese, French, Italian, German) and in
  // romanised Hindi/Urdu ("sugar ki goli"), so "la pastilla de la presión" meets "pastilla para la presión" as English
  // "the pill for blood pressure" meets "blood pressure pill". Left out: words that are English or a phrase's own word
  // ("die", "no", "e" of "e cig", "ed", "lo" of "lo salt", "ma" of "ma huang", "son").
  ...`el la los las le les un una unos unas de del da dos das du des au aux pour par avec et ou que qui il di della
    delle dei degli nel nella per con che gli der das den dem ein eine einen einem gegen fur mit und zum zur bei von vom
    ki ka ke jo se hai hain ko aur wali wala wale ne para pra por com em na y al o mi mon mes sa ses meu minha mio mia
    mein meine te su sus nos l d qu j dans quand en`.split(/\s+/),
]);

/**
 * Lower case, accents folded, simple plurals singular ("pills" → "pill", "feet" stays): the table and queries alike. A
 * group's "-i" for inhibitor joins its name ("DPP4-i", "ACE-i" as "dpp4i", "acei").
 */
export function layWords(text: string): string[] {
  const joined = foldAccents(text.toLowerCase()).replace(/([a-z0-9])-i\b/g, '$1i');
  return (joined.match(/[a-z0-9]+/g) ?? []).map((w) =>
    w.length > 3 && w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us') ? w.slice(0, -1) : w,
  );
}

function index(db: Db): Index {
  let idx = indexes.get(db);
  if (idx) return idx;
  const entries: Index['entries'] = db
    .prepare<[], { phrase: string; terms: string; classes: string; compounds: string }>('SELECT * FROM vocab_lay_terms')
    .all()
    .map((r) => {
      const words = layWords(r.phrase);
      return {
        phrase: r.phrase,
        terms: JSON.parse(r.terms) as string[],
        classes: JSON.parse(r.classes) as string[],
        compounds: JSON.parse(r.compounds) as string[],
        words,
        content: words.filter((w) => !FILLER.has(w)),
      };
    });
  const byWord = new Map<string, number[]>();
  entries.forEach((e, i) => {
    for (const w of new Set(e.content)) byWord.set(w, [...(byWord.get(w) ?? []), i]);
  });
  const byInitial = new Map<string, string[]>();
  for (const w of byWord.keys()) if (/^[a-z]{5,}$/.test(w)) byInitial.set(w[0]!, [...(byInitial.get(w[0]!) ?? []), w]);
  idx = { entries, byWord, byInitial };
  indexes.set(db, idx);
  return idx;
}

/**
 * A misspelt everyday word ("exzema", "altzheimers", "cholestrol") as the table's word it is one letter from (two for
 * nine letters or more), the first letter kept, when exactly one table word is that close; only words of six letters
 * or more ("wheat" is not "wheal"), never an English word, a name the vocabulary reads, or a word the table has.
 */
function spelled(db: Db, idx: Index, word: string): string {
  if (word.length < 6 || !/^[a-z]+$/.test(word) || idx.byWord.has(word) || FILLER.has(word)) return word;
  if (isEnglishWord(db, word) || mayResolveExactly(db, word)) return word;
  const max = allowedEdits(word.length);
  let best: string[] = [];
  let bestDistance = max + 1;
  for (const w of idx.byInitial.get(word[0]!) ?? []) {
    if (Math.abs(w.length - word.length) > max) continue;
    const d = editDistance(word, w, max);
    if (d < bestDistance) {
      best = [w];
      bestDistance = d;
    } else if (d === bestDistance) best.push(w);
  }
  return best.length === 1 && bestDistance <= max ? best[0]! : word;
}

/**
 * The lay phrases a text uses, best first: exact phrases (longest first, not overlapping), then phrases of two or more
 * content words that all occur in the text within a window twice the phrase's length.
 */
export function layMatches(db: Db, text: string): LayMatch[] {
  const idx = index(db);
  const words = layWords(text).map((w) => spelled(db, idx, w));
  const meaningful = Math.max(1, words.filter((w) => !FILLER.has(w)).length);
  const out: LayMatch[] = [];
  const taken = new Set<number>();
  const candidates = new Set<number>();
  for (const w of words) for (const i of idx.byWord.get(w) ?? []) candidates.add(i);
  const list = [...candidates]
    .map((i) => idx.entries[i]!)
    .sort((a, b) => b.words.length - a.words.length || a.phrase.localeCompare(b.phrase));
  for (const e of list) {
    for (let i = 0; i + e.words.length <= words.length; i++) {
      if (e.words.some((w, j) => words[i + j] !== w || taken.has(i + j))) continue;
      e.words.forEach((_, j) => taken.add(i + j));
      out.push({
        phrase: e.phrase,
        terms: e.terms,
        classes: e.classes,
        compounds: e.compounds,
        exact: true,
        at: i,
        length: e.words.length,
        coverage: Math.min(1, e.content.length / meaningful),
        content: e.content.length,
      });
      break;
    }
  }
  for (const e of list) {
    if (e.content.length < 2 || out.some((m) => m.phrase === e.phrase)) continue;
    const at = e.content.map((w) => words.findIndex((x, i) => x === w && !taken.has(i)));
    if (at.some((i) => i < 0)) continue;
    const span = Math.max(...at) - Math.min(...at) + 1;
    if (span > 2 * e.words.length + 1) continue;
    out.push({
      phrase: e.phrase,
      terms: e.terms,
      classes: e.classes,
      compounds: e.compounds,
      exact: false,
      at: Math.min(...at),
      length: span,
      coverage: Math.min(1, e.content.length / meaningful),
      content: e.content.length,
    });
  }
  return out;
}
