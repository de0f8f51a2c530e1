/**
 * Interaction coverage on the label table (test/fixtures/interactions-label-table.json): the share of pairs the
 * checker finds at or above the severity their FDA labels support, overall and per severity, through the same
 * checkInteractions every feature calls. Prints the misses. `npm run eval:interactions` (MATERIA_CONTENT_DB to choose
 * the database).
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { openContentDb } from '../src/main/db/connection.ts';
import { checkInteractions } from '../src/main/interactions/check.ts';
import { SEVERITY_RANK, type Severity } from '../src/main/interactions/rules.ts';

const root = resolve(import.meta.dirname, '..');
const table = JSON.parse(readFileSync(join(root, 'test/fixtures/interactions-label-table.json'), 'utf8')) as {
  pairs: { a: string; b: string; min: Severity; basis: string }[];
};
const db = openContentDb(resolve(process.env.MATERIA_CONTENT_DB ?? join(root, 'resources/db/content.sqlite')));
const per = new Map<Severity, { n: number; ok: number }>();
const misses: string[] = [];
let found = 0;
for (const p of table.pairs) {
  const r = checkInteractions(db, [p.a, p.b]);
  const got = r.highest_severity;
  const ok = got !== 'none' && SEVERITY_RANK[got] <= SEVERITY_RANK[p.min];
  if (r.pairs.length) found++;
  const s = per.get(p.min) ?? { n: 0, ok: 0 };
  s.n++;
  if (ok) s.ok++;
  per.set(p.min, s);
  if (!ok)
    misses.push(
      `  ${p.a} + ${p.b}: label ${p.min}, checker ${got} (${r.pairs[0]?.sources.map((x) => `${x.source} ${x.severity}`).join(', ') ?? 'no source'})`,
    );
}
const ok = [...per.values()].reduce((a, s) => a + s.ok, 0);
// How much each source contributes: the same table judged from subsets of the sources (the pair's most severe level
// among the kept sources' own levels).
const subsets: [string, Set<string>][] = [
  ['DDInter alone', new Set(['ddinter'])],
  ['DDInter + ONC + NLM labels', new Set(['ddinter', 'onc_high_priority', 'onc_non_interruptive', 'nlm_spl'])],
  ['all but class rules', new Set(['ddinter', 'onc_high_priority', 'onc_non_interruptive', 'nlm_spl', 'editorial'])],
];
const bySubset = subsets.map(([label, keep]) => {
  let n = 0;
  for (const p of table.pairs) {
    const r = checkInteractions(db, [p.a, p.b]);
    const levels = r.pairs
      .flatMap((x) => x.sources)
      .filter((x) => keep.has(x.source))
      .map((x) => SEVERITY_RANK[x.severity]);
    if (levels.length && Math.min(...levels) <= SEVERITY_RANK[p.min]) n++;
  }
  return `${label}: ${n}/${table.pairs.length}`;
});
const pct = (a: number, b: number) => `${((100 * a) / b).toFixed(1)}%`;
console.log(`label table: ${table.pairs.length} pairs, ${new Date().toISOString().slice(0, 10)}`);
console.log(
  `found at or above the label's severity: ${ok}/${table.pairs.length} (${pct(ok, table.pairs.length)}); any interaction found: ${found}/${table.pairs.length}`,
);
for (const [sev, s] of [...per].sort((x, y) => SEVERITY_RANK[x[0]] - SEVERITY_RANK[y[0]]))
  console.log(`  ${sev.padEnd(16)} ${s.ok}/${s.n} (${pct(s.ok, s.n)})`);
console.log(`from fewer sources: ${bySubset.join('; ')}`);
if (misses.length) console.log(`misses:\n${misses.join('\n')}`);
