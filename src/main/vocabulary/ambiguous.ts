/**
 * Names that are also ordinary words. One list for every reader of running text (the link builder, our records'
 * interaction texts, the chat's mention finder): a name in it never says which substance a text means. Why both a
 * list and data: the list holds the names that are ordinary words in our corpus's register ("Soma" is a neuron's cell
 * body, "Android" a phone system, "Focus" a verb), while the content database's vocab_common_words (SUBTLEX-US counts,
 * built by src/build/steps/vocabulary.ts) says which other index spellings are spoken-English words, read as a
 * medicine in a question only beside a dose or a medicine word.
 */
import type { Db } from '../db/connection.ts';
import { isCaseSensitiveName, normalizeName } from './normalize.ts';
import { ambiguityOf } from './resolver.ts';

/** Too generic to name one substance (normalised: "plan b" is "planb"). */
export const TOO_GENERIC_NAMES: ReadonlySet<string> = new Set(
  [
    'vitamin',
    'iron',
    'calcium',
    'sodium',
    'potassium',
    'oxygen',
    'water',
    'protein',
    'sugar',
    'salt',
    'fat',
    'fiber',
    'fibre',
    'acid',
    'oil',
    'extract',
    'tea',
    'coffee',
    'align',
    'sam',
    'soma',
    'android',
    'equipoise',
    'concor',
    'plan b',
    'focus',
    'alert',
    'relief',
    'advance',
    'bonine',
  ].map(normalizeName),
);

/**
 * Route and form words: a parenthetical such as "Hyaluronic acid (oral)" qualifies the name and is not a name of its
 * own (it would match "oral gel" in another record's entry).
 */
const FORM_WORDS = new Set([
  'oral',
  'topical',
  'injection',
  'injectable',
  'intravenous',
  'iv',
  'im',
  'sc',
  'subcutaneous',
  'intramuscular',
  'ophthalmic',
  'nasal',
  'intranasal',
  'inhaled',
  'inhalation',
  'cream',
  'gel',
  'ointment',
  'tablet',
  'tablets',
  'capsule',
  'capsules',
  'solution',
  'suspension',
  'drops',
  'spray',
  'patch',
  'powder',
  'supplement',
  'supplements',
  'extended',
  'release',
  'immediate',
  'modified',
  'sustained',
  'liquid',
  'syrup',
  'vaginal',
  'rectal',
  'transdermal',
  'sublingual',
  'buccal',
  'chewable',
  'form',
  'forms',
  'and',
  'or',
]);

/** The names of a list that can stand for their substance in running text: not too generic, not a bare number or short word. */
export function linkableNames(names: readonly string[]): string[] {
  const out = new Map<string, string>();
  for (const raw of names) {
    const n = raw.trim();
    const norm = normalizeName(n);
    if (norm.length < 3 || TOO_GENERIC_NAMES.has(norm) || /^\d+$/.test(norm)) continue;
    if (
      n
        .toLowerCase()
        .split(/[\s,/-]+/)
        .filter(Boolean)
        .every((w) => FORM_WORDS.has(w))
    )
      continue;
    // Three-letter words in ordinary case ("Met", "Tyr", "Tau") are residue codes or English words, not names.
    if (norm.length <= 3 && !isCaseSensitiveName(n)) continue;
    if (!out.has(n.toLowerCase())) out.set(n.toLowerCase(), n);
  }
  return [...out.values()];
}

const commonWords = new WeakMap<Db, Map<string, number>>();

/**
 * From how many SUBTLEX-US occurrences (per 51 million words) a name is an everyday word that needs a medicine context
 * in running text ("plan", "ice", "speed", "gold"). Drug names people say now and then stay names: lithium (60),
 * morphine (331), aspirin (395).
 */
export const EVERYDAY_WORD_MIN_COUNT = 1000;

/** Whether the name is an everyday spoken-English word (see EVERYDAY_WORD_MIN_COUNT). */
export function isEverydayWord(db: Db, text: string): boolean {
  return ordinaryWordCount(db, text) >= EVERYDAY_WORD_MIN_COUNT;
}

