/**
 * Blind pair set (written by people who did not write the rules; default bench/data/blind/pairs-r1.jsonl, or the path given
 * as the first argument or in MATERIA_BLIND_PAIRS): every pair through checkInteractions — the service behind
 * POST /v1/tools/interactions/check — scored on
 *
 *   acceptable   the pair's highest severity is one of `acceptable` ("none" included when listed)
 *   dangerous    group "dangerous": found at or above `expect`
 *   false alarm  group "safe": flagged major or contraindicated
 *   over-reach   the pair is graded above its most severe acceptable level by our own class rules or records (the
 *                finding that sets the severity is a class rule, or a record entry matched through a class word): a
 *                rule about some members applied to one it does not concern. Pairs graded too high by an outside
 *                source alone (DDInter, ONC, an FDA label sentence) are counted apart.
 *   misattributed the shown text names a source (ONC lists, DDInter, an FDA label sentence, a class rule) that is not
 *                among the pair's own sources
 *   wrong reason the shown mechanism and management text states `wrong_reason_to_avoid` (at least half of its
 *                content words, and at least two, appear in the text; approximate — the list is printed for reading)
 *
 * `npm run eval:pairs-blind [-- path] [--verbose]` (MATERIA_CONTENT_DB to choose the database). Prints the
 * figures, per group, and every pair outside its acceptable levels; `--verbose` also the dangerous pairs found below
 * their expected level (inside the acceptable levels, so not listed otherwise) with the sources that set the level.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { openContentDb } from '../src/main/db/connection.ts';
import { checkInteractions } from '../src/main/interactions/check.ts';
import { SEVERITY_RANK, type Severity } from '../src/main/interactions/rules.ts';

type Level = Severity | 'none';
interface BlindPair {
  id: string;
  a: string;
  b: string;
  expect: Level;
  acceptable: Level[];
  wrong_reason_to_avoid: string | null;
  basis: string;
  group: 'overreach' | 'dangerous' | 'safe' | 'dose_route';
}

const root = resolve(import.meta.dirname, '..');
const file = resolve(
  process.argv.slice(2).find((a) => !a.startsWith('--')) ??
    process.env.MATERIA_BLIND_PAIRS ??
    resolve(import.meta.dirname, 'data/blind/pairs-r1.jsonl'),
);
if (!existsSync(file)) {
  console.error(`no blind pair file at ${file}`);
  process.exit(1);
}
const pairs = readFileSync(file, 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as BlindPair);
const db = openContentDb(resolve(process.env.MATERIA_CONTENT_DB ?? join(root, 'resources/db/content.sqlite')));

/** none below minor: a pair no source lists is the mildest answer. */
const rank = (l: Level | string): number => (l === 'none' ? 5 : l === 'unknown' ? 4.5 : SEVERITY_RANK[l as Severity]);
const OWN = new Set(['class_rule', 'editorial']);
const STOP = new Set([
  'with',
  'from',
  'that',
  'this',
  'such',
  'as',
  'the',
  'and',
  'for',
  'other',
  'only',
  'type',
  'like',
  'levels',
  'level',
  'drug',
  'drugs',
  'effect',
  'effects',
  'risk',
  'raising',
  'reducing',
  'causing',
  'applies',
  'applying',
  'which',
  'when',
  'above',
  'name',
  'similarity',
]);
const stem = (w: string) => w.slice(0, 6);
const words = (t: string) =>
  t
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= 4 && !STOP.has(w))
    .map(stem);

function statesWrongReason(reason: string | null, text: string): boolean {
  if (!reason || reason === 'None') return false;
  const want = [...new Set(words(reason))];
  if (want.length < 2) return false;
  const have = new Set(words(text));
  const hit = want.filter((w) => have.has(w)).length;
  return hit >= 2 && hit / want.length >= 0.5;
}

/** Sources a text claims, as the pair model's notes word them (steps/interaction-lists.ts SOURCE_WORDS). */
const CLAIMS: [RegExp, string][] = [
  [/\bONC high-priority\b/i, 'onc_high_priority'],
  [/\bONC non-interruptive\b/i, 'onc_non_interruptive'],
  [/\bDDInter\b/, 'ddinter'],
  [/\bFDA label sentence\b/i, 'nlm_spl'],
  [/\bMateria class rule\b/i, 'class_rule'],
];

