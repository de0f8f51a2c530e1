/**
 * One name resolver for substances as people write them. In order: our catalogue (slug, name, alternative name),
 * class words ("statins", "birth control pill", "blood thinners"), every spelling the content build indexed (DrugBank
 * names and synonyms — INN/USAN pairs such as paracetamol/acetaminophen —, DDInter, ONC, NLM, editorial aliases,
 * Drugs@FDA brands), the name without its salt ("lithium" → lithium salts), then typos within 1–2 edits, which are
 * resolved with a notice. A substance is a set of ingredient keys (keys.ts) plus the classes it is; it need not be in
 * our catalogue. Everything is read from the content database, so new compounds and sources need no code change.
 */
import type { Statement } from 'better-sqlite3';
import { MATCH_VIAS } from '../../shared/schemas/tools/interactions.ts';
import { normalizeName } from './normalize.ts';
import type { Db } from '../db/connection.ts';
import { FuzzyNames } from './fuzzy.ts';
import { baseKey } from './keys.ts';
import { innSpellings } from './inn-spellings.ts';

export type MatchVia = (typeof MATCH_VIAS)[number];

export interface CompoundRef {
  rowid: number;
  slug: string;
  name: string;
  category: string;
  status: string;
  evidence_grade: string;
  alt_names: string[];
  interactions: { substance: string; severity: string; notes: string; source: string }[];
}

export interface InteractionClass {
  id: string;
  name: string;
  words: string[];
  pattern: RegExp | null;
  basis: string;
  members: string[];
}

export interface Substance {
  input: string;
  status: 'resolved' | 'unresolved';
  kind: 'compound' | 'drug' | 'class' | null;
  /** how the answer names it */
  name: string;
  matchedVia: MatchVia | null;
  /** set when the name was read as something else: a typo, a brand, a salt, a class */
  notice: string | null;
  compound: CompoundRef | null;
  /** ingredient keys: the drug's, a combination brand's several, or a class's members */
  keys: string[];
  /** the class a class word names */
  classId: string | null;
  /** what a medication line said besides the name (strength, form, route, frequency), when it was read as one */
  reading?: LineReading;
}

/** The parts of a medication line that are not the name, as read (med-line.ts). */
export interface LineReading {
  line: 'resolved' | 'partial' | 'unresolved' | 'note';
  strength: { value: number; values: number[]; unit: string | null; text: string } | null;
  dose: string | null;
  form: string | null;
  release: string | null;
  route: string | null;
  frequency: string | null;
  asNeeded: boolean;
  status: 'stopped' | 'held' | null;
  unread: string[];
}

export interface Suggestion {
  name: string;
  slug: string | null;
  match: 'typo' | 'prefix';
  distance: number | null;
}

interface Target {
  name: string;
  kind: 'compound' | 'class' | 'name';
  rank: number;
}

interface Index {
  classes: Map<string, InteractionClass>;
  classWords: Map<string, string>;
  classesOfKey: Map<string, string[]>;
  keyNames: Map<string, string>;
  fuzzy: FuzzyNames;
  targets: Target[];
  prefixNames: { norm: string; target: number }[];
  compoundBySlug: Statement<[string], CompoundRow>;
  compoundByNorm: Statement<[string], CompoundRow & { kind: 'name' | 'alt_name' | 'drugbank' }>;
  compoundsOfKey: Statement<[string], CompoundRow>;
  keysOfCompound: Statement<[number], { key: string }>;
  names: Statement<
    [string],
    { key: string; name: string; via: Exclude<MatchVia, 'slug' | 'name' | 'alt_name' | 'class' | 'salt' | 'typo'> }
  >;
  /** Names with another meaning (vocab_ambiguous): read with a notice that says so. */
  ambiguous: Map<string, string>;
  /** Every normalised spelling `exact` can find by name (compound names, ix_names), and the slugs. */
  spellings: Set<string>;
}

interface CompoundRow {
  rowid: number;
  slug: string;
  name: string;
  category: string;
  status: string;
  evidence_grade: string;
  alt_names: string;
  interactions: string;
}
const COLS = 'c.rowid, c.slug, c.name, c.category, c.status, c.evidence_grade, c.alt_names, c.interactions';

/** Generic spellings win over brands; within generics, the order of MATCH_VIAS. */
const VIA_RANK = Object.fromEntries(MATCH_VIAS.map((v, i) => [v, i])) as Record<MatchVia, number>;

const indexes = new WeakMap<Db, Index>();

