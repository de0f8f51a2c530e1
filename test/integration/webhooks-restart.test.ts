/**
 * The delivery worker as `npm start` runs it (startServer): the outbox survives a shutdown in the middle of sending,
 * a restart delivers what was queued, and content.updated is emitted on the start after the content changed.
 * MATERIA_WEBHOOKS_ALLOW_PRIVATE=1 lets the server reach the receiver on 127.0.0.1.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { CONTENT_SEEN_SETTING } from '../../src/main/content/content-version.ts';
import { readConfig } from '../../src/main/config/environment.ts';
import { startServer, type RunningServer } from '../../src/main/server/server.ts';
import { CONTENT_DB, REPO_ROOT } from '../helpers/app.ts';
import { startReceiver, type Receiver, type Reply } from '../helpers/receiver.ts';

const KEY = 'mk_webhookrestart1_aFixedSecretForTheRestartTest';
const start = (dataDir: string, now?: () => number) =>
  startServer(
    readConfig(
      {
        MATERIA_PORT: '0',
        MATERIA_DATA_DIR: dataDir,
        MATERIA_CONTENT_DB: CONTENT_DB,
        MATERIA_API_KEY: KEY,
        MATERIA_WEBHOOKS_ALLOW_PRIVATE: '1',
      },
      REPO_ROOT,
    ),
    REPO_ROOT,
    undefined,
    { now },
  );

const call = async (s: RunningServer, method: string, path: string, body?: unknown) => {
  const res = await fetch(`${s.url}${path}`, {
    method,
    headers: { 'X-API-Key': KEY, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as { data: any; meta?: any } }; // eslint-disable-line @typescript-eslint/no-explicit-any
};

async function until(what: string, cond: () => boolean | Promise<boolean>, ms = 10_000) {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
});

describe('webhook delivery across restarts', () => {
  it('a restart with queued and in-flight deliveries delivers each exactly once to a receiver that de-duplicates by webhook-id', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'materia-wh-restart-'));
    let mode: 'fail' | 'hang' | 'ok' = 'fail';
    // The receiver acts on each webhook-id once and acknowledges repeats without acting again.
    const acted: string[] = [];
    let repeats = 0;
    const receiver: Receiver = await startReceiver((hit) => {
      if (mode === 'fail') return { status: 503 };
      const id = String(hit.headers['webhook-id']);
      if (acted.includes(id)) repeats++;
      else acted.push(id);
      // 'hang': it acted, but its answer never arrives (the server stops first): the sender cannot know it was received
      return mode === 'hang' ? new Promise<Reply>(() => undefined) : { status: 204 };
    });
    cleanup.push(() => receiver.close());

    const s1 = await start(dataDir);
    let closed1 = false;
    cleanup.push(async () => {
      if (!closed1) await s1.close();
    });
    expect((await call(s1, 'GET', '/v1/webhooks/settings')).body.data).toEqual({
      allow_private_targets: false,
      env_allow_private: true,
      effective: true,
    });
    const hook = (await call(s1, 'POST', '/v1/webhooks', { url: receiver.url, events: ['api_key.created'] })).body.data;
    expect(hook.secret).toMatch(/^whsec_/);

    // 1: the receiver answers 503, so the first key's delivery waits for its 5-second retry
    await call(s1, 'POST', '/v1/api-keys', { name: 'first', scopes: ['read'] });
    await until(
      'the first attempt',
      async () => (await call(s1, 'GET', `/v1/webhooks/${hook.id}/deliveries`)).body.data[0]?.attempt_count === 1,
    );
    // 2: the receiver now accepts requests but never answers: two deliveries are in flight when the server stops
    mode = 'hang';
    await call(s1, 'POST', '/v1/api-keys', { name: 'second', scopes: ['read'] });
    await call(s1, 'POST', '/v1/api-keys', { name: 'third', scopes: ['read'] });
    await until('two requests in flight', () => receiver.hits.length === 3);
    await s1.close();
    closed1 = true;

    const db = new Database(join(dataDir, 'user.sqlite'), { readonly: true });
    const queued = db
      .prepare(
        'SELECT d.message_id, d.status, d.attempt_count, m.payload FROM webhook_deliveries d JOIN webhook_messages m ON m.id = d.message_id ORDER BY d.rowid',
      )
      .all() as { message_id: string; status: string; attempt_count: number; payload: string }[];
    db.close();
    expect(queued.map((q) => [JSON.parse(q.payload).data.name, q.status, q.attempt_count])).toEqual([
      ['first', 'pending', 1],
      ['second', 'pending', 0],
      ['third', 'pending', 0],
    ]);

    // restart a minute later (an injected clock): the retry is due and the interrupted sends go out again
    mode = 'ok';
    const s2 = await start(dataDir, () => Date.now() + 60_000);
    cleanup.push(() => s2.close());
    await until('all three acknowledged', () => receiver.hits.length === 6);
    await new Promise((r) => setTimeout(r, 1_500)); // more than one worker interval: nothing else may arrive
    expect(receiver.hits).toHaveLength(6); // 3 before the restart, then exactly one send per queued message
    expect([...acted].sort()).toEqual(queued.map((q) => q.message_id).sort()); // each acted on exactly once
    expect(repeats).toBe(2); // the two interrupted sends came again with their webhook-id and were recognised
    const log = (await call(s2, 'GET', `/v1/webhooks/${hook.id}/deliveries`)).body.data as {
      message_id: string;
      status: string;
      attempt_count: number;
    }[];
    expect(log.map((d) => d.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    expect(log.map((d) => d.attempt_count).sort()).toEqual([1, 1, 2]); // the 503 counted; the interrupted sends did not
  });

  it('content.updated is emitted on the first start after the content version changed, and only then', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'materia-wh-content-'));
    const receiver = await startReceiver();
    cleanup.push(() => receiver.close());
    const s1 = await start(dataDir);
    let hook: { id: string };
    let version: string;
    try {
      hook = (await call(s1, 'POST', '/v1/webhooks', { url: receiver.url, events: ['content.updated'] })).body.data;
      version = (await call(s1, 'GET', '/v1/content')).body.data.version;
    } finally {
      await s1.close();
    }
    expect(receiver.hits).toHaveLength(0); // the first start only records the version

    const db = new Database(join(dataDir, 'user.sqlite'));
    const seen = JSON.parse(
      (db.prepare('SELECT value FROM settings WHERE key = ?').get(CONTENT_SEEN_SETTING) as { value: string }).value,
    );
    expect(seen.version).toBe(version);
    db.prepare('UPDATE settings SET value = ? WHERE key = ?').run(
      JSON.stringify({ version: '0.0.1-older', inputs_sha256: 'f'.repeat(64) }),
      CONTENT_SEEN_SETTING,
    );
    db.close();

    const s2 = await start(dataDir);
    let closed2 = false;
    cleanup.push(async () => {
      if (!closed2) await s2.close();
    });
    await until('content.updated', () => receiver.hits.length === 1);
    expect(JSON.parse(receiver.hits[0]!.body)).toMatchObject({
      type: 'content.updated',
      data: {
        version,
        previous_version: '0.0.1-older',
        inputs_sha256: seen.inputs_sha256,
        previous_inputs_sha256: 'f'.repeat(64),
        counts: { compounds: expect.any(Number) },
      },
    });
    await s2.close();
    closed2 = true;
    const s3 = await start(dataDir);
    cleanup.push(() => s3.close());
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver.hits).toHaveLength(1);
    expect((await call(s3, 'GET', `/v1/webhooks/${hook.id}/deliveries`)).body.meta.total).toBe(1);
  });

  it("npm run import writes document.imported into the outbox; the running server's worker delivers it", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'materia-wh-cli-'));
    const receiver = await startReceiver();
    cleanup.push(() => receiver.close());
    const s = await start(dataDir);
    cleanup.push(() => s.close());
    await call(s, 'POST', '/v1/webhooks', { url: receiver.url, events: ['document.imported'] });
    execFileSync(
      join(REPO_ROOT, 'node_modules/.bin/tsx'),
      ['src/main/documents/import/cli.ts', join(REPO_ROOT, 'test/fixtures/import/cord19-sample-pubmed.xml')],
      {
        cwd: REPO_ROOT,
        env: { ...process.env, MATERIA_DATA_DIR: dataDir },
        stdio: 'ignore',
      },
    );
    await until('document.imported', () => receiver.hits.length === 1);
    expect(JSON.parse(receiver.hits[0]!.body)).toMatchObject({
      type: 'document.imported',
      data: { received: 3, created: 3, updated: 0, failed: 0 },
    });
  });
});
