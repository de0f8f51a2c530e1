/**
 * The server as `npm start` runs it (startServer): what it prints holds no key, the web UI's one-time code hand-off, and
 * the data directory and database files made private at every start (issue 15).
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig, type ServerConfig } from '../../src/main/config/environment.ts';
import { startServer, type RunningServer } from '../../src/main/server/server.ts';
import { startBanner } from '../../src/main/server/start-banner.ts';
import { CONTENT_DB, REPO_ROOT } from '../helpers/app.ts';
import { SessionCodeResponse, SessionExchangeResponse } from '../../src/shared/schemas/session.ts';
import { ENDPOINTS, type Endpoint } from '../../src/shared/endpoints.ts';

const mode = (p: string) => statSync(p).mode & 0o777;

let clock = Date.UTC(2026, 10, 24, 8, 0, 0);
let dataDir: string;
let config: ServerConfig;
let running: RunningServer | null = null;
beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'materia-start-'));
  const noModels = join(dataDir, 'no-models');
  mkdirSync(noModels);
  config = readConfig(
    {
      MATERIA_PORT: '0',
      MATERIA_DATA_DIR: join(dataDir, 'data'),
      MATERIA_MODEL_DIR: noModels,
      MATERIA_CONTENT_DB: CONTENT_DB,
    },
    REPO_ROOT,
  );
});
afterAll(async () => {
  await running?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const post = (path: string, body?: object, key?: string) =>
  fetch(`${running!.url}${path}`, {
    method: 'POST',
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(key ? { 'x-api-key': key } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });

describe('data directory and user database files', () => {
  it('are 0700 and 0600 at every start, whatever mode they had', async () => {
    mkdirSync(config.dataDir, { mode: 0o755 });
    chmodSync(config.dataDir, 0o755);
    running = await startServer(config, REPO_ROOT, undefined, { now: () => clock });
    await running.close();
    running = null;
    const db = join(config.dataDir, 'user.sqlite');
    for (const p of [db, `${db}-wal`, `${db}-shm`]) if (existsSync(p)) chmodSync(p, 0o644);
    chmodSync(config.dataDir, 0o755);
    // Files an older version or a loose umask left: a vector index folder and file, a backup, the admin key.
    const vectors = join(config.dataDir, 'vectors');
    mkdirSync(vectors, { recursive: true, mode: 0o755 });
    chmodSync(vectors, 0o755);
    writeFileSync(join(vectors, 'old-model.sqlite'), '', { mode: 0o644 });
    chmodSync(join(vectors, 'old-model.sqlite'), 0o644);
    chmodSync(join(config.dataDir, 'admin-key'), 0o644);

    running = await startServer(config, REPO_ROOT, undefined, { now: () => clock });
    expect(mode(vectors)).toBe(0o700);
    expect(mode(join(vectors, 'old-model.sqlite'))).toBe(0o600);
    expect(mode(config.dataDir)).toBe(0o700);
    for (const p of [db, `${db}-wal`, `${db}-shm`]) {
      expect(existsSync(p), p).toBe(true);
      expect(mode(p), p).toBe(0o600);
    }
    expect(mode(join(config.dataDir, 'admin-key'))).toBe(0o600);
  });
});

describe('npm start prints no key', () => {
  it('the banner has a one-time link and names the admin key file, never a key', () => {
    const withUi = { ...running!, materia: { ...running!.materia, hasRenderer: true } };
    const lines = startBanner(withUi, config).join('\n');
    expect(lines).toMatch(
      new RegExp(`web UI:  ${running!.url}/#code=[A-Za-z0-9_-]{43}  \\(opens the UI once, within 15 minutes\\)`),
    );
    expect(lines).not.toMatch(/mk_[A-Za-z0-9]+_/);
    expect(lines).not.toContain(running!.browserKey);
    expect(lines).toContain(`admin key: in ${join(config.dataDir, 'admin-key')}`);
    // another link without the admin key on a command line
    expect(lines).toContain(
      `another link: printf 'X-API-Key: %s\\n' "$(cat '${join(config.dataDir, 'admin-key')}')" | curl -H @- -X POST ${running!.url}/v1/session/codes`,
    );
    const envKey = 'mk_fromenv01_abcdefghijklmnopqrstuvwxyz';
    expect(
      startBanner({ ...withUi, admin: { file: null, fromEnv: true } }, { ...config, apiKey: envKey }).join('\n'),
    ).not.toContain(envKey);
  });
});

describe('the web UI key hand-off (POST /v1/session)', () => {
  const codeOf = (link: string) => new URL(link).hash.replace('#code=', '');

  it('trades a code for the browser key once; a second use is a 401', async () => {
    const code = codeOf(running!.webUiLink());
    const first = await post('/v1/session', { code });
    expect(first.status).toBe(200);
    const body = await first.json();
    expect(body).toEqual({
      success: true,
      data: { key: running!.browserKey, scopes: ['read', 'chat', 'tools'] },
    });
    expect(SessionExchangeResponse.safeParse(body).success).toBe(true);
    const again = await post('/v1/session', { code });
    expect(again.status).toBe(401);
    expect(((await again.json()) as { error: { details: unknown } }).error.details).toEqual([
      { field: 'code', message: 'unknown, used or expired' },
    ]);
    expect((await post('/v1/session', { code: 'x'.repeat(43) })).status).toBe(401);
    expect((await post('/v1/session', { code: 'short' })).status).toBe(400);
  });

  it('the session key does what every screen does, everyday work included', async () => {
    const key = running!.browserKey;
    const send = (method: string, path: string, body?: object) =>
      fetch(`${running!.url}${path}`, {
        method,
        headers: { 'X-API-Key': key, ...(body ? { 'Content-Type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    // what the screens call (src/renderer): search, records, documents, tools with a saved result, profile, insights,
    // chat and its history
    const everyday: [string, string, object?][] = [
      ['GET', '/v1/content'],
      ['POST', '/v1/search', { query: 'metformin' }],
      ['POST', '/v1/compounds/search', { query: 'magnesium', limit: 5 }],
      ['GET', '/v1/compounds/metformin'],
      ['POST', '/v1/batch/compounds', { slugs: ['metformin'] }],
      ['GET', '/v1/vocabulary/suggest?q=warf&limit=5'],
      ['GET', '/v1/monographs/metformin'],
      ['GET', '/v1/documents?source=imported&limit=10'],
      ['GET', '/v1/documents/cord19-ak20jg32'],
      ['POST', '/v1/tools/interactions/check', { substances: ['warfarin', 'aspirin'] }],
      [
        'POST',
        '/v1/tools/bloodwork/analyze',
        { sex: 'female', age: 54, panel: [{ test: 'ldl', value: 3.5, unit: 'mmol/L' }], save: true },
      ],
      ['PUT', '/v1/profile', { sex: 'female', birth_year: 1971, goals: ['sleep'] }],
      ['GET', '/v1/profile'],
      ['GET', '/v1/insights?limit=10'],
      [
        'POST',
        '/v1/chat/completions',
        { messages: [{ role: 'user', content: 'What is metformin?' }], conversation_id: 'start-test' },
      ],
      ['GET', '/v1/conversations?limit=50'],
      ['GET', '/v1/conversations/start-test'],
      ['GET', '/v1/agents'],
    ];
    for (const [method, path, body] of everyday) {
      const res = await send(method, path, body);
      expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBe(200);
    }
  });

  it('the session key is refused every admin route with a 403 that names the scope and the admin key', async () => {
    const admin = (Object.values(ENDPOINTS) as Endpoint[]).filter((e) => e.scope === 'admin');
    expect(admin.length).toBeGreaterThanOrEqual(14);
    for (const e of admin) {
      // auth comes before the request is read, so any id and an empty body do
      const path = e.path.replace(/\{\w+\}/g, 'any-id');
      const res = await fetch(`${running!.url}${path}`, {
        method: e.method,
        headers: { 'X-API-Key': running!.browserKey, 'Content-Type': 'application/json' },
        ...(['POST', 'PUT'].includes(e.method) ? { body: '{}' } : {}),
      });
      expect(res.status, `${e.method} ${path}`).toBe(403);
      const { error } = (await res.json()) as {
        error: { message: string; details: { field: string; message: string }[] };
      };
      expect(error.message).toMatch(/lacks the "admin" scope; admin actions need the admin key/);
      expect(error.details).toEqual([{ field: 'scope', message: 'needs admin; key has read, chat, tools' }]);
    }
  });

  it('a code expires after 15 minutes', async () => {
    const code = codeOf(running!.webUiLink());
    clock += 15 * 60_000;
    expect((await post('/v1/session', { code })).status).toBe(401);
  });

  it('an admin key can ask for another link; other keys cannot', async () => {
    const admin = running!.materia.context.keys.create('start test admin', ['admin']).key;
    const res = await post('/v1/session/codes', undefined, admin);
    expect(res.status).toBe(200);
    const { data } = SessionCodeResponse.parse(await res.json());
    expect(data.link).toBe(`${running!.url}/#code=${data.code}`);
    expect(Date.parse(data.expires_at)).toBe(clock + 15 * 60_000);
    expect((await post('/v1/session', { code: data.code })).status).toBe(200);
    const reader = running!.materia.context.keys.create('start test reader', ['read']).key;
    expect((await post('/v1/session/codes', undefined, reader)).status).toBe(403);
  });

  it('a new start revokes the previous browser key, so its codes are worthless', async () => {
    const oldKey = running!.browserKey;
    const code = codeOf(running!.webUiLink());
    await running!.close();
    running = await startServer(config, REPO_ROOT, undefined, { now: () => clock });
    expect(running.browserKey).not.toBe(oldKey);
    expect((await post('/v1/session', { code })).status).toBe(401);
    const old = await fetch(`${running.url}/v1/content`, { headers: { 'x-api-key': oldKey } });
    expect(old.status).toBe(401);
  });
});
