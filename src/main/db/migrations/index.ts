import type { Migration } from '../migrate.ts';
import m0001 from './0001_api_keys.ts';

/** In order; a shipped migration is never edited, only followed by a new one. */
export const USER_MIGRATIONS: readonly Migration[] = [m0001];
