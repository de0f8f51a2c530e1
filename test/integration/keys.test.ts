import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../src/main/config/environment.ts';
import { startServer } from '../../src/main/server/server.ts';
import { CONTENT_DB, REPO_ROOT } from '../helpers/app.ts';

const start = (dataDir: string, env: Record<string, string> = {}) =>
  startServer(
    readConfig({ MATERIA_PORT: '0', MATERIA_DATA_DIR: dataDir, MATERIA_CONTENT_DB: CONTENT_DB, ...env }, REPO_ROOT),
    REPO_ROOT,
  );

describe('the admin key', () => {
  it('is created on first start, written 0600, works, and is stored only as a hash', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'materia-keys-'));
    const s = await start(dataDir);
    try {
      expect(s.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(s.admin.file).toBe(join(dataDir, 'admin-key'));
      expect(statSync(s.admin.file!).mode & 0o777).toBe(0o600);
      const key = readFileSync(s.admin.file!, 'utf8').trim();
      expect(key).toMatch(/^mk_[A-Za-z0-9]+_[A-Za-z0-9_-]{43}$/);
      const res = await fetch(`${s.url}/v1/compounds/metformin`, { headers: { Authorization: `Bearer ${key}` } });
      expect(res.status).toBe(200);
      const secret = key.split('_').slice(2).join('_');
      const db = new Database(join(dataDir, 'user.sqlite'), { readonly: true });
      const rows = db.prepare('SELECT * FROM api_keys').all();
      db.close();
      expect(JSON.stringify(rows)).not.toContain(secret);
      for (const f of ['user.sqlite', 'user.sqlite-wal']) {
        try {
          expect(readFileSync(join(dataDir, f)).includes(Buffer.from(secret))).toBe(false);
        } catch (e) {
          if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
        }
      }
    } finally {
      await s.close();
    }
    const again = await start(dataDir);
    expect(again.admin.file).toBeNull(); // not recreated on the next start
    await again.close();
  });

  it('MATERIA_API_KEY registers that exact key as admin; a malformed one stops the start', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'materia-keys-'));
    const key = 'mk_ci0000000001_thisIsAFixedSecretForScripts';
    const s = await start(dataDir, { MATERIA_API_KEY: key });
    try {
      expect(s.admin).toEqual({ file: null, fromEnv: true });
      const res = await fetch(`${s.url}/v1/compounds/metformin`, { headers: { 'X-API-Key': key } });
      expect(res.status).toBe(200);
    } finally {
      await s.close();
    }
    await expect(start(mkdtempSync(join(tmpdir(), 'materia-keys-')), { MATERIA_API_KEY: 'hunter2' })).rejects.toThrow(
      /MATERIA_API_KEY must look like/,
    );
  });

  it('MATERIA_PORT must be a port number', () => {
    expect(() => readConfig({ MATERIA_PORT: 'eighty' }, REPO_ROOT)).toThrow(/MATERIA_PORT/);
    expect(readConfig({}, REPO_ROOT).port).toBe(3737);
  });
});
