/**
 * Reading a medication list: each line parsed (med-line.ts) and its name runs resolved (resolver.ts) into the
 * substances it contains. Why a greedy longest-span reading: a line names one product in most cases, but that product
 * may be written in several words ("St John's wort", "atorvastatin calcium", "Tylenol with codeine") or as several
 * ingredients ("paracetamol/codeine", "amlodipine + atorvastatin"), and the longest span that resolves exactly is the
 * most specific reading. Typos are tried only on words nothing else read, and always carry a notice. A heading or note
 * line ("Allergies: penicillin") is never read as a medicine; a line with nothing recognised is `unresolved` with
 * suggestions, never dropped.
 */
import type { Db } from '../db/connection.ts';
import { parseMedicationLine, splitMedicationList, type ParsedLine } from './med-line.ts';
import { isContraction, isEnglishWord, TOO_GENERIC_NAMES } from './ambiguous.ts';
import { foldAccents, normalizeName } from './normalize.ts';
import { isSaltWord } from './keys.ts';
import { OTHER_NAMES } from './other-names.ts';
import { layMatches } from './lay.ts';
import { shortBinomial } from './species.ts';
import {
  interactionClasses,
  resolveName,
  substanceIdentity,
  suggestions,
  type LineReading,
  type Substance,
  type Suggestion,
} from './resolver.ts';

export interface ReadLine {
  text: string;
  /** resolved: every name run read; partial: some words left unread; unresolved: nothing read; note: not a medicine */
  status: 'resolved' | 'partial' | 'unresolved' | 'note';
  parsed: Omit<ParsedLine, 'runs' | 'text' | 'note'>;
  /** the substances the line names (a combination's ingredients are one substance with several keys) */
  substances: Substance[];
  /** words that looked like a name and were not read */
  unread: string[];
  suggestions: Suggestion[];
}

/**
 * Manufacturer prefixes of generics (Canada, Australia; South Africa: Adcock Ingram's "Adco-", Austell's, Aspen's):
 * "Apo-Metformin", "Teva-Amlodipine", "PMS-Sertraline", "Adco-Simvastatin", "Austell-Amlodipine".
 */
const MAKER_PREFIX =
  /^(?:adco|austell|aspen|apo|teva|ratio|pms|novo|sandoz|mylan|jamp|mint|auro|riva|nu|gen|dom|mar|sanis|bio|act|ran|pro|taro|zym|nat|ava|m|sdz|van|ag|med|phl|q)[- ](?=\p{L}{4})/iu;

function resolveSpan(db: Db, text: string): Substance | null {
  const r = resolveName(db, text, { typos: false });
  // A contraction ("he's", "it's") is never a name that has no apostrophe of its own.
  if (r.status === 'resolved' && isContraction(text, r.name)) return null;
  // The editors' other-language and everyday names win over a DrugBank synonym of the same words, the index's least
  // sure spelling ("toronja" is a synonym of grapefruit oil there; people mean the fruit).
  if (r.status === 'resolved' && r.matchedVia !== 'drugbank_synonym') return r;
  const other = OTHER_NAMES[foldAccents(text.toLowerCase())];
  if (other) {
    const o = resolveName(db, other, { typos: false });
    if (o.status === 'resolved') return { ...o, input: text, notice: `"${text}" was read as ${o.name}.` };
  }
  if (r.status === 'resolved') return r;
  const unprefixed = text.replace(MAKER_PREFIX, '');
  if (unprefixed !== text) {
    const u = resolveName(db, unprefixed, { typos: false });
    if (u.status === 'resolved') return { ...u, input: text };
  }
  // A supplement maker before its product ("Blackmores fish oil", "Nature Made magnesium"): the product, when it is a
  // name on its own (never a word that changes a product: "Centrum Silver" stays unread).
  const product = text.replace(SUPPLEMENT_MAKER, '');
  if (product !== text && !MODIFIERS.has(product.toLowerCase()) && !TOO_GENERIC_NAMES.has(normalizeName(product))) {
    const u = resolveName(db, product, { typos: false });
    if (u.status === 'resolved') return { ...u, input: text };
  }
  const binomial = shortBinomial(db, text);
  if (binomial) {
    const b = resolveName(db, binomial, { typos: false });
    if (b.status === 'resolved') return { ...b, input: text, notice: `"${text}" was read as ${b.name}.` };
  }
  return null;
}

/**
 * Makers of supplements whose name comes before the product on the pack (AU, NZ, UK, IE, US, CA, DE, IN): dropped when
 * what follows is a name. Centrum and Ostelin are left out: they are products (a multivitamin, vitamin D) themselves.
 */
