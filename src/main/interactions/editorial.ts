/**
 * Our compound records' editorial interaction entries name substances in free text ("NSAIDs, aspirin and other
 * antiplatelets", "Grapefruit juice"). An entry applies to another substance when the text names it — word-bounded,
 * case-aware, spaces and hyphens interchangeable (compounds/names.ts) — or names a class it belongs to (the class's
 * text_pattern in interaction-rules.classes.json: "SSRIs" applies to sertraline).
 *
 * A class word narrowed by the words around it names only part of the class, so it does not bring the whole class:
 * "Carbapenem antibiotics", "macrolide and fluoroquinolone antibiotics", "some fluoroquinolones", "Intravenous calcium"
 * (a qualifier before it), "opioid combinations", "calcium channel" (the class word used as a modifier). The narrower
 * group is found by its own pattern or names ("carbapenems", "macrolides"), or not at all. An entry written in exactly the
 * words the substance was given as always concerns it.
 */
import { linkableNames } from '../vocabulary/ambiguous.ts';
import { namePattern, normalizeName } from '../vocabulary/normalize.ts';
import type { Db } from '../db/connection.ts';
import { classesOfKey, interactionClasses, keyName, type Substance } from '../vocabulary/resolver.ts';

/** Words before a class word that leave it whole ("other SSRIs", "all NSAIDs", "e.g. macrolides", list joints). */
const OPEN_BEFORE = new Set([
  'other',
  'all',
  'any',
  'the',
  'and',
  'or',
  'nor',
  'with',
  'without',
  'including',
  'include',
  'includes',
  'eg',
  'ie',
  'such',
  'as',
  'of',
  'to',
  'by',
  'for',
  'on',
  'in',
  'from',
  'especially',
  'particularly',
  'notably',
  'most',
  'many',
  'strong',
  'potent',
  'concomitant',
  'concurrent',
  'oral',
  'a',
  'an',
  'its',
  'their',
  'these',
  'those',
  'combined',
  'taking',
  'avoid',
  'via',
  'plus',
  'not',
  'no',
  'also',
  'like',
  'versus',
  'vs',
  'than',
  'is',
  'are',
  'be',
  'using',
  'use',
  'receiving',
  'received',
  'taking',
  'given',
  'treated',
  'administered',
  'concomitantly',
  'coadministered',
  'co-administered',
  'following',
  'after',
  'before',
  'during',
  'combination',
  'between',
  'among',
  'involving',
  'when',
  'if',
  'while',
  'both',
  'either',
  'neither',
  'high-dose',
  'systemic',
  'regular',
  'daily',
  'common',
  'usual',
  'standard',
  'typical',
  'known',
  'several',
  'two',
  'multiple',
  'additional',
  'further',
]);

/** What after a class word makes it a modifier of something narrower ("opioid combinations", "calcium channel blockers"). */
const MODIFIER_AFTER =
  /^[\s-]*(?:combinations?|combination products?|products?|containing|channels?|withdrawal|overdose|antagonists?|receptor antagonists?|reversal|toxicity)\b/iu;

/** Whether this occurrence of a class word names the class as a whole (see the file comment). */
export function namesWholeClass(text: string, index: number, length: number): boolean {
  if (MODIFIER_AFTER.test(text.slice(index + length))) return false;
  const before = text.slice(0, index).trimEnd();
  if (!before || /[,;:(/[]$/.test(before)) return true;
  const word = /([\p{L}\p{N}][\p{L}\p{N}.'-]*)$/u.exec(before)?.[1]?.toLowerCase().replace(/\./g, '');
  return !word || OPEN_BEFORE.has(word);
}

/** "Vitamin E (alpha-tocopherol)" is also "Vitamin E" and "alpha-tocopherol". */
function withParentheticals(name: string): string[] {
  const m = /^(.*?)\s*\(([^()]+)\)\s*$/.exec(name);
  return m ? [name, m[1]!, m[2]!] : [name];
}

/** Name patterns, and class patterns (global: every occurrence is judged). */
export interface TextMatcher {
  /** the words the substance was given as, normalised: an entry written in exactly these words concerns it */
  written: string;
  patterns: RegExp[];
  classes: { id: string; name: string; pattern: RegExp }[];
}

/** What an editorial text must say to concern this substance: one of its names, or one of its classes. */
export function textMatcher(db: Db, s: Substance): TextMatcher {
  const names = [s.input, s.name];
  if (s.compound)
    names.push(...withParentheticals(s.compound.name), ...s.compound.alt_names.flatMap(withParentheticals));
  if (s.kind !== 'class') for (const k of s.keys) names.push(...withParentheticals(keyName(db, k)));
  const all = interactionClasses(db);
  const ids = new Set<string>(s.classId ? [s.classId] : s.keys.flatMap((k) => classesOfKey(db, k)));
  if (s.kind === 'class') for (const w of all.get(s.classId!)!.words) names.push(w);
  const classes = [...ids]
    .map((id) => all.get(id)!)
    .filter((c) => c.pattern)
    .map((c) => ({
      id: c.id,
      name: c.name,
      pattern: new RegExp(c.pattern!.source, `${c.pattern!.flags.replace('g', '')}g`),
    }));
  return { written: normalizeName(s.input), patterns: linkableNames(names).map(namePattern), classes };
}

/** Whether the entry's text concerns the substance: by name (class null) or through a class (its name). */
export function entryConcerns(text: string, m: TextMatcher): { byClass: string | null } | null {
  // The entry's own words always concern what they name, even when no pattern finds them ("Coffee", a common word;
  // "Oxalate- and phytate-rich foods (spinach, rhubarb, bran)"): a page's entry and the checker given its words agree.
  if (m.written && normalizeName(text) === m.written) return { byClass: null };
  if (m.patterns.some((re) => re.test(text))) return { byClass: null };
  for (const c of m.classes) {
    for (const hit of text.matchAll(c.pattern))
      if (namesWholeClass(text, hit.index, hit[0].length)) return { byClass: c.name };
  }
  return null;
}
