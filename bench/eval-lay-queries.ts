/**
 * `npm run eval:lay-queries`: everyday wording in search. Each query of a blind set (bench/data/blind/lay-queries-*.jsonl,
 * written by people who had not read the search code or its word lists: everyday wording, the right compounds from our
 * catalogue) is sent to POST /v1/search (types: compounds) and POST /v1/compounds/search of a real app on the bundled
 * content database, hybrid when the embedding model is installed. A query counts when any right compound is in the top 5.
 * Reported for the dev half (ids with an even number; parameters may be chosen on it) and the test half (odd).
 * `-- --set <file>` scores another set; `-- --verbose` prints the misses.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openContentDb, openUserDb } from '../src/main/db/connection.ts';
import { createApp } from '../src/main/server/app.ts';
import { Semantic } from '../src/main/search/semantic.ts';
import { DEFAULT_MODEL } from '../src/main/search/model-files.ts';
import { SCOPES } from '../src/shared/enums.ts';
import { resolveName, substanceBySlug } from '../src/main/vocabulary/resolver.ts';

const root = resolve(import.meta.dirname, '..');
const argAt = process.argv.indexOf('--set');
const setPath =
  argAt > 0 ? resolve(process.argv[argAt + 1]!) : resolve(import.meta.dirname, 'data/blind/lay-queries-r1.jsonl');
const verbose = process.argv.includes('--verbose');
interface Item {
  id: string;
  query: string;
  expect: string[];
  concept: string;
}
const items = readFileSync(setPath, 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as Item);

const dataDir = mkdtempSync(join(tmpdir(), 'materia-lay-'));
const contentDb = openContentDb(process.env.MATERIA_CONTENT_DB ?? join(root, 'resources/db/content.sqlite'));
const userDb = openUserDb(join(dataDir, 'user.sqlite'));
const semantic = new Semantic(
  {
    modelId: process.env.MATERIA_MODEL ?? DEFAULT_MODEL,
    modelDir: resolve(process.env.MATERIA_MODEL_DIR ?? join(root, 'resources/models')),
  },
  dataDir,
  contentDb,
  false,
);
await semantic.start();
const { app, context } = createApp({ contentDb, userDb, version: 'eval', semantic });
const server = app.listen(0, '127.0.0.1');
await new Promise((ok) => server.once('listening', ok));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
let calls = 0;
let key = context.keys.create('eval', SCOPES).key;
async function post(path: string, body: unknown): Promise<{ data: Record<string, unknown> }> {
  if (++calls % 40 === 0) key = context.keys.create('eval', SCOPES).key;
  const r = await fetch(`${base}/v1${path}`, {
    method: 'POST',
    headers: { 'X-API-Key': key, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (r.status !== 200) throw new Error(`${path} ${r.status}: ${await r.text()}`);
  return (await r.json()) as { data: Record<string, unknown> };
}

/**
 * Expected names are our slugs (rounds 1–2, written from the catalogue) or INN/common names (round 3 on, written
 * without it): a result is right when it is the slug named or shares an ingredient with the name.
 */
const keysOfName = new Map<string, Set<string>>();
const wantKeys = (name: string): Set<string> => {
  let k = keysOfName.get(name);
  if (!k) {
    const s = substanceBySlug(contentDb, name) ?? resolveName(contentDb, name, { typos: false });
    k = new Set(s.status === 'resolved' && s.kind !== 'class' ? s.keys : []);
    keysOfName.set(name, k);
  }
  return k;
};
const slugKeys = (slug: string): Set<string> => new Set(substanceBySlug(contentDb, slug)?.keys ?? []);
const isRight = (slug: string, expect: string[]) =>
  expect.includes(slug) ||
  expect.some((e) => {
    const w = wantKeys(e);
    return [...slugKeys(slug)].some((k) => w.has(k));
  });
/** A query is answerable when the catalogue holds one of its expected compounds. */
const inCatalogue = (expect: string[]) =>
  expect.some(
    (e) => substanceBySlug(contentDb, e) !== null || resolveName(contentDb, e, { typos: false }).compound !== null,
  );

const tally = {
  dev: { n: 0, search: 0, compounds: 0, answerable: 0 },
  test: { n: 0, search: 0, compounds: 0, answerable: 0 },
};
let mode = '';
for (const it of items) {
  const split = Number(it.id.replace(/\D/g, '')) % 2 === 0 ? 'dev' : 'test';
  const s = await post('/search', { query: it.query, types: ['compounds'], limit: 5 });
  mode = String(s.data.search_mode);
  const top = (s.data.results as { type: string; id: string; slug?: string }[]).map((r) => r.slug ?? r.id);
  const c = await post('/compounds/search', { query: it.query.slice(0, 256), limit: 5, include_interactions: false });
  const topC = (c.data as unknown as { slug: string }[]).map((r) => r.slug);
  const okS = top.some((x) => isRight(x, it.expect));
  const okC = topC.some((x) => isRight(x, it.expect));
  tally[split].n++;
  if (inCatalogue(it.expect)) tally[split].answerable++;
  if (okS) tally[split].search++;
  if (okC) tally[split].compounds++;
  if (verbose && (!okS || !okC))
    console.log(
      `${it.id} ${split} ${okS ? 'S' : '-'}${okC ? 'C' : '-'} "${it.query}" want ${it.expect.slice(0, 3).join(',')}${inCatalogue(it.expect) ? '' : ' [none in catalogue]'} | search ${top.join(',')} | compounds ${topC.join(',')}`,
    );
}
const pct = (a: number, b: number) => `${((100 * a) / b).toFixed(1)}% (${a}/${b})`;
console.log(`set ${setPath.replace(`${root}/`, '')}, search mode ${mode}`);
for (const split of ['dev', 'test'] as const) {
  const t = tally[split];
  console.log(
    `${split.padEnd(4)}  POST /v1/search right compound in top 5: ${pct(t.search, t.n)}   POST /v1/compounds/search: ${pct(t.compounds, t.n)}   (queries with an expected compound in the catalogue: ${t.answerable})`,
  );
}
server.close();
await semantic.close();
userDb.close();
contentDb.close();
process.exit(0);
