/**
 * `npm run eval:links`: precision of the compound–document links (src/build/steps/link.ts) on hand-labelled
 * links (bench/data/link-labels.jsonl). A link was labelled relevant when the document is about the compound as a
 * substance given, taken, tested or measured as intake or status (its effects, use, toxicity, pharmacology), and not
 * relevant when the name means something else (an enzyme, receptor, residue, the body's own molecule, a laboratory
 * reagent or tool, another molecule, an unrelated abbreviation) or the compound is only a covariate.
 *
 * Sets (field "set"), in the order they were labelled: "tuning", 308 links the filters were developed on (200 drawn
 * with seededSample(links, "<slug> <document id>", 200, 1414) from an intermediate build, plus 108 from an earlier,
 * looser linker); then four sets of 100, each drawn (seeds 2026, 2027, 2028, 2029) from the links of the linker of
 * that moment that were not yet labelled. Each held-out set was measured before any change prompted by its errors;
 * held_out_1 to held_out_3 were then used for general fixes, held_out_4 never was.
 * "held_out_5" (2026-11-24, second pass): every link of the linker at commit 1c9d5bd that no set had labelled (74; all of
 * them rather than a seeded draw, since no more were left), labelled before the topicality and reagent rules were
 * written; those rules were tuned on "tuning" and held_out_1 to held_out_3 only. "held_out_6": the 5 links of the
 * linker after that pass that no set held (compounds added to the content the same day), labelled after it.
 * held_out_4, held_out_5 and held_out_6 are the held-out figure.
 * Precision is computed over the labelled links the current content database still has.
 *
 * Independent labels (bench/data/link-labels-independent.jsonl, 2026-11-26): every one of the 438 links of the build
 * of that day, labelled blind by two labellers who did not write the rules, shuffled with a fixed seed and split in
 * halves: "independent_dev" (219, the rules of that day were tuned on it) and "independent_held_out" (219, added with
 * bench/import-link-labels.ts, measured once on 2026-11-26 with the linker tuned on the dev half only: 85.9 %; the second
 * pass of that day wrote rules on its classes of error, so it is no longer held out). Every link the build ships is in
 * one of the halves, so their precision together is a census of the shipped links (docs/content.md). For each: precision over the labelled links still linked, and recall, the share
 * of the links the labels call relevant that are still linked. Cohen's kappa compares them with the older labels on the
 * links both label. --errors and --lost list independent_held_out only when --sets names it.
 *
 *   npm run eval:links [-- path/to/content.sqlite] [-- --errors] [-- --lost] [-- --relink] [-- --sets=tuning,held_out_1]
 *
 * --relink recomputes the links with the current linker (src/build/steps/link.ts) over the documents and compound
 * names in the database, without rebuilding it (for tuning; the build does the same).
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { DEFAULT_CONTENT_DB } from '../src/build/paths.ts';
import { ENDOGENOUS_SLUGS, longerNamesOf, makeLinker } from '../src/build/steps/link.ts';

const SETS = ['tuning', 'held_out_1', 'held_out_2', 'held_out_3', 'held_out_4', 'held_out_5', 'held_out_6'] as const;
const INDEPENDENT_SETS = ['independent_dev', 'independent_held_out'] as const;
interface Label {
  compound: string;
  document: string;
  relevant: boolean;
  set: (typeof SETS)[number];
  reason?: string;
}
interface IndependentLabel {
  compound: string;
  document: string;
  relevant: boolean;
  set: (typeof INDEPENDENT_SETS)[number];
  reason: string;
}
const readJsonl = <T>(file: string): T[] =>
  readFileSync(join(import.meta.dirname, 'data', file), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as T);
const labels = readJsonl<Label>('link-labels.jsonl');
const independent = readJsonl<IndependentLabel>('link-labels-independent.jsonl');
const dbPath = resolve(process.argv.slice(2).find((a) => !a.startsWith('--')) ?? DEFAULT_CONTENT_DB);
const db = new Database(dbPath, { readonly: true });
const relink = process.argv.includes('--relink');
const sql = `SELECT c.slug, d.id FROM compound_documents cd JOIN compounds c ON c.rowid = cd.compound_rowid JOIN documents d ON d.rowid = cd.document_rowid`;
let pairs = (db.prepare(sql).all() as { slug: string; id: string }[]).map((r) => `${r.slug} ${r.id}`);
const perCompound = new Map<string, number>();
if (relink) {
  const compounds = db.prepare('SELECT slug, name, category, alt_names FROM compounds').all() as {
    slug: string;
    name: string;
    category: string;
    alt_names: string;
  }[];
  const docId = new Map(
    (db.prepare('SELECT rowid, id FROM documents').all() as { rowid: number; id: string }[]).map((r) => [
      r.rowid,
      r.id,
    ]),
  );
  const link = makeLinker(db);
  const names = compounds.map((c) => ({ slug: c.slug, names: [c.name, ...(JSON.parse(c.alt_names) as string[])] }));
  const longer = longerNamesOf(names);
  pairs = [];
  for (const c of compounds) {
    const r = link([c.name, ...(JSON.parse(c.alt_names) as string[])], {
      category: c.category,
      longerNames: longer.get(c.slug),
      endogenous: c.category === 'amino_acid' || c.category === 'probiotic' || ENDOGENOUS_SLUGS.has(c.slug),
    });
    for (const id of r.documentRowids) pairs.push(`${c.slug} ${docId.get(id)!}`);
  }
}
for (const p of pairs) perCompound.set(p.split(' ')[0]!, (perCompound.get(p.split(' ')[0]!) ?? 0) + 1);
const linkedSet = new Set(pairs);
const built = new Set((db.prepare(sql).all() as { slug: string; id: string }[]).map((r) => r.slug));
console.log(
  `compound–document links${relink ? ' (recomputed with the current linker)' : ''} in ${dbPath}: ${pairs.length}; compounds with at least one document: ${perCompound.size}${relink ? ` (in the database: ${built.size}; losing all: ${[...built].filter((s) => !perCompound.has(s)).length})` : ''}`,
);
const kept = labels.filter((l) => linkedSet.has(`${l.compound} ${l.document}`));
for (const set of SETS) {
  const inSet = labels.filter((l) => l.set === set);
  if (!inSet.length) continue;
  const k = kept.filter((l) => l.set === set);
  const relevant = k.filter((l) => l.relevant).length;
  const dropped = inSet.filter((l) => !k.includes(l));
  console.log(
    `${set.padEnd(11)} labelled ${String(inSet.length).padStart(3)}, still linked ${String(k.length).padStart(3)}, relevant ${String(relevant).padStart(3)}: precision ${((100 * relevant) / k.length).toFixed(1)}%; no longer linked ${dropped.length} (${dropped.filter((l) => !l.relevant).length} labelled not relevant)`,
  );
}
const relevantAll = kept.filter((l) => l.relevant).length;
const HELD_OUT: readonly Label['set'][] = ['held_out_4', 'held_out_5', 'held_out_6'];
const heldOut = kept.filter((l) => HELD_OUT.includes(l.set));
const dev = kept.filter((l) => !HELD_OUT.includes(l.set));
const line = (name: string, k: Label[]) =>
  console.log(
    `${name}: still linked ${k.length}, relevant ${k.filter((l) => l.relevant).length}: precision ${((100 * k.filter((l) => l.relevant).length) / k.length).toFixed(1)}%`,
  );
line('development (tuning + held_out_1..3)', dev);
line('held out (held_out_4 + held_out_5 + held_out_6)', heldOut);
console.log(
  `all labelled links still linked: ${kept.length}, relevant ${relevantAll}: precision ${((100 * relevantAll) / kept.length).toFixed(1)}%`,
);

// Independent labels: precision and recall per half, and agreement with the older labels.
const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)}%` : 'n/a');
for (const set of INDEPENDENT_SETS) {
  const inSet = independent.filter((l) => l.set === set);
  if (!inSet.length) {
    console.log(`${set}: no labels yet`);
    continue;
  }
  const k = inSet.filter((l) => linkedSet.has(`${l.compound} ${l.document}`));
  const tp = k.filter((l) => l.relevant).length;
  const relevant = inSet.filter((l) => l.relevant).length;
  const lostCompounds = [...new Set(inSet.filter((l) => l.relevant).map((l) => l.compound))].filter(
    (c) => !perCompound.has(c),
  );
  console.log(
    `${set}: labelled ${inSet.length} (${relevant} relevant), still linked ${k.length}, relevant ${tp}: precision ${pct(tp, k.length)}; recall ${pct(tp, relevant)} (${relevant - tp} relevant links lost; ${k.length - tp} not relevant still linked; compounds with a relevant labelled link that lose all documents: ${lostCompounds.length}${lostCompounds.length ? ` ${lostCompounds.join(', ')}` : ''})`,
  );
}
const older = new Map(labels.map((l) => [`${l.compound} ${l.document}`, l.relevant]));
for (const [name, group] of [
  ['independent_dev', independent.filter((l) => l.set === 'independent_dev')],
  ['independent_held_out', independent.filter((l) => l.set === 'independent_held_out')],
  ['all independent', independent],
] as const) {
  const both = group
    .filter((l) => older.has(`${l.compound} ${l.document}`))
    .map((l) => [l.relevant, older.get(`${l.compound} ${l.document}`)!] as const);
  if (
    !both.length ||
    (name === 'all independent' && both.length === independent.filter((l) => l.set === 'independent_dev').length)
  )
    continue;
  const n = both.length;
  const agree = both.filter(([a, b]) => a === b).length / n;
  const pa = both.filter(([a]) => a).length / n;
  const pb = both.filter(([, b]) => b).length / n;
  const chance = pa * pb + (1 - pa) * (1 - pb);
  const kappa = chance === 1 ? 1 : (agree - chance) / (1 - chance);
  const cell = (x: boolean, y: boolean) => both.filter(([a, b]) => a === x && b === y).length;
  console.log(
    `${name} vs the older labels on ${n} links both label: agreement ${(100 * agree).toFixed(1)}%, Cohen's kappa ${kappa.toFixed(2)} (both relevant ${cell(true, true)}, both not ${cell(false, false)}, only independent relevant ${cell(true, false)}, only older relevant ${cell(false, true)})`,
  );
}

const only = process.argv
  .find((a) => a.startsWith('--sets='))
  ?.slice(7)
  .split(',');
const shown = (l: { set: string }) => (only ? only.includes(l.set) : l.set !== 'independent_held_out');
const listed: { compound: string; document: string; relevant: boolean; set: string; reason?: string }[] = [
  ...labels,
  ...independent,
];
const say = (l: (typeof listed)[number]) =>
  `${l.compound} <- ${l.document} (${l.set})${l.reason ? `: ${l.reason}` : ''}`;
if (process.argv.includes('--errors'))
  for (const l of listed)
    if (!l.relevant && linkedSet.has(`${l.compound} ${l.document}`) && shown(l))
      console.log(`  not relevant: ${say(l)}`);
if (process.argv.includes('--lost'))
  for (const l of listed)
    if (l.relevant && !linkedSet.has(`${l.compound} ${l.document}`) && shown(l))
      console.log(`  relevant, not linked: ${say(l)}`);
