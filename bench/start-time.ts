/**
 * Time from `npm start` to a healthy server (`npx tsx bench/start-time.ts`): runs `npm start` as a user would (prestart
 * included) on a free port with a temporary data directory, and times until `GET /v1/health` answers 200, and until
 * its `search_index.state` is `ready` (or the model is absent). One warm-up start first, so every timed start is a
 * "second start" with nothing changed; BENCH_ROUNDS (default 3) timed starts, median reported.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { percentile } from './stats.ts';

const ROOT = resolve(import.meta.dirname, '..');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TIMEOUT_MS = 180_000;

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
    s.once('error', fail);
  });
}

const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

async function health(port: number): Promise<{ state: string } | null> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/v1/health`);
    if (res.status !== 200) return null;
    const body = (await res.json()) as { data: { search_index: { state: string } } };
    return { state: body.data.search_index.state };
  } catch {
    return null;
  }
}

interface StartTiming {
  healthyMs: number;
  readyMs: number;
  stateAtHealthy: string;
}

async function timeStart(dataDir: string): Promise<StartTiming> {
  const port = await freePort();
  const t0 = performance.now();
  // Its own process group, so that npm, tsx and the server are stopped together.
  const child = spawn('npm', ['start'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, MATERIA_PORT: String(port), MATERIA_DATA_DIR: dataDir },
  });
  const exited = new Promise<void>((ok) => child.once('exit', () => ok()));
  try {
    let healthyMs = NaN;
    let stateAtHealthy = '';
    while (performance.now() - t0 < TIMEOUT_MS) {
      const h = await health(port);
      if (h && Number.isNaN(healthyMs)) {
        healthyMs = performance.now() - t0;
        stateAtHealthy = h.state;
      }
      if (h && (h.state === 'ready' || h.state === 'no_model' || h.state === 'error'))
        return { healthyMs, readyMs: performance.now() - t0, stateAtHealthy };
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
      await sleep(20);
    }
    throw new Error(`no healthy server within ${TIMEOUT_MS / 1000} s`);
  } finally {
    if (child.exitCode === null) process.kill(-child.pid!, 'SIGTERM');
    await exited;
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'materia-start-time-'));
try {
  const warm = await timeStart(dataDir);
  console.log(
    `warm-up start: healthy after ${Math.round(warm.healthyMs)} ms, index ready after ${Math.round(warm.readyMs)} ms`,
  );
  const runs: StartTiming[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const t = await timeStart(dataDir);
    runs.push(t);
    console.log(
      `start ${r + 1}: healthy after ${Math.round(t.healthyMs)} ms (index ${t.stateAtHealthy}), index ready after ${Math.round(t.readyMs)} ms`,
    );
  }
  const med = (xs: number[]) =>
    Math.round(
      percentile(
        [...xs].sort((a, b) => a - b),
        50,
      ),
    );
  console.log(
    `median of ${ROUNDS}: healthy ${med(runs.map((t) => t.healthyMs))} ms, index ready ${med(runs.map((t) => t.readyMs))} ms`,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
