/**
 * Every substance a question names, by any name the interaction checker recognises: our compounds (names,
 * alternative names, DrugBank synonyms and brands), drugs only DDInter knows, foods and drinks our interaction texts
 * mention, names in Spanish or German, and typos (one edit for 6–8 letters, two for longer names, only when one
 * substance is clearly closest). Each found name says how it was read, so the answer can say "read 'metformina' as
 * Metformin". Names are resolved by the checker's own resolver (src/main/interactions/resolver.ts: brands, salts,
 * INN/USAN spellings, class words such as "statins" or "blood thinners", foods), so the chat and
 * POST /v1/tools/interactions/check agree on what a name means; the chat is stricter about typos, since a question is
 * full of ordinary words that are one letter from a brand ("weather" / Heather).
 */
import { normalizeName, foldAccents } from '../vocabulary/normalize.ts';
import type { Db } from '../db/connection.ts';
import { readsAsMedicine } from '../vocabulary/ambiguous.ts';
import { resolveName } from '../vocabulary/resolver.ts';
import { OTHER_NAMES } from '../vocabulary/other-names.ts';
import type { CompoundMention } from './mentions.ts';
import { runToEnd, type Steps } from './time-slice.ts';

export interface FoundName {
  /** the words as written */
  text: string;
  at: number;
  /** what to hand the checker (a slug, a name it resolves, or the written word for foods) */
  input: string;
  /** how the answer names it */
  name: string;
  slug: string | null;
  /** set when the name was read as something else (another language, a typo, one form of a family) */
  notice: string | null;
}

/** Foods and drinks that interaction texts name but no drug vocabulary resolves: handed to the checker as written. */
const FOODS = new Set([
  'grapefruit',
  'grapefruit juice',
  'alcohol',
  'caffeine',
  'coffee',
  'green tea',
  'tea',
  'milk',
  'dairy',
  'cheese',
  'tyramine',
  'licorice',
  'liquorice',
  'cranberry',
  'cranberry juice',
  'pomegranate',
  'kale',
  'spinach',
  'leafy greens',
  'vitamin k rich foods',
  'garlic',
  'ginger',
  'turmeric',
  'ginseng',
  'valerian',
  'salt substitutes',
  // what other-language food and drink words are read as (other-names.ts): "vino" is also a Spanish verb
  'wine',
  'beer',
  'vitamin k',
  'broccoli',
  'brussels sprouts',
  'aged cheese',
  'soy sauce',
  'sauerkraut',
  'salami',
  'cured meats',
]);

/** Words never read as a substance, whatever a vocabulary says (they are ordinary words in questions). */
const NOT_NAMES = new Set(
  `a an the and or with without of for to in on at by from is are was be can could should would will may might must do does did i me my we our you your he she it they
them his her their this that these those what which who how when why where there here safe safety take taking taken took use using used combine combined combination
together interact interaction interactions mix mixing dose doses dosing daily day days week weeks month months year years time times effect effects side risk risks
pill pills tablet tablets capsule capsules drug drugs medicine medicines medication medications supplement supplements level levels blood test tests people person
patient patients adult adults child children woman women man men pregnant pregnancy breastfeeding doctor good bad better best high low normal much many more less
also about after before while during since than then just only still even any some all other same different new old first last help helps work works need needs want
know like get got make made give given go going come one two three four five six seven eight nine ten mg mcg g kg ml lb cm per eat eating drink drinking food foods
water sleep stress pain heart liver kidney kidneys brain muscle bone bones skin hair weight fat sugar insulin protein proteins fibre fiber carbs calories cholesterol
sodium oxygen salt energy vitamins minerals nootropics peptides probiotics sarms steroids hormones hormone acid acids amino test result results range value values
ng ug iu mmol umol pmol nmol fl dl mm hg bpm kcal age old year weather`
    .split(/\s+/)
    .filter(Boolean),
);

/** Edit distance, for typos read against a substance's canonical name (not a brand that happens to be a word). */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cur = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = cur;
    }
  }
  return row[b.length]!;
}

/** Foods count as a substance only in a question about taking things together. */
const WITH = /\b(?:with|together|interact\w*|combin\w*|mix\w*|while (?:on|taking)|alongside|avoid|mit|con|junto)\b/i;

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu;

interface Span {
  text: string;
  at: number;
  end: number;
}

function spans(text: string, max = 3): Span[][] {
  const words = [...text.matchAll(WORD)].map((m) => ({
    text: m[0].replace(/[’]/g, "'"),
    at: m.index,
    end: m.index + m[0].length,
  }));
  return words.map((_, i) => {
    const out: Span[] = [];
    for (let n = Math.min(max, words.length - i); n >= 1; n--) {
      const last = words[i + n - 1]!;
      out.push({ text: text.slice(words[i]!.at, last.end).replace(/[’]/g, "'"), at: words[i]!.at, end: last.end });
    }
    return out;
  });
}

/**
 * A resolution the chat accepts: a typo only for one word of 6+ letters whose edit distance to the name it was read as
 * is 1 (2 from 9 letters); food and drink only in a question about taking things together.
 */
