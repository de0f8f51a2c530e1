/**
 * The pair model: one verdict per pair of substances, used by the interaction checker, the monographs' and records'
 * interaction lists (at content build), the chat, insights and the builders. Each source is consulted for the pair:
 *
 *   DDInter            Major → major, Moderate → moderate, Minor → minor, Unknown → unknown (no text)
 *   ONC high priority  every pair → contraindicated (the list's "contraindicated / interruptive"; no text)
 *   ONC non-interr.    every pair → minor (the panel's "inform, do not interrupt"; no text)
 *   NLM label corpus   the label sentence; its severity read from its wording (steps/nlm-spl-ddi.ts: labelSeverity)
 *   class rules        the rule's severity, mechanism, management and basis (resources/content/interaction-rules.json);
 *                      a rule with a route or dose condition gives its level for the route and dose known, or, with
 *                      neither known, its more severe level with a note saying what the level depends on
 *   our records        each compound record's and monograph's editorial entries as written (ix_editorial) that name
 *                      the other substance or a class it belongs to as a whole (editorial.ts)
 *
 * The verdict is the most severe level any source gives (contraindicated > major > moderate > minor > unknown); every
 * source's own level is listed, `sources_disagree` says when they differ, and the mechanism and management text come
 * from the most severe source that has text (rules, then label sentences, then our records at equal severity).
 * Exceptions, each saying so in the management text: a class rule whose dose or route condition does not hold decides;
 * a label dose limit (dose-limits.ts) sets the label's level for the dose given; local use caps it (local-use.ts).
 */
import type { Statement } from 'better-sqlite3';
import type { Db } from '../db/connection.ts';
import type { INTERACTION_SOURCES } from '../../shared/enums.ts';
import { entryConcerns, textMatcher, type TextMatcher } from './editorial.ts';
import { foldAccents } from '../vocabulary/normalize.ts';
import { classesOfKey, keyName, type Substance } from '../vocabulary/resolver.ts';
import { doseLimitFor, limitNote, type AppliedLimit } from './dose-limits.ts';
import { localUseCap, stricterCap, type Partner } from './local-use.ts';
import {
  conditionState,
  SEVERITY_RANK,
  type ConditionState,
  worst,
  type Severity,
  type StoredRule,
  type SubstanceContext,
} from './rules.ts';

export type InteractionSource = (typeof INTERACTION_SOURCES)[number];

export interface Finding {
  source: InteractionSource;
  severity: Severity;
  /** the source's own words for its level ("Major", "high priority (interruptive)", a rule id) */
  level: string;
  /** what the source lists: the drug pair, the record's entry text, the rule's member pair */
  listedAs: string;
  mechanism: string | null;
  management: string | null;
  reference: string;
  record: string | null;
  rule: string | null;
  basis: string[];
  /** a class rule with a route or dose condition: whether it holds for the route and dose given */
  condition?: ConditionState;
}

export interface PairVerdict {
  /** indices into the substance list */
  a: number;
  b: number;
  severity: Severity;
  sourcesDisagree: boolean;
  /** the most severe finding of each source, most severe first */
  findings: Finding[];
  mechanism: string | null;
  management: string | null;
  textFrom: InteractionSource | null;
}

const DDINTER_LEVEL: Record<string, Severity> = {
  Major: 'major',
  Moderate: 'moderate',
  Minor: 'minor',
  Unknown: 'unknown',
};
const TEXT_PREFERENCE: Partial<Record<InteractionSource, number>> = { class_rule: 0, nlm_spl: 1, editorial: 2 };
const SOURCE_ORDER: InteractionSource[] = [
  'class_rule',
  'nlm_spl',
  'editorial',
  'onc_high_priority',
  'ddinter',
  'onc_non_interruptive',
];

export const DDINTER_REFERENCE =
  'DDInter: Xiong G et al., Nucleic Acids Res. 2022;50(D1):D1200-D1207 (CC BY-NC-SA 4.0)';

