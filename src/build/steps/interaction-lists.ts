/**
 * Our records' and monographs' interaction lists, graded by the checker itself (issue 25, "one verdict everywhere"):
 * every entry is judged as POST /v1/tools/interactions/check judges [this compound, the entry's words]
 * (interactions/name-pair.ts), so a page never shows a level the checker would not give for the same two names.
 *
 * - An authored entry keeps its text and takes the checker's severity, raised or lowered (route words such as "eye
 *   drops" cap it; a class or several substances bring the member the checker finds). When the level differs from the
 *   one written, or the entry names a class or several substances, a sentence says what the checker rates, for which
 *   member and from which sources ("Checker: major, for Warfarin + Fluconazole (class rule, our records, DDInter).").
 * - Pairs of compounds another source lists (DDInter, ONC, NLM label sentences, class rules) are added with the
 *   verdict's severity, text and top source — found through the pair model's ingredient keys, the same mapping the
 *   checker uses, and added only when the checker has a verdict for the two names.
 *
 * The pair model reads the records' and monographs' entries as written (ix_editorial, kept first), never the graded
 * lists: a level the checker gives through another source is that source's claim, not ours.
 */
import type { Database } from 'better-sqlite3';
import { normalizeName } from '../../main/vocabulary/normalize.ts';
import type { PairVerdict } from '../../main/interactions/pair-model.ts';
import { NamePairJudge } from '../../main/interactions/name-pair.ts';
import { SEVERITY_RANK, type StoredRule } from '../../main/interactions/rules.ts';

interface Entry {
  substance: string;
  severity: string;
  notes: string;
  source: string;
}
interface MonoEntry {
  substance: string;
  severity: string;
  effect: string;
  management: string;
  source: string;
}
type Mono = {
  interactions: Record<'drug_interactions' | 'supplement_interactions' | 'food_interactions', MonoEntry[]>;
};

const DRUG_CATEGORIES = new Set(['medication', 'peptide', 'steroid', 'sarm']);
const SOURCE_WORDS: Record<string, string> = {
  ddinter: 'DDInter',
  onc_high_priority: 'the ONC high-priority list',
  onc_non_interruptive: 'the ONC non-interruptive list',
  nlm_spl: 'an FDA label sentence (NLM corpus)',
  class_rule: 'a Materia class rule',
  editorial: 'our records',
};

const SHORT: Record<string, string> = {
  ddinter: 'DDInter',
  onc_high_priority: 'ONC high-priority',
  onc_non_interruptive: 'ONC non-interruptive',
  nlm_spl: 'FDA label (NLM)',
  class_rule: 'class rule',
  editorial: 'our records',
};

function levels(v: PairVerdict): string {
  return v.findings.map((f) => `${SOURCE_WORDS[f.source]} ${f.severity}`).join(', ');
}

/**
 * Our records' and monographs' editorial entries as written, before any grading: the pair model's `editorial` source
 * reads these, so the checker knows every pair a page was written about, and a level the lists take from another
 * source never comes back as our own claim for other pairs.
 */
