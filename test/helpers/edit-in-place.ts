/** Changes that a check by mtime and size alone would miss, for the tests of `npm start`'s stat stamps. */
import { readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';

/** Flips a bit of the first byte and puts the mtime back: only the contents (and the ctime) differ. Returns the old bytes. */
export function editInPlace(path: string): Buffer {
  const before = readFileSync(path);
  const { atime, mtime } = statSync(path);
  const edited = Buffer.from(before);
  edited[0] = edited[0]! ^ 1;
  writeFileSync(path, edited);
  utimesSync(path, atime, mtime);
  return before;
}

/** A clock 10 s ahead: files a test has just written are not "racy" (changed within 2 s) to a check made then. */
export const later = () => Date.now() + 10_000;
