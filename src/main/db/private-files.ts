/**
 * The user data holds health data, API key hashes and webhook secrets: the directory is 0700 and the database files
 * 0600 at every start, whatever mode they had (an older version, a restored backup, a umask of 022). SQLite gives the
 * -wal and -shm files the mode of the database file when it creates them, so the database is made 0600 before it is
 * opened. On Windows these calls change nothing; the folder lives in the user's own profile.
 */
import { chmodSync, closeSync, existsSync, lstatSync, mkdirSync, openSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

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

/**
 * Every folder (0700) and file (0600) under the data directory, at every start: the vector index, postings, backups and
 * the admin key included, whatever umask or version made them. Symbolic links are left alone (not followed).
 */
export function makeTreePrivate(dir: string, depth = 4): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    if (entry.isSymbolicLink()) continue;
    if (entry.isDirectory()) {
      chmodSync(p, PRIVATE_DIR_MODE);
      if (depth > 0) makeTreePrivate(p, depth - 1);
    } else if (entry.isFile() && (lstatSync(p).mode & 0o777) !== PRIVATE_FILE_MODE) chmodSync(p, PRIVATE_FILE_MODE);
  }
}