function index(db: Db): Index {
  let idx = indexes.get(db);
  if (idx) return idx;
  const members = Map.groupBy(
    db
      .prepare<[], { class_id: string; key: string }>(
        'SELECT class_id, key FROM ix_class_members ORDER BY class_id, key',
      )
      .all(),
    (r) => r.class_id,
  );
  const classes = new Map<string, InteractionClass>();
  const classWords = new Map<string, string>();
  for (const c of db
    .prepare<[], { id: string; name: string; words: string; text_pattern: string | null; basis: string }>(
      'SELECT * FROM ix_classes ORDER BY rowid',
    )
    .all()) {
    const words = JSON.parse(c.words) as string[];
    classes.set(c.id, {
      id: c.id,
      name: c.name,
      words,
      pattern: c.text_pattern ? new RegExp(c.text_pattern, 'iu') : null,
      basis: c.basis,
      members: (members.get(c.id) ?? []).map((m) => m.key),
    });
    for (const w of words) if (!classWords.has(normalizeName(w))) classWords.set(normalizeName(w), c.id);
  }
  // Class abbreviations of the vocabulary's table (OCP, ACEi, NOAC …), after the classes' own words.
  for (const r of db
    .prepare<[], { word_norm: string; class_id: string }>('SELECT word_norm, class_id FROM vocab_class_words')
    .all()) {
    if (!classWords.has(r.word_norm) && classes.has(r.class_id)) classWords.set(r.word_norm, r.class_id);
  }
  const classesOfKey = new Map<string, string[]>();
  for (const c of classes.values())
    for (const k of c.members) classesOfKey.set(k, [...(classesOfKey.get(k) ?? []), c.id]);
  const keyNames = new Map(
    db
      .prepare<[], { key: string; name: string }>('SELECT key, name FROM ix_keys')
      .all()
      .map((r) => [r.key, r.name]),
  );

  // Typo targets: our compounds, class words and every generic or brand spelling (not the many DrugBank synonyms).
  const targets: Target[] = [];
  const entries: { name: string; compoundRowid: number }[] = [];
  const add = (name: string, kind: Target['kind'], rank: number) => {
    entries.push({ name, compoundRowid: targets.push({ name, kind, rank }) - 1 });
  };
  for (const r of db
    .prepare<[], { name: string; alt_names: string }>('SELECT name, alt_names FROM compounds ORDER BY rowid')
    .all()) {
    for (const n of [r.name, ...(JSON.parse(r.alt_names) as string[])]) add(n, 'compound', 0);
  }
  for (const c of classes.values()) for (const w of c.words) add(w, 'class', 1);
  // Only medicines in use somewhere (vocab_marketed): a near miss is never read as a laboratory reagent or an
  // experimental compound that happens to be one letter away ("Istin" is not isatin).
  for (const r of db
    .prepare<[], { name: string; via: MatchVia }>(
      `SELECT min(n.name) AS name, n.via FROM ix_names n JOIN vocab_marketed m ON m.key = n.key
    WHERE n.via <> 'drugbank_synonym' GROUP BY n.name_norm, n.via`,
    )
    .all()) {
    add(r.name, 'name', 2 + VIA_RANK[r.via]);
  }
  const spellings = new Set<string>();
  for (const r of db
    .prepare<[], { n: string }>(
      'SELECT name_norm AS n FROM compound_names UNION SELECT name_norm FROM ix_names UNION SELECT slug FROM compounds',
    )
    .raw()
    .all() as unknown as [string][])
    spellings.add(r[0]);
  const ambiguous = new Map(
    db
      .prepare<[], { name_norm: string; note: string }>('SELECT name_norm, note FROM vocab_ambiguous')
      .all()
      .map((r) => [r.name_norm, r.note]),
  );
  idx = {
    classes,
    classWords,
    classesOfKey,
    keyNames,
    targets,
    spellings,
    ambiguous,
    fuzzy: new FuzzyNames(entries),
    prefixNames: entries.map((e) => ({ norm: normalizeName(e.name), target: e.compoundRowid })),
    compoundBySlug: db.prepare(`SELECT ${COLS} FROM compounds c WHERE c.slug = ?`),
    compoundByNorm:
      db.prepare(`SELECT ${COLS}, n.kind FROM compound_names n JOIN compounds c ON c.rowid = n.compound_rowid
      WHERE n.name_norm = ? ORDER BY CASE n.kind WHEN 'name' THEN 0 WHEN 'alt_name' THEN 1 ELSE 2 END, c.name COLLATE NOCASE, c.slug LIMIT 1`),
    compoundsOfKey: db.prepare(
      `SELECT ${COLS} FROM ix_compound_keys k JOIN compounds c ON c.rowid = k.compound_rowid WHERE k.key = ? ORDER BY c.rowid`,
    ),
    keysOfCompound: db.prepare('SELECT key FROM ix_compound_keys WHERE compound_rowid = ? ORDER BY key'),
    names: db.prepare('SELECT key, name, via FROM ix_names WHERE name_norm = ? ORDER BY key'),
  };
  indexes.set(db, idx);
  return idx;
}

