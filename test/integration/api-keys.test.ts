/** GET/POST /v1/api-keys and DELETE /v1/api-keys/{id} over HTTP: the key shown once, scope and expiry ceilings, revocation, last_used_at. */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readConfig } from '../../src/main/config/environment.ts';
import { startServer } from '../../src/main/server/server.ts';
import { CONTENT_DB, REPO_ROOT, startTestApp, type TestApp } from '../helpers/app.ts';
import { startReceiver } from '../helpers/receiver.ts';

let clock = Date.UTC(2026, 4, 4, 12, 0, 0);
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ now: () => clock });
});
afterAll(async () => {
  await t.close();
});

const as = (key: string) => ({
  get: (path: string) => t.http.get(path).set('Authorization', `Bearer ${key}`),
  post: (path: string, body: object) => t.http.post(path).set('Authorization', `Bearer ${key}`).send(body),
  del: (path: string) => t.http.delete(path).set('Authorization', `Bearer ${key}`),
});

describe('API keys', () => {
  it('create returns the full key once with its record; the list shows records, never a secret or hash; the key works for its scopes only', async () => {
    const admin = as(t.adminKey);
    const res = await admin.post('/v1/api-keys', { name: 'notebook', scopes: ['tools', 'read'] });
    expect(res.status).toBe(200);
    const { key, ...record } = res.body.data;
    expect(key).toMatch(/^mk_[A-Za-z0-9]+_[A-Za-z0-9_-]{43}$/);
    expect(record).toEqual({
      id: key.split('_')[1],
      name: 'notebook',
      prefix: `mk_${key.split('_')[1]}_`,
      scopes: ['read', 'tools'],
      created_at: new Date(clock).toISOString(),
      last_used_at: null,
      expires_at: null,
      revoked_at: null,
      created_by: t.adminKey.split('_')[1],
    });
    const list = await admin.get('/v1/api-keys');
    expect(list.body.data[0]).toEqual(record); // newest first
    expect(list.body.meta).toMatchObject({
      limit: 50,
      offset: 0,
      returned: list.body.data.length,
      total: list.body.data.length,
      has_more: false,
    });
    const text = JSON.stringify(list.body);
    expect(text).not.toContain(key.split('_').slice(2).join('_'));
    expect(text).not.toMatch(/secret|hash/);
    expect((await as(key).get('/v1/compounds/metformin')).status).toBe(200);
    expect((await as(key).get('/v1/api-keys')).status).toBe(403);
    expect((await admin.get('/v1/api-keys?limit=1&offset=1')).body.data[0].id).toBe(list.body.data[1].id);
  });

  it('validates: scopes from the enum without repeats, a name, known fields only, an expiry in the future within ten years', async () => {
    const admin = as(t.adminKey);
    const field = async (body: object) =>
      (await admin.post('/v1/api-keys', body)).body.error?.details?.map((d: { field: string }) => d.field);
    expect(await field({ name: 'x', scopes: ['root'] })).toEqual(['scopes.0']);
    expect(await field({ name: 'x', scopes: ['read', 'read'] })).toEqual(['scopes']);
    expect(await field({ name: 'x', scopes: [] })).toEqual(['scopes']);
    expect(await field({ name: ' ', scopes: ['read'] })).toEqual(['name']);
    expect(await field({ name: 'x', scopes: ['read'], secret: 'mine' })).toEqual(['secret']);
    expect(await field({ name: 'x', scopes: ['read'], expires_at: 'tomorrow' })).toEqual(['expires_at']);
    expect(await field({ name: 'x', scopes: ['read'], expires_at: new Date(clock - 1000).toISOString() })).toEqual([
      'expires_at',
    ]);
    expect(
      await field({ name: 'x', scopes: ['read'], expires_at: new Date(clock + 3651 * 86_400_000).toISOString() }),
    ).toEqual(['expires_at']);
    const ok = await admin.post('/v1/api-keys', {
      name: 'short-lived',
      scopes: ['read'],
      expires_at: '2026-05-04T16:00:00+02:00',
    });
    expect(ok.body.data.expires_at).toBe('2026-05-04T14:00:00.000Z'); // normalised to UTC
  });

  it('a key never grants more scopes than the key creating it, nor outlives it; a non-admin key gets 403', async () => {
    const limitedAdmin = t.materia.context.keys.create('limited admin', ['admin', 'read'], {
      expiresAt: new Date(clock + 86_400_000).toISOString(),
    }).key;
    const res = await as(limitedAdmin).post('/v1/api-keys', { name: 'too much', scopes: ['read', 'tools'] });
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({ code: 'forbidden', details: [{ field: 'scopes' }] });
    expect(res.body.error.message).toMatch(/tools/);
    const later = await as(limitedAdmin).post('/v1/api-keys', {
      name: 'later',
      scopes: ['read'],
      expires_at: new Date(clock + 2 * 86_400_000).toISOString(),
    });
    expect(later.status).toBe(403);
    expect(later.body.error.details[0].field).toBe('expires_at');
    const inherited = await as(limitedAdmin).post('/v1/api-keys', { name: 'child', scopes: ['read'] });
    expect(inherited.body.data).toMatchObject({
      scopes: ['read'],
      expires_at: new Date(clock + 86_400_000).toISOString(),
    });
    const child = inherited.body.data.key;
    for (const key of [t.keyWith(['read', 'chat', 'tools']), child]) {
      expect((await as(key).get('/v1/api-keys')).status).toBe(403);
      expect((await as(key).post('/v1/api-keys', { name: 'x', scopes: ['read'] })).status).toBe(403);
      expect((await as(key).del(`/v1/api-keys/${inherited.body.data.id}`)).status).toBe(403);
    }
  });

  it('revoking: the next request with the key is a 401, at once; revoking again returns it unchanged; unknown ids are 404', async () => {
    const admin = as(t.adminKey);
    const { key, id } = (await admin.post('/v1/api-keys', { name: 'to revoke', scopes: ['read'] })).body.data;
    expect((await as(key).get('/v1/compounds/metformin')).status).toBe(200);
    const revoked = await admin.del(`/v1/api-keys/${id}`);
    expect(revoked.body.data).toMatchObject({ id, revoked_at: new Date(clock).toISOString() });
    const after = await as(key).get('/v1/compounds/metformin');
    expect(after.status).toBe(401);
    expect(after.body.error.message).toMatch(/revoked/);
    clock += 5_000;
    expect((await admin.del(`/v1/api-keys/${id}`)).body.data.revoked_at).toBe(revoked.body.data.revoked_at);
    expect((await admin.del('/v1/api-keys/nosuchkey1')).status).toBe(404);
    expect((await admin.del('/v1/api-keys/not_a-key')).status).toBe(400);
    const active = (await admin.get('/v1/api-keys?include_revoked=false&limit=100')).body.data.map(
      (k: { id: string }) => k.id,
    );
    expect(active).not.toContain(id);
  });

  it('last_used_at is written at most once a minute per key, however busy the key is', async () => {
    const admin = as(t.adminKey);
    const { key, id } = (await admin.post('/v1/api-keys', { name: 'busy', scopes: ['read'] })).body.data;
    const lastUsed = () =>
      (t.userDb.prepare('SELECT last_used_at FROM api_keys WHERE id = ?').get(id) as { last_used_at: string | null })
        .last_used_at;
    const start = clock;
    for (let i = 0; i < 20; i++) await as(key).get('/v1/content');
    expect(lastUsed()).toBe(new Date(start).toISOString());
    clock = start + 59_000;
    for (let i = 0; i < 5; i++) await as(key).get('/v1/content');
    expect(lastUsed()).toBe(new Date(start).toISOString());
    clock = start + 60_000;
    await as(key).get('/v1/content');
    expect(lastUsed()).toBe(new Date(start + 60_000).toISOString());
    expect((await admin.get('/v1/api-keys')).body.data.find((k: { id: string }) => k.id === id).last_used_at).toBe(
      new Date(start + 60_000).toISOString(),
    );
  });
});

