/**
 * `npm start` (prestart), in one process: installs the embedding model if it is missing, and rebuilds the content
 * database and the app bundles only when their inputs changed. Each check first asks a stat stamp
 * (src/main/cli/stat-stamp.ts), so a start with nothing changed reads no input file; what the stamps cannot vouch for is
 * hashed as before. Heavy code (the content build) is loaded only when it has work to do.
 */
import { relative, resolve } from 'node:path';
import { modelFetch, reportFetchFailure } from '../main/search/model-fetch.ts';
import { appIsBuilt, buildApp } from './build-app-if-changed.ts';
import { contentFreshness, describeFreshness } from './content-inputs.ts';
import { DEFAULT_CONTENT_DB, sharedDataDir } from './paths.ts';

const started = performance.now();
const log = (line: string) => console.log(line);

try {
  await modelFetch({ ifMissing: true, log });
} catch (err) {
  reportFetchFailure(err);
}

const contentDb = resolve(process.env.MATERIA_CONTENT_DB ?? DEFAULT_CONTENT_DB);
try {
  const freshness = contentFreshness(contentDb, sharedDataDir());
  log(`${describeFreshness(freshness)}: ${relative(process.cwd(), contentDb)}`);
  if (freshness !== 'fresh') await (await import('./build-content.ts')).buildContentAndReport(contentDb);
} catch (err) {
  console.error(`content build failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}

if (appIsBuilt()) log('app bundles are up to date with their sources');
else {
  log('app sources changed since the last build: electron-vite build');
  const status = buildApp();
  if (status !== 0) process.exit(status);
}
log(`start checks done in ${Math.round(performance.now() - started)} ms`);