function compoundRef(r: CompoundRow): CompoundRef {
  return {
    rowid: r.rowid,
    slug: r.slug,
    name: r.name,
    category: r.category,
    status: r.status,
    evidence_grade: r.evidence_grade,
    alt_names: JSON.parse(r.alt_names) as string[],
    interactions: JSON.parse(r.interactions) as CompoundRef['interactions'],
  };
}

/** The classes (ids) an ingredient key belongs to. */
export function classesOfKey(db: Db, key: string): string[] {
  return index(db).classesOfKey.get(key) ?? [];
}

export function interactionClasses(db: Db): ReadonlyMap<string, InteractionClass> {
  return index(db).classes;
}

/** How answers name an ingredient key. */
export function keyName(db: Db, key: string): string {
  return index(db).keyNames.get(key) ?? key;
}

function fromCompound(db: Db, row: CompoundRow, input: string, via: MatchVia, notice: string | null): Substance {
  const idx = index(db);
  return {
    input,
    status: 'resolved',
    kind: 'compound',
    name: row.name,
    matchedVia: via,
    notice,
    compound: compoundRef(row),
    keys: idx.keysOfCompound.all(row.rowid).map((r) => r.key),
    classId: null,
  };
}

function fromClass(db: Db, id: string, input: string, via: MatchVia, notice: string | null): Substance {
  const c = index(db).classes.get(id)!;
  const shown = c.members
    .slice(0, 8)
    .map((k) => keyName(db, k))
    .join(', ');
  return {
    input,
    status: 'resolved',
    kind: 'class',
    name: c.name,
    matchedVia: via,
    classId: id,
    compound: null,
    keys: [...c.members],
    notice:
      notice ??
      `"${input.trim()}" was checked as the class ${c.name} (${c.members.length} member${c.members.length === 1 ? '' : 's'}: ${shown}${c.members.length > 8 ? ', …' : ''}); each pair shows the member it concerns.`,
  };
}

/** A drug given by its keys; our record is attached when one compound is that very drug (Zoloft → sertraline). */
function fromKeys(db: Db, keys: string[], input: string, via: MatchVia, notice: string | null): Substance {
  const idx = index(db);
  const name = keys.map((k) => keyName(db, k)).join(' + ');
  let compound: CompoundRef | null = null;
  if (keys.length === 1) {
    const rows = idx.compoundsOfKey
      .all(keys[0]!)
      .filter((r) => baseKey(r.name) === keys[0] || normalizeName(r.name) === normalizeName(name));
    if (rows.length === 1) compound = compoundRef(rows[0]!);
  }
  return {
    input,
    status: 'resolved',
    kind: compound ? 'compound' : 'drug',
    name: compound?.name ?? name,
    matchedVia: via,
    notice,
    compound,
    keys,
    classId: null,
  };
}

/** What a resolved substance is, whatever it was called ("Zocor" and "simvastatin" are one): our record, a class, or its ingredients. */
export function substanceIdentity(s: Substance): string {
  return s.compound ? `c:${s.compound.slug}` : s.classId ? `k:${s.classId}` : `i:${[...s.keys].sort().join('+')}`;
}

