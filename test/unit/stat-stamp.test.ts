/**
 * The stat stamp behind `npm start`'s quick checks (src/main/cli/stat-stamp.ts): unchanged stat data spares the hash;
 * any change, including one that hides behind a restored mtime, sends the check back to hashing.
 */
import { appendFileSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { matchesStamped, readStamp, stampedHash, writeStamp } from '../../src/main/cli/stat-stamp.ts';
import { editInPlace, later } from '../helpers/edit-in-place.ts';

let dir: string;
let files: string[];
let stamp: string;
let hashes: number;
const compute = () => {
  hashes++;
  return 'h1';
};

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'materia-stamp-'));
  files = ['a.txt', 'b.txt'].map((f) => join(dir, f));
  for (const f of files) writeFileSync(f, `content of ${f}\n`);
  stamp = join(dir, 'stamp.json');
  hashes = 0;
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('a stat stamp', () => {
  it('spares the hash while nothing changed, and records what it vouches for', () => {
    expect(matchesStamped(stamp, files, compute, 'h1', later())).toBe(true);
    expect(hashes).toBe(1);
    expect(readStamp(stamp)?.hash).toBe('h1');
    for (let i = 0; i < 3; i++) expect(matchesStamped(stamp, files, compute, 'h1', later())).toBe(true);
    expect(hashes).toBe(1);
  });

  it('hashes again when a file is edited, even with its size and mtime put back', () => {
    matchesStamped(stamp, files, compute, 'h1', later());
    editInPlace(files[0]!);
    expect(stampedHash(stamp, files, compute, later()).fromStamp).toBe(false);
    expect(hashes).toBe(2);
  });

  it('hashes again when a file is touched, and trusts the stamp again once the hash still matches', () => {
    matchesStamped(stamp, files, compute, 'h1', later());
    utimesSync(files[1]!, new Date(), new Date(Date.now() + 1000));
    expect(matchesStamped(stamp, files, compute, 'h1', later())).toBe(true);
    expect(hashes).toBe(2);
    expect(matchesStamped(stamp, files, compute, 'h1', later())).toBe(true);
    expect(hashes).toBe(2);
  });

  it('hashes again when a file is added, removed or missing', () => {
    matchesStamped(stamp, files, compute, 'h1', later());
    const extra = join(dir, 'c.txt');
    writeFileSync(extra, 'new\n');
    expect(stampedHash(stamp, [...files, extra], compute, later()).fromStamp).toBe(false);
    expect(stampedHash(stamp, files.slice(1), compute, later()).fromStamp).toBe(false);
    rmSync(files[0]!);
    expect(stampedHash(stamp, files, compute, later()).fromStamp).toBe(false);
    expect(hashes).toBe(4);
  });

  it('never trusts a file changed within the last two seconds (a second edit could leave its stat data unchanged)', () => {
    matchesStamped(stamp, files, compute, 'h1');
    expect(stampedHash(stamp, files, compute).fromStamp).toBe(false);
    expect(stampedHash(stamp, files, compute, later()).fromStamp).toBe(false); // recorded as racy: hashed once more
    matchesStamped(stamp, files, compute, 'h1', later());
    expect(stampedHash(stamp, files, compute, later()).fromStamp).toBe(true);
  });

  it('does not vouch for another hash, and a damaged stamp is no stamp', () => {
    expect(matchesStamped(stamp, files, compute, 'h2', later())).toBe(false);
    expect(readStamp(stamp)).toBeNull(); // nothing recorded for a hash that did not match
    matchesStamped(stamp, files, compute, 'h1', later());
    appendFileSync(stamp, 'garbage');
    expect(readStamp(stamp)).toBeNull();
    expect(stampedHash(stamp, files, compute, later()).fromStamp).toBe(false);
  });

  it('that cannot be written is skipped: the check still answers', () => {
    const unwritable = join(files[0]!, 'stamp.json'); // below a file, so no folder can be made
    expect(matchesStamped(unwritable, files, compute, 'h1', later())).toBe(true);
    expect(readStamp(unwritable)).toBeNull();
    expect(() => writeStamp(unwritable, { hash: 'h1', files: {} })).not.toThrow();
  });
});