interface IxPairRow {
  source: InteractionSource;
  level: string;
  severity: Severity;
  a_name: string;
  b_name: string;
  text: string | null;
  reference: string;
}

interface Model {
  ddinterOfKey: Statement<[string], { ddinter_id: string; name: string }>;
  ddinterPair: Statement<[string, string], { level: string }>;
  /** the ONC and NLM rows (a few thousand), by "a\0b": read once, looked up for every key pair of every check */
  ixPairs: Map<string, IxPairRow[]>;
  rules: StoredRule[];
  /** our records' and monographs' editorial entries as written (ix_editorial), by compound rowid */
  editorial: Map<number, { substance: string; severity: Severity; notes: string; origin: string }[]>;
}

const models = new WeakMap<Db, Model>();

function model(db: Db): Model {
  let m = models.get(db);
  if (!m) {
    m = {
      ddinterOfKey: db.prepare(
        `SELECT x.ddinter_id, d.name FROM ix_ddinter x JOIN ddinter_drugs d ON d.id = x.ddinter_id WHERE x.key = ? ORDER BY x.ddinter_id`,
      ),
      ddinterPair: db.prepare('SELECT level FROM ddinter_pairs WHERE a = ? AND b = ?'),
      ixPairs: Map.groupBy(
        db
          .prepare<[], IxPairRow & { a: string; b: string }>(
            'SELECT a, b, source, level, severity, a_name, b_name, text, reference FROM ix_pairs ORDER BY rowid',
          )
          .all(),
        (r) => `${r.a}\0${r.b}`,
      ),
      rules: db
        .prepare<[], { data: string }>('SELECT data FROM ix_rules ORDER BY rowid')
        .all()
        .map((r) => JSON.parse(r.data) as StoredRule),
      editorial: Map.groupBy(
        db
          .prepare<
            [],
            { compound_rowid: number; substance: string; severity: Severity; notes: string; origin: string }
          >('SELECT compound_rowid, substance, severity, notes, origin FROM ix_editorial ORDER BY compound_rowid, seq')
          .all(),
        (r) => r.compound_rowid,
      ),
    };
    models.set(db, m);
  }
  return m;
}

/** What the pair model needs of a substance, computed once per check. */
export interface Prepared {
  substance: Substance;
  /** ingredient key → its classes */
  keyClasses: Map<string, string[]>;
  ddinter: Map<string, { id: string; name: string }[]>;
  text: TextMatcher;
  /** how it is taken, when known (route, dose): rules with a condition read it */
  context: SubstanceContext;
}

const tokens = (t: string) =>
  foldAccents(t)
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/**
 * DDInter lists salts and products of one moiety apart ("Calcium chloride" and "Calcium carbonate"; "Polyethylene glycol
 * (3350)" and "(3350 with electrolytes)"), and they share our ingredient key. When the name written picks out some of
 * them — every word of the entry's name, or of its parenthetical, is in what was written — only those speak for it:
 * calcium carbonate is not judged by calcium chloride's intravenous pairs. A bare moiety ("calcium") keeps them all.
 */
export function ddinterEntriesFor(
  written: readonly string[],
  entries: { id: string; name: string }[],
): { id: string; name: string }[] {
  if (entries.length < 2) return entries;
  const have = new Set(written.flatMap(tokens));
  const picks = entries.filter((d) => {
    const inner = /\(([^()]*)\)/.exec(d.name)?.[1];
    // "Polyethylene glycol (3350)": its parenthetical is what tells it apart; "Calcium carbonate": the whole name, when
    // that is more than the moiety's one word.
    if (inner) return tokens(inner).every((w) => have.has(w));
    const all = tokens(d.name);
    return all.length > 1 && all.every((w) => have.has(w));
  });
  return picks.length ? picks : entries;
}

