/**
 * Our records' and monographs' interaction lists, graded by the pair model (src/main/interactions) so a monograph never
 * contradicts the checker: every entry that names one substance takes the pair's verdict (its severity can only rise:
 * the record's own level is one of the sources), and pairs of compounds that another source lists (DDInter, ONC, NLM
 * label sentences, class rules) but the record does not, are added with the verdict's text and top source.
 */
import type { Database } from 'better-sqlite3';
import { normalizeName } from '../../main/vocabulary/normalize.ts';
import { prepare, verdict, type PairVerdict, type Prepared } from '../../main/interactions/pair-model.ts';
import { resolveName, substanceBySlug } from '../../main/vocabulary/resolver.ts';
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

function levels(v: PairVerdict): string {
  return v.findings.map((f) => `${SOURCE_WORDS[f.source]} ${f.severity}`).join(', ');
}

/**
 * Our records' editorial entries as written, before any grading: the pair model's `editorial` source reads these, so a
 * level the lists raise (with a note naming the pair and its sources) never comes back as our own claim for other pairs.
 */
export function keepAuthoredEntries(db: Database): number {
  const insert = db.prepare(
    'INSERT INTO ix_editorial (compound_rowid, seq, substance, severity, notes) VALUES (?, ?, ?, ?, ?)',
  );
  let n = 0;
  for (const c of db
    .prepare<[], { rowid: number; interactions: string }>('SELECT rowid, interactions FROM compounds ORDER BY rowid')
    .all()) {
    (JSON.parse(c.interactions) as Entry[]).forEach((e, i) => {
      if (e.source !== 'editorial') return;
      insert.run(c.rowid, i, e.substance, e.severity, e.notes);
      n++;
    });
  }
  return n;
}

