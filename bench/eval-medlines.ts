/**
 * `npm run eval:medlines`: medication-list lines as records, letters, labels and patients write them, read by the
 * vocabulary (src/main/vocabulary/med-list.ts) on the bundled content database. The set (bench/data/blind/medlines-*.jsonl)
 * was written by people who had not read the parser or its word lists, each line with the ingredients it contains
 * (foods by the nutrient that matters, classes by class, notes with none). A line is exact when the substances read
 * are exactly the expected ones (expected names resolved by the same resolver, so "paracetamol" and "acetaminophen"
 * are one); a wrong match is a line that reads a substance it does not contain. Reported for the dev half (even ids;
 * fixes may be chosen on it) and the test half (odd ids). `-- --set <file>`, `-- --verbose` (every line not exact).
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { openContentDb } from '../src/main/db/connection.ts';
import { readMedicationLine } from '../src/main/vocabulary/med-list.ts';
import { resolveName } from '../src/main/vocabulary/resolver.ts';

const root = resolve(import.meta.dirname, '..');
const argAt = process.argv.indexOf('--set');
const setPath =
  argAt > 0 ? resolve(process.argv[argAt + 1]!) : resolve(import.meta.dirname, 'data/blind/medlines-r1.jsonl');
const verbose = process.argv.includes('--verbose');
interface Item {
  id: string;
  line: string;
  kind: string;
  expect: { ingredients: string[]; class: string | null };
}
const items = readFileSync(setPath, 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as Item);
const db = openContentDb(process.env.MATERIA_CONTENT_DB ?? join(root, 'resources/db/content.sqlite'));

/** The identities an expected name stands for: its ingredient keys, or its class. */
function expected(item: Item): { keys: Set<string>; classId: string | null; unknown: string[]; members: Set<string> } {
  const keys = new Set<string>();
  const classes = new Set<string>();
  const members = new Set<string>();
  const unknown: string[] = [];
  for (const n of item.expect.ingredients) {
    const r = resolveName(db, n, { typos: false });
    if (r.status === 'resolved' && r.kind !== 'class') r.keys.forEach((k) => keys.add(k));
    else if (r.kind === 'class') classes.add(r.classId!);
    else unknown.push(n);
  }
  const c = item.expect.class ? resolveName(db, item.expect.class, { typos: false }) : null;
  if (c?.kind === 'class') classes.add(c.classId!);
  // A food or drink named by a class ("grapefruit", "alcohol", "tyramine") may be read as the class or its members.
  for (const id of classes)
    for (const k of resolveName(db, id === 'alcohol' ? 'alcohol' : id, { typos: false }).keys) members.add(k);
  return { keys, classId: [...classes][0] ?? null, unknown, members };
}

type Tally = { n: number; exact: number; wrong: number; unread: number };
const tally: Record<'dev' | 'test', Tally> = {
  dev: { n: 0, exact: 0, wrong: 0, unread: 0 },
  test: { n: 0, exact: 0, wrong: 0, unread: 0 },
};
const byKind = new Map<string, Tally>();
const t0 = performance.now();
for (const it of items) {
  const split = Number(it.id.replace(/\D/g, '')) % 2 === 0 ? 'dev' : 'test';
  const want = expected(it);
  const got = readMedicationLine(db, it.line);
  const gotKeys = new Set(got.substances.filter((s) => s.kind !== 'class').flatMap((s) => s.keys));
  const gotClasses = new Set(got.substances.filter((s) => s.kind === 'class').map((s) => s.classId));
  const wantNone = !it.expect.ingredients.length && !it.expect.class;
  // Wrong: a substance read that the line does not contain (a class read for a class line is judged by its id).
  const wrong =
    [...gotKeys].some((k) => !want.keys.has(k) && !want.members.has(k)) ||
    [...gotClasses].some((c) => c !== want.classId) ||
    (wantNone && got.substances.length > 0);
  const exact =
    !wrong &&
    want.unknown.length === 0 &&
    [...want.keys].every((k) => gotKeys.has(k)) &&
    (!want.classId || gotClasses.has(want.classId) || [...gotKeys].some((k) => want.members.has(k))) &&
    (!wantNone || got.substances.length === 0);
  const t = tally[split];
  t.n++;
  if (exact) t.exact++;
  if (wrong) t.wrong++;
  if (!exact && !wrong) t.unread++;
  const k = byKind.get(it.kind) ?? { n: 0, exact: 0, wrong: 0, unread: 0 };
  k.n++;
  if (exact) k.exact++;
  if (wrong) k.wrong++;
  if (!exact && !wrong) k.unread++;
  byKind.set(it.kind, k);
  if (verbose && !exact) {
    console.log(
      `${it.id} ${split} ${wrong ? 'WRONG ' : 'miss  '} ${JSON.stringify(it.line)} want ${[...it.expect.ingredients, it.expect.class ?? ''].filter(Boolean).join('+') || '(none)'}${want.unknown.length ? ` [expected names we cannot resolve: ${want.unknown.join(', ')}]` : ''} | read ${got.status}: ${got.substances.map((s) => s.name).join(' + ') || '-'}${got.unread.length ? ` unread ${got.unread.join(' ')}` : ''}`,
    );
  }
}
const ms = performance.now() - t0;
const pct = (a: number, b: number) => `${((100 * a) / b).toFixed(1)}% (${a}/${b})`;
console.log(
  `set ${setPath.replace(`${root}/`, '')}: ${items.length} lines, ${(ms / items.length).toFixed(2)} ms per line (including index loading)`,
);
for (const split of ['dev', 'test'] as const) {
  const t = tally[split];
  console.log(`${split.padEnd(4)}  exact ${pct(t.exact, t.n)}   wrong matches ${t.wrong}   not read ${t.unread}`);
}
for (const [k, t] of [...byKind].sort()) console.log(`  ${k.padEnd(16)} exact ${pct(t.exact, t.n)}  wrong ${t.wrong}`);
db.close();
