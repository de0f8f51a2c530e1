/**
 * The server side of bench/load.ts, in its own process so that the load generator does not share its event loop: the
 * app on the built content database and a fresh user database (lexical search, no model), behind the same HTTP server
 * as npm start. Prints one JSON line {port, keys} once listening; `keys` has one all-scope key per client.
 */
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVER_BUSY_TIMEOUT_MS } from '../src/main/db/busy.ts';
import { openContentDb, openUserDb } from '../src/main/db/connection.ts';
import { createApp } from '../src/main/server/app.ts';
import { createHttpServer, listen } from '../src/main/server/http-server.ts';
import { SCOPES } from '../src/shared/enums.ts';

const clients = Number(process.argv[2] ?? 40);
const contentDb = openContentDb(
  process.env.MATERIA_CONTENT_DB ?? join(import.meta.dirname, '../resources/db/content.sqlite'),
);
const userDb = openUserDb(join(mkdtempSync(join(tmpdir(), 'materia-load-')), 'user.sqlite'), SERVER_BUSY_TIMEOUT_MS);
const { app, context } = createApp({ contentDb, userDb, version: 'load', log: () => undefined });
const server = createHttpServer(app);
await listen(server, 0);
const keys = Array.from({ length: clients }, (_, i) => context.keys.create(`load ${i}`, [...SCOPES]).key);
console.log(JSON.stringify({ port: (server.address() as AddressInfo).port, keys }));
process.on('SIGTERM', () => {
  server.close();
  process.exit(0);
});