/** Compounds a rule or a listed pair puts together, as candidate partners (DDInter partners are already in the lists). */
function candidatePairs(db: Database): Map<number, Set<number>> {
  const keysOf = Map.groupBy(
    db.prepare<[], { compound_rowid: number; key: string }>('SELECT compound_rowid, key FROM ix_compound_keys').all(),
    (r) => r.compound_rowid,
  );
  const classes = Map.groupBy(
    db.prepare<[], { class_id: string; key: string }>('SELECT class_id, key FROM ix_class_members').all(),
    (r) => r.key,
  );
  const tags = new Map<number, Set<string>>();
  for (const [rowid, rows] of keysOf) {
    const t = new Set<string>();
    for (const r of rows) {
      t.add(r.key);
      for (const c of classes.get(r.key) ?? []) t.add(`class:${c.class_id}`);
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
  const side = (s: StoredRule['a']) =>
    [...s.keys, ...s.classes.map((c) => `class:${c}`)].flatMap((t) => byTag.get(t) ?? []);
  for (const r of db
    .prepare<[], { data: string }>('SELECT data FROM ix_rules')
    .all()
    .map((x) => JSON.parse(x.data) as StoredRule)) {
    const bs = side(r.b);
    for (const x of side(r.a)) for (const y of bs) link(x, y);
  }
  for (const p of db.prepare<[], { a: string; b: string }>('SELECT DISTINCT a, b FROM ix_pairs').all()) {
    const bs = byTag.get(p.b) ?? [];
    for (const x of byTag.get(p.a) ?? []) for (const y of bs) link(x, y);
  }
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

export function gradeInteractionLists(db: Database): { graded: number; raised: number; added: number } {
  const compounds = db
    .prepare<[], { rowid: number; slug: string; name: string; category: string; interactions: string }>(
      'SELECT rowid, slug, name, category, interactions FROM compounds ORDER BY rowid',
    )
    .all();
  const byRowid = new Map(compounds.map((c) => [c.rowid, c]));
  const monograph = db.prepare<[string], { data: string }>('SELECT data FROM monographs WHERE slug = ?');
  const updateCompound = db.prepare('UPDATE compounds SET interactions = ? WHERE rowid = ?');
  const updateMonograph = db.prepare('UPDATE monographs SET data = ? WHERE slug = ?');
  const prepared = new Map<string, Prepared>();
  const idOf = new Map<Prepared, string>();
  const prep = (key: string, make: () => Prepared | null) => {
    if (!prepared.has(key)) {
      const p = make();
      if (p) {
        prepared.set(key, p);
        idOf.set(p, key);
      }
    }
    return prepared.get(key) ?? null;
  };
  const ofSlug = (slug: string) =>
    prep(`c:${slug}`, () => {
      const s = substanceBySlug(db, slug);
      return s ? prepare(db, s) : null;
    });
  const ofText = (text: string) =>
    prep(`t:${normalizeName(text)}`, () => {
      const s = resolveName(db, text, { typos: false });
      return s.status === 'resolved' ? prepare(db, s) : null;
    });
  // Records and monographs name the same partners again and again: one verdict per (record, partner).
  const verdicts = new Map<string, PairVerdict | null>();
  const judge = (self: Prepared, other: Prepared): PairVerdict | null => {
    const id = `${idOf.get(self)}|${idOf.get(other)}`;
    if (!verdicts.has(id)) verdicts.set(id, verdict(db, self, other, 0, 1));
    return verdicts.get(id)!;
  };
  const candidates = candidatePairs(db);
  let graded = 0;
  let raised = 0;
  let added = 0;
  // An entry naming several substances ("Co-trimoxazole and metronidazole", "MAO inhibitors (including linezolid)")
  // takes the most severe verdict of the ones it names that resolve exactly.
  const partsOf = (text: string) => [
    text,
    ...text
      .split(/\s*(?:[,;()]|\band\b|\bor\b|\bincluding\b|\be\.g\.)\s*/i)
      .map((x) => x.replace(/^(?:other|and|or|some)\s+/i, '').trim())
      .filter((x) => x.length >= 3),
  ];
  const grade = <T extends { substance: string; severity: string; source: string }>(
    self: Prepared,
    e: T,
    note: (v: PairVerdict, pair: string) => void,
  ) => {
    // A class named as a whole ("other serotonergic drugs") would bring its worst member's verdict (an MAOI's): only
    // the drugs an entry names are graded; the class stays at the record's own level.
    const whole = ofText(e.substance);
    const others = (whole ? [whole] : partsOf(e.substance).map(ofText)).filter(
      (x): x is Prepared => !!x && x.substance.kind !== 'class',
    );
    const verdicts = others
      .filter((o) => o.substance.compound?.slug !== self.substance.compound?.slug)
      .map((o) => ({ o, v: judge(self, o) }))
      .filter((x): x is { o: Prepared; v: PairVerdict } => !!x.v)
      .sort((x, y) => SEVERITY_RANK[x.v.severity] - SEVERITY_RANK[y.v.severity]);
    const top = verdicts[0];
    if (!top) return;
    graded++;
    // An entry naming several substances is raised for the one whose verdict is worst, and its note names that pair,
    // ("The pair model rates Clarithromycin major", in warfarin's list), so the level and its sources are never read as
    // applying to the others it names ("this pair" when it names one).
    const pair = whole ? 'this pair' : top.o.substance.name;
    if (SEVERITY_RANK[top.v.severity] < SEVERITY_RANK[e.severity as keyof typeof SEVERITY_RANK]) {
      raised++;
      e.severity = top.v.severity;
      note(top.v, pair);
    }
  };
  for (const c of compounds) {
    const self = ofSlug(c.slug);
    if (!self) continue;
    const list = JSON.parse(c.interactions) as Entry[];
    // A DDInter copy has no text of its own: it takes the verdict's best text and source when there is one.
    // (Text from our own records is not copied: the record already carries it in its own entry.)
    const better = (e: { source: string }, v: PairVerdict) =>
      e.source === 'ddinter' && (v.textFrom === 'class_rule' || v.textFrom === 'nlm_spl');
    for (const e of list) {
      grade(self, e, (v, pair) => {
        e.notes = `${e.notes} The pair model rates ${pair} ${v.severity} (${levels(v)}).`.trim();
      });
    }
    for (const e of list.filter((x) => x.source === 'ddinter')) {
      const o = ofText(e.substance);
      const v = o ? judge(self, o) : null;
      if (v && better(e, v)) {
        e.notes = [v.mechanism, v.management].filter(Boolean).join(' ');
        e.source = v.textFrom!;
        e.severity = v.severity;
      }
    }
    const m = monograph.get(c.slug);
    const mono = m ? (JSON.parse(m.data) as Mono) : null;
    const monoLists = mono ? Object.values(mono.interactions) : [];
    for (const e of monoLists.flat()) {
      grade(self, e, (v, pair) => {
        e.management = `${e.management} The pair model rates ${pair} ${v.severity} (${levels(v)}).`.trim();
      });
      if (e.source !== 'ddinter') continue;
      const o = ofText(e.substance);
      const v = o ? judge(self, o) : null;
      if (v && better(e, v)) {
        e.effect = v.mechanism!;
        e.management = v.management ?? 'See the effect; check the current label before combining.';
        e.source = v.textFrom!;
        e.severity = v.severity;
      }
    }
    const covered = new Set([...list, ...monoLists.flat()].map((e) => normalizeName(e.substance)));
    for (const otherRowid of [...(candidates.get(c.rowid) ?? [])].sort((x, y) => x - y)) {
      const o = byRowid.get(otherRowid)!;
      if (covered.has(normalizeName(o.name))) continue;
      const other = ofSlug(o.slug);
      if (!other) continue;
      const v = judge(self, other);
      if (!v) continue;
      const top = v.findings[0]!;
      const text =
        [v.mechanism, v.management].filter(Boolean).join(' ') ||
        `Listed by ${levels(v)}; no mechanism or management text in the source: check a full interaction reference.`;
      list.push({ substance: o.name, severity: v.severity, notes: text, source: top.source });
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
        source: top.source,
      });
      covered.add(normalizeName(o.name));
      added++;
    }
    updateCompound.run(JSON.stringify(editorialFirst(list)), c.rowid);
    if (mono && m) {
      for (const k of Object.keys(mono.interactions) as (keyof Mono['interactions'])[])
        mono.interactions[k] = editorialFirst(mono.interactions[k]);
      updateMonograph.run(JSON.stringify(mono), c.slug);
    }
  }
  return { graded, raised, added };
}
