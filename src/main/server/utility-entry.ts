/**
 * Entry of the API server when Electron's main process forks it as a utilityProcess: the same server as `npm start`,
 * reporting its address and a per-launch desktop key to the parent instead of printing them.
 */
import { resolve } from 'node:path';
import { issueSessionKey } from '../keys/admin-key.ts';
import { readConfig } from './config.ts';
import { startServer } from './server.ts';

interface ParentPort { postMessage(msg: unknown): void; on(event: 'message', fn: (e: { data: unknown }) => void): void }
const parentPort = (process as unknown as { parentPort?: ParentPort }).parentPort;

const repoRoot = process.env.MATERIA_APP_ROOT ?? resolve(import.meta.dirname, '../..');
try {
  const running = await startServer(readConfig(process.env, repoRoot), repoRoot);
  const key = issueSessionKey(running.materia.context.keys, 'desktop session');
  parentPort?.postMessage({ type: 'ready', url: running.url, key });
  parentPort?.on('message', (e) => {
    if ((e.data as { type?: string })?.type === 'shutdown') void running.close().then(() => process.exit(0));
  });
} catch (err) {
  parentPort?.postMessage({ type: 'error', message: err instanceof Error ? err.message : String(err) });
  process.exit(1);
}
