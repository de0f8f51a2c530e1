/**
 * Managing your own library (issue 26): one accepted JSON shape for API and CLI ({"records": [...]} as well as a bare
 * array), malformed JSON reported by line, column and byte instead of "record 0", and DELETE /v1/documents/{id} for
 * imported documents only, leaving search at once.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentResponse } from '../../src/shared/schemas/documents.ts';
import { REPO_ROOT, startTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const importBody = (body: object) => t.http.post('/v1/documents/import').set('X-API-Key', t.adminKey).send(body);
const records = [
  {
    id: 'mine-1',
    title: 'Quokka grooming behaviour and sleep in captivity',
    abstract: 'Quokka grooming and sleep observed over a year.',
  },
  { id: 'mine-2', title: 'Quokka diet and dental wear', abstract: 'Dental wear in quokka diets.' },
];

function runCli(file: string, dataDir: string): { out: string; status: number } {
  try {
    const out = execFileSync(join(REPO_ROOT, 'node_modules/.bin/tsx'), ['src/main/documents/import/cli.ts', file], {
      cwd: REPO_ROOT,
      env: { ...process.env, MATERIA_DATA_DIR: dataDir },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return { out, status: 0 };
  } catch (e) {
    const err = e as { stdout: string; stderr: string; status: number };
    return { out: `${err.stdout}${err.stderr}`, status: err.status };
  }
}

describe('accepted shapes and malformed input', () => {
  it('format json takes the API\'s own {"records": [...]} shape as well as a bare array', async () => {
    const res = await importBody({ format: 'json', data: JSON.stringify({ records }) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ received: 2, created: 2, failed: [] });
  });

  it('malformed JSON is a 400 on data naming line, column and byte', async () => {
    const data = '[\n  {"title": "Café au lait spots"},\n  {"title": "x", }\n]';
    const res = await importBody({ format: 'json', data });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([
      {
        field: 'data',
        message: 'not valid JSON at line 3, column 18 (byte 55): expected a double-quoted property name',
      },
    ]);
    const lines = await importBody({ format: 'jsonl', data: '{"title": "ok one"}\n{"title": "broken\n' });
    expect(lines.status).toBe(200);
    expect(lines.body.data.failed).toEqual([
      {
        index: 1,
        key: null,
        errors: [{ field: 'line 2', message: 'not valid JSON at line 2, column 18 (byte 37): a string is not closed' }],
      },
    ]);
  });

  it('npm run import accepts {"records": [...]} and names the line and byte of malformed JSON', () => {
    const dir = mkdtempSync(join(tmpdir(), 'materia-cli-'));
    writeFileSync(join(dir, 'request.json'), JSON.stringify({ records }, null, 2));
    const ok = runCli(join(dir, 'request.json'), dir);
    expect(ok.status).toBe(0);
    expect(ok.out).toContain('2 record(s): 2 created, 0 updated, 0 failed');
    writeFileSync(join(dir, 'broken.json'), '[\n  {"title": "one"},\n  {"title": "two" "abstract": "x"}\n]');
    const bad = runCli(join(dir, 'broken.json'), dir);
    expect(bad.status).toBe(1);
    expect(bad.out).toContain('not valid JSON at line 3, column 19 (byte 40): expected "," or "}"');
  });
});

describe('DELETE /v1/documents/{id}', () => {
  it('deletes an imported document: gone from GET, the list and search at once', async () => {
    const res = await importBody({
      records: [
        { id: 'to-delete', title: 'Wombat cube-shaped faeces formation', abstract: 'Wombat intestines form cubes.' },
      ],
    });
    const id = res.body.data.documents[0].id as string;
    const find = async () =>
      (
        await t.http
          .post('/v1/search')
          .set('X-API-Key', t.adminKey)
          .send({ query: 'wombat cube faeces', types: ['documents'] })
      ).body.data.results.map((r: { id: string }) => r.id);
    expect(await find()).toContain(id);
    const del = await t.http.delete(`/v1/documents/${id}`).set('X-API-Key', t.adminKey);
    expect(del.status).toBe(200);
    expect(DocumentResponse.parse(del.body).data).toMatchObject({ id, external_id: 'to-delete', source: 'imported' });
    expect((await t.http.get(`/v1/documents/${id}`).set('X-API-Key', t.adminKey)).status).toBe(404);
    expect(await find()).not.toContain(id);
    const listed = await t.http
      .get('/v1/documents')
      .query({ q: 'wombat cube faeces', source: 'imported' })
      .set('X-API-Key', t.adminKey);
    expect(listed.body.data).toEqual([]);
    const again = await t.http.delete(`/v1/documents/${id}`).set('X-API-Key', t.adminKey);
    expect(again.status).toBe(404);
  });

  it('refuses a bundled document with a 400 naming id, and changes nothing', async () => {
    const bundled = (
      await t.http.get('/v1/documents').query({ limit: 1, source: 'scifact' }).set('X-API-Key', t.adminKey)
    ).body.data[0].id as string;
    const res = await t.http.delete(`/v1/documents/${bundled}`).set('X-API-Key', t.adminKey);
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([
      { field: 'id', message: 'is a bundled document: only imported documents (imported-…) can be deleted' },
    ]);
    expect((await t.http.get(`/v1/documents/${bundled}`).set('X-API-Key', t.adminKey)).status).toBe(200);
  });

  it('needs the admin scope', async () => {
    const res = await importBody({ records: [{ title: 'Platypus electroreception' }] });
    const id = res.body.data.documents[0].id as string;
    const denied = await t.http.delete(`/v1/documents/${id}`).set('X-API-Key', t.keyWith(['read']));
    expect(denied.status).toBe(403);
    expect((await t.http.get(`/v1/documents/${id}`).set('X-API-Key', t.adminKey)).status).toBe(200);
  });
});
