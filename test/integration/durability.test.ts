/**
 * Durability per table (issue 15, docs/api.md "Durability"): writes to api_keys and imported_documents commit with
 * synchronous = FULL; the rest of the user database stays at NORMAL. A temporary trigger on the app's own connection
 * records the connection's synchronous level at the moment of each write (1 = NORMAL, 2 = FULL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  t.userDb.exec(`CREATE TEMP TABLE sync_probe (tbl TEXT, op TEXT, level INTEGER);
    CREATE TEMP TRIGGER probe_keys_ins AFTER INSERT ON api_keys BEGIN INSERT INTO sync_probe SELECT 'api_keys', 'insert', synchronous FROM pragma_synchronous; END;
    CREATE TEMP TRIGGER probe_keys_upd AFTER UPDATE OF revoked_at ON api_keys BEGIN INSERT INTO sync_probe SELECT 'api_keys', 'revoke', synchronous FROM pragma_synchronous; END;
    CREATE TEMP TRIGGER probe_docs AFTER INSERT ON imported_documents BEGIN INSERT INTO sync_probe SELECT 'imported_documents', 'insert', synchronous FROM pragma_synchronous; END;
    CREATE TEMP TRIGGER probe_results AFTER INSERT ON tool_results BEGIN INSERT INTO sync_probe SELECT 'tool_results', 'insert', synchronous FROM pragma_synchronous; END;`);
});
afterAll(async () => {
  await t.close();
});

const probes = () =>
  t.userDb.prepare<[], { tbl: string; op: string; level: number }>('SELECT tbl, op, level FROM sync_probe').all();

describe('synchronous level per table', () => {
  it('API keys and imported documents are written with FULL, tool results with NORMAL, and NORMAL is restored after', async () => {
    const created = await t.http
      .post('/v1/api-keys')
      .set('X-API-Key', t.adminKey)
      .send({ name: 'durable', scopes: ['read'] });
    expect(created.status).toBe(200);
    expect((await t.http.delete(`/v1/api-keys/${created.body.data.id}`).set('X-API-Key', t.adminKey)).status).toBe(200);
    const imported = await t.http
      .post('/v1/documents/import')
      .set('X-API-Key', t.adminKey)
      .send({ records: [{ id: 'durable-1', title: 'A durable record' }] });
    expect(imported.status).toBe(200);
    const saved = await t.http
      .post('/v1/tools/macros/calculate')
      .set('X-API-Key', t.adminKey)
      .send({
        sex: 'male',
        age: 30,
        weight: { value: 80, unit: 'kg' },
        height: { value: 180, unit: 'cm' },
        activity_level: 'moderate',
        save: true,
      });
    expect(saved.status).toBe(200);
    t.materia.context.keys.create('made at start', ['read']); // the store itself, outside any route

    expect(probes()).toEqual([
      { tbl: 'api_keys', op: 'insert', level: 2 },
      { tbl: 'api_keys', op: 'revoke', level: 2 },
      { tbl: 'imported_documents', op: 'insert', level: 2 },
      { tbl: 'tool_results', op: 'insert', level: 1 },
      { tbl: 'api_keys', op: 'insert', level: 2 },
    ]);
    expect(t.userDb.pragma('synchronous', { simple: true })).toBe(1);
  });
});
