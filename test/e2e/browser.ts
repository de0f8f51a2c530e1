/**
 * End-to-end harness: the real headless server (startServer, as `npm start` runs it) on a free port with a fresh data
 * directory, serving the built renderer, driven by Debian's Chromium through playwright-core.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { readConfig } from '../../src/main/config/environment.ts';
import { startServer, type RunningServer } from '../../src/main/server/server.ts';

export const REPO_ROOT = resolve(import.meta.dirname, '../..');
export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
export const SHOTS = join(REPO_ROOT, 'test-results');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

/** `npm test` builds first; a lone `vitest run test/e2e` builds here when out/renderer is missing or older than its sources. */
export function ensureRendererBuilt(): void {
  const index = join(REPO_ROOT, 'out/renderer/index.html');
  const sources = Math.max(
    newestMtime(join(REPO_ROOT, 'src/renderer')),
    newestMtime(join(REPO_ROOT, 'src/shared')),
    statSync(join(REPO_ROOT, 'electron.vite.config.ts')).mtimeMs,
  );
  if (existsSync(index) && statSync(index).mtimeMs >= sources) return;
  execFileSync(process.execPath, [join(REPO_ROOT, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'], {
    cwd: REPO_ROOT,
    stdio: 'pipe',
  });
}

export interface E2E {
  server: RunningServer;
  context: BrowserContext;
  page: Page;
  /** console errors and uncaught page errors (CSP violations show up here) */
  problems: string[];
  /** the address `npm start` prints for the browser: the page with a new one-time code in the fragment (each read) */
  readonly entryUrl: string;
  /** the admin key of this data directory (`<data dir>/admin-key`), which the admin key dialog asks for */
  readonly adminKey: string;
  shot(name: string, opts?: { fullPage?: boolean }): Promise<string>;
  close(): Promise<void>;
}

export async function startE2E(opts: { env?: Record<string, string> } = {}): Promise<E2E> {
  ensureRendererBuilt();
  const dataDir = mkdtempSync(join(tmpdir(), 'materia-e2e-'));
  const profile = mkdtempSync(join(tmpdir(), 'materia-e2e-chromium-'));
  const noModels = join(dataDir, 'no-models'); // lexical search, whatever is installed on this machine
  mkdirSync(noModels);
  const config = readConfig(
    {
      MATERIA_PORT: '0',
      MATERIA_DATA_DIR: dataDir,
      MATERIA_MODEL_DIR: noModels,
      ...(process.env.MATERIA_CONTENT_DB ? { MATERIA_CONTENT_DB: process.env.MATERIA_CONTENT_DB } : {}),
      ...opts.env,
    },
    REPO_ROOT,
  );
  const server = await startServer(config, REPO_ROOT);
  if (!server.materia.hasRenderer) throw new Error('the server does not serve out/renderer');
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
    headless: true,
    viewport: { width: 1280, height: 800 },
    locale: 'en-GB',
  });
  const page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(10_000);
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`${m.text()} [${m.location().url}]`);
  });
  page.on('pageerror', (e) => problems.push(e.message));
  mkdirSync(SHOTS, { recursive: true });
  return {
    server,
    context,
    page,
    problems,
    get entryUrl() {
      return server.webUiLink();
    },
    get adminKey() {
      return readFileSync(join(dataDir, 'admin-key'), 'utf8').trim();
    },
    shot: async (name, opts) => {
      const path = join(SHOTS, `${name}.png`);
      await page.screenshot({ path, fullPage: opts?.fullPage ?? true });
      return path;
    },
    close: async () => {
      await context.close();
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Answers the admin key dialog (components/AdminKeyDialog.tsx) with `key`, once it is open, and waits for it to close. */
export async function enterAdminKey(page: Page, key: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Enter the admin key' });
  await dialog.waitFor();
  await dialog.getByLabel('Admin key').fill(key);
  await dialog.getByRole('button', { name: 'Use this key' }).click();
  await dialog.waitFor({ state: 'hidden' });
}