interface Row {
  p: BlindPair;
  got: Level;
  ok: boolean;
  unresolved: string[];
  top: string;
  overreach: boolean;
  external: boolean;
  wrong: boolean;
  misattributed: string[];
  text: string;
}
// Names as prescribers wrote them ("simvastatin 40 mg", "calcium gluconate IV"): the checker reads each as a medication
// line (src/main/vocabulary/med-list.ts) and passes its dose and route to the rules, as the API does.
const verbose = process.argv.includes('--verbose');
const rows: Row[] = pairs.map((p) => {
  const r = checkInteractions(db, [p.a, p.b]);
  const got = r.highest_severity as Level;
  const v = r.pairs[0];
  const text = v ? [v.mechanism, v.management].filter(Boolean).join(' ') : '';
  const maxOk = Math.min(...p.acceptable.map(rank));
  const above = got !== 'unknown' && rank(got) < maxOk;
  const setting = v ? v.sources.filter((s) => s.severity === v.severity) : [];
  const own = setting.some(
    (s) => s.source === 'class_rule' || (s.source === 'editorial' && /through the class/.test(s.reference)),
  );
  return {
    p,
    got,
    ok: p.acceptable.includes(got),
    unresolved: r.unresolved.map((u) => u.input),
    top: setting.map((s) => `${s.source}${s.rule ? `:${s.rule}` : ''} ${s.severity}`).join(', '),
    overreach: above && own,
    external: above && !setting.some((s) => OWN.has(s.source)),
    wrong: statesWrongReason(p.wrong_reason_to_avoid, text),
    text,
    misattributed: v
      ? CLAIMS.filter(([re, src]) => re.test(text) && !v.sources.some((s) => s.source === src)).map(([, src]) => src)
      : [],
  };
});

const pct = (a: number, b: number) => `${a}/${b} (${b ? ((100 * a) / b).toFixed(1) : '0.0'}%)`;
const of = (g: BlindPair['group']) => rows.filter((r) => r.p.group === g);
const dangerous = of('dangerous');
const safe = of('safe');
console.log(
  `blind pairs: ${file} (${rows.length} pairs), ${new Date().toISOString().slice(0, 10)}; names as written, read as medication lines`,
);
console.log(`severity within the acceptable levels: ${pct(rows.filter((r) => r.ok).length, rows.length)}`);
for (const g of ['dangerous', 'overreach', 'dose_route', 'safe'] as const)
  console.log(`  ${g.padEnd(11)} ${pct(of(g).filter((r) => r.ok).length, of(g).length)}`);
const resolved = rows.filter((r) => !r.unresolved.length);
console.log(
  `pairs with a name not recognised (answered "unknown", not checked): ${rows.length - resolved.length}; within the acceptable levels among the ${resolved.length} pairs whose names all resolve: ${pct(resolved.filter((r) => r.ok).length, resolved.length)}`,
);
console.log(
  `dangerous found at or above the expected severity: ${pct(dangerous.filter((r) => r.got !== 'none' && rank(r.got) <= rank(r.p.expect)).length, dangerous.length)}` +
    `; dangerous answered "none": ${dangerous.filter((r) => r.got === 'none').length}`,
);
console.log(
  `safe pairs flagged major or contraindicated (false alarms): ${pct(safe.filter((r) => rank(r.got) <= rank('major')).length, safe.length)}`,
);
console.log(
  `over-reach (graded above acceptable by a class rule or a record's class entry): ${rows.filter((r) => r.overreach).length}` +
    `; graded above acceptable by an outside source alone: ${rows.filter((r) => r.external).length}`,
);
console.log(
  `shown mechanism states the wrong reason to avoid: ${rows.filter((r) => r.wrong).length}; text names a source the pair does not have: ${rows.filter((r) => r.misattributed.length).length}`,
);
const out = rows.filter((r) => !r.ok || r.wrong || r.misattributed.length);
if (out.length) {
  console.log('\npairs outside their acceptable levels (or stating the wrong reason):');
  for (const r of out) {
    console.log(
      `  ${r.p.id} ${r.p.group.padEnd(10)} ${r.p.a} + ${r.p.b}: ${r.got} (acceptable ${r.p.acceptable.join('/')})${r.unresolved.length ? ` [not recognised: ${r.unresolved.join(', ')}]` : ''}${r.overreach ? ' OVER-REACH' : ''}${r.wrong ? ' WRONG-REASON' : ''}${r.misattributed.length ? ` MISATTRIBUTED(${r.misattributed.join(', ')})` : ''}` +
        `${r.top ? ` ← ${r.top}` : ''}`,
    );
  }
}
const below = rows.filter((r) => r.p.group === 'dangerous' && (r.got === 'none' || rank(r.got) > rank(r.p.expect)));
if (verbose && below.length) {
  console.log('\ndangerous pairs below their expected level:');
  for (const r of below)
    console.log(
      `  ${r.p.id} ${r.p.a} + ${r.p.b}: ${r.got} (expected ${r.p.expect})${r.unresolved.length ? ` [not recognised: ${r.unresolved.join(', ')}]` : ''}${r.top ? ` ← ${r.top}` : ''}`,
    );
}