export function prepare(db: Db, s: Substance, context: SubstanceContext = {}): Prepared {
  const m = model(db);
  const written = [s.input, ...(s.compound ? [s.compound.name] : [])];
  return {
    substance: s,
    keyClasses: new Map(s.keys.map((k) => [k, classesOfKey(db, k)])),
    ddinter: new Map(
      s.keys.map((k) => [
        k,
        ddinterEntriesFor(
          written,
          m.ddinterOfKey.all(k).map((r) => ({ id: r.ddinter_id, name: r.name })),
        ),
      ]),
    ),
    text: textMatcher(db, s),
    context,
  };
}

const ordered = (x: string, y: string): [string, string] => (x < y ? [x, y] : [y, x]);

function ddinterFindings(db: Db, x: Prepared, y: Prepared): Finding[] {
  const m = model(db);
  const out: Finding[] = [];
  const seen = new Set<string>();
  for (const dx of [...x.ddinter.values()].flat()) {
    for (const dy of [...y.ddinter.values()].flat()) {
      if (dx.id === dy.id) continue;
      const [a, b] = ordered(dx.id, dy.id);
      if (seen.has(`${a}\0${b}`)) continue;
      seen.add(`${a}\0${b}`);
      const row = m.ddinterPair.get(a, b);
      if (!row) continue;
      out.push({
        source: 'ddinter',
        severity: DDINTER_LEVEL[row.level] ?? 'unknown',
        level: row.level,
        listedAs: `${dx.name} + ${dy.name}`,
        mechanism: null,
        management: null,
        reference: DDINTER_REFERENCE,
        record: null,
        rule: null,
        basis: [],
      });
    }
  }
  return out;
}

/** Keys a pair source may use for the substance: its ingredient keys and its classes (NLM rows name classes). */
function pairKeys(x: Prepared): string[] {
  const cls = new Set([...(x.substance.classId ? [x.substance.classId] : []), ...[...x.keyClasses.values()].flat()]);
  return [...x.substance.keys, ...[...cls].map((c) => `class:${c}`)];
}

function listFindings(db: Db, x: Prepared, y: Prepared): Finding[] {
  const m = model(db);
  const out: Finding[] = [];
  const ky = pairKeys(y);
  for (const kx of pairKeys(x)) {
    for (const k of ky) {
      if (kx === k || (kx.startsWith('class:') && k.startsWith('class:'))) continue;
      const [a, b] = ordered(kx, k);
      for (const r of m.ixPairs.get(`${a}\0${b}`) ?? []) {
        out.push({
          source: r.source,
          severity: r.severity,
          level: r.level,
          listedAs: `${r.a_name} + ${r.b_name}`,
          mechanism: r.text,
          management: null,
          reference: r.reference,
          record: null,
          rule: null,
          basis: [],
        });
      }
    }
  }
  return out;
}

/** The first ingredient key of the substance a rule side covers (null: not covered). */
function sideMember(s: Prepared, side: StoredRule['a'], except: readonly string[]): string | null {
  if (s.substance.classId && side.classes.includes(s.substance.classId)) {
    const member = s.substance.keys.find((k) => !except.includes(k));
    if (member) return member;
  }
  for (const k of s.substance.keys) {
    if (except.includes(k)) continue;
    if (side.keys.includes(k) || (s.keyClasses.get(k) ?? []).some((c) => side.classes.includes(c))) return k;
  }
  return null;
}

