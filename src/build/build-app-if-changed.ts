/**
 * `npm start` (prestart): build the Electron main/preload/renderer bundles only when their sources changed.
 *
 * The inputs are every file under src/ plus the build configuration (electron.vite.config.ts, tsconfig.json,
 * package-lock.json). The last successful build leaves a stat stamp (src/main/cli/stat-stamp.ts) in
 * out/.app-build-stamp: the SHA-256 of the inputs' paths and contents it was built from, and each input's stat data.
 * Inputs whose stat data is unchanged, and every bundle present: nothing to do, without reading a source. Stat data
 * changed: the inputs are hashed, and only a different hash builds. `--force` always builds.
 */
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { matchesStamped, readStamp, statSignature, writeStamp } from '../main/cli/stat-stamp.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const stampOf = (root: string) => join(root, 'out/.app-build-stamp');
const CONFIG_FILES = ['electron.vite.config.ts', 'tsconfig.json', 'package-lock.json'];
export const APP_OUTPUTS = [
  'out/main/index.js',
  'out/main/server.js',
  'out/main/embedder-worker.js',
  'out/main/postings-worker.js',
  'out/preload/index.cjs',
  'out/renderer/index.html',
];

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

/** Relative paths, sorted: the hash must not depend on where the checkout is. */
function inputs(root: string): string[] {
  return [...files(join(root, 'src')), ...CONFIG_FILES.map((f) => join(root, f)).filter((f) => existsSync(f))]
    .map((f) => relative(root, f).split('\\').join('/'))
    .sort();
}

export function sourceHash(root = ROOT): string {
  const hash = createHash('sha256');
  for (const rel of inputs(root)) {
    hash
      .update(rel)
      .update('\0')
      .update(readFileSync(join(root, rel)))
      .update('\0');
  }
  return hash.digest('hex');
}

export function appIsBuilt(root = ROOT, now = Date.now()): boolean {
  const built = readStamp(stampOf(root))?.hash;
  if (!built || !APP_OUTPUTS.every((f) => existsSync(join(root, f)))) return false;
  return matchesStamped(
    stampOf(root),
    inputs(root).map((rel) => join(root, rel)),
    () => sourceHash(root),
    built,
    now,
  );
}

const electronViteBuild = (root: string) =>
  spawnSync(process.execPath, [join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'], {
    cwd: root,
    stdio: 'inherit',
  }).status ?? 1;

/** Builds the bundles (`electron-vite build`), then stamps them; the build's exit status (0: built). */
export function buildApp(root = ROOT, build = electronViteBuild): number {
  // Stat data and hash before the build reads anything: a file edited during the build is seen as changed next time.
  const signature = statSignature(inputs(root).map((rel) => join(root, rel)));
  const hash = sourceHash(root);
  const status = build(root);
  if (status === 0) writeStamp(stampOf(root), { hash, files: signature });
  return status;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const started = Date.now();
  if (!process.argv.includes('--force') && appIsBuilt()) {
    console.log(`app bundles are up to date with their sources (checked in ${Date.now() - started} ms)`);
  } else {
    console.log(
      process.argv.includes('--force')
        ? 'electron-vite build'
        : 'app sources changed since the last build: electron-vite build',
    );
    process.exitCode = buildApp();
  }
}
