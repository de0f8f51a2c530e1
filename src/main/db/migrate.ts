import { chmodSync, existsSync } from 'node:fs';
import { PRIVATE_FILE_MODE } from './private-files.ts';
import type Database from 'better-sqlite3';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/**
 * Applies pending migrations, each in its own transaction that also bumps user_version, so a failure leaves the
 * database at the last good version. A database that already holds data is copied aside first (VACUUM INTO).
 */
export function migrate(
  db: Database.Database,
  path: string,
  migrations: readonly Migration[],
): { from: number; to: number; backup: string | null } {
  migrations.forEach((m, i) => {
    if (m.version !== i + 1) throw new Error(`migration ${m.name} has version ${m.version}, expected ${i + 1}`);
  });
  const from = db.pragma('user_version', { simple: true }) as number;
  const latest = migrations.length;
  if (from > latest)
    throw new Error(`${path} is at schema version ${from}, newer than this app (${latest}); refusing to open it`);
  if (from === latest) return { from, to: from, backup: null };
  let backup: string | null = null;
  if (from > 0 && path !== ':memory:') {
    backup = `${path}.v${from}.${new Date().toISOString().replace(/[:.]/g, '-')}.bak`;
    if (!existsSync(backup)) {
      db.prepare('VACUUM INTO ?').run(backup);
      chmodSync(backup, PRIVATE_FILE_MODE); // a copy of the user's data: as private as the database
    }
  }
  for (const m of migrations.slice(from)) {
    db.transaction(() => {
      db.exec(m.sql);
      db.pragma(`user_version = ${m.version}`);
    })();
  }
  return { from, to: latest, backup };
}
