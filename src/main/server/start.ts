/** `npm start`: the headless API server. */
import { resolve } from 'node:path';
import { readConfig } from './config.ts';
import { startServer } from './server.ts';
import { startBanner } from './start-banner.ts';
import { progressReporter } from '../cli/progress-bar.ts';

const repoRoot = resolve(import.meta.dirname, '../../..');

try {
  const config = readConfig(process.env, repoRoot);
  const bar = progressReporter('  embedding index');
  // Nothing to embed (the bundled vectors cover everything) draws no bar.
  const running = await startServer(config, repoRoot, (done, total) => { if (total > 0) bar(done, total); });
  for (const line of startBanner(running, config)) console.log(line);
  if (running.semantic.available) {
    void running.indexing.then(() => {
      const bundled = running.semantic.bundledCount;
      console.log(`  search: ${running.semantic.status().reason}${bundled ? ` (${bundled} vectors bundled with the content database)` : ''}`);
    });
  }
  const stop = () => { void running.close().then(() => process.exit(0)); };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (err) {
  console.error(`Materia could not start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
