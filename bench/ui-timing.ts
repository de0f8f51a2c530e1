/**
 * First meaningful content of the web UI, measured in Chromium against the real headless server (`npx tsx bench/ui-timing.ts`).
 *
 * Two screens: search (`/?q=metformin`, until the first result card is on screen) and the metformin monograph
 * (`/compounds/metformin`, until its heading and the first monograph section's text are on screen). Each is loaded
 * cold (a new browser context: empty HTTP cache) and warm (a reload in the same context), BENCH_ROUNDS times
 * (default 5), interleaved. The time is taken inside the page (performance.now() from navigation start, when a
 * MutationObserver first sees the element), so it includes the HTML, the bundles, the API calls and rendering.
 * Also reported: bytes transferred (the Resource Timing transferSize of the page and everything it fetched).
 *
 * Uses the built renderer in out/renderer (run `npm run build` first) and Debian's /usr/bin/chromium.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { readConfig } from '../src/main/config/environment.ts';
import { startServer } from '../src/main/server/server.ts';

const ROOT = resolve(import.meta.dirname, '..');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

interface Screen {
  name: string;
  path: string;
  selector: string;
}
const SCREENS: Screen[] = [
  { name: 'search “metformin”', path: '/?q=metformin', selector: '.result-list .result' },
  { name: 'monograph metformin', path: '/compounds/metformin', selector: '#mechanism li' },
];

/**
 * Installed before any page script: notes when the selector first matches. A string, not a function: tsx wraps named
 * functions in a helper that does not exist in the page.
 */
const watch = (selector: string) => `(() => {
  const check = () => { if (window.__fmc === undefined && document.querySelector(${JSON.stringify(selector)})) window.__fmc = performance.now(); };
  new MutationObserver(check).observe(document, { subtree: true, childList: true });
})();`;

async function measure(context: BrowserContext, url: string, screen: Screen, reload: boolean) {
  const page = context.pages()[0] ?? (await context.newPage());
  if (!reload) await page.goto(url);
  else await page.reload();
  try {
    await page.waitForFunction(() => (window as unknown as { __fmc?: number }).__fmc !== undefined, undefined, {
      timeout: 30_000,
      polling: 50,
    });
  } catch (err) {
    await page.screenshot({ path: join(tmpdir(), 'materia-bench-ui-failed.png') });
    throw err;
  }
  return page.evaluate(() => {
    const entries = [
      ...performance.getEntriesByType('navigation'),
      ...performance.getEntriesByType('resource'),
    ] as PerformanceResourceTiming[];
    return {
      ms: (window as unknown as { __fmc: number }).__fmc,
      bytes: entries.reduce((s, e) => s + e.transferSize, 0),
      requests: entries.length,
    };
  });
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'materia-bench-ui-'));
  const noModels = join(dataDir, 'no-models');
  mkdirSync(noModels);
  const server = await startServer(
    readConfig({ MATERIA_PORT: '0', MATERIA_DATA_DIR: dataDir, MATERIA_MODEL_DIR: noModels }, ROOT),
    ROOT,
  );
  if (!server.materia.hasRenderer) throw new Error('out/renderer is missing: run npm run build');
  const origin = server.url;
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS, headless: true });
    const storageState = {
      cookies: [],
      origins: [{ origin, localStorage: [{ name: 'materia.apiKey', value: server.browserKey }] }],
    };
    const results = new Map<
      string,
      { cold: number[]; warm: number[]; coldBytes: number[]; warmBytes: number[]; coldReq: number[] }
    >();
    for (let round = 0; round <= ROUNDS; round++) {
      // round 0 warms the server (SQLite pages, JIT) and is not counted
      for (const screen of SCREENS) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, storageState });
        await context.addInitScript({ content: watch(screen.selector) });
        const cold = await measure(context, `${origin}${screen.path}`, screen, false);
        const warm = await measure(context, `${origin}${screen.path}`, screen, true);
        await context.close();
        if (round === 0) continue;
        const r = results.get(screen.name) ?? { cold: [], warm: [], coldBytes: [], warmBytes: [], coldReq: [] };
        r.cold.push(cold.ms);
        r.warm.push(warm.ms);
        r.coldBytes.push(cold.bytes);
        r.warmBytes.push(warm.bytes);
        r.coldReq.push(cold.requests);
        results.set(screen.name, r);
      }
    }
    console.log(
      `UI first meaningful content, ${ROUNDS} rounds, ${new Date().toISOString().slice(0, 10)}, Chromium ${browser.version()}\n`,
    );
    console.log(
      '| screen | cold median | warm (reload) median | transferred cold | transferred warm | requests cold |',
    );
    console.log('|---|---|---|---|---|---|');
    for (const [name, r] of results) {
      console.log(
        `| ${name} | ${median(r.cold).toFixed(0)} ms | ${median(r.warm).toFixed(0)} ms | ${(median(r.coldBytes) / 1024).toFixed(0)} KB | ${(median(r.warmBytes) / 1024).toFixed(0)} KB | ${median(r.coldReq)} |`,
      );
    }
  } finally {
    await browser?.close();
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
