/** Configuration from the environment (README "Configuration"). Invalid values stop the start with a clear message. */
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { DEFAULT_MODEL, type ModelConfig } from '../search/model-files.ts';

export interface ServerConfig {
  port: number;
  dataDir: string;
  contentDb: string;
  apiKey: string | undefined;
  model: ModelConfig;
}

export function defaultDataDir(platform = process.platform, env = process.env): string {
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'Materia');
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Materia');
  return join(env.XDG_DATA_HOME ?? join(homedir(), '.local', 'share'), 'materia');
}

export function readConfig(env: NodeJS.ProcessEnv, repoRoot: string): ServerConfig {
  const rawPort = env.MATERIA_PORT ?? '3737';
  if (!/^\d+$/.test(rawPort) || Number(rawPort) > 65535) throw new Error(`MATERIA_PORT must be a port number 0-65535 (0 picks a free port), got "${rawPort}"`);
  return {
    port: Number(rawPort),
    dataDir: resolve(env.MATERIA_DATA_DIR ?? defaultDataDir()),
    contentDb: resolve(env.MATERIA_CONTENT_DB ?? join(repoRoot, 'resources/db/content.sqlite')),
    apiKey: env.MATERIA_API_KEY?.trim() || undefined,
    model: {
      modelId: env.MATERIA_MODEL?.trim() || DEFAULT_MODEL,
      modelDir: resolve(env.MATERIA_MODEL_DIR ?? join(repoRoot, 'resources/models')),
    },
  };
}
