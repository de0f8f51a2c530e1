/**
 * One verdict everywhere (issue 25), the full run: every entry of every compound page and monograph (GET
 * /v1/compounds/{slug}, GET /v1/monographs/{slug}) against POST /v1/tools/interactions/check for [slug, entry], over
 * HTTP against the real app (test/helpers/app.ts; the test clock moves an hour per request, so the per-key hourly limits
 * never answer 429). test/integration/surfaces.test.ts runs every editorial entry and a stratified sample of the rest.
 *
 * `npm run eval:surfaces` (MATERIA_CONTENT_DB to choose the database; about 6–8 minutes on 2 cores). Prints the counts
 * by surface and source, the entries the checker answers 400 for, and every disagreement ("page X, checker Y").
 */
import { startTestApp } from '../test/helpers/app.ts';
import { compareWithChecker, HourClock, pageEntries } from '../test/helpers/surfaces.ts';

const started = performance.now();
const clock = new HourClock();
const t = await startTestApp({ now: clock.now });
try {
  const slugs = (t.contentDb.prepare('SELECT slug FROM compounds ORDER BY slug').all() as { slug: string }[]).map(
    (r) => r.slug,
  );
  const entries = await pageEntries(t, t.adminKey, clock, slugs);
  const r = await compareWithChecker(t, t.adminKey, clock, entries);
  const by = (xs: { where: string; source: string }[]) =>
    Object.fromEntries(
      [...Map.groupBy(xs, (e) => `${e.where} ${e.source}`)]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, v.length]),
    );
  console.log(`surfaces vs checker, ${new Date().toISOString().slice(0, 10)}: ${slugs.length} compounds`);
  console.log(
    `entries: ${entries.length}; compared: ${r.compared}; disagreements: ${r.disagreements.length}; checker 400 (same substance or a note): ${r.notChecked.length}`,
  );
  console.log('entries by surface and source:', by(entries));
  if (r.disagreements.length) {
    const classes = Map.groupBy(
      r.disagreements,
      (d) => `${d.where} ${d.source}: page ${d.severity}, checker ${d.checker}`,
    );
    console.log('disagreements by class:');
    for (const [k, v] of [...classes].sort((a, b) => b[1].length - a[1].length))
      console.log(`  ${String(v.length).padStart(6)}  ${k}`);
    for (const d of r.disagreements)
      console.log(`  ${d.where} ${d.slug} + ${d.substance} [${d.source}]: page ${d.severity}, checker ${d.checker}`);
  }
  for (const e of r.notChecked)
    console.log(`  400: ${e.where} ${e.slug} + ${e.substance} [${e.source}] page ${e.severity}`);
  console.log(`${((performance.now() - started) / 1000).toFixed(0)} s`);
  process.exitCode = r.disagreements.length ? 1 : 0;
} finally {
  await t.close();
}