function accepted(via: string | null, query: string, name: string, words: number): boolean {
  if (via !== 'typo') return true;
  const norm = normalizeName(query);
  if (words > 1 || norm.length < 6) return false;
  const names = [name, name.split(/[ (,]/)[0]!].map(normalizeName);
  return names.some((n) => distance(norm, n) <= (norm.length >= 9 ? 2 : 1));
}

/** The substances a question names, in the order written, one entry per substance. */
export function findSubstanceNames(
  db: Db,
  text: string,
  compounds: readonly CompoundMention[],
  skip: readonly [number, number][] = [],
): FoundName[] {
  return runToEnd(substanceNameSteps(db, text, compounds, skip));
}

/** findSubstanceNames as steps, one per word of the question (time-slice.ts). */
export function* substanceNameSteps(
  db: Db,
  text: string,
  compounds: readonly CompoundMention[],
  skip: readonly [number, number][] = [],
): Steps<FoundName[]> {
  // a long question repeats its words: each distinct span is resolved once
  const resolved = new Map<string, ReturnType<typeof resolveName>>();
  const resolve = (q: string) => {
    let r = resolved.get(q);
    if (!r) resolved.set(q, (r = resolveName(db, q)));
    return r;
  };
  const found: FoundName[] = [];
  const taken: [number, number][] = [...skip];
  const overlaps = (s: number, e: number) => taken.some(([x, y]) => s < y && e > x);
  const add = (f: FoundName, end: number) => {
    taken.push([f.at, end]);
    const key = f.slug ?? normalizeName(f.name);
    if (!found.some((x) => (x.slug ?? normalizeName(x.name)) === key)) found.push(f);
  };
  for (const c of compounds) {
    if (c.family) continue;
    add(
      { text: c.matched, at: c.at, input: c.slug, name: c.name, slug: c.slug, notice: null },
      c.at + c.matched.length,
    );
  }
  // a family word ("magnesium") is what the checker resolves it to; failing that, its first form, and the answer says so
  const families = new Map<string, CompoundMention[]>();
  for (const c of compounds)
    if (c.family) families.set(c.matched.toLowerCase(), [...(families.get(c.matched.toLowerCase()) ?? []), c]);
  for (const [word, members] of families) {
    const m = members[0]!;
    if (overlaps(m.at, m.at + m.matched.length)) continue;
    const r = resolveName(db, m.matched);
    if (r.status === 'resolved' && r.matchedVia !== 'typo') {
      add(
        {
          text: m.matched,
          at: m.at,
          input: m.matched,
          name: r.compound?.name ?? r.name,
          slug: r.compound?.slug ?? null,
          notice: null,
        },
        m.at + m.matched.length,
      );
      continue;
    }
    add(
      {
        text: m.matched,
        at: m.at,
        input: m.slug,
        name: m.name,
        slug: m.slug,
        notice: `"${word}" was checked as ${m.name}, one of ${members.length} forms in the catalogue (${members
          .slice(0, 4)
          .map((x) => x.name)
          .join(', ')}${members.length > 4 ? ', …' : ''}); other forms may differ`,
      },
      m.at + m.matched.length,
    );
  }
  for (const options of spans(text)) {
    yield;
    for (const s of options) {
      if (overlaps(s.at, s.end)) continue;
      const norm = normalizeName(s.text);
      const words = s.text.toLowerCase().split(/[\s-]+/);
      if (
        norm.length < 3 ||
        words.every((w) => NOT_NAMES.has(w)) ||
        NOT_NAMES.has(words[0]!) ||
        NOT_NAMES.has(words[words.length - 1]!)
      )
        continue;
      const lower = foldAccents(s.text.toLowerCase());
      const alias = OTHER_NAMES[lower];
      const query = alias ?? s.text;
      const r = resolve(query);
      if (
        r.status === 'resolved' &&
        accepted(r.matchedVia, query, r.name, words.length) &&
        (alias || readsAsMedicine(db, text, s.at, s.end, r.name, r.matchedVia)) &&
        (!(FOODS.has(query.toLowerCase()) || FOODS.has(normalizeName(query))) || WITH.test(text))
      ) {
        add(
          {
            text: s.text,
            at: s.at,
            input: r.compound?.slug ?? query,
            name: r.compound?.name ?? r.name,
            slug: r.compound?.slug ?? null,
            notice: alias
              ? `"${s.text}" was read as ${r.compound?.name ?? r.name}`
              : r.matchedVia === 'typo'
                ? `"${s.text}" was read as ${r.compound?.name ?? r.name}`
                : null,
          },
          s.end,
        );
        break;
      }
    }
  }
  return found.sort((a, b) => a.at - b.at);
}

/**
 * Words that look like a name but that nothing here knows: not a substance the checker resolves, not a compound, and
 * in no document of the library ("xyloprimavir"). A question about one has no answer here, and an interaction
 * question naming one still checks the pair, as unrecognised.
 */
export function unknownNames(db: Db, text: string, known: readonly FoundName[]): { text: string; at: number }[] {
  return runToEnd(unknownNameSteps(db, text, known));
}

/** unknownNames as steps, one per word (time-slice.ts). */
export function* unknownNameSteps(
  db: Db,
  text: string,
  known: readonly FoundName[],
): Steps<{ text: string; at: number }[]> {
  const inDocs = db.prepare<[string], { n: number }>(
    'SELECT count(*) AS n FROM (SELECT 1 FROM documents_fts WHERE documents_fts MATCH ? LIMIT 1)',
  );
  const out: { text: string; at: number }[] = [];
  // each distinct word is looked up once, however often a long question repeats it
  const seen = new Map<string, boolean>();
  for (const m of text.matchAll(/\p{L}[\p{L}\p{N}-]{4,}/gu)) {
    yield;
    const w = m[0];
    if (NOT_NAMES.has(w.toLowerCase()) || known.some((k) => m.index >= k.at && m.index < k.at + k.text.length))
      continue;
    let isKnown = seen.get(w);
    if (isKnown === undefined) {
      isKnown = resolveName(db, w).status === 'resolved' || inDocs.get(`"${w.replace(/"/g, '')}"`)!.n > 0;
      seen.set(w, isKnown);
    }
    if (!isKnown) out.push({ text: w, at: m.index });
  }
  return out;
}
