import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate, type Migration } from '../../src/main/db/migrate.ts';
import { openUserDb } from '../../src/main/db/connection.ts';
import { USER_MIGRATIONS } from '../../src/main/db/migrations/index.ts';

describe('migrations', () => {
  it('bring a new user database to the latest version with WAL and foreign keys on', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'materia-mig-')), 'user.sqlite');
    const db = openUserDb(path);
    expect(db.pragma('user_version', { simple: true })).toBe(USER_MIGRATIONS.length);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    db.close();
  });

  it('back up a database that holds data before migrating it, and stop at the last good version on failure', () => {
    const dir = mkdtempSync(join(tmpdir(), 'materia-mig-'));
    const path = join(dir, 'user.sqlite');
    const db = new Database(path);
    const v1: Migration = { version: 1, name: 'one', sql: 'CREATE TABLE a (x INTEGER); INSERT INTO a VALUES (1);' };
    migrate(db, path, [v1]);
    const bad: Migration = { version: 2, name: 'two', sql: 'CREATE TABLE b (y INTEGER); INSERT INTO nope VALUES (1);' };
    expect(() => migrate(db, path, [v1, bad])).toThrow(/no such table: nope/);
    expect(db.pragma('user_version', { simple: true })).toBe(1);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'b'").get()).toBeUndefined();
    const backups = readdirSync(dir).filter((f) => f.endsWith('.bak'));
    expect(backups).toHaveLength(1);
    const copy = new Database(join(dir, backups[0]!), { readonly: true });
    expect(copy.prepare('SELECT x FROM a').get()).toEqual({ x: 1 });
    copy.close();
    expect(() => migrate(db, path, [{ ...v1, version: 3 }])).toThrow(/expected 1/);
    db.close();
    expect(existsSync(path)).toBe(true);
  });

  it('refuse a database newer than the app', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'materia-mig-')), 'user.sqlite');
    const db = new Database(path);
    db.pragma('user_version = 99');
    expect(() => migrate(db, path, USER_MIGRATIONS)).toThrow(/newer than this app/);
    db.close();
  });
});