function exact(db: Db, input: string, norm: string): Substance | null {
  const idx = index(db);
  const trimmed = input.trim();
  // Slugs in any case: "Senna" is our senna record as "senna" is, not DrugBank's "Senna leaf".
  if (/^[a-z0-9]+(?:-[a-z0-9]+)*$/i.test(trimmed)) {
    const row = idx.compoundBySlug.get(trimmed.toLowerCase());
    if (row) return fromCompound(db, row, input, 'slug', null);
  }
  const named = idx.compoundByNorm.get(norm);
  // A DrugBank synonym of one of our records never shadows another drug's own common name ("zopiclone" is not
  // eszopiclone, though DrugBank lists it among eszopiclone's synonyms).
  const shadowed =
    named?.kind === 'drugbank' &&
    (() => {
      const own = new Set(idx.keysOfCompound.all(named.rowid).map((r) => r.key));
      const common = idx.names.all(norm).filter((r) => r.via === 'drugbank');
      return common.length > 0 && common.every((r) => !own.has(r.key));
    })();
  if (named && !shadowed) return fromCompound(db, named, input, named.kind, null);
  const cls = idx.classWords.get(norm);
  if (cls) return fromClass(db, cls, input, 'class', null);
  const rows = idx.names.all(norm);
  if (rows.length) {
    const best = Math.min(...rows.map((r) => VIA_RANK[r.via]));
    const generic = rows.filter((r) => r.via !== 'brand');
    const use = generic.length ? generic.filter((r) => VIA_RANK[r.via] === best) : rows;
    const keys = [...new Set(use.map((r) => r.key))];
    const via = use[0]!.via;
    const s = fromKeys(db, keys, input, via, null);
    const of = keys.map((k) => keyName(db, k)).join(' + ');
    if (via === 'brand') s.notice = `"${trimmed}" is a brand of ${of}.`;
    if (via === 'abbreviation') s.notice = `"${trimmed}" was read as ${of} (a clinical abbreviation).`;
    if (via === 'food') s.notice = `"${trimmed}" was checked for its vitamin K content (USDA SR28), as ${of}.`;
    return s;
  }
  const base = baseKey(input);
  if (base && base !== norm && idx.keyNames.has(base)) {
    return fromKeys(
      db,
      [base],
      input,
      'salt',
      `"${trimmed}" was checked as ${keyName(db, base)} (same active moiety, any salt form).`,
    );
  }
  if (base && idx.keyNames.has(base)) return fromKeys(db, [base], input, 'salt', null);
  // A cation before an anion that is indexed by its own name, not as a key ("sodium alginate" → alginic acid, "sodium
  // cromoglicate", "sodium risedronate"): the anion's reading, as the same moiety. Only sodium and potassium: a
  // magnesium, calcium or aluminium salt keeps its cation, which binds other medicines (quinolones, levothyroxine).
  if (base && base !== norm && /^\s*(?:di|tri)?(?:sodium|potassium)\s/i.test(trimmed)) {
    const anion = exact(db, base, base);
    if (anion?.status === 'resolved' && anion.kind !== 'class')
      return {
        ...anion,
        input,
        matchedVia: 'salt',
        notice: `"${trimmed}" was checked as ${anion.name} (same active moiety, any salt form).`,
      };
  }
  // A class word in the other number ("diuretic", "proton pump inhibitor", "antibiotic"): after every drug spelling,
  // so a drug whose name is a class word's singular keeps its own reading.
  const other = classWordInOtherNumber(idx, norm);
  if (other) return fromClass(db, other, input, 'class', null);
  // The same INN as another language spells it ("Naloxon", "tilidina", "enalaprilo"): only a generic name we know.
  for (const spelling of innSpellings(norm)) {
    if (!idx.spellings.has(spelling)) continue;
    const s = exact(db, spelling, spelling);
    if (s && s.kind !== 'class' && s.matchedVia !== 'brand' && s.matchedVia !== 'food')
      return { ...s, input, notice: `"${trimmed}" was read as ${s.name} (its spelling in another language).` };
  }
  return null;
}

/** The class a word names in the other grammatical number: "diuretic" → diuretics, "smokers" → smoker. */
function classWordInOtherNumber(idx: Index, norm: string): string | null {
  if (norm.length < 5) return null;
  const forms = norm.endsWith('s')
    ? [norm.slice(0, -1), ...(norm.endsWith('es') ? [norm.slice(0, -2)] : [])]
    : [`${norm}s`];
  for (const f of forms) {
    const c = idx.classWords.get(f);
    if (c) return c;
  }
  return null;
}

/** The reviewers' note when a name has another meaning ("also used for dexamethasone"), else null. */
export function ambiguityOf(db: Db, input: string): string | null {
  return index(db).ambiguous.get(normalizeName(input)) ?? null;
}

/** True when the text is one of a class's own words as written (not in the other number: "antibiotics", not "antibiotic"). */
export function isClassWord(db: Db, text: string): boolean {
  return index(db).classWords.has(normalizeName(text));
}

/**
 * False when no exact spelling (`resolveName(…, { typos: false })`) could resolve the input: a set look-up, for callers
 * that try many word runs (search's query plan) and would otherwise run the resolver's queries for each.
 */
export function mayResolveExactly(db: Db, input: string): boolean {
  const idx = index(db);
  const norm = normalizeName(input);
  if (idx.spellings.has(norm) || idx.spellings.has(input.trim()) || idx.classWords.has(norm)) return true;
  if (classWordInOtherNumber(idx, norm)) return true;
  if (innSpellings(norm).some((s) => idx.spellings.has(s))) return true;
  const base = baseKey(input);
  return base !== '' && idx.keyNames.has(base);
}

