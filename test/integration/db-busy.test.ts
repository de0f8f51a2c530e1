/**
 * The server and another process share the user database (issue 30): while a second connection holds the write lock, a
 * writing route neither blocks the event loop nor answers 500; it retries from a timer, succeeds if the lock is let go
 * in time, and otherwise answers 503 `unavailable` with Retry-After, having written nothing. A webhook delivery made
 * while the lock is held is recorded once the lock is released, and not sent twice. The import CLI's batches let go of
 * the lock between them.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { importInBatches } from '../../src/main/documents/import/batches.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { startReceiver, type Receiver } from '../helpers/receiver.ts';

let t: TestApp;
let other: Database.Database;
let receiver: Receiver;
beforeAll(async () => {
  t = await startTestApp({ dbBusyDeadlineMs: 800 });
  other = new Database(join(t.dataDir, 'user.sqlite'));
  other.pragma('busy_timeout = 0');
  receiver = await startReceiver();
});
afterEach(() => {
  if (other.inTransaction) other.exec('ROLLBACK');
});
afterAll(async () => {
  other.close();
  await receiver.close();
  await t.close();
});

const keyCount = () => (t.userDb.prepare('SELECT count(*) AS n FROM api_keys').get() as { n: number }).n;
const createKey = (name: string) =>
  t.http
    .post('/v1/api-keys')
    .set('X-API-Key', t.adminKey)
    .send({ name, scopes: ['read'] });

describe('a writing route while another process holds the write lock', () => {
  it('answers 503 with Retry-After after its deadline, writes nothing, and serves other requests meanwhile', async () => {
    const before = keyCount();
    other.exec('BEGIN IMMEDIATE');
    const order: string[] = [];
    const write = createKey('blocked').then((r) => {
      order.push('write');
      return r;
    });
    // Reads keep being answered while the write waits: the event loop is free.
    const healths = [];
    for (let i = 0; i < 5; i++) {
      await new Promise((ok) => setTimeout(ok, 50));
      healths.push(await t.http.get('/v1/health'));
      order.push('health');
    }
    const res = await write;
    other.exec('ROLLBACK');
    expect(healths.map((h) => h.status)).toEqual([200, 200, 200, 200, 200]);
    expect(order.slice(0, 5)).toEqual(['health', 'health', 'health', 'health', 'health']);
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('2');
    expect(res.body.success).toBe(false);
    expect(res.body.error.code).toBe('unavailable');
    expect(res.body.error.message).toMatch(/database is busy/);
    expect(keyCount()).toBe(before);
    expect(t.logged).toEqual([]);
  });

  it('succeeds once the lock is let go before the deadline', async () => {
    const before = keyCount();
    other.exec('BEGIN IMMEDIATE');
    setTimeout(() => other.exec('ROLLBACK'), 200);
    const res = await createKey('waited');
    expect(res.status).toBe(200);
    expect(res.body.data.name).toBe('waited');
    expect(keyCount()).toBe(before + 1);
  });

  it('a request whose key must be touched (last_used_at) is still served while the lock is held', async () => {
    const fresh = t.keyWith(['read']);
    other.exec('BEGIN IMMEDIATE');
    const res = await t.http.get('/v1/content').set('X-API-Key', fresh);
    other.exec('ROLLBACK');
    expect(res.status).toBe(200);
  });
});

describe('webhook bookkeeping under a held lock', () => {
  it('records a delivery it made once the lock is released, and does not send it again', async () => {
    t.materia.context.webhooks.setAllowPrivate(true);
    const hook = await t.http
      .post('/v1/webhooks')
      .set('X-API-Key', t.adminKey)
      .send({ url: receiver.url, events: ['api_key.created'] });
    expect(hook.status).toBe(200);
    expect((await createKey('announced')).status).toBe(200);
    other.exec('BEGIN IMMEDIATE');
    const pass = t.materia.context.webhooks.deliverDue();
    while (receiver.hits.length < 1) await new Promise((ok) => setTimeout(ok, 10));
    await new Promise((ok) => setTimeout(ok, 150));
    // Sent, not yet recorded: a second pass must not send it again.
    expect(await t.materia.context.webhooks.deliverDue()).toBe(0);
    other.exec('ROLLBACK');
    expect(await pass).toBe(1);
    const deliveries = await t.http.get(`/v1/webhooks/${hook.body.data.id}/deliveries`).set('X-API-Key', t.adminKey);
    expect(deliveries.status).toBe(200);
    expect(
      deliveries.body.data.map((d: { status: string; attempt_count: number }) => [d.status, d.attempt_count]),
    ).toEqual([['succeeded', 1]]);
    expect(receiver.hits.length).toBe(1);
  });
});

describe('the import CLI batches', () => {
  it('commits each batch on its own and lets go of the lock between batches', async () => {
    const raw = [0, 1, 2, 3, 4].map((i) => ({ index: i, value: { id: `batch-${i}`, title: `Batched record ${i}` } }));
    const batches: number[] = [];
    const cliDb = new Database(join(t.dataDir, 'user.sqlite'));
    const running = importInBatches(cliDb, raw, {
      now: Date.now,
      batchRecords: 2,
      pauseMs: 100,
      onBatch: (r) => batches.push(r.created),
    });
    // The first batch has committed; during the pause another connection can write without waiting.
    const count = () =>
      (
        other.prepare("SELECT count(*) AS n FROM imported_documents WHERE external_id LIKE 'batch-%'").get() as {
          n: number;
        }
      ).n;
    expect(count()).toBe(2);
    other
      .prepare(
        "INSERT INTO settings (key, value) VALUES ('busy-test', '1') ON CONFLICT (key) DO UPDATE SET value = excluded.value",
      )
      .run();
    const report = await running;
    cliDb.close();
    expect(batches).toEqual([2, 2, 1]);
    expect([report.received, report.created, report.updated, report.failed.length]).toEqual([5, 5, 0, 0]);
    expect(count()).toBe(5);
  });
});