function ruleFindings(db: Db, x: Prepared, y: Prepared): Finding[] {
  const out: Finding[] = [];
  for (const r of model(db).rules) {
    for (const [p, q] of [
      [x, y],
      [y, x],
    ] as const) {
      const mp = sideMember(p, r.a, r.except);
      const mq = mp ? sideMember(q, r.b, r.except) : null;
      if (!mp || !mq || mp === mq) continue;
      const [first, second] = p === x ? [mp, mq] : [mq, mp];
      // A rule whose label level depends on route or dose: the level that holds, or with neither known the rule's own
      // (more severe) level and a note saying what it depends on.
      const target = r.when?.on === 'b' ? q : p;
      const state = r.when ? conditionState(r.when, target.context, target.substance.input) : 'met';
      const assumeOtherwise = state === 'not_met' || (state === 'unknown' && r.when?.if_unknown === 'otherwise');
      const severity = assumeOtherwise ? r.when!.otherwise.severity : r.severity;
      if (!severity) break;
      const management =
        state === 'met'
          ? r.management
          : state === 'not_met'
            ? r.when!.otherwise.management
            : `${assumeOtherwise ? r.when!.otherwise.management : r.management} ${r.when!.note}`;
      out.push({
        source: 'class_rule',
        severity,
        level:
          state === 'met'
            ? r.id
            : `${r.id} (${state === 'unknown' ? 'dose or route not given' : 'at the dose or route given'})`,
        listedAs: `${keyName(db, first)} + ${keyName(db, second)}`,
        mechanism: (assumeOtherwise && r.when!.otherwise.mechanism) || r.mechanism,
        management,
        reference: `Materia editorial class rule ${r.id}`,
        record: null,
        rule: r.id,
        basis: r.basis,
        ...(r.when ? { condition: state } : {}),
      });
      break;
    }
  }
  return out;
}

/** Our records' entries as written (not as the lists graded them: a raised level is the other sources' claim). */
function editorialFindings(db: Db, x: Prepared, y: Prepared): Finding[] {
  const out: Finding[] = [];
  for (const [from, to] of [
    [x, y],
    [y, x],
  ] as const) {
    const rec = from.substance.compound;
    if (!rec) continue;
    for (const e of model(db).editorial.get(rec.rowid) ?? []) {
      const hit = entryConcerns(e.substance, to.text);
      if (!hit) continue;
      out.push({
        source: 'editorial',
        severity: e.severity as Severity,
        level: e.severity,
        listedAs: e.substance,
        mechanism: e.notes,
        management: null,
        reference: `Materia ${e.origin === 'monograph' ? 'monograph' : 'compound record'} ${rec.slug} (editorial)${hit.byClass ? `, through the class ${hit.byClass}` : ''}`,
        record: rec.slug,
        rule: null,
        basis: [],
      });
    }
  }
  return out;
}

/** One side as the other side's local-use exceptions see it (its keys and every class they are in). */
const partnerOf = (p: Prepared): Partner => ({
  keys: p.substance.keys,
  classes: [...new Set([...(p.substance.classId ? [p.substance.classId] : []), ...[...p.keyClasses.values()].flat()])],
});

/** A label dose limit that applies to the pair, if any (dose-limits.ts). */
const limitOf = (x: Prepared, y: Prepared): AppliedLimit | null =>
  doseLimitFor({ ...partnerOf(x), context: x.context }, { ...partnerOf(y), context: y.context });

