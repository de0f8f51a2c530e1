/**
 * One verdict everywhere (issue 25): every compound page and monograph entry (GET /v1/compounds/{slug} `interactions`,
 * GET /v1/monographs/{slug} `interactions`) against POST /v1/tools/interactions/check for [slug, entry.substance], over
 * HTTP against the real app. Shared by test/integration/surfaces.test.ts (a stratified sample and every editorial entry)
 * and bench/eval-surfaces.ts (every entry). The rate limits are per key and hour: each request moves the test clock on
 * an hour (`startTestApp({ now })`), so thousands of checks run without a 429.
 */
import { createHash } from 'node:crypto';
import type { TestApp } from './app.ts';

export interface SurfaceEntry {
  where: 'compound' | 'monograph';
  slug: string;
  substance: string;
  severity: string;
  source: string;
}

export interface Comparison {
  compared: number;
  disagreements: (SurfaceEntry & { checker: string })[];
  /** entries the checker answers 400 for (it reads both names as one substance, or one as a note) */
  notChecked: SurfaceEntry[];
}

/** A clock for startTestApp that a caller moves on an hour before each request. */
export class HourClock {
  t = Date.UTC(2026, 10, 29);
  readonly now = () => this.t;
  next(): void {
    this.t += 3_600_000;
  }
}

export async function pageEntries(t: TestApp, key: string, clock: HourClock, slugs: string[]): Promise<SurfaceEntry[]> {
  const out: SurfaceEntry[] = [];
  for (const slug of slugs) {
    clock.next();
    const c = await t.http.get(`/v1/compounds/${slug}`).set('X-API-Key', key);
    if (c.status !== 200) throw new Error(`GET /v1/compounds/${slug}: ${c.status}`);
    for (const e of c.body.data.interactions as SurfaceEntry[]) out.push({ ...pick(e), where: 'compound', slug });
    clock.next();
    const m = await t.http.get(`/v1/monographs/${slug}`).set('X-API-Key', key);
    if (m.status === 404) continue;
    if (m.status !== 200) throw new Error(`GET /v1/monographs/${slug}: ${m.status}`);
    const mi = m.body.data.interactions as Record<string, SurfaceEntry[]>;
    for (const e of [...mi.drug_interactions!, ...mi.supplement_interactions!, ...mi.food_interactions!])
      out.push({ ...pick(e), where: 'monograph', slug });
  }
  return out;
}

const pick = (e: SurfaceEntry) => ({ substance: e.substance, severity: e.severity, source: e.source });

/** The checker's level for two names: the first pair's severity, 'none' without one, null on a 400. */
export async function checkerLevel(
  t: TestApp,
  key: string,
  clock: HourClock,
  a: string,
  b: string,
): Promise<string | null> {
  clock.next();
  const r = await t.http
    .post('/v1/tools/interactions/check')
    .set('X-API-Key', key)
    .send({ substances: [a, b] });
  if (r.status === 400) return null;
  if (r.status !== 200) throw new Error(`check ${a} + ${b}: ${r.status} ${JSON.stringify(r.body)}`);
  return (r.body.data.pairs[0]?.severity as string | undefined) ?? 'none';
}

export async function compareWithChecker(
  t: TestApp,
  key: string,
  clock: HourClock,
  entries: SurfaceEntry[],
): Promise<Comparison> {
  const out: Comparison = { compared: 0, disagreements: [], notChecked: [] };
  for (const e of entries) {
    const level = await checkerLevel(t, key, clock, e.slug, e.substance);
    if (level === null) {
      out.notChecked.push(e);
      continue;
    }
    out.compared++;
    if (level !== e.severity) out.disagreements.push({ ...e, checker: level });
  }
  return out;
}

const rank = (e: SurfaceEntry) => createHash('sha256').update(`${e.where}\0${e.slug}\0${e.substance}`).digest('hex');

/**
 * Every editorial entry, and from the others a deterministic sample stratified by surface, source and severity: about
 * `size` entries in proportion to each stratum, at least `floor` (or all) from each, chosen by a hash of the entry.
 */
export function stratifiedSample(entries: SurfaceEntry[], size: number, floor = 25): SurfaceEntry[] {
  const editorial = entries.filter((e) => e.source === 'editorial');
  const rest = entries.filter((e) => e.source !== 'editorial');
  const strata = Map.groupBy(rest, (e) => `${e.where}|${e.source}|${e.severity}`);
  const sample: SurfaceEntry[] = [];
  for (const [, list] of [...strata].sort(([x], [y]) => x.localeCompare(y))) {
    const n = Math.min(list.length, Math.max(floor, Math.round((list.length * size) / Math.max(1, rest.length))));
    sample.push(...list.toSorted((x, y) => rank(x).localeCompare(rank(y))).slice(0, n));
  }
  return [...editorial, ...sample];
}
