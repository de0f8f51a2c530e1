/**
 * Imports stay searchable (issue 26): while new records are embedded the library stays hybrid and the new records are
 * found by full text; a server picks up records another process imported (npm run import) and embeds them within
 * seconds. Random-weight fixture model: these tests check the mechanics, not the quality of meanings.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SemanticSearchResponse } from '../../src/shared/schemas/search.ts';
import { FIXTURE_MODEL, REPO_ROOT, startTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ model: FIXTURE_MODEL });
}, 300_000);
afterAll(async () => {
  await t.close();
});

const search = async (body: object) => {
  const res = await t.http.post('/v1/search').set('X-API-Key', t.adminKey).send(body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return SemanticSearchResponse.parse(res.body).data;
};
const waitFor = async (what: string, ok: () => boolean | Promise<boolean>, ms: number) => {
  const until = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

describe('while an import is embedded', () => {
  it('the library stays hybrid and the new records are found by full text', async () => {
    expect(t.semantic!.status().state).toBe('ready');
    const records = Array.from({ length: 3000 }, (_, i) => ({
      id: `zorb-${i}`,
      title: `Zorblatt expression ${i} in quokka renal tubules`,
      abstract: `We measured zorblatt in quokka kidney biopsies, series ${i}, with ${'careful '.repeat(i % 7)}controls.`,
    }));
    const res = await t.http.post('/v1/documents/import').set('X-API-Key', t.adminKey).send({ records });
    expect(res.status).toBe(200);
    const during = await search({ query: 'zorblatt quokka kidney', types: ['documents'], limit: 5 });
    expect(t.semantic!.status().state).toBe('building');
    expect(during.search_mode).toBe('hybrid');
    expect(during.search_mode_reason).toMatch(/\d+ newly imported record\(s\) are still being embedded/);
    expect(during.results.length).toBe(5);
    expect(during.results.every((r) => r.type === 'document' && r.source === 'imported')).toBe(true);
    // A record not yet embedded is scored by full text alone: exactly the lexical-only calibration of its score.
    const retriever = t.semantic!.retriever()!;
    const q = await retriever.embed('zorblatt quokka kidney');
    const unembedded = during.results.find((r) => retriever.similarity('documents', r.id, q) === null);
    if (unembedded) {
      const lexicalOnly = await (
        Object.create(t.materia.context.search, { dense: { value: () => null } }) as typeof t.materia.context.search
      ).search({
        query: 'zorblatt quokka kidney',
        types: ['documents'],
        limit: 100,
        offset: 0,
        sort: 'relevance',
        include_research: true,
        include_abstracts: false,
      });
      expect(unembedded.relevance_score).toBe(lexicalOnly.results.find((r) => r.id === unembedded.id)!.relevance_score);
    }
    // Bundled records keep their vectors and their fused scores meanwhile.
    const bundled = await search({
      query: 'vitamin d deficiency',
      types: ['documents'],
      filters: { source: 'bundled' },
      limit: 3,
    });
    expect(bundled.search_mode).toBe('hybrid');
    const top = bundled.results[0]!;
    expect(retriever.similarity('documents', top.id, await retriever.embed('vitamin d deficiency'))).not.toBeNull();

    await waitFor('the import to be embedded', () => t.semantic!.status().state === 'ready', 240_000);
    const after = await search({ query: 'zorblatt quokka kidney', types: ['documents'], limit: 5 });
    expect(after.search_mode_reason).not.toMatch(/still being embedded/);
    for (const r of after.results) expect(retriever.similarity('documents', r.id, q)).not.toBeNull();
  }, 300_000);
});

describe('imports in quick succession', () => {
  it('are all embedded: an import during a build runs the build once more', async () => {
    const batch = (n: number) =>
      Array.from({ length: 300 }, (_, i) => ({
        id: `wave${n}-${i}`,
        title: `Bilby burrow wave ${n} number ${i}`,
        abstract: `Bilby burrows of wave ${n}, record ${i}.`,
      }));
    for (const n of [1, 2, 3])
      expect(
        (
          await t.http
            .post('/v1/documents/import')
            .set('X-API-Key', t.adminKey)
            .send({ records: batch(n) })
        ).status,
      ).toBe(200);
    const ids = (
      t.userDb.prepare("SELECT id FROM imported_documents WHERE external_id LIKE 'wave%'").all() as { id: string }[]
    ).map((r) => r.id);
    expect(ids.length).toBe(900);
    const retriever = t.semantic!.retriever()!;
    const q = await retriever.embed('bilby burrows');
    await waitFor(
      'all three imports to be embedded',
      () => ids.every((id) => retriever.similarity('documents', id, q) !== null),
      120_000,
    );
    expect(t.semantic!.status().state).toBe('ready');
  }, 180_000);
});

describe('records imported by another process', () => {
  it('are embedded by the running server within seconds, without any request', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'materia-cli-')), 'lib.json');
    writeFileSync(
      file,
      JSON.stringify({
        records: [
          { id: 'cli-1', title: 'Numbat termite foraging energetics', abstract: 'Numbats eat termites all day.' },
        ],
      }),
    );
    execFileSync(join(REPO_ROOT, 'node_modules/.bin/tsx'), ['src/main/documents/import/cli.ts', file], {
      cwd: REPO_ROOT,
      env: { ...process.env, MATERIA_DATA_DIR: t.dataDir },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const id = (
      t.userDb.prepare("SELECT id FROM imported_documents WHERE external_id = 'cli-1'").get() as { id: string }
    ).id;
    const retriever = t.semantic!.retriever()!;
    const q = await retriever.embed('numbat termites');
    await waitFor(
      'the CLI-imported record to get its vector',
      () => retriever.similarity('documents', id, q) !== null,
      15_000,
    );
    const d = await search({ query: 'numbat termite', types: ['documents'], limit: 3 });
    expect(d.results[0]!.id).toBe(id);
  }, 60_000);
});
