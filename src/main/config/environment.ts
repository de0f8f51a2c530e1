/**
 * Configuration from the environment (README "Configuration"). Invalid values stop the start with a clear message.
 * Every entry point reads it (the server, `npm run import`, `npm run mcp:stdio`), so it sits below them all.
 */
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { DEFAULT_MODEL, type ModelConfig } from '../search/model-files.ts';

/** The chat's optional OpenAI-compatible language model (MATERIA_LLM_*): read here, used by chat/llm.ts. */
export interface LlmConfig {
  /** base URL ("http://127.0.0.1:11434/v1") or the full ".../chat/completions" URL */
  url: string;
  model: string;
  apiKey?: string;
}

export interface ServerConfig {
  port: number;
  dataDir: string;
  contentDb: string;
  apiKey: string | undefined;
  model: ModelConfig;
  /** MATERIA_WEBHOOKS_ALLOW_PRIVATE=1: webhook URLs on this machine or the local network are allowed (scripts, tests). */
  webhooksAllowPrivate: boolean;
  /** MATERIA_LLM_URL + MATERIA_LLM_MODEL (+ MATERIA_LLM_API_KEY): an OpenAI-compatible endpoint that phrases chat answers; null: none. */
  llm: LlmConfig | null;
}

export function defaultDataDir(platform = process.platform, env = process.env): string {
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'Materia');
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Materia');
  return join(env.XDG_DATA_HOME ?? join(homedir(), '.local', 'share'), 'materia');
}

export function readConfig(env: NodeJS.ProcessEnv, repoRoot: string): ServerConfig {
  const rawPort = env.MATERIA_PORT ?? '3737';
  if (!/^\d+$/.test(rawPort) || Number(rawPort) > 65535)
    throw new Error(`MATERIA_PORT must be a port number 0-65535 (0 picks a free port), got "${rawPort}"`);
  const rawAllow = env.MATERIA_WEBHOOKS_ALLOW_PRIVATE?.trim() ?? '';
  if (!['', '0', '1', 'false', 'true'].includes(rawAllow))
    throw new Error(`MATERIA_WEBHOOKS_ALLOW_PRIVATE must be 1 or 0, got "${rawAllow}"`);
  return {
    port: Number(rawPort),
    webhooksAllowPrivate: rawAllow === '1' || rawAllow === 'true',
    llm: readLlmConfig(env),
    dataDir: resolve(env.MATERIA_DATA_DIR ?? defaultDataDir()),
    contentDb: resolve(env.MATERIA_CONTENT_DB ?? join(repoRoot, 'resources/db/content.sqlite')),
    apiKey: env.MATERIA_API_KEY?.trim() || undefined,
    model: {
      modelId: env.MATERIA_MODEL?.trim() || DEFAULT_MODEL,
      modelDir: resolve(env.MATERIA_MODEL_DIR ?? join(repoRoot, 'resources/models')),
    },
  };
}

/** The chat's optional language model: both URL and model, or neither. */
export function readLlmConfig(env: NodeJS.ProcessEnv): LlmConfig | null {
  const url = env.MATERIA_LLM_URL?.trim();
  const model = env.MATERIA_LLM_MODEL?.trim();
  if (!url && !model) return null;
  if (!url || !model)
    throw new Error(
      'MATERIA_LLM_URL and MATERIA_LLM_MODEL go together: set both (an OpenAI-compatible endpoint and its model name) or neither',
    );
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`MATERIA_LLM_URL must be an http(s) URL, got "${url}"`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new Error(`MATERIA_LLM_URL must be an http(s) URL, got "${url}"`);
  const apiKey = env.MATERIA_LLM_API_KEY?.trim();
  return { url, model, ...(apiKey ? { apiKey } : {}) };
}