describe("a created key's secret", () => {
  it('never appears in the database file, its WAL, the webhook outbox or the logs', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'materia-secret-'));
    const logged: string[] = [];
    const spies = (['log', 'error', 'warn', 'info', 'debug'] as const).map((m) =>
      vi.spyOn(console, m).mockImplementation((...args: unknown[]) => {
        logged.push(
          args
            .map((a) =>
              a instanceof Error ? `${a.message} ${a.stack}` : typeof a === 'string' ? a : JSON.stringify(a),
            )
            .join(' '),
        );
      }),
    );
    const receiver = await startReceiver();
    const adminKey = 'mk_secrettest001_theAdminKeyOfTheSecretTestXYZ';
    const s = await startServer(
      readConfig(
        {
          MATERIA_PORT: '0',
          MATERIA_DATA_DIR: dataDir,
          MATERIA_CONTENT_DB: CONTENT_DB,
          MATERIA_API_KEY: adminKey,
          MATERIA_WEBHOOKS_ALLOW_PRIVATE: '1',
        },
        REPO_ROOT,
      ),
      REPO_ROOT,
    );
    const seen = { secret: '' };
    try {
      const call = (method: string, path: string, key: string, body?: object) =>
        fetch(`${s.url}${path}`, {
          method,
          headers: { 'X-API-Key': key, ...(body ? { 'Content-Type': 'application/json' } : {}) },
          body: body ? JSON.stringify(body) : undefined,
        });
      await call('POST', '/v1/webhooks', adminKey, {
        url: receiver.url,
        events: ['api_key.created', 'api_key.revoked'],
      });
      const created = (await (
        await call('POST', '/v1/api-keys', adminKey, { name: 'secret test', scopes: ['read'] })
      ).json()) as { data: { key: string; id: string } };
      const secret = created.data.key.split('_').slice(2).join('_');
      seen.secret = secret;
      expect(secret).toHaveLength(43);
      expect((await call('GET', '/v1/compounds/metformin', created.data.key)).status).toBe(200);
      expect((await call('GET', '/v1/compounds/metformin', `${created.data.key.slice(0, -1)}x`)).status).toBe(401);
      expect((await call('POST', '/v1/search', created.data.key, { query: 'x', bogus: 1 })).status).toBe(400);
      await call('DELETE', `/v1/api-keys/${created.data.id}`, adminKey);
      expect((await call('GET', '/v1/compounds/metformin', created.data.key)).status).toBe(401);
      const end = Date.now() + 5_000;
      while (receiver.hits.length < 2 && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
      expect(receiver.hits).toHaveLength(2);
      for (const h of receiver.hits) expect(h.body).not.toContain(secret);
      const live = readdirSync(dataDir).filter((f) => f.startsWith('user.sqlite'));
      expect(live).toContain('user.sqlite-wal'); // while the server runs, recent writes sit in the WAL
      for (const f of live) expect(readFileSync(join(dataDir, f)).includes(Buffer.from(secret)), f).toBe(false);
    } finally {
      await s.close();
      await receiver.close();
      spies.forEach((sp) => sp.mockRestore());
    }
    const files = readdirSync(dataDir).filter((f) => f.startsWith('user.sqlite'));
    expect(files).toContain('user.sqlite');
    expect(seen.secret).toHaveLength(43);
    for (const f of files) expect(readFileSync(join(dataDir, f)).includes(Buffer.from(seen.secret)), f).toBe(false);
    expect(logged.join('\n')).not.toContain(seen.secret);
  });
});
