/** Opens the databases, makes sure an admin key exists, and listens on 127.0.0.1. Shared by npm start and Electron. */
import { mkdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { join, resolve } from 'node:path';
import { openContentDb, openUserDb } from '../db/connection.ts';
import { ensureAdminKey, type AdminKeyOutcome } from '../keys/admin-key.ts';
import { createApp, type MateriaApp } from './app.ts';
import type { ServerConfig } from './config.ts';

export interface RunningServer {
  server: Server;
  url: string;
  port: number;
  admin: AdminKeyOutcome;
  materia: MateriaApp;
  close(): Promise<void>;
}

export function appVersion(repoRoot: string): string {
  return (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string }).version;
}

export async function startServer(config: ServerConfig, repoRoot: string): Promise<RunningServer> {
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const contentDb = openContentDb(config.contentDb);
  const userDb = openUserDb(resolve(config.dataDir, 'user.sqlite'));
  const materia = createApp({ contentDb, userDb, version: appVersion(repoRoot) });
  const admin = ensureAdminKey(materia.context.keys, config.dataDir, config.apiKey);
  const server = await new Promise<Server>((ok, fail) => {
    const s = materia.app.listen(config.port, '127.0.0.1', () => ok(s));
    s.once('error', fail);
  });
  const port = (server.address() as AddressInfo).port;
  return {
    server, port, admin, materia,
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((ok) => {
      server.close(() => { userDb.close(); contentDb.close(); ok(); });
      server.closeAllConnections();
    }),
  };
}
