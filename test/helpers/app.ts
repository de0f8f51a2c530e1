/**
 * A real app over HTTP for integration tests: the built content database (read-only), a fresh user database in a
 * temporary data directory, a listening server on a free loopback port, and an admin key.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import request from 'supertest';
import { SCOPES, type Scope } from '../../src/shared/enums.ts';
import { openContentDb, openUserDb, type Db } from '../../src/main/db/connection.ts';
import { SERVER_BUSY_TIMEOUT_MS } from '../../src/main/db/busy.ts';
import { createApp, type AppOptions, type MateriaApp } from '../../src/main/server/app.ts';
import type { ModelConfig } from '../../src/main/search/model-files.ts';
import { Semantic } from '../../src/main/search/semantic.ts';

export const REPO_ROOT = resolve(import.meta.dirname, '../..');
export const CONTENT_DB = resolve(process.env.MATERIA_CONTENT_DB ?? join(REPO_ROOT, 'resources/db/content.sqlite'));

export interface TestApp {
  materia: MateriaApp;
  server: Server;
  port: number;
  base: string;
  http: ReturnType<typeof request.agent>;
  adminKey: string;
  dataDir: string;
  contentDb: Db;
  userDb: Db;
  keyWith(scopes: Scope[]): string;
  /** What the app logged (unexpected errors, response-schema mismatches), oldest first. */
  logged: [string, unknown][];
  semantic: Semantic | null;
  close(): Promise<void>;
}

export interface TestAppOptions {
  now?: () => number;
  /** An embedding model: the app then builds its vector index before the promise resolves. */
  model?: ModelConfig;
  /** Chat options (a language-model endpoint, the SSE heartbeat interval). */
  chat?: AppOptions['chat'];
  /** Webhook options (a stand-in DNS lookup). */
  webhooks?: AppOptions['webhooks'];
  /** A shorter request-body deadline. */
  bodyDeadlineMs?: number;
  /** A shorter wait for another process's database lock before a 503. */
  dbBusyDeadlineMs?: number;
  /** A built renderer to serve at / (a directory with index.html). */
  rendererDir?: string;
}

/** The random-weight transformers.js fixture (mechanics only: its scores mean nothing). */
export const FIXTURE_MODEL: ModelConfig = {
  modelId: 'synthetic/random-bert-tiny',
  modelDir: resolve(REPO_ROOT, '../shared/models/test-fixtures'),
};

export async function startTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'materia-test-'));
  const contentDb = openContentDb(CONTENT_DB);
  const userDb = openUserDb(join(dataDir, 'user.sqlite'), SERVER_BUSY_TIMEOUT_MS); // as the server opens it
  const errors: [string, unknown][] = [];
  const semantic = opts.model ? new Semantic(opts.model, dataDir, contentDb, true) : null;
  const materia = createApp({
    contentDb,
    userDb,
    version: 'test',
    checkResponses: true,
    now: opts.now,
    semantic,
    chat: opts.chat,
    webhooks: opts.webhooks,
    bodyDeadlineMs: opts.bodyDeadlineMs,
    dbBusyDeadlineMs: opts.dbBusyDeadlineMs,
    rendererDir: opts.rendererDir,
    log: (msg, err) => {
      errors.push([msg, err]);
    },
  });
  const server = await new Promise<Server>((ok) => {
    const s = materia.app.listen(0, '127.0.0.1', () => ok(s));
  });
  const port = (server.address() as AddressInfo).port;
  await semantic?.start();
  const adminKey = materia.context.keys.create('test admin', SCOPES).key;
  return {
    materia,
    server,
    port,
    base: `http://127.0.0.1:${port}`,
    http: request.agent(server),
    adminKey,
    dataDir,
    contentDb,
    userDb,
    semantic,
    logged: errors,
    keyWith: (scopes) => materia.context.keys.create(`test ${scopes.join('+') || 'none'}`, scopes).key,
    close: async () => {
      await semantic?.close();
      return new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => {
          userDb.close();
          if (contentDb.open) contentDb.close();
          rmSync(dataDir, { recursive: true, force: true });
          ok();
        });
      });
    },
  };
}
