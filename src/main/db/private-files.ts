/**
 * The user data holds health data, API key hashes and webhook secrets: the directory is 0700 and the database files
 * 0600 at every start, whatever mode they had (an older version, a restored backup, a umask of 022). SQLite gives the
 * -wal and -shm files the mode of the database file when it creates them, so the database is made 0600 before it is
 * opened. On Windows these calls change nothing; the folder lives in the user's own profile.
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  chmodSync(dir, PRIVATE_DIR_MODE);
}

/** Creates the file empty (0600) if it is missing, and sets 0600 on it and on whichever of its -wal/-shm exist. */
export function makeDbFilesPrivate(dbPath: string, create = false): void {
  if (create && !existsSync(dbPath)) closeSync(openSync(dbPath, 'a', PRIVATE_FILE_MODE));
  for (const p of [dbPath, `${dbPath}-wal`, `${dbPath}-shm`, `${dbPath}-journal`]) {
    if (existsSync(p)) chmodSync(p, PRIVATE_FILE_MODE);
  }
}
