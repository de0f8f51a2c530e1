/**
 * "Have these files changed since their hash was last computed?" answered from stat data, so that `npm start` need not
 * read and hash ~120 MB of inputs to learn that nothing changed. A stamp records, next to the hash it vouches for, each
 * input's size, mtime, ctime and inode. Any difference (or a file added, removed, or now missing) means the caller
 * hashes the contents as before; the stamp only ever saves work, it never decides that a change is not one.
 *
 * ctime is there because no ordinary tool can set it: `touch -r` or a restored mtime after an edit still shows up.
 * A file changed within RACY_MS of being stat'ed could change again within the same timestamp tick without its stat
 * data changing (git's "racy clean" problem), so such an entry is recorded as never matching and is hashed next time.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** path → "size:mtime:ctime:inode", "missing" or RACY. */
export type StatSignature = Record<string, string>;
export interface Stamp {
  hash: string;
  files: StatSignature;
}

const RACY = 'racy';
const RACY_MS = 2_000;

export function statSignature(paths: readonly string[], now = Date.now()): StatSignature {
  const out: StatSignature = {};
  for (const p of paths) {
    try {
      const s = statSync(p, { bigint: true });
      const mtimeMs = Number(s.mtimeNs / 1_000_000n);
      const ctimeMs = Number(s.ctimeNs / 1_000_000n);
      out[p] = Math.max(mtimeMs, ctimeMs) > now - RACY_MS ? RACY : `${s.size}:${s.mtimeNs}:${s.ctimeNs}:${s.ino}`;
    } catch {
      out[p] = 'missing';
    }
  }
  return out;
}

export function sameSignature(a: StatSignature, b: StatSignature): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] !== RACY && a[k] === b[k]);
}

export function readStamp(path: string): Stamp | null {
  try {
    const s = JSON.parse(readFileSync(path, 'utf8')) as Partial<Stamp>;
    return typeof s.hash === 'string' && s.files && typeof s.files === 'object'
      ? { hash: s.hash, files: s.files }
      : null;
  } catch {
    return null;
  }
}

/**
 * Written under a temporary name and renamed: a stamp cut short by a crash must not parse as a valid one. A stamp only
 * saves work, so one that cannot be written (a read-only folder) is skipped rather than failing a build or a start.
 */
export function writeStamp(path: string, stamp: Stamp): void {
  const tmp = `${path}.${process.pid}.tmp`;
  try {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(tmp, `${JSON.stringify(stamp)}\n`);
    renameSync(tmp, path);
  } catch {
    if (existsSync(tmp)) rmSync(tmp);
  }
}

/**
 * The inputs' hash: the stamp's when every input's stat data is as recorded, otherwise `compute()`. `signature` is
 * taken before `compute` reads anything, so a file edited while it is hashed differs from it next time.
 */
export function stampedHash(
  stampPath: string,
  paths: readonly string[],
  compute: () => string,
  now = Date.now(),
): { hash: string; fromStamp: boolean; signature: StatSignature } {
  const signature = statSignature(paths, now);
  const stamp = readStamp(stampPath);
  if (stamp && sameSignature(signature, stamp.files)) return { hash: stamp.hash, fromStamp: true, signature };
  return { hash: compute(), fromStamp: false, signature };
}

/** Whether the inputs hash to `expected`; when that had to be computed and holds, the stamp is renewed for next time. */
export function matchesStamped(
  stampPath: string,
  paths: readonly string[],
  compute: () => string,
  expected: string,
  now = Date.now(),
): boolean {
  const current = stampedHash(stampPath, paths, compute, now);
  if (current.hash !== expected) return false;
  if (!current.fromStamp) writeStamp(stampPath, { hash: current.hash, files: current.signature });
  return true;
}
