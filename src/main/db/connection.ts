import Database from 'better-sqlite3';
import * as sqliteVec from 'sqlite-vec';
import { CONTENT_SCHEMA_VERSION } from './content-schema.ts';
import { migrate } from './migrate.ts';
import { CLI_BUSY_TIMEOUT_MS } from './busy.ts';
import { makeDbFilesPrivate } from './private-files.ts';
import { USER_MIGRATIONS } from './migrations/index.ts';

export type Db = Database.Database;

/**
 * The user's read-write database: WAL, foreign keys on, migrated (with a backup) on open. `busyTimeoutMs` is how long a
 * write blocks the thread waiting for another process's lock: the server passes SERVER_BUSY_TIMEOUT_MS (0) and retries
 * from a timer instead (busy.ts); command-line tools keep the default.
 */
export function openUserDb(path: string, busyTimeoutMs = CLI_BUSY_TIMEOUT_MS): Db {
  const onDisk = path !== ':memory:';
  if (onDisk) makeDbFilesPrivate(path, true);
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  // Migrations run once at start, before any client is served: they may wait for a lock like a command-line tool.
  db.pragma(`busy_timeout = ${CLI_BUSY_TIMEOUT_MS}`);
  migrate(db, path, USER_MIGRATIONS);
  db.pragma(`busy_timeout = ${Math.max(0, Math.floor(busyTimeoutMs))}`);
  if (onDisk) makeDbFilesPrivate(path);
  return db;
}

export class ContentDbError extends Error {}

/** The bundled content database, read-only. */
export function openContentDb(path: string): Db {
  let db: Db;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
  } catch (err) {
    throw new ContentDbError(
      `cannot open the content database at ${path} (${(err as Error).message}); build it with: npm run build:content`,
    );
  }
  // readonly: true already keeps the file unwritable; query_only would also forbid the per-connection temp tables the
  // search uses (fts5vocab views of the indexes), which never touch the file.
  sqliteVec.load(db);
  const row = db.prepare<[], { value: string }>("SELECT value FROM meta WHERE key = 'schema_version'").get();
  if (Number(row?.value) !== CONTENT_SCHEMA_VERSION) {
    db.close();
    throw new ContentDbError(
      `the content database at ${path} has schema ${row?.value ?? 'unknown'}, this build needs ${CONTENT_SCHEMA_VERSION}; rebuild it with: npm run build:content`,
    );
  }
  return db;
}
