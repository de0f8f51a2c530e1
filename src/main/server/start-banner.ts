/**
 * What `npm start` prints. Terminal output ends up in logs, CI artefacts and screen shares, so it carries no key: the web
 * UI link holds a one-time code (spent when the page opens it, dead after SESSION_CODE_TTL_MINUTES), and the admin key
 * is named by the file it is in.
 */
import { resolve } from 'node:path';
import { SESSION_CODE_TTL_MINUTES } from '../../shared/schemas/session.ts';
import type { ServerConfig } from '../config/environment.ts';
import type { RunningServer } from './server.ts';

export function startBanner(
  running: Pick<RunningServer, 'url' | 'materia' | 'admin' | 'semantic' | 'webUiLink'>,
  config: ServerConfig,
): string[] {
  const lines = [`Materia API listening on ${running.url}/v1 (data: ${config.dataDir})`];
  if (running.materia.hasRenderer) {
    lines.push(`  web UI:  ${running.webUiLink()}  (opens the UI once, within ${SESSION_CODE_TTL_MINUTES} minutes)`);
    // the admin key reaches curl on its input (printf is a shell builtin): never in an argv that ps shows to others
    const key = running.admin.fromEnv ? '"$MATERIA_API_KEY"' : `"$(cat '${resolve(config.dataDir, 'admin-key')}')"`;
    lines.push(
      `           another link: printf 'X-API-Key: %s\\n' ${key} | curl -H @- -X POST ${running.url}/v1/session/codes`,
    );
  } else lines.push('  web UI:  not built (run npm run build to serve it here)');
  lines.push(`  health:  ${running.url}/v1/health`, `  OpenAPI: ${running.url}/v1/openapi.json`);
  lines.push(
    `  MCP:     ${running.url}/mcp (AI agents: Streamable HTTP with an API key, or npm run --silent mcp:stdio)`,
  );
  if (running.admin.fromEnv) lines.push('  admin key: the one given in MATERIA_API_KEY');
  else if (running.admin.file) lines.push(`  admin key: created and written to ${running.admin.file} (mode 0600)`);
  else lines.push(`  admin key: in ${resolve(config.dataDir, 'admin-key')} (created on first start)`);
  if (running.semantic.available)
    lines.push(`  search: loading ${config.model.modelId} and its vectors (lexical until ready; see /v1/health)`);
  else lines.push(`  search: lexical only — ${running.semantic.status().reason}`);
  lines.push(
    `  chat:    ${config.llm ? `answers phrased by ${config.llm.model} at ${config.llm.url}` : 'answers composed from the evidence (no language model configured)'}`,
  );
  return lines;
}