/** Every source's findings for one pair (indices a, b into the caller's list), merged into one verdict, or null. */
export function verdict(db: Db, x: Prepared, y: Prepared, a: number, b: number): PairVerdict | null {
  const all = [
    ...ruleFindings(db, x, y),
    ...listFindings(db, x, y),
    ...editorialFindings(db, x, y),
    ...ddinterFindings(db, x, y),
  ];
  const limit = limitOf(x, y);
  if (!all.length && !limit) return null;
  const bySource = new Map<InteractionSource, Finding>();
  for (const f of all) {
    const prev = bySource.get(f.source);
    // Within a source keep its most severe finding; at equal severity the one with text.
    if (
      !prev ||
      SEVERITY_RANK[f.severity] < SEVERITY_RANK[prev.severity] ||
      (f.severity === prev.severity && !prev.mechanism && f.mechanism)
    )
      bySource.set(f.source, f);
  }
  const findings = [...bySource.values()].sort(
    (p, q) =>
      SEVERITY_RANK[p.severity] - SEVERITY_RANK[q.severity] ||
      SOURCE_ORDER.indexOf(p.source) - SOURCE_ORDER.indexOf(q.source),
  );
  // A label rule whose level depends on dose or route, with a dose or route given that is within the label's limit,
  // decides the pair: the other sources list the pair whatever the dose (simvastatin 20 mg + amlodipine is within the
  // label's limit however DDInter grades simvastatin + amlodipine). They stay listed, and the disagreement is flagged.
  // Above the limit, or with neither given, the most severe level stands.
  const rule = bySource.get('class_rule');
  const decided = rule?.condition === 'not_met' ? rule : null;
  const sourcesTop = decided ?? worst(findings);
  // A label dose limit sets the label's level for the dose given, whatever sources that list the pair at any dose say
  // (the ONC list's contraindicated simvastatin + amiodarone; nothing listed for ranolazine + diltiazem).
  let top: Pick<Finding, 'severity'> = limit ?? sourcesTop!;
  let limitText: string | null = null;
  if (limit) {
    const partner = limit.drugSide === 0 ? y : x;
    const overruled = findings.some((f) => SEVERITY_RANK[f.severity] < SEVERITY_RANK[limit.severity]);
    limitText = limitNote(limit, partner.substance.keys, overruled);
  }
  // A side used locally (eye, ear, skin, scalp, coil; never nose, patch or ring: local-use.ts) caps the level, unless a rule decided it for that very route.
  const cap =
    decided || rule?.condition === 'met'
      ? null
      : stricterCap(
          localUseCap(x.substance.name, x.substance.keys, x.context, partnerOf(y)),
          localUseCap(y.substance.name, y.substance.keys, y.context, partnerOf(x)),
        );
  let capNote: string | null = null;
  if (cap && top.severity !== 'unknown' && SEVERITY_RANK[top.severity] < SEVERITY_RANK[cap.severity]) {
    top = { severity: cap.severity };
    capNote = cap.note;
  }
  const known = new Set(findings.filter((f) => f.severity !== 'unknown').map((f) => f.severity));
  // With a label dose limit, the text comes from a source at or below the limit's level (never one the limit overruled).
  const withText =
    (limit ? null : decided) ??
    findings
      .filter((f) => f.mechanism && (!limit || SEVERITY_RANK[f.severity] >= SEVERITY_RANK[limit.severity]))
      .sort(
        (p, q) =>
          SEVERITY_RANK[p.severity] - SEVERITY_RANK[q.severity] ||
          (TEXT_PREFERENCE[p.source] ?? 9) - (TEXT_PREFERENCE[q.source] ?? 9),
      )[0];
  const management = [capNote, limitText, withText?.management].filter(Boolean).join(' ');
  return {
    a,
    b,
    severity: top.severity,
    sourcesDisagree: known.size > 1,
    findings,
    mechanism: withText?.mechanism ?? limit?.limit.mechanism ?? null,
    management: management || null,
    textFrom: withText?.source ?? null,
  };
}

/**
 * Verdicts for every pair of the given substances (skipping the indices in `skip`, e.g. duplicates), most severe first.
 * `contexts[i]` is how substance i is taken (route, dose), when known.
 */
export function pairVerdicts(
  db: Db,
  subs: readonly Substance[],
  skip: ReadonlySet<number> = new Set(),
  contexts: readonly (SubstanceContext | undefined)[] = [],
): { verdicts: PairVerdict[]; pairsChecked: number } {
  const prepared = subs.map((s, i) => prepare(db, s, contexts[i]));
  const live = subs.map((_, i) => i).filter((i) => !skip.has(i));
  const verdicts: PairVerdict[] = [];
  let pairsChecked = 0;
  for (let i = 0; i < live.length; i++) {
    for (let j = i + 1; j < live.length; j++) {
      pairsChecked++;
      const v = verdict(db, prepared[live[i]!]!, prepared[live[j]!]!, live[i]!, live[j]!);
      if (v) verdicts.push(v);
    }
  }
  verdicts.sort((p, q) => SEVERITY_RANK[p.severity] - SEVERITY_RANK[q.severity] || p.a - q.a || p.b - q.b);
  return { verdicts, pairsChecked };
}
