/**
 * What a query is searched as. The user's words (stop words out), plus:
 * - letter-named vitamins as phrases with the names records use ("vitamin d" → D3, D2, cholecalciferol …);
 * - lay phrases with their clinical terms (vocabulary/fulltext-synonyms.ts, and the reviewed lay table's terms);
 * - compound names found in the query by brand, synonym or typo, so documents that only name the generic match too
 *   ("zoloft" → sertraline; "metfromin" → metformin).
 * The plan says what it did (`interpretation`) so a client can show "showing results for …".
 */
import { normalizeName } from '../vocabulary/normalize.ts';
import { contentTokens, MAX_TOKENS, queryTokens, type Unit } from './fts-query.ts';
import type { FuzzyNames } from '../vocabulary/fuzzy.ts';
import { LAY_TERMS, VITAMIN_LETTERS } from '../vocabulary/fulltext-synonyms.ts';
import { STOP_WORDS } from './stop-words.ts';

/** A compound the query names; `rowid` null: a drug the name resolver knows (a brand, say) that has no record of ours. */
export interface NameHit {
  rowid: number | null;
  name: string;
  score: number;
  via: 'exact' | 'synonym' | 'typo' | 'lay';
}
export interface QueryInterpretation {
  corrected: string | null;
  expanded_with: string[];
}

export interface QueryPlan {
  /** Units OR-ed for full-text search (the query's own first). */
  units: Unit[];
  /**
   * The query's own units (misspelt names replaced by the corrected ones): what a full match means for lexical scores.
   * Expansions are alternatives to these, not extra words to match, so they add to a record's score but not to the scale.
   */
  scaleUnits: Unit[];
  /** Text for the embedding model: the query as understood (corrected, with what it was expanded with). */
  denseText: string;
  /** Compounds the query names, with the strength of the match. */
  names: NameHit[];
  interpretation: QueryInterpretation | null;
}

export interface NameLookup {
  exact(norm: string): { rowid: number | null; name: string; kind: 'name' | 'alt_name' | 'drugbank' }[];
  fuzzy: FuzzyNames;
  /** True when the word is common in the searched text: such a word is never "corrected" into a compound name. */
  isKnownWord(word: string): boolean;
  /** The vocabulary's lay phrases in the query, with the compounds a right answer contains (vocabulary/lay.ts). */
  lay?(query: string): {
    phrase: string;
    terms: string[];
    compounds: string[];
    exact: boolean;
    length: number;
    coverage: number;
    content?: number;
  }[];
  /** Our record's rowid for a compound slug (the lay table names compounds by slug). */
  rowidOfSlug?(slug: string): number | null;
}

const splitWords = (s: string) => queryTokens(s);

/** The share of the query a lay phrase must account for before its terms reach the embedding model's text. */
export const LAY_TERMS_MIN_COVERAGE = 0.5;
/**
 * A floor for the first compounds of a specific lay phrase (two words or more, exact, at least half the query, six
 * compounds or fewer): "cream for cold sores on my lip" ranks aciclovir, which the phrase names first, among the first
 * results. Chosen on the dev half of blind round 7 (0.6); a floor for every lay compound cost more than it gained
 * (broad phrases such as "antibiotic" or "steroid cycle" pushed out the specific answer).
 */
const LAY_FLOOR = 0.6;
const LAY_FLOOR_MIN_WORDS = 2;
const LAY_FLOOR_MIN_COVERAGE = 0.5;
const LAY_FLOOR_COMPOUNDS = 3;
/** A phrase naming more compounds is a broad one ("steroid cycle": eight anabolic steroids), and gets no floor. */
const LAY_FLOOR_MAX_NAMED = 6;
/**
 * A phrase met with words between or in another order ("la pastilla de la presión que me da una tos seca" for "tos
 * seca por la pastilla de la presión") gets the floor when no exact phrase did and it is specific: three meaningful
 * words or more, at least half the query, six compounds or fewer; the longest such phrase only. Chosen on the dev half
 * of blind round 9 (round 9 fixes, 2026-11-29); rounds 1–8 rerun.
 */
const LAY_FLOOR_SCATTERED_MIN_CONTENT = 3;

/**
 * The full-text units of a query without compound-name resolution: its content words, letter-named vitamins as
 * phrases (the lone letter dropped: "d" alone would match "d-alpha-tocopherol") with the names records use, and lay
 * phrases with their clinical terms. `own` are the units that stand for the query itself.
 */
