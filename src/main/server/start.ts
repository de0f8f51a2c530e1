/** `npm start`: the headless API server. */
import { resolve } from 'node:path';
import { readConfig } from './config.ts';
import { startServer } from './server.ts';
import { progressReporter } from '../cli/progress-bar.ts';
import { SESSION_CODE_TTL_MINUTES } from '../../shared/schemas/session.ts';

const repoRoot = resolve(import.meta.dirname, '../../..');

try {
  const config = readConfig(process.env, repoRoot);
  const running = await startServer(config, repoRoot, progressReporter('  embedding index'));
  console.log(`Materia API listening on ${running.url}/v1 (data: ${config.dataDir})`);
  // A one-time code, not the key: once the page has used it (or after 15 minutes) this line is worth nothing to a log reader.
  if (running.materia.hasRenderer) {
    console.log(`  web UI:  ${running.webUiLink()}  (opens the UI once, within ${SESSION_CODE_TTL_MINUTES} minutes)`);
    console.log('           another link: POST /v1/session/codes with the admin key (docs/api.md "The web UI\'s key")');
  }
  else console.log('  web UI:  not built (run npm run build to serve it here)');
  console.log(`  health:  ${running.url}/v1/health`);
  console.log(`  OpenAPI: ${running.url}/v1/openapi.json`);
  if (running.admin.fromEnv) console.log('  admin key: the one given in MATERIA_API_KEY');
  else if (running.admin.file) console.log(`  admin key: created and written to ${running.admin.file} (mode 0600)`);
  else console.log(`  admin key: in ${resolve(config.dataDir, 'admin-key')} (created on first start)`);
  if (running.semantic.available) {
    console.log(`  search: building the embedding index for ${config.model.modelId} in the background (lexical until ready; see /v1/health)`);
    void running.indexing.then(() => console.log(`  search: ${running.semantic.status().reason}`));
  } else console.log(`  search: lexical only — ${running.semantic.status().reason}`);
  console.log(`  chat:    ${config.llm ? `answers phrased by ${config.llm.model} at ${config.llm.url}` : 'answers composed from the evidence (no language model configured)'}`);
  const stop = () => { void running.close().then(() => process.exit(0)); };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (err) {
  console.error(`Materia could not start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
