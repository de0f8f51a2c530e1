/**
 * `npm start` (prestart): build the Electron main/preload/renderer bundles only when their sources changed.
 *
 * The inputs are every file under src/ plus the build configuration (electron.vite.config.ts, tsconfig.json,
 * package-lock.json); their paths and contents are hashed and compared with the stamp the last successful build wrote
 * (out/.app-build-stamp). Same hash and every bundle present: nothing to do. Otherwise `electron-vite build` runs and the
 * stamp is rewritten after it succeeds. `--force` always builds.
 */
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
const STAMP = join(ROOT, 'out/.app-build-stamp');
const CONFIG_FILES = ['electron.vite.config.ts', 'tsconfig.json', 'package-lock.json'];
const OUTPUTS = ['out/main/index.js', 'out/main/server.js', 'out/preload/index.cjs', 'out/renderer/index.html'];

function files(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const p = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...files(p));
    else if (entry.isFile()) out.push(p);
  }
  return out;
}

export function sourceHash(root = ROOT): string {
  const hash = createHash('sha256');
  const inputs = [...files(join(root, 'src')), ...CONFIG_FILES.map((f) => join(root, f)).filter((f) => existsSync(f))]
    .map((f) => relative(root, f).split('\\').join('/')).sort();
  for (const rel of inputs) {
    hash.update(rel).update('\0').update(readFileSync(join(root, rel))).update('\0');
  }
  return hash.digest('hex');
}

function main(): void {
  const started = Date.now();
  const hash = sourceHash();
  const built = existsSync(STAMP) && readFileSync(STAMP, 'utf8').trim() === hash && OUTPUTS.every((f) => existsSync(join(ROOT, f)));
  if (built && !process.argv.includes('--force')) {
    console.log(`app bundles are up to date with their sources (checked in ${Date.now() - started} ms)`);
    return;
  }
  console.log('app sources changed since the last build: electron-vite build');
  const run = spawnSync(process.execPath, [join(ROOT, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
  // hash again: a file edited during the build must not be stamped as built
  writeFileSync(STAMP, `${hash === sourceHash() ? hash : 'changed-during-build'}\n`);
}

main();
