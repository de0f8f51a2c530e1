/**
 * The headless server as `npm start` runs it: prints where it listens (start-banner.ts), draws the embedding progress,
 * and stops on SIGINT/SIGTERM. Run from the server bundle (out/main/server.js, entry utility-entry.ts), not from source:
 * plain Node loads one bundled file in a fraction of the time tsx takes to load and transform the ~250 source modules.
 */
import { readConfig } from '../config/environment.ts';
import { startServer } from './server.ts';
import { startBanner } from './start-banner.ts';
import { progressReporter } from '../cli/progress-bar.ts';

export async function startHeadless(repoRoot: string): Promise<void> {
  try {
    const config = readConfig(process.env, repoRoot);
    const bar = progressReporter('  embedding index');
    // Nothing to embed (the bundled vectors cover everything) draws no bar.
    const running = await startServer(
      config,
      repoRoot,
      (done, total) => {
        if (total > 0) bar(done, total);
      },
      { warmUp: true },
    );
    for (const line of startBanner(running, config)) console.log(line);
    if (running.semantic.available) {
      void running.indexing.then(() => {
        const bundled = running.semantic.bundledCount;
        console.log(
          `  search: ${running.semantic.status().reason}${bundled ? ` (${bundled} vectors bundled with the content database)` : ''}`,
        );
      });
    }
    const stop = () => {
      void running.close().then(() => process.exit(0));
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  } catch (err) {
    console.error(`Materia could not start: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}
