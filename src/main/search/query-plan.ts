/**
 * What a query is searched as. The user's words (stop words out), plus:
 * - letter-named vitamins as phrases with the names records use ("vitamin d" → D3, D2, cholecalciferol …);
 * - lay phrases with their clinical terms (lay-terms.ts);
 * - compound names found in the query by brand, synonym or typo, so documents that only name the generic match too
 *   ("zoloft" → sertraline; "metfromin" → metformin).
 * The plan says what it did (`interpretation`) so a client can show "showing results for …".
 */
import { normalizeName } from '../compounds/names.ts';
import { contentTokens, queryTokens, type Unit } from './fts-query.ts';
import type { FuzzyNames } from './fuzzy-names.ts';
import { LAY_TERMS, VITAMIN_LETTERS } from './lay-terms.ts';
import { STOP_WORDS } from './stop-words.ts';

export interface NameHit { rowid: number; name: string; score: number; via: 'exact' | 'synonym' | 'typo' }
export interface QueryInterpretation { corrected: string | null; expanded_with: string[] }

export interface QueryPlan {
  /** Units OR-ed for full-text search (the query's own first). */
  units: Unit[];
  /** Text for the embedding model: the query as understood (corrected, with what it was expanded with). */
  denseText: string;
  /** Compounds the query names, with the strength of the match. */
  names: NameHit[];
  interpretation: QueryInterpretation | null;
}

export interface NameLookup {
  exact(norm: string): { rowid: number; name: string; kind: 'name' | 'alt_name' | 'drugbank' }[];
  fuzzy: FuzzyNames;
  /** True when the word is common in the searched text: such a word is never "corrected" into a compound name. */
  isKnownWord(word: string): boolean;
}

const splitWords = (s: string) => queryTokens(s);

export function planQuery(query: string, names: NameLookup): QueryPlan {
  const raw = queryTokens(query);
  const units: Unit[] = contentTokens(query).map((t) => [t]);
  const have = new Set(units.map((u) => u.join(' ')));
  const add = (u: Unit) => { const k = u.join(' '); if (u.length && !have.has(k)) { have.add(k); units.push(u); } };
  const expandedWith: string[] = [];

  // Vitamins: "vitamin d", "vit d", "vitamin b12".
  for (let i = 0; i + 1 < raw.length; i++) {
    if (raw[i] !== 'vitamin' && raw[i] !== 'vit') continue;
    const letter = raw[i + 1]!;
    const alts = VITAMIN_LETTERS[letter];
    if (!alts) continue;
    add(['vitamin', letter]);
    for (const a of alts) add(splitWords(a));
    if (raw[i] === 'vit') expandedWith.push(`vitamin ${letter}`);
  }

  // Lay phrases, longest first, on whole words.
  const text = ` ${raw.join(' ')} `;
  for (const [lay, clinical] of Object.entries(LAY_TERMS).sort((a, b) => b[0].length - a[0].length)) {
    if (!text.includes(` ${lay} `)) continue;
    for (const c of clinical) { add(splitWords(c)); expandedWith.push(c); }
  }

  // Compound names: the whole query, then runs of up to four words, then single words with typos.
  const hits = new Map<number, NameHit>();
  const hit = (h: NameHit) => { const prev = hits.get(h.rowid); if (!prev || h.score > prev.score) hits.set(h.rowid, h); };
  let corrected: string | null = null;
  const covered = new Set<number>();
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
      for (const e of found) hit({ rowid: e.rowid, name: e.name, score: 0.9, via: e.kind === 'name' ? 'exact' : 'synonym' });
      for (let j = 0; j < len; j++) covered.add(i + j);
    }
  }
  for (let i = 0; i < raw.length; i++) {
    const word = raw[i]!;
    if (covered.has(i) || STOP_WORDS.has(word) || names.isKnownWord(word)) continue;
    const typo = names.fuzzy.match(word)[0];
    if (!typo) continue;
    hit({ rowid: typo.compoundRowid, name: typo.name, score: typo.distance === 1 ? 0.8 : 0.6, via: 'typo' });
    corrected = (corrected ?? raw.join(' ')).split(' ').map((w) => (w === word ? typo.name.toLowerCase() : w)).join(' ');
    covered.add(i);
  }
  for (const h of hits.values()) {
    const nameWords = splitWords(h.name);
    if (h.via === 'synonym') expandedWith.push(h.name);
    if (h.via !== 'exact' || nameWords.join(' ') !== raw.join(' ')) add(nameWords);
  }

  const expansions = [...new Set(expandedWith)].filter((e) => e.toLowerCase() !== query.trim().toLowerCase());
  const understood = corrected ?? query.trim();
  return {
    units,
    denseText: expansions.length ? `${understood} (${expansions.join(', ')})` : understood,
    names: [...hits.values()],
    interpretation: corrected || expansions.length ? { corrected, expanded_with: expansions } : null,
  };
}