/**
 * Resolve one name. Unresolved names come back with status "unresolved" and no keys; they are never dropped.
 * `typos: false` accepts exact spellings only (for texts we wrote, where a near miss is another word, not a typo).
 */
export function resolveName(db: Db, input: string, opts: { typos?: boolean } = {}): Substance {
  const norm = normalizeName(input);
  const unresolved: Substance = {
    input,
    status: 'unresolved',
    kind: null,
    name: input.trim(),
    matchedVia: null,
    notice: null,
    compound: null,
    keys: [],
    classId: null,
  };
  // A name has letters: "3" or "#30" is a number, whatever key a source happened to give a bare number.
  // … and more than one character: a single letter is a legend or an initial ("R = refused", "H = in hospital"), even
  // where a source gives it as a code (DrugBank lists "R" for arginine)
  if (!norm || norm.length < 2 || !/\p{L}/u.test(input)) return unresolved;
  const hit = exact(db, input, norm);
  const other = hit ? index(db).ambiguous.get(norm) : undefined;
  if (hit && other)
    hit.notice = `${hit.notice ? `${hit.notice} ` : ''}"${input.trim()}" was read as ${hit.name}, but it has another meaning (${other}): check it.`;
  if (hit || opts.typos === false) return hit ?? unresolved;
  const idx = index(db);
  // People rarely misspell a name's first letter; a near miss that changes it is another word ("Ostelin" is not Astelin).
  const first = norm[0];
  const typos = idx.fuzzy.match(input).filter((t) => normalizeName(idx.targets[t.compoundRowid]!.name)[0] === first);
  if (typos.length) {
    const d = typos[0]!.distance;
    const best = typos
      .filter((t) => t.distance === d)
      .map((t) => idx.targets[t.compoundRowid]!)
      .sort((x, y) => x.rank - y.rank || x.name.localeCompare(y.name))[0]!;
    const s = exact(db, best.name, normalizeName(best.name));
    if (s) {
      // Other substances as close as the one chosen (not other spellings of it) are named so the reader can check.
      const same = substanceIdentity(s);
      const others = [
        ...new Set(typos.filter((t) => t.distance === d).map((t) => idx.targets[t.compoundRowid]!.name)),
      ].filter((n) => {
        const o = exact(db, n, normalizeName(n));
        return o !== null && substanceIdentity(o) !== same;
      });
      return {
        ...s,
        input,
        matchedVia: 'typo',
        notice: `"${input.trim()}" was read as "${best.name}" (${d} letter${d === 1 ? '' : 's'} different)${others.length ? `; also close: ${others.slice(0, 3).join(', ')}` : ''}. Check the spelling.`,
      };
    }
  }
  return unresolved;
}

/** Substances by our slug, for tools that take slugs. */
export function substanceBySlug(db: Db, slug: string): Substance | null {
  const row = index(db).compoundBySlug.get(slug);
  return row ? fromCompound(db, row, slug, 'slug', null) : null;
}

/**
 * Close names for an unresolved input: typos (closest first), then names it begins (shortest first); one suggestion
 * per substance ("Amiodarona" and "Amiodarone" are one), named as the checker would name it.
 */
export function suggestions(db: Db, input: string, limit = 5): Suggestion[] {
  const idx = index(db);
  const norm = normalizeName(input);
  const out = new Map<string, Suggestion>();
  const consider = (target: Target, match: Suggestion['match'], distance: number | null) => {
    const s = exact(db, target.name, normalizeName(target.name));
    if (!s) return;
    const id = substanceIdentity(s);
    if (!out.has(id)) out.set(id, { name: s.name, slug: s.compound?.slug ?? null, match, distance });
  };
  for (const t of idx.fuzzy.match(input)) consider(idx.targets[t.compoundRowid]!, 'typo', t.distance);
  if (norm.length >= 4) {
    const prefix = idx.prefixNames
      .filter((p) => p.norm !== norm && p.norm.startsWith(norm))
      .map((p) => idx.targets[p.target]!)
      .sort((x, y) => x.name.length - y.name.length || x.rank - y.rank || x.name.localeCompare(y.name));
    for (const target of prefix.slice(0, limit * 6)) {
      if (out.size >= limit) break;
      consider(target, 'prefix', null);
    }
  }
  return [...out.values()].slice(0, limit);
}