/** How often the name is said in spoken English (SUBTLEX-US count; 0 when it is not an ordinary word). */
export function ordinaryWordCount(db: Db, text: string): number {
  let m = commonWords.get(db);
  if (!m) {
    m = new Map(
      db
        .prepare<[], { word_norm: string; count: number }>('SELECT word_norm, count FROM vocab_common_words')
        .all()
        .map((r) => [r.word_norm, r.count]),
    );
    commonWords.set(db, m);
  }
  return m.get(normalizeName(text)) ?? 0;
}

const DOSE_AFTER =
  /^\W{0,3}(?:\d+(?:[.,]\d+)?\s*(?:mg|mcg|µg|g|ml|units?|iu|%|tabs?|tablets?|caps?|pills?)\b|(?:tablets?|tabs?|pills?|capsules?|mg)\b)/i;
const MEDICINE_BEFORE =
  /\b(?:tak(?:e|es|ing)|took|on|prescribed|started|stopped|using|use|dose of|doses of|mg of|my|the drug|the medicine|medication|pills? of|tablets? of)\W+$/i;

const JOINED_AFTER = /^\s*(?:(?:ok|okay|safe|fine)\s+)?(?:with|and|plus|\+|&)\s+\p{L}/iu;
const JOINED_BEFORE = /\p{L}\s+(?:with|plus|\+|&)\s+$/iu;

/** Whether the words around a span say it is a medicine: a dose right after, or "taking", "on", "prescribed" right before. */
export function hasMedicineContext(text: string, at: number, end: number): boolean {
  return DOSE_AFTER.test(text.slice(end, end + 24)) || MEDICINE_BEFORE.test(text.slice(Math.max(0, at - 24), at));
}

/** A span with an apostrophe read as a name without one ("he's" as HES): a contraction, never that name. */
export function isContraction(span: string, resolvedName: string): boolean {
  return /['’]/.test(span) && !/['’]/.test(resolvedName);
}

/**
 * Whether a span of running text that resolved to a substance may be read as it: a contraction ("he's") is never a
 * name without an apostrophe of its own; an ordinary English word read through a brand, synonym or abbreviation
 * ("android", "plan") needs a medicine context.
 */
export function readsAsMedicine(
  db: Db,
  text: string,
  at: number,
  end: number,
  resolvedName: string,
  via: string | null,
): boolean {
  const span = text.slice(at, end);
  if (isContraction(span, resolvedName)) return false;
  if (TOO_GENERIC_NAMES.has(normalizeName(span)) && !hasMedicineContext(text, at, end)) return false;
  // A name with another meaning (DXM, HCTZ): a medicine context, or joined to another name ("dxm with sertraline").
  if (ambiguityOf(db, span) !== null)
    return (
      hasMedicineContext(text, at, end) ||
      JOINED_AFTER.test(text.slice(end, end + 24)) ||
      JOINED_BEFORE.test(text.slice(Math.max(0, at - 24), at))
    );
  if (via === 'name' || via === 'slug' || via === 'class' || via === 'food') return true;
  return !isEverydayWord(db, span) || hasMedicineContext(text, at, end);
}

const englishWords = new WeakMap<Db, Set<string>>();
/**
 * An everyday English word that is no name ("medicines", "regular"), or one of its inflections ("states", "filled",
 * "taking": the word list holds some forms only): never taken for a misspelt name ("states" is not Statex).
 */
export function isEnglishWord(db: Db, word: string): boolean {
  let set = englishWords.get(db);
  if (!set) {
    set = new Set(
      db
        .prepare<[], { word_norm: string }>('SELECT word_norm FROM vocab_english_words')
        .all()
        .map((r) => r.word_norm),
    );
    englishWords.set(db, set);
  }
  const w = normalizeName(word);
  if (set.has(w)) return true;
  const stems = [
    w.endsWith('s') ? w.slice(0, -1) : '',
    w.endsWith('es') ? w.slice(0, -2) : '',
    w.endsWith('ed') ? w.slice(0, -2) : '',
    w.endsWith('ed') ? w.slice(0, -1) : '',
    w.endsWith('ing') ? w.slice(0, -3) : '',
    w.endsWith('ing') ? `${w.slice(0, -3)}e` : '',
  ];
  return stems.some((s) => s.length >= 4 && set.has(s));
}