export function keepAuthoredEntries(db: Database): number {
  const insert = db.prepare(
    'INSERT INTO ix_editorial (compound_rowid, seq, substance, severity, notes, origin) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const monograph = db.prepare<[string], { data: string }>('SELECT data FROM monographs WHERE slug = ?');
  let n = 0;
  for (const c of db
    .prepare<[], { rowid: number; slug: string; interactions: string }>(
      'SELECT rowid, slug, interactions FROM compounds ORDER BY rowid',
    )
    .all()) {
    let seq = 0;
    for (const e of JSON.parse(c.interactions) as Entry[]) {
      if (e.source !== 'editorial') continue;
      insert.run(c.rowid, seq++, e.substance, e.severity, e.notes, 'record');
      n++;
    }
    const m = monograph.get(c.slug);
    if (!m) continue;
    for (const e of Object.values((JSON.parse(m.data) as Mono).interactions).flat()) {
      if (e.source !== 'editorial') continue;
      insert.run(c.rowid, seq++, e.substance, e.severity, [e.effect, e.management].join(' '), 'monograph');
      n++;
    }
  }
  return n;
}

/**
 * Compounds a rule, a listed pair or a DDInter pair puts together, as candidate partners: each found through the pair
 * model's ingredient keys (ix_compound_keys, ix_ddinter, ix_class_members), the mapping the checker uses.
 */
function candidatePairs(db: Database): Map<number, Set<number>> {
  const keysOf = Map.groupBy(
    db.prepare<[], { compound_rowid: number; key: string }>('SELECT compound_rowid, key FROM ix_compound_keys').all(),
    (r) => r.compound_rowid,
  );
  const classes = Map.groupBy(
    db.prepare<[], { class_id: string; key: string }>('SELECT class_id, key FROM ix_class_members').all(),
    (r) => r.key,
  );
  const ddinterOf = Map.groupBy(
    db.prepare<[], { key: string; ddinter_id: string }>('SELECT key, ddinter_id FROM ix_ddinter').all(),
    (r) => r.key,
  );
  const tags = new Map<number, Set<string>>();
  for (const [rowid, rows] of keysOf) {
    const t = new Set<string>();
    for (const r of rows) {
      t.add(r.key);
      for (const c of classes.get(r.key) ?? []) t.add(`class:${c.class_id}`);
      for (const d of ddinterOf.get(r.key) ?? []) t.add(`ddinter:${d.ddinter_id}`);
    }
    tags.set(rowid, t);
  }
  const byTag = new Map<string, number[]>();
  for (const [rowid, t] of tags) for (const x of t) byTag.set(x, [...(byTag.get(x) ?? []), rowid]);
  const out = new Map<number, Set<number>>();
  const link = (x: number, y: number) => {
    if (x === y) return;
    out.set(x, (out.get(x) ?? new Set()).add(y));
    out.set(y, (out.get(y) ?? new Set()).add(x));
  };
  const linkTags = (a: string[], b: string[]) => {
    const bs = b.flatMap((t) => byTag.get(t) ?? []);
    for (const x of a.flatMap((t) => byTag.get(t) ?? [])) for (const y of bs) link(x, y);
  };
  for (const r of db
    .prepare<[], { data: string }>('SELECT data FROM ix_rules')
    .all()
    .map((x) => JSON.parse(x.data) as StoredRule)) {
    const side = (s: StoredRule['a']) => [...s.keys, ...s.classes.map((c) => `class:${c}`)];
    linkTags(side(r.a), side(r.b));
  }
  for (const p of db.prepare<[], { a: string; b: string }>('SELECT DISTINCT a, b FROM ix_pairs').all())
    linkTags([p.a], [p.b]);
  for (const p of db.prepare<[], { a: string; b: string }>('SELECT a, b FROM ddinter_pairs').all())
    if (byTag.has(`ddinter:${p.a}`) && byTag.has(`ddinter:${p.b}`)) linkTags([`ddinter:${p.a}`], [`ddinter:${p.b}`]);
  return out;
}

/** Our authored entries in their order, then every entry from another source, most severe first (stable). */
function editorialFirst<T extends { severity: string; source: string }>(list: T[]): T[] {
  const rank = (e: T) => SEVERITY_RANK[e.severity as keyof typeof SEVERITY_RANK] ?? 9;
  return [
    ...list.filter((e) => e.source === 'editorial'),
    ...list.filter((e) => e.source !== 'editorial').sort((x, y) => rank(x) - rank(y)),
  ];
}

/**
 * The sentence an authored entry gets when the checker's level is not the one written, or when the entry names a class
 * or several substances: the level, the member pair that sets it, each source's level, and the route or dose note when
 * the level was capped or decided by how a side is taken.
 */
function checkerNote(v: PairVerdict, written: string, several: boolean): string | null {
  if (v.severity === written && !several) return null;
  const top = v.findings.find((f) => f.severity === v.severity) ?? v.findings[0]!;
  const capped = SEVERITY_RANK[v.severity] > SEVERITY_RANK[v.findings[0]!.severity];
  const at = v.findings.filter((f) => f.severity === v.severity).map((f) => SHORT[f.source]);
  const from = capped ? `${SHORT[v.findings[0]!.source]} ${v.findings[0]!.severity}` : at.join(', ');
  const why = capped && v.management ? ` ${/^[^.]*\./.exec(v.management)?.[0] ?? v.management}` : '';
  return `Checker: ${v.severity}${several ? `, for ${top.listedAs}` : ''} (${from}).${why}`;
}

/** The checker's sentence after the record's own text, as a sentence of its own. */
const append = (text: string, note: string) =>
  text.trim() ? `${text.trim()}${/[.!?)]$/.test(text.trim()) ? '' : '.'} ${note}` : note;

export function gradeInteractionLists(db: Database): {
  graded: number;
  changed: number;
  added: number;
  dropped: number;
} {
  const compounds = db
    .prepare<[], { rowid: number; slug: string; name: string; category: string; interactions: string }>(
      'SELECT rowid, slug, name, category, interactions FROM compounds ORDER BY rowid',
    )
    .all();
  const byRowid = new Map(compounds.map((c) => [c.rowid, c]));
  const monograph = db.prepare<[string], { data: string }>('SELECT data FROM monographs WHERE slug = ?');
  const updateCompound = db.prepare('UPDATE compounds SET interactions = ? WHERE rowid = ?');
  const updateMonograph = db.prepare('UPDATE monographs SET data = ? WHERE slug = ?');
  const judge = new NamePairJudge(db);
  const candidates = candidatePairs(db);
  const counts = { graded: 0, changed: 0, added: 0, dropped: 0 };

  /** The checker's verdict for an authored entry; false when the checker gives none (the entry is then dropped). */
  const grade = (slug: string, e: { substance: string; severity: string }, addNote: (note: string) => void) => {
    const answer = judge.judge(slug, e.substance);
    // Read by the checker as the same substance ("Lithium orotate" on lithium carbonate's page) or as a note: the
    // checker answers with its duplicates, not a pair verdict, and the entry stays as written.
    if (answer.kind !== 'pair') return true;
    const v = answer.verdict;
    if (!v) return false;
    counts.graded++;
    const several = answer.b.kind === 'class' || answer.b.keys.length > 1;
    const note = checkerNote(v, e.severity, several);
    if (v.severity !== e.severity) counts.changed++;
    e.severity = v.severity;
    if (note) addNote(note);
    return true;
  };

  for (const c of compounds) {
    const authored = (JSON.parse(c.interactions) as Entry[]).filter((e) => e.source === 'editorial');
    const list = authored.filter((e) =>
      grade(c.slug, e, (note) => {
        e.notes = append(e.notes, note);
      }),
    );
    counts.dropped += authored.length - list.length;
    const m = monograph.get(c.slug);
    const mono = m ? (JSON.parse(m.data) as Mono) : null;
    if (mono) {
      for (const k of Object.keys(mono.interactions) as (keyof Mono['interactions'])[]) {
        const before = mono.interactions[k].filter((e) => e.source === 'editorial');
        mono.interactions[k] = before.filter((e) =>
          grade(c.slug, e, (note) => {
            e.management = append(e.management, note);
          }),
        );
        counts.dropped += before.length - mono.interactions[k].length;
      }
    }
    const monoLists = mono ? Object.values(mono.interactions) : [];
    const covered = new Set([...list, ...monoLists.flat()].map((e) => normalizeName(e.substance)));
    for (const otherRowid of [...(candidates.get(c.rowid) ?? [])].sort((x, y) => x - y)) {
      const o = byRowid.get(otherRowid)!;
      if (covered.has(normalizeName(o.name))) continue;
      const answer = judge.judge(c.slug, o.name);
      const v = answer.kind === 'pair' ? answer.verdict : null;
      if (!v) continue;
      const top = v.findings[0]!;
      const source = v.textFrom ?? top.source;
      const text =
        [v.mechanism, v.management].filter(Boolean).join(' ') ||
        `Listed by ${levels(v)}; no mechanism or management text in the source: check a full interaction reference.`;
      list.push({ substance: o.name, severity: v.severity, notes: text, source });
      const target = mono
        ? DRUG_CATEGORIES.has(o.category)
          ? mono.interactions.drug_interactions
          : mono.interactions.supplement_interactions
        : null;
      target?.push({
        substance: o.name,
        severity: v.severity,
        effect: v.mechanism ?? `Interaction listed by ${levels(v)}.`,
        management: v.management ?? 'Check a full interaction reference before combining.',
        source,
      });
      covered.add(normalizeName(o.name));
      counts.added++;
    }
    updateCompound.run(JSON.stringify(editorialFirst(list)), c.rowid);
    if (mono && m) {
      for (const k of Object.keys(mono.interactions) as (keyof Mono['interactions'])[])
        mono.interactions[k] = editorialFirst(mono.interactions[k]);
      updateMonograph.run(JSON.stringify(mono), c.slug);
    }
  }
  return counts;
}
