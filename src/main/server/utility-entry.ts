/**
 * Entry of the API server bundle (out/main/server.js). Forked by Electron's main process as a utilityProcess, it reports
 * its address and a per-launch desktop key to the parent instead of printing them; run by `npm start` (no parent), it
 * is the headless server of start.ts.
 */
import { resolve } from 'node:path';
import { issueSessionKey } from '../keys/admin-key.ts';
import { readConfig } from '../config/environment.ts';
import { startServer } from './server.ts';
import { startHeadless } from './start.ts';

interface ParentPort {
  postMessage(msg: unknown): void;
  on(event: 'message', fn: (e: { data: unknown }) => void): void;
}
const parentPort = (process as unknown as { parentPort?: ParentPort }).parentPort;

// The bundle sits in out/main: the repository (or the packaged app) is two levels up.
const repoRoot = process.env.MATERIA_APP_ROOT ?? resolve(import.meta.dirname, '../..');
if (!parentPort) await startHeadless(repoRoot);
else {
  try {
    const running = await startServer(readConfig(process.env, repoRoot), repoRoot, undefined, { warmUp: true });
    const key = issueSessionKey(running.materia.context.keys, 'desktop session');
    parentPort.postMessage({ type: 'ready', url: running.url, key });
    parentPort.on('message', (e) => {
      if ((e.data as { type?: string })?.type === 'shutdown') void running.close().then(() => process.exit(0));
    });
  } catch (err) {
    parentPort.postMessage({ type: 'error', message: err instanceof Error ? err.message : String(err) });
    process.exit(1);
  }
}
