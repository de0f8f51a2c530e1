/**
 * Which compounds a question names: every compound name and alternative name, word-bounded and case-aware (the
 * rules the content build uses to link documents, compounds/names.ts), longest match first. A word that begins the
 * names of several compounds and names none exactly ("magnesium" for magnesium citrate, glycinate, …) is a family
 * mention of all of them. Typos are not guessed here; the orchestrator offers them as suggestions.
 */
import type { Db } from '../db/connection.ts';
import { namePattern, normalizeName } from '../vocabulary/normalize.ts';
import { hasMedicineContext, isEverydayWord, linkableNames } from '../vocabulary/ambiguous.ts';
import { runToEnd, type Steps } from './time-slice.ts';

export interface CompoundMention {
  slug: string;
  name: string;
  category: string;
  /** the text as written in the question */
  matched: string;
  at: number;
  family: boolean;
}

interface NameEntry {
  slug: string;
  name: string;
  category: string;
  norm: string;
  re: RegExp;
}
interface Index {
  names: NameEntry[];
  families: Map<string, { slug: string; name: string; category: string }[]>;
}

/** First words shared by unrelated compounds: never a family. */
const NOT_A_FAMILY = new Set([
  'vitamin',
  'alpha',
  'beta',
  'gamma',
  'acetyl',
  'methyl',
  'human',
  'growth',
  'oral',
  'natural',
]);

const cache = new WeakMap<Db, Index>();

function index(db: Db): Index {
  let idx = cache.get(db);
  if (idx) return idx;
  const rows = db
    .prepare<[], { slug: string; name: string; category: string; alt_names: string }>(
      'SELECT slug, name, category, alt_names FROM compounds ORDER BY name COLLATE NOCASE',
    )
    .all();
  const names: NameEntry[] = [];
  const families = new Map<string, { slug: string; name: string; category: string }[]>();
  const exact = new Set<string>();
  for (const r of rows) {
    const all = linkableNames([r.name, ...(JSON.parse(r.alt_names) as string[])]);
    for (const n of all) {
      names.push({
        slug: r.slug,
        name: r.name,
        category: r.category,
        norm: normalizeName(n),
        re: new RegExp(namePattern(n).source, `${namePattern(n).flags}g`),
      });
      exact.add(normalizeName(n));
    }
    const first = r.name.split(/[\s-]+/)[0]!;
    if (first.length >= 4 && !NOT_A_FAMILY.has(first.toLowerCase())) {
      const key = first.toLowerCase();
      families.set(key, [...(families.get(key) ?? []), { slug: r.slug, name: r.name, category: r.category }]);
    }
  }
  for (const [k, list] of families) if (list.length < 2 || exact.has(normalizeName(k))) families.delete(k);
  names.sort((a, b) => b.norm.length - a.norm.length);
  idx = { names, families };
  cache.set(db, idx);
  return idx;
}

export function findCompounds(db: Db, text: string): CompoundMention[] {
  return runToEnd(compoundSteps(db, text));
}

/** findCompounds as steps: every 64 names of the catalogue, each match, each word (time-slice.ts). */
export function* compoundSteps(db: Db, text: string): Steps<CompoundMention[]> {
  const idx = index(db);
  const norm = normalizeName(text);
  const taken: [number, number][] = [];
  const found: CompoundMention[] = [];
  const overlaps = (s: number, e: number) => taken.some(([a, b]) => s < b && e > a);
  let i = 0;
  for (const n of idx.names) {
    if (++i % 64 === 0) yield;
    if (!norm.includes(n.norm)) continue;
    n.re.lastIndex = 0;
    for (const m of text.matchAll(n.re)) {
      yield;
      const s = m.index;
      const e = s + m[0].length;
      if (overlaps(s, e)) continue;
      // Another name of a compound that is an ordinary word ("Android", "Focus") counts only beside a dose or "taking".
      if (n.norm !== normalizeName(n.name) && isEverydayWord(db, m[0]) && !hasMedicineContext(text, s, e)) continue;
      taken.push([s, e]);
      if (!found.some((f) => f.slug === n.slug))
        found.push({ slug: n.slug, name: n.name, category: n.category, matched: m[0], at: s, family: false });
    }
  }
  for (const m of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    yield;
    const list = idx.families.get(m[0].toLowerCase());
    if (!list || overlaps(m.index, m.index + m[0].length)) continue;
    for (const c of list)
      if (!found.some((f) => f.slug === c.slug)) found.push({ ...c, matched: m[0], at: m.index, family: true });
  }
  return found.sort((a, b) => a.at - b.at || a.name.localeCompare(b.name));
}
