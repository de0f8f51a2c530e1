/** The admin key every install starts with (DESIGN.md §5 "Auth"). */
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SCOPES, SESSION_SCOPES } from '../../shared/enums.ts';
import type { KeyStore } from './key-store.ts';

export interface AdminKeyOutcome {
  /** Where the generated key was written, when one was generated on this start. */
  file: string | null;
  /** True when MATERIA_API_KEY was registered. */
  fromEnv: boolean;
}

/**
 * A key for one launch of a UI (the browser page or the desktop window): the previous launch's key of the same name is
 * revoked, so at most one such key works at a time. It has SESSION_SCOPES (no admin): see there.
 */
export function issueSessionKey(store: KeyStore, name: 'browser session' | 'desktop session'): string {
  for (const k of store.list()) if (k.name === name && !k.revoked_at) store.revoke(k.id);
  return store.create(name, [...SESSION_SCOPES]).key;
}

export function ensureAdminKey(store: KeyStore, dataDir: string, envKey: string | undefined): AdminKeyOutcome {
  if (envKey) {
    store.register(envKey, 'MATERIA_API_KEY', SCOPES);
    return { file: null, fromEnv: true };
  }
  if (store.hasActiveAdmin()) return { file: null, fromEnv: false };
  const { key } = store.create('admin (first start)', SCOPES);
  const file = join(dataDir, 'admin-key');
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return { file, fromEnv: false };
}
