/** Opens the databases, makes sure an admin key exists, and listens on 127.0.0.1. Shared by npm start and Electron. */
import { readFileSync } from 'node:fs';
import { ensurePrivateDir, makeTreePrivate } from '../db/private-files.ts';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { Express } from 'express';
import { createHttpServer, listen } from './http-server.ts';
import { join, resolve } from 'node:path';
import { openContentDb, openUserDb } from '../db/connection.ts';
import { SERVER_BUSY_TIMEOUT_MS } from '../db/busy.ts';
import { ensureAdminKey, issueSessionKey, type AdminKeyOutcome } from '../keys/admin-key.ts';
import { createApp, type MateriaApp } from './app.ts';
import type { ServerConfig } from '../config/environment.ts';
import { Semantic } from '../search/semantic.ts';
import { noteContentVersion } from '../content/content-version.ts';
import { DeliveryWorker } from '../webhooks/delivery-worker.ts';
import { stderrLog } from '../http/log.ts';
import { startWarmUp } from './warm-up.ts';

export interface RunningServer {
  server: Server;
  url: string;
  port: number;
  admin: AdminKeyOutcome;
  materia: MateriaApp;
  semantic: Semantic;
  /** This launch's key for the browser UI. Never printed: the page gets it by trading a code from webUiLink(). */
  browserKey: string;
  /** A new one-time link to the web UI (`#code=…`; see docs/api.md "The web UI's key"). */
  webUiLink(): string;
  /** Settles when the embedding index is ready (or could not be built); immediately without a model. */
  indexing: Promise<void>;
  /** Settles when the warm-up at start (warm-up.ts) is done; never rejects. */
  warmed: Promise<void>;
  close(): Promise<void>;
}

export interface StartOptions {
  /** Milliseconds since the epoch for the app and the webhook delivery worker; tests pass a controllable clock. */
  now?: () => number;
  /** Rehearse the chat path at start (warm-up.ts): `npm start` and the desktop app do; default false. */
  warmUp?: boolean;
}

export function appVersion(repoRoot: string): string {
  return (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string }).version;
}

export async function startServer(
  config: ServerConfig,
  repoRoot: string,
  onIndexProgress?: (done: number, total: number) => void,
  options: StartOptions = {},
): Promise<RunningServer> {
  // The port first: a busy one is a clear error before any folder, database or key is created (http-server.ts).
  // Until the app is ready (a few hundred ms), a request gets a JSON 503.
  let ready: Express | null = null;
  const server = createHttpServer((req, res) => {
    if (ready) {
      ready(req, res);
      return;
    }
    res.writeHead(503, { 'Content-Type': 'application/json; charset=utf-8', 'Retry-After': '1', Connection: 'close' });
    res.end(
      JSON.stringify({
        success: false,
        error: { code: 'unavailable', message: 'the server is starting; try again in a moment' },
      }),
    );
  });
  await listen(server, config.port);
  try {
    return await setUp(server, config, repoRoot, onIndexProgress, options, (app) => {
      ready = app;
    });
  } catch (err) {
    server.close();
    throw err;
  }
}

async function setUp(
  server: Server,
  config: ServerConfig,
  repoRoot: string,
  onIndexProgress: ((done: number, total: number) => void) | undefined,
  options: StartOptions,
  serve: (app: Express) => void,
): Promise<RunningServer> {
  ensurePrivateDir(config.dataDir);
  makeTreePrivate(config.dataDir);
  const contentDb = openContentDb(config.contentDb);
  const userDb = openUserDb(resolve(config.dataDir, 'user.sqlite'), SERVER_BUSY_TIMEOUT_MS);
  const semantic = new Semantic(config.model, config.dataDir, contentDb, true);
  const materia = createApp({
    contentDb,
    userDb,
    version: appVersion(repoRoot),
    semantic,
    rendererDir: join(repoRoot, 'out/renderer'),
    now: options.now,
    webhooks: { allowPrivate: config.webhooksAllowPrivate },
    chat: { llm: config.llm },
  });
  noteContentVersion(userDb, materia.context.webhooks, materia.context.content); // content.updated after an update
  const admin = ensureAdminKey(materia.context.keys, config.dataDir, config.apiKey);
  const browserKey = issueSessionKey(materia.context.keys, 'browser session');
  materia.context.session.attach(browserKey);
  // Slow-header and slow-request clients are cut off by Node itself (http-server.ts); the app's body deadline is shorter still.
  serve(materia.app);
  const port = (server.address() as AddressInfo).port;
  // Webhooks: deliveries queued before a crash or shutdown are sent now; our own port is never a target.
  materia.context.webhooks.setOwnPort(port);
  const webhookWorker = new DeliveryWorker(materia.context.webhooks, { log: stderrLog });
  webhookWorker.start();
  // The index builds in the background (embedding runs in a worker thread); search is lexical until it is ready.
  const indexing = semantic.start(onIndexProgress && ((p) => onIndexProgress(p.done, p.total)));
  // The first question should cost what the others do; not awaited, so the start is not delayed (warm-up.ts).
  const warmUp = startWarmUp(
    materia.context.chat,
    indexing,
    () => semantic.loadedEmbedder() !== null,
    stderrLog,
    options.warmUp ?? false,
  );
  return {
    server,
    port,
    admin,
    materia,
    semantic,
    indexing,
    warmed: warmUp.done,
    browserKey,
    url: `http://127.0.0.1:${port}`,
    webUiLink: () => `http://127.0.0.1:${port}/#code=${materia.context.session.issue().code}`,
    close: async () => {
      await warmUp.stop(); // a rehearsal question in flight finishes before the databases close
      await webhookWorker.stop();
      await semantic.close();
      await new Promise<void>((ok) => {
        server.close(() => ok());
        server.closeAllConnections();
      });
      userDb.close();
      contentDb.close();
    },
  };
}