const SUPPLEMENT_MAKER =
  /^(?:blackmores|swisse|solgar|nature made|nature'?s (?:bounty|way|own|plus)|holland (?:&|and) barrett|vitabiotics|seven seas|healthspan|bioglan|thompson'?s|now foods|doppelherz|jamieson|webber naturals|sisu|gnc|puritan'?s pride|kirkland(?: signature)?|himalaya|dabur|patanjali|cenovis|herbs of gold|metagenics|garden of life|spring valley|nature'?s truth|boots|superdrug|nutrilite|a\.? ?vogel|orthomol|abtei|tetesept|solaray|pure encapsulations|thorne|life extension|jarrow(?: formulas)?|doctor'?s best|nordic naturals|usana)\s+(?=\p{L})/iu;

/**
 * Words that say what preparation a product is, never which substance ("CBD oil", "garlic supplements", "turmeric
 * capsules", "kale smoothie"): alone they are skipped, so "oil" is not read as a medicine of its own. Words that change
 * the product ("Plus", "Forte", "Extra", "PM": Nurofen Plus has codeine) are not here: unread, they are said.
 */
const PREPARATION = new Set([
  'oil',
  'oils',
  'extract',
  'extracts',
  'tincture',
  'supplement',
  'supplements',
  'supp',
  'supps',
  'probiotic',
  'probiotics',
  'root',
  'leaf',
  'leaves',
  'powder',
  'capsule',
  'capsules',
  'tea',
  'teas',
  // tea and infusion in Spanish, Portuguese, French, German and Italian ("Té de manzanilla", "Chá de camomila")
  'té',
  'tè',
  'chá',
  'thé',
  'tee',
  'infusión',
  'infusion',
  'infuso',
  'tisane',
  'tisana',
  'smoothie',
  'smoothies',
  'salad',
  'salads',
  'juice',
  'juices',
  // juice in Spanish, Portuguese, French, German and Italian ("jugo de toronja", "suco de toranja", "jus de pamplemousse")
  'jugo',
  'zumo',
  'suco',
  'sumo',
  'jus',
  'saft',
  'succo',
  'shot',
  'shots',
  'drink',
  'drinks',
  'gummies',
  'gummy',
  'pill',
  'pills',
  'tablet',
  'tablets',
  'complex',
  'formula',
  'blend',
  'standardised',
  'standardized',
  'organic',
  'natural',
  'high',
  'strength',
  'daily',
  'liquid',
  'vegan',
  'raw',
  'fresh',
  'cooked',
  'glass',
  'glasses',
  'cup',
  'cups',
  'serving',
  'servings',
  'bowl',
  'portion',
  'portions',
  'large',
  'small',
  'medium',
  'most',
  'days',
  'every',
  'night',
  'morning',
  'evening',
  'lots',
  'lot',
  'some',
  'per',
  'week',
  'aqueous',
  'pint',
  'pints',
  'weekend',
  'weekends',
  'hourly',
  'nightly',
  'regularly',
  'sometimes',
  'occasionally',
]);

/** Words that change which product a brand is (Nurofen Plus, Calcichew D3 Forte, Tylenol PM): never a name alone. */
const MODIFIERS = new Set([
  'plus',
  'forte',
  'extra',
  'max',
  'ultra',
  'pm',
  'am',
  'night',
  'day',
  'cold',
  'flu',
  'sinus',
  'allergy',
  'advance',
  'advanced',
  'junior',
  'kids',
  'children',
  'infant',
  'rapid',
  'fast',
  'duo',
  'comp',
  'co',
  'hct',
  'dm',
  'dual',
  'total',
  'complete',
  'original',
  'control',
  'relief',
  'express',
  'liquigels',
  'mini',
  'mite',
  'retard',
  'continus',
  'la',
  'cr',
  'sr',
  'xr',
  'xl',
  'er',
  'mr',
  'odt',
  'silver',
  'gold',
  'active',
  'women',
  'men',
]);

/** Words before a product that say how much or how it is given, never what it is ("high-dose IV methotrexate"). */
const DOSE_PREFACE = new Set([
  'high',
  'low',
  'dose',
  'doses',
  'standard',
  'usual',
  'full',
  'half',
  'pulse',
  'loading',
  'maintenance',
  'mini',
  'micro',
  'baby',
  'iv',
  'im',
  'sc',
  'po',
  'oral',
  'intravenous',
  'intramuscular',
  'subcutaneous',
  'topical',
  'inhaled',
  'nebulised',
  'nebulized',
]);

/** Generic names that are a product on their own in a line ("Iron 65 mg", "Calcium 600 mg"), unlike "vitamin" or "water". */
const STANDS_ALONE = new Set(['iron', 'calcium', 'sodium', 'potassium', 'oxygen', 'coffee', 'tea', 'protein']);

/** Resolve the words of one run, longest exact span first from the left; leftovers tried as typos. */
function readRun(db: Db, run: ParsedLine['runs'][number], typos: boolean): { found: Substance[]; unread: string[] } {
  const words = run.text.split(/\s+/).filter(Boolean);
  const found: Substance[] = [];
  const unread: string[][] = [[]];
  let suffix: string | null = null;
  for (let i = 0; i < words.length;) {
    let hit: Substance | null = null;
    let used = 0;
    for (let len = Math.min(6, words.length - i); len >= 1 && !hit; len--) {
      const span = words.slice(i, i + len).join(' ');
      if (i + len === words.length && run.trailingNumber) {
        hit =
          resolveSpan(db, `${span} ${run.trailingNumber}`) ??
          resolveSpan(db, `${span}${run.trailingNumber.replace('#', '')}`);
      }
      if (len === 1 && PREPARATION.has(span.toLowerCase())) {
        used = 1;
        break;
      }
      // "Plus", "Forte", "PM" alone are never a name: they change the product, so they stay unread and are said.
      if (len === 1 && MODIFIERS.has(span.toLowerCase())) {
        used = 1;
        break;
      }
      // Two letters name nothing without a digit ("q", "pr" are instructions; "D3", "K2" are names); a generic
      // word ("water", "oil") alone is not a medicine in a line.
      const norm = normalizeName(span);
      hit ??=
        (norm.length >= 3 || /\d/.test(norm)) &&
        !(TOO_GENERIC_NAMES.has(norm) && (words.length > 1 || !STANDS_ALONE.has(norm)))
          ? resolveSpan(db, span)
          : null;
      // "tyramine-rich cheese", "vitamin K-rich greens", "caffeine-containing drinks": the substance before the suffix;
      // so too a form joined by a hyphen, as German writes it ("Echinacea-Tropfen", "Baldrian-Kapseln").
      if (
        !hit &&
        len === 1 &&
        /^\p{L}{3,}-(?:rich|containing|based|laden|tropfen|tabletten|kapseln|dragees|saft|sirup|salbe|creme|tee|spray|pastillen)$/iu.test(
          span,
        )
      ) {
        const part = resolveSpan(db, span.replace(/-\p{L}+$/u, ''));
        if (part) hit = { ...part, input: span };
      }
      // "Metformin500", "Amlodipine10": a strength of two or more digits glued to a name, when the whole is no name
      // ("Tylenol3", "NovoMix30" stay what they are; one digit is a product number, never dropped).
      if (!hit && len === 1) {
        const m = /^(\p{L}{3,})(\d{2,}(?:[.,]\d+)?)$/u.exec(span);
        const part = m ? resolveSpan(db, m[1]!) : null;
        if (part && part.kind !== 'class') hit = { ...part, input: span };
      }
      // "CIPROFLOXACIN-DEXAMETHASONE", "sacubitril-valsartan": generics joined by a hyphen, when each part is one.
      if (!hit && len === 1 && /^\p{L}{4,}(?:-\p{L}{4,})+$/u.test(span)) {
        const parts = span.split('-').map((w) => resolveName(db, w, { typos: false }));
        if (parts.every((x) => x.status === 'resolved' && x.kind !== 'class')) {
          hit = {
            ...parts[0]!,
            input: span,
            kind: 'drug',
            compound: null,
            name: parts.map((x) => x.name).join(' + '),
            keys: [...new Set(parts.flatMap((x) => x.keys))],
            classId: null,
            notice: null,
          };
        }
      }
      // "Telma-AM", "Amlopres-AT": a brand with a short suffix that adds an ingredient in Indian and other combination
      // names; the brand is read and the suffix said as unread, never dropped (it is another medicine).
      if (!hit && len === 1) {
        const m = /^(\p{L}{3,})-(\p{L}{1,3})$/u.exec(span);
        const part = m && !MODIFIERS.has(m[2]!.toLowerCase()) ? resolveSpan(db, m[1]!) : null;
        if (part) {
          hit = { ...part, input: span };
          suffix = m![2]!;
        }
      }
      used = len;
    }
    if (hit) {
      found.push(hit);
      unread.push(suffix ? [suffix] : []);
      suffix = null;
      i += used;
      // "Tylenol #3": a product number that was not part of the name read is said, not silently dropped.
      if (
        i === words.length &&
        run.trailingNumber?.startsWith('#') &&
        !hit.input.includes(run.trailingNumber.replace('#', ''))
      )
        unread[unread.length - 1]!.push(run.trailingNumber);
    } else if (used === 1 && PREPARATION.has(words[i]!.toLowerCase())) {
      i++;
    } else {
      unread[unread.length - 1]!.push(words[i]!);
      i++;
    }
  }
  const left: string[] = [];
  for (const group of unread.filter((g) => g.length)) {
    if (!typos || found.length) {
      left.push(...group);
      continue;
    }
    // A misspelt name: the leftover words together, then each plain word of 5+ letters alone (never a generic word,
    // and never a token with hyphens or digits, which is a product name we do not know: "Lax-A-Day").
    const plain = (w: string) =>
      /^\p{L}+$/u.test(w) &&
      !TOO_GENERIC_NAMES.has(normalizeName(w)) &&
      !MODIFIERS.has(w.toLowerCase()) &&
      !isEnglishWord(db, w);
    const whole = group.join(' ');
    const typo = group.every(plain) ? resolveName(db, whole) : null;
    if (typo?.status === 'resolved') {
      found.push(typo);
      continue;
    }
    for (const w of group) {
      if (w.startsWith('#')) {
        left.push(w);
        continue;
      }
      // a salt word alone ("potássica" after "Losartana") is never a misspelt medicine of its own
      const t = normalizeName(w).length >= 5 && plain(w) && !isSaltWord(w) ? resolveName(db, w) : null;
      if (t?.status === 'resolved') found.push(t);
      else left.push(w);
    }
  }
  return { found, unread: left };
}

/** The longest run of 2–5 words from the start of the name that is exactly a name (no digits but a "#3" or "No.3"). */
function productPrefix(db: Db, text: string, from: number): { substance: Substance; end: number } | null {
  const words = [...text.slice(from).matchAll(/[^\s,;:()[\]]+/g)].slice(0, 5);
  for (let k = words.length; k >= 2; k--) {
    const last = words[k - 1]!;
    const end = from + last.index + last[0].length;
    const span = text.slice(from, end);
    // A product's own number is part of its name ("Tylenol #3", "Tylenol No.3", "Tylenol No 3"); any other digit is a dose.
    if (/\d/.test(span.replace(/(?:#|\bno\.?\s*)\d+$/i, ''))) continue;
    const hit = resolveSpan(db, span);
    if (hit) return { substance: hit, end };
  }
  return null;
}

/** First words that name a kind of medicine before its name ("water tablet bendroflumethiazide", "BP pill amlodipine"). */
const KIND_FIRST = new Set([
  'water',
  'fluid',
  'bp',
  'blood',
  'pressure',
  'sugar',
  'diabetes',
  'heart',
  'cholesterol',
  'thyroid',
  'pain',
  'sleeping',
  'sleep',
  'stomach',
  'acid',
  'allergy',
  'thinner',
  'thinning',
  'tablet',
  'tablets',
  'pill',
  'pills',
  'inhaler',
  'puffer',
]);

/** First words that say nothing about the product ("my water tablet", "the blue inhaler"). */
const FILLER_FIRST = new Set([
  'my',
  'the',
  'a',
  'an',
  'lot',
  'lots',
  'of',
  'some',
  'plenty',
  'his',
  'her',
  'their',
  'our',
  'pt',
  "pt's",
  'patient',
  'usual',
  'regular',
  'daily',
  'new',
  'old',
]);

/**
 * A line that is a lay phrase naming one kind of medicine, read with a notice: as its one usual medicine when the
 * reviewed table names just one ("the blue inhaler" → salbutamol), else as its one class ("my water tablet" →
 * diuretics). A phrase with several classes or medicines is left unread: no guess between them.
 */
function layClass(db: Db, text: string): Substance | null {
  const m = layMatches(db, text).find(
    (x) => x.exact && x.coverage >= 0.99 && (x.compounds.length === 1 || x.classes.length === 1),
  );
  if (!m) return null;
  if (m.compounds.length === 1) {
    const r = resolveName(db, m.compounds[0]!, { typos: false });
    if (r.status === 'resolved')
      return {
        ...r,
        input: text,
        notice: `"${m.phrase}" was read as ${r.name}, the medicine it usually means: name the medicine for an exact check.`,
      };
  }
  const c = m.classes.length === 1 ? interactionClasses(db).get(m.classes[0]!) : undefined;
  if (!c) return null;
  const r = resolveName(db, c.words[0] ?? c.name, { typos: false });
  return r.kind === 'class'
    ? {
        ...r,
        input: text,
        notice: `"${m.phrase}" was checked as the class ${c.name}: name the medicine for an exact check.`,
      }
    : null;
}

/** Form words everyday names for a kind of medicine end with ("water pill", "HRT patch", "blue inhaler"). */
const KIND_FORM =
  /^(?:pills?|tablets?|tabs?|capsules?|inhalers?|puffers?|patch(?:es)?|creams?|gels?|drops|sprays?|injections?|jabs?)$/i;
/** How a run resolved when it names a molecule or a rule's word rather than a medicine people take by that name. */
const WEAK_VIA = new Set(['drugbank', 'drugbank_synonym', 'rule']);

/**
 * A line that is only an everyday kind of medicine and its form ("cholesterol pill", "thyroid tablet", "the blue
 * inhaler when wheezy"): read as the lay table's phrase before the run's own word, which alone names something else
 * (cholesterol the molecule, desiccated thyroid). Never when the line has a strength or the run is itself a
 * medicine's name ("adrenaline injection" stays epinephrine).
 */
function layKind(db: Db, line: string, parsed: ParsedLine): Substance | null {
  const run = parsed.runs[0];
  if (parsed.strength || !parsed.form || !run) return null;
  const formWord = /^\s+(\p{L}+)/u.exec(line.slice(run.end))?.[1];
  if (!formWord || !KIND_FORM.test(formWord)) return null;
  // Words after the form only as a remark ("Blood pressure tablets - doesn't know name", "Sleeping tablet at night -
  // from GP") or to say how often ("sleeping tablet sometimes"), never another medicine ("blood pressure pill and a
  // cholesterol pill": no guess between them).
  const next = parsed.runs[1];
  const onlyHow = parsed.runs.slice(1).every((r) => r.text.split(/\s+/).every((w) => PREPARATION.has(w.toLowerCase())));
  if (next && !onlyHow && !/\s[-–—]+\s|\(|;/.test(line.slice(run.end, next.at))) return null;
  const words = run.text.split(/\s+/).filter((w) => !FILLER_FIRST.has(w.toLowerCase()));
  if (!words.length) return null;
  const own = resolveName(db, words.join(' '), { typos: false });
  if (own.status === 'resolved' && !(own.matchedVia && WEAK_VIA.has(own.matchedVia))) return null;
  return layClass(db, `${words.join(' ')} ${formWord}`);
}

/** Words that say a name in brackets is a guess ("(ACE inhibitor?)", "(furosemide I think)"). */
const GUESS = /\?|\b(?:i think|i believe|maybe|probably|possibly|prob|poss|not sure|unsure)\b/gi;

/**
 * A kind of medicine with the medicine or a narrower class in brackets ("BP tablet (ACE inhibitor?)", "water tablet
 * (furosemide I think)", "blood thinner (warfarin?)"): the bracket is read instead when it is one of the kind's members,
 * with a notice; a bracket that names something else is a remark, and the kind stays.
 */
function namedInBrackets(db: Db, line: string, kind: Substance): Substance | null {
  for (const m of line.matchAll(/\(([^()]{3,60})\)/g)) {
    const text = m[1]!.replace(GUESS, ' ').replace(/\s+/g, ' ').trim();
    const guess = text !== m[1]!.trim();
    const r = text ? resolveSpan(db, text) : null;
    if (!r || (r.classId !== null && r.classId === kind.classId)) continue;
    if (!r.keys.some((k) => kind.keys.includes(k))) continue;
    return {
      ...r,
      input: line,
      notice: `"${line.trim()}" was read as ${r.name}, named in brackets${guess ? ' as a guess' : ''}: check it is the medicine taken.`,
    };
  }
  return null;
}

/**
 * A line that holds two medicines, each with its own dose or instruction ("Paracetamol 1g QDS + Ibuprofen 400mg TDS",
 * "amlodipine 10 and ramipril 5 in the morning", "Simvastatin 40mg ON, clarithromycin 500mg bd"): split at the joiner when the part before it has a number or an
 * instruction of its own and the part after it opens with a name. One product with two ingredients ("co-codamol
 * 30/500", "paracetamol + codeine 500/30") has its numbers after the last name and is never split.
 */
const REMARK =
  /\s[-–—]\s|\b(?:avoid|never|not|no|without|separate|except|instead|switched|stop(?:ped)?|held|withheld|discontinued|if|unless|do not|don'?t)\b/i;

/** A form written before the name, as Indian and other prescriptions do ("Tab.", "Cap", "Inj", "Syp", "T."). */
const FORM_FIRST = /^(?:tabs?|tablets?|caps?|capsules?|inj|injection|syp|syr|syrup|susp|oint|gtt|sach|t|c)\b\.?\s*/i;

export function medicinesOnLine(db: Db, line: string): string[] {
  // a comma joins two medicines too ("Simvastatin 40mg ON, clarithromycin 500mg bd"); "1,000 IU" has no space after it;
  // so does a spaced slash ("Metformin 500mg / gliclazide 80mg BD"), never the unspaced one of a pair ("30/500")
  // and a semicolon ("furosemide 40 mg mane; KCl ER 20 mEq daily")
  // "and" in Spanish, Portuguese, Italian, French, German, Swedish and Danish ("Adiro 100, Emconcor 2,5 y Atorvastatina 40")
  const JOINER = /\s*[,;]\s+|\s+(?:\+|&|and|y|e|ed|et|und|och|og|\/)\s+/gi;
  const pieces = line.split(JOINER);
  if (pieces.length < 2) return unjoined(db, line);
  const out: string[] = [pieces[0]!];
  const joiners = line.match(JOINER) ?? [];
  for (const [i, piece] of pieces.slice(1).entries()) {
    const before = out[out.length - 1]!;
    // The part before has its own dose or instruction and no remark ("avoid NSAIDs and ACE inhibitors" names what to
    // avoid); the part after opens with a name and has its own strength or form ("… and Xalatan drops").
    const own = (/\d/.test(before) || parseMedicationLine(before).frequency !== null) && !REMARK.test(before);
    // a form word before the name ("Tab Metrogyl 400 + Tab Norflox 400", "Cap. Omez 20 + Inj. Pan 40") is not the name
    const first = piece.trim().replace(FORM_FIRST, '').split(/\s+/);
    const opensWithName =
      first[0]!.replace(/[^\p{L}]/gu, '').length >= 3 &&
      [2, 1].some((n) => first.length >= n && resolveSpan(db, first.slice(0, n).join(' ')) !== null);
    const product = /\d/.test(piece) || parseMedicationLine(piece).form !== null;
    if (own && opensWithName && product && /\p{L}/u.test(before)) out.push(piece);
    else out[out.length - 1] = `${before}${joiners[i]}${piece}`;
  }
  return out
    .map((x) => x.trim())
    .filter(Boolean)
    .flatMap((x) => unjoined(db, x));
}

/**
 * Medicines written one after another with no joiner ("bisoprolol 2.5 mg once daily ramipril 5 mg once daily"): a name
 * right after a strength with a unit and its instructions starts the next medicine, when the name is a medicine's
 * (never a class), is not in brackets, and nothing between says it is a remark ("… switched to atorvastatin").
 */
function unjoined(db: Db, line: string): string[] {
  const parsed = parseMedicationLine(line);
  const out: string[] = [];
  let from = 0;
  for (const [i, run] of parsed.runs.entries()) {
    if (i === 0 || run.joined) continue;
    const before = line.slice(from, run.at);
    const between = line.slice(parsed.runs[i - 1]!.end, run.at);
    // a joiner the split above kept ("Xgeva 120mg + calcium/vit D supplement"), or a diluent ("heparin 25,000 units in
    // 50 mL NaCl 0.9%"), is not a new medicine
    if (
      !/\d\s*(?:mg|mcg|µg|g|ml|units?|iu|%)\b/i.test(between) ||
      REMARK.test(before) ||
      /[()+&,;/]|\band\b/i.test(between) ||
      /\b(?:in|into|with|via|per|of|over|diluted|made up)\s*$/i.test(between.replace(/[\d.,]+\s*\p{L}{0,5}\s*$/u, ''))
    )
      continue;
    if ((line.slice(0, run.at).match(/\(/g) ?? []).length > (line.slice(0, run.at).match(/\)/g) ?? []).length) continue;
    const words = run.text.split(/\s+/);
    const name = [2, 1]
      .filter((n) => words.length >= n)
      .map((n) => resolveSpan(db, words.slice(0, n).join(' ')))
      .find((r) => r !== null);
    if (!name || name.kind === 'class' || words[0]!.replace(/[^\p{L}]/gu, '').length < 4) continue;
    out.push(line.slice(from, run.at).trim());
    from = run.at;
  }
  out.push(line.slice(from).trim());
  return out.filter(Boolean);
}

export function readMedicationLine(db: Db, line: string): ReadLine {
  const several = medicinesOnLine(db, line);
  if (several.length > 1) {
    // Each medicine read as its own line; the first one's dose and route describe the line.
    const reads = several.map((l) => readOneLine(db, l));
    const substances = reads
      .flatMap((r) => r.substances)
      .filter((x, i, all) => all.findIndex((y) => substanceIdentity(y) === substanceIdentity(x)) === i);
    const unread = reads.flatMap((r) => r.unread);
    const status = !substances.length
      ? 'unresolved'
      : unread.length || reads.some((r) => r.status !== 'resolved')
        ? 'partial'
        : 'resolved';
    return {
      text: line,
      status,
      parsed: reads[0]!.parsed,
      substances,
      unread,
      suggestions: reads.flatMap((r) => r.suggestions),
    };
  }
  return readOneLine(db, line);
}

/**
 * A line about a device or an appliance ("Foley catheter 14Fr", "pen needles 4mm", "FreeStyle test strips"): its
 * unknown words are the device's, never a misspelt medicine ("Foley" is one letter from Folex, a methotrexate brand).
 */
const DEVICE_LINE =
  /\b(?:catheters?|stoma|colostomy|ileostomy|urostomy|needles?|lancets?|test strips?|strips|glucometer|meter|syringes?|dressings?|bandages?|stockings?|pads|spacer|aerochamber|nebuli[sz]er machine|cpap|oxygen concentrator|sharps bin|walking (?:stick|frame)|hearing aid|wheelchair|commode|sensor|cannula|tubing|bag)\b/i;

/** Who takes it and that they do, before the product ("on", "taking", "mum is on", "my dad takes", "she's on"). */
const TAKER_PREFACE =
  /^\s*(?:(?:(?:my|our|his|her|their)\s+)?(?:mum|mom|mam|mother|dad|father|husband|wife|partner|son|daughter|nan|gran|granny|grandma|grandad|grandpa|brother|sister)(?:'s)?\s+|(?:i|i'm|im|he|she|they|we|he's|she's|they're|we're)\s+)?(?:(?:is|are|am|was|still|also|currently)\s+)*(?:on|takes?|taking|uses?|using)\s+/i;

/**
 * A word right after a count that follows a label or a name is what is counted ("Café: 4-5 tazas al día", "Kaffee: 3
 * Tassen", "Tea 2 mugs"), in any language: never a misspelt medicine ("tazas" is one letter from Tazac, nizatidine).
 */
function countNoun(line: string, at: number): boolean {
  return /\p{L}[^\p{L}\d]*\d+(?:[.,]\d+)?(?:\s*[-–]\s*\d+)?\s+$/u.test(line.slice(0, at));
}

function readOneLine(db: Db, line: string): ReadLine {
  const parsed = parseMedicationLine(line);
  const { runs, note, text: _text, ...rest } = parsed;
  if (note) return { text: line, status: 'note', parsed: rest, substances: [], unread: [], suggestions: [] };
  // A name that itself holds a form, route or number ("oral contraceptives", "Timolol (ophthalmic)", "BPC-157",
  // "omega 3") is read whole, exactly, before the line is taken apart.
  // So too after a preface that says who takes it ("on the pill", "mum is on the pill").
  const whole = resolveSpan(db, line.trim()) ?? resolveSpan(db, line.replace(TAKER_PREFACE, '').trim());
  if (whole) return { text: line, status: 'resolved', parsed: rest, substances: [whole], unread: [], suggestions: [] };
  const layKindRead = layKind(db, line, parsed);
  const kind = layKindRead && (namedInBrackets(db, line, layKindRead) ?? layKindRead);
  if (kind) return { text: line, status: 'resolved', parsed: rest, substances: [kind], unread: [], suggestions: [] };
  const substances: Substance[] = [];
  const unread: string[] = [];
  // The line's product is its first name; later words count only when joined to it as ingredients ("/", "+", "and",
  // "with"). Remarks after it ("not on MTX day", "NO alcohol", "switched to atorvastatin", "during flares") name other
  // things and are never read as part of the line, and typos are tried only while nothing has been read.
  // A product whose name holds a word the parser would take as an instruction ("Tylenol PM", "Nurofen Plus"): the
  // longest run of the line's first words that is exactly a name is the product.
  // A first run of words that only say how much ("high-dose IV methotrexate", "low dose aspirin") is not the product:
  // the product is the run after it, which would otherwise be dropped as a remark.
  // (A run of kind words that is itself a class word, "Blood thinner", is the product.)
  const first = runs.findIndex(
    (r) =>
      !r.text
        .split(/[\s-]+/)
        .every(
          (w) =>
            DOSE_PREFACE.has(w.toLowerCase()) || KIND_FIRST.has(w.toLowerCase()) || FILLER_FIRST.has(w.toLowerCase()),
        ) || resolveSpan(db, r.text)?.kind === 'class',
  );
  const named = first > 0 ? runs.slice(first) : runs;
  const prefix = productPrefix(db, line, named[0]?.at ?? 0);
  if (prefix) substances.push(prefix.substance);
  // A joined run counts only when the run it is joined to was read ("separate from calcium/iron" is a remark as a whole).
  let previousRead = prefix !== null;
  for (const [i, run] of named.entries()) {
    if (prefix && run.at < prefix.end) continue;
    // The product is named by the first run; a later run counts only when joined to a run that was read.
    if ((i > 0 || prefix) && !(run.joined && previousRead)) {
      previousRead = false;
      continue;
    }
    const r = readRun(db, run, substances.length === 0 && !DEVICE_LINE.test(line) && !countNoun(line, run.at));
    // A product we do not know, of which a later word happens to be a name ("Centrum Silver", "Red Bull sugar free"):
    // the first run's first word unread means the run names something else, so nothing in it is read.
    if (
      i === 0 &&
      r.found.length &&
      r.unread[0] !== undefined &&
      run.text.toLowerCase().startsWith(r.unread[0].toLowerCase()) &&
      !FILLER_FIRST.has(r.unread[0].toLowerCase()) &&
      !KIND_FIRST.has(r.unread[0].toLowerCase())
    ) {
      unread.push(run.text);
      previousRead = false;
      continue;
    }
    previousRead = r.found.length > 0;
    for (const s of r.found)
      if (!substances.some((x) => substanceIdentity(x) === substanceIdentity(s))) substances.push(s);
    unread.push(...r.unread);
  }
  // Everyday words for a kind of medicine ("water tablet", "blood thinner"): the lay table's class, when it gives one.
  // … so too the words before a remark ("pastillas para la diabetes, no recuerda el nombre", "weekly weight loss jab –
  // bought online"), as written or as the name runs before it, when the whole line is no lay phrase.
  if (!substances.length) {
    const cut = /\s*(?:,|;|\(|\s[-–—]+\s)/.exec(line);
    const head = cut && cut.index > 0 ? line.slice(0, cut.index) : null;
    const headRuns = head ? runs.filter((r) => r.end <= head.length).map((r) => r.text) : [];
    const cls =
      layClass(db, [...runs.map((r) => r.text), rest.form ?? ''].join(' ')) ??
      (head ? layClass(db, head.replace(TAKER_PREFACE, '')) : null) ??
      (headRuns.length ? layClass(db, [...headRuns, rest.form ?? ''].join(' ')) : null);
    if (cls) {
      substances.push(cls);
      unread.length = 0;
    }
  }
  // A product we do not know with its medicine in brackets ("dagelijks drop (zoethout)", "Lorstat (atorvastatin)"):
  // the bracket, when it is exactly the name of a medicine people take (not a molecule's abbreviation: "(Val)",
  // "(NMP)" on a contact or prescriber line), says what the product is.
  if (!substances.length) {
    for (const m of line.matchAll(/\(([^()]{5,60})\)/g)) {
      const r = /\p{Ll}/u.test(m[1]!) ? resolveSpan(db, m[1]!.trim()) : null;
      if (!r || (r.matchedVia && WEAK_VIA.has(r.matchedVia))) continue;
      substances.push({
        ...r,
        input: line,
        notice: r.notice ?? `"${line.trim()}" was read as ${r.name}, named in brackets.`,
      });
      break;
    }
  }
  // A medicine written as a label before its instructions ("Humalog sliding scale: BG 150-200 = 2 units, …"): the
  // parser takes "X:" as list furniture, so when nothing else was read the label is read as the line.
  if (!substances.length) {
    const label = /^\s*([\p{L}][\p{L}\p{N} .'/-]{1,40}):\s+\S/u.exec(line)?.[1];
    if (label && label.trim() !== line.trim()) {
      const r = readOneLine(db, label);
      if (r.substances.length) return { ...r, text: line, parsed: rest };
    }
  }
  // An abbreviation or an umbrella name with the medicine meant in brackets right after it ("B12 (methylcobalamin)",
  // "DXM (dexamethasone)"): the bracket, when it is exactly another medicine of ours with none of the same keys.
  if (
    substances.length === 1 &&
    named[0] &&
    (substances[0]!.matchedVia === 'abbreviation' || substances[0]!.matchedVia === 'alt_name')
  ) {
    const m = /^\s*\(([^()]{3,60})\)/.exec(line.slice(named[0].end));
    const r = m ? resolveSpan(db, m[1]!.trim()) : null;
    if (
      r?.compound &&
      r.matchedVia &&
      ['slug', 'name', 'alt_name'].includes(r.matchedVia) &&
      !r.keys.some((k) => substances[0]!.keys.includes(k))
    )
      substances[0] = {
        ...r,
        input: line,
        notice: `"${line.trim()}" was read as ${r.name}, named in brackets after ${named[0].text}.`,
      };
  }
  if (substances.length === 1 && substances[0]!.kind === 'class') {
    const named = namedInBrackets(db, line, substances[0]!);
    if (named)
      return { text: line, status: 'resolved', parsed: rest, substances: [named], unread: [], suggestions: [] };
  }
  const status = !substances.length ? (runs.length ? 'unresolved' : 'note') : unread.length ? 'partial' : 'resolved';
  const sugg = status === 'unresolved' ? suggestions(db, runs.map((r) => r.text).join(' ')) : [];
  return { text: line, status, parsed: rest, substances, unread, suggestions: sugg };
}

/** Read a pasted list: split into lines (medication-line rules), each line read. */
export function readMedicationList(db: Db, text: string): ReadLine[] {
  return splitMedicationList(text)
    .flatMap((l) => medicinesOnLine(db, l))
    .map((l) => readMedicationLine(db, l));
}

/**
 * One line as one substance, for callers that take a list of names (the interaction check, the builders' current
 * medicines, the profile): the line's substances merged (a line that names two ingredients is a combination), with
 * what it said besides the name. A line that names nothing keeps its text and is `unresolved`.
 */
export function resolveLine(db: Db, line: string): Substance {
  const r = readMedicationLine(db, line);
  const reading: LineReading = { line: r.status, ...r.parsed, unread: r.unread };
  const subs = r.substances;
  if (!subs.length) {
    return {
      input: line,
      status: 'unresolved',
      kind: null,
      name: line.trim(),
      matchedVia: null,
      notice: null,
      compound: null,
      keys: [],
      classId: null,
      reading,
    };
  }
  const notices = subs.map((s) => s.notice).filter((n): n is string => n !== null);
  if (r.unread.length) notices.push(`Not read in "${line.trim()}": ${r.unread.join(', ')}.`);
  if (subs.length === 1)
    return { ...subs[0]!, input: line, notice: notices.length ? notices.join(' ') : null, reading };
  const keys = [...new Set(subs.flatMap((s) => s.keys))];
  const typo = subs.find((s) => s.matchedVia === 'typo');
  return {
    input: line,
    status: 'resolved',
    kind: 'drug',
    name: subs.map((s) => s.name).join(' + '),
    matchedVia: typo ? 'typo' : subs[0]!.matchedVia,
    notice: [`"${line.trim()}" was read as ${subs.map((s) => s.name).join(' + ')}.`, ...notices].join(' '),
    compound: null,
    keys,
    classId: null,
    reading,
  };
}

export interface NameSuggestionOut {
  name: string;
  slug: string | null;
  match: 'exact' | 'prefix' | 'typo';
  written: string;
}

/**
 * What a name being typed could be (autocomplete): the name part of the line (a dose or frequency after it is
 * ignored), read exactly if it already names something, then close names — typos first, then names it begins — one per
 * substance, named as the checker names it.
 */
export function suggestNames(db: Db, text: string, limit = 8): { query: string; items: NameSuggestionOut[] } {
  const parsed = parseMedicationLine(text);
  const query = (parsed.runs[0]?.text ?? text).trim();
  const items: NameSuggestionOut[] = [];
  const exact = resolveSpan(db, query);
  if (exact) items.push({ name: exact.name, slug: exact.compound?.slug ?? null, match: 'exact', written: query });
  for (const s of suggestions(db, query, limit + 1)) {
    if (items.length >= limit) break;
    if (items.some((i) => i.name === s.name)) continue;
    items.push({ name: s.name, slug: s.slug, match: s.match, written: s.name });
  }
  return { query, items };
}
