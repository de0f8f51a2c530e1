/**
 * `npm run import` as a user meets it (issue 30): UTF-8 with a byte order mark and UTF-16 JSON are read, a missing
 * file or a folder is one line without a stack trace, and a file's control characters never reach the terminal raw.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/app.ts';

const dir = mkdtempSync(join(tmpdir(), 'materia-import-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = (file: string) => {
  const r = spawnSync(join(REPO_ROOT, 'node_modules/.bin/tsx'), ['src/main/documents/import/cli.ts', file], {
    cwd: REPO_ROOT,
    env: { ...process.env, MATERIA_DATA_DIR: join(dir, 'data') },
    encoding: 'utf8',
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
};
const records = JSON.stringify([
  { id: 'bom-1', title: 'Vitamin D and falls' },
  { id: 'bom-2', title: 'Zinc and colds' },
]);

describe('npm run import', () => {
  it('reads UTF-8 with a byte order mark, UTF-16 LE and UTF-16 BE JSON', () => {
    const le = Buffer.from(records, 'utf16le');
    const be = Buffer.from(le).swap16();
    for (const [name, bytes] of [
      ['utf8-bom.json', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(records, 'utf8')])],
      ['utf16le.json', Buffer.concat([Buffer.from([0xff, 0xfe]), le])],
      ['utf16be.json', Buffer.concat([Buffer.from([0xfe, 0xff]), be])],
    ] as const) {
      writeFileSync(join(dir, name), bytes);
      const r = run(join(dir, name));
      expect(r.status, `${name}: ${r.stderr}`).toBe(0);
      expect(r.stdout).toMatch(/^2 record\(s\): \d created, \d updated, 0 failed/);
    }
  }, 60_000);

  it('says in one line, without a stack trace, that a file is missing or is a folder', () => {
    const missing = run(join(dir, 'nope.json'));
    expect(missing.status).toBe(2);
    expect(missing.stderr.trim()).toBe(`cannot read ${join(dir, 'nope.json')}: no such file`);
    mkdirSync(join(dir, 'folder.json'));
    const folder = run(join(dir, 'folder.json'));
    expect(folder.status).toBe(2);
    expect(folder.stderr.trim()).toBe(`${join(dir, 'folder.json')} is a folder; give a .json, .jsonl or .xml file`);
  }, 60_000);

  it('escapes control characters from the file in its report', () => {
    writeFileSync(join(dir, 'escape.json'), JSON.stringify([{ id: 'evil\u001b[31mred', title: 5 }]));
    const r = run(join(dir, 'escape.json'));
    expect(r.status).toBe(1);
    expect(r.stdout).not.toContain('\u001b');
    expect(r.stdout).toContain('record 0 (evil\\u001b[31mred): ');
  }, 60_000);
});