export function lexicalUnits(
  query: string,
  maxTokens = MAX_TOKENS,
): { units: Unit[]; own: Unit[]; expandedWith: string[] } {
  const raw = queryTokens(query, maxTokens);
  const vitaminAt = new Set<number>();
  const phrases: Unit[] = [];
  const alternatives: Unit[] = [];
  const expandedWith: string[] = [];
  for (let i = 0; i + 1 < raw.length; i++) {
    if (raw[i] !== 'vitamin' && raw[i] !== 'vit') continue;
    const letter = raw[i + 1]!;
    const alts = VITAMIN_LETTERS[letter];
    if (!alts) continue;
    vitaminAt.add(i).add(i + 1);
    phrases.push(['vitamin', letter]);
    for (const a of alts) alternatives.push(splitWords(a));
    if (raw[i] === 'vit') expandedWith.push(`vitamin ${letter}`);
  }
  // Lay phrases, longest first, on whole words. The phrase still matches (a record may say "heart attack"), but what a
  // full match means is the clinical term: lexical scores are scaled by it, not by "heart" and "attack".
  const layAt = new Set<number>();
  const layMeaning: Unit[] = [];
  for (const [lay, clinical] of Object.entries(LAY_TERMS).sort((a, b) => b[0].length - a[0].length)) {
    const words = lay.split(' ');
    for (let i = 0; i + words.length <= raw.length; i++) {
      if (words.some((w, j) => raw[i + j] !== w || layAt.has(i + j))) continue;
      words.forEach((_, j) => layAt.add(i + j));
      layMeaning.push(splitWords(clinical[0]!));
      // The lay words match as the phrase they form: "heart" alone would bring in every heart-failure abstract.
      alternatives.push(words);
      for (const c of clinical) {
        alternatives.push(splitWords(c));
        expandedWith.push(c);
      }
    }
  }
  const rest = raw.filter((_, i) => !vitaminAt.has(i));
  const words = rest.some((t) => !STOP_WORDS.has(t)) || phrases.length ? rest.filter((t) => !STOP_WORDS.has(t)) : rest;
  const restOwn = raw
    .map((t, i) => (vitaminAt.has(i) || layAt.has(i) || (STOP_WORDS.has(t) && words.length < rest.length) ? null : [t]))
    .filter((u): u is Unit => u !== null);
  const own = [...restOwn, ...phrases, ...layMeaning];
  alternatives.unshift(...restOwn);
  const seen = new Set<string>();
  const units = [...own, ...alternatives].filter((u) => {
    const k = u.join(' ');
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  return { units, own, expandedWith };
}

/** `maxTokens`: how many word tokens are searched (more only for a long message already cut to its key terms). */
export function planQuery(query: string, names: NameLookup, maxTokens = MAX_TOKENS): QueryPlan {
  const raw = queryTokens(query, maxTokens);
  const lexical = lexicalUnits(query, maxTokens);
  const units: Unit[] = [...lexical.units];
  const have = new Set(units.map((u) => u.join(' ')));
  const add = (u: Unit) => {
    const k = u.join(' ');
    if (u.length && !have.has(k)) {
      have.add(k);
      units.push(u);
    }
  };
  const expandedWith: string[] = [...lexical.expandedWith];

  // Compound names: the whole query, then runs of up to four words, then single words with typos.
  const hits = new Map<number | string, NameHit>();
  const hit = (h: NameHit) => {
    const id = h.rowid ?? h.name.toLowerCase();
    const prev = hits.get(id);
    if (!prev || h.score > prev.score) hits.set(id, h);
  };
  let corrected: string | null = null;
  const covered = new Set<number>();
  /** Word spans that name a compound by another name (brand, synonym, typo): the dense text says the canonical name. */
  const renamed = new Map<number, { len: number; name: string }>();
  const whole = names.exact(normalizeName(query));
  for (const e of whole) hit({ rowid: e.rowid, name: e.name, score: 1, via: e.kind === 'name' ? 'exact' : 'synonym' });
  if (whole.length) raw.forEach((_, i) => covered.add(i));
  for (let len = Math.min(4, raw.length); len >= 1; len--) {
    for (let i = 0; i + len <= raw.length; i++) {
      if ([...Array(len).keys()].some((j) => covered.has(i + j))) continue;
      const piece = raw.slice(i, i + len);
      if (len === 1 && (STOP_WORDS.has(piece[0]!) || piece[0]!.length < 3)) continue;
      const found = names.exact(normalizeName(piece.join(' ')));
      if (!found.length) continue;
      for (const e of found)
        hit({ rowid: e.rowid, name: e.name, score: 0.9, via: e.kind === 'name' ? 'exact' : 'synonym' });
      if (found.length === 1 && found[0]!.kind !== 'name') renamed.set(i, { len, name: found[0]!.name });
      for (let j = 0; j < len; j++) covered.add(i + j);
    }
  }
  for (let i = 0; i < raw.length; i++) {
    const word = raw[i]!;
    if (covered.has(i) || STOP_WORDS.has(word) || names.isKnownWord(word)) continue;
    const typo = names.fuzzy.match(word)[0];
    if (!typo) continue;
    // A query that is just a misspelt name means that compound (above any unnamed record); a misspelt word inside a longer query is less sure.
    const alone = contentTokens(query).length === 1;
    hit({
      rowid: typo.compoundRowid,
      name: typo.name,
      score: alone ? (typo.distance === 1 ? 0.99 : 0.985) : typo.distance === 1 ? 0.8 : 0.6,
      via: 'typo',
    });
    renamed.set(i, { len: 1, name: typo.name });
    corrected = (corrected ?? raw.join(' '))
      .split(' ')
      .map((w) => (w === word ? typo.name.toLowerCase() : w))
      .join(' ');
    covered.add(i);
  }
  /** Lay terms searched as words but kept out of the embedding model's text: still said in the interpretation. */
  const shownOnly: string[] = [];
  // Everyday wording ("pee out sugar", "water tablet"): the reviewed lay table's clinical terms for its exact phrases
  // join the full-text search; they reach the embedding model's text (and "showing results for") only when the phrase
  // is most of the query, so a broad phrase does not pull a specific question toward it. The table's compounds are not
  // ranked up here: on the dev half of the blind lay set any floor for them cost more than it gained (dense similarity
  // already ranks them); compound search, which has no dense side, ranks them (compound-repo.ts).
  const layFound = names.lay?.(query) ?? [];
  const specific = (m: (typeof layFound)[number]) =>
    m.coverage >= LAY_FLOOR_MIN_COVERAGE && m.compounds.length <= LAY_FLOOR_MAX_NAMED;
  const floored = layFound.filter((m) => m.exact && m.length >= LAY_FLOOR_MIN_WORDS && specific(m));
  const scattered = layFound.find(
    (m) => !m.exact && (m.content ?? 0) >= LAY_FLOOR_SCATTERED_MIN_CONTENT && specific(m),
  );
  if (!floored.length && scattered) floored.push(scattered);
  for (const m of layFound) {
    if (floored.includes(m))
      for (const slug of m.compounds.slice(0, LAY_FLOOR_COMPOUNDS)) {
        const rowid = names.rowidOfSlug?.(slug) ?? null;
        if (rowid !== null) hit({ rowid, name: slug, score: LAY_FLOOR, via: 'lay' });
      }
    // A phrase the short full-text table already expands keeps that calibrated expansion alone.
    if (m.exact && !(m.phrase in LAY_TERMS)) {
      for (const t of m.terms) {
        add(splitWords(t));
        if (m.coverage >= LAY_TERMS_MIN_COVERAGE) {
          if (!expandedWith.includes(t)) expandedWith.push(t);
        } else if (!shownOnly.includes(t)) shownOnly.push(t);
      }
    }
  }
  for (const h of hits.values()) {
    if (h.via === 'lay') continue;
    const nameWords = splitWords(h.name);
    if (h.via === 'synonym') expandedWith.push(h.name);
    if (h.via !== 'exact' || nameWords.join(' ') !== raw.join(' ')) add(nameWords);
  }

  // The query as understood: names said the canonical way ("zoloft side effects" → "Sertraline side effects").
  const words: string[] = [];
  for (let i = 0; i < raw.length; i++) {
    const r = renamed.get(i);
    if (r) {
      words.push(r.name);
      i += r.len - 1;
    } else words.push(raw[i]!);
  }
  const understood = renamed.size ? words.join(' ') : query.trim();
  const canonical = new Set([...renamed.values()].map((r) => r.name.toLowerCase()));
  const seenExpansion = new Set<string>([query.trim().toLowerCase()]);
  const expansions = expandedWith.filter(
    (e) => !seenExpansion.has(e.toLowerCase()) && seenExpansion.add(e.toLowerCase()),
  );
  const extra = expansions.filter((e) => !canonical.has(e.toLowerCase()));
  // The query's own units, with a misspelt or other-named compound counted under its canonical name.
  const scaleUnits = renamed.size ? lexicalUnits(words.join(' '), maxTokens).own : lexical.own;
  for (const u of scaleUnits) add(u);
  return {
    units,
    scaleUnits,
    denseText: extra.length ? `${understood} (${extra.join(', ')})` : understood,
    names: [...hits.values()],
    interpretation:
      corrected || expansions.length || shownOnly.length
        ? {
            corrected,
            expanded_with: [
              ...expansions,
              ...shownOnly.filter((t) => !expansions.some((e) => e.toLowerCase() === t.toLowerCase())),
            ],
          }
        : null,
  };
}
