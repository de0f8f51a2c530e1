import type { Migration } from '../migrate.ts';
import m0001 from './0001_api_keys.ts';
import m0002 from './0002_imported_documents.ts';
import m0003 from './0003_tool_results.ts';

/** In order; a shipped migration is never edited, only followed by a new one. */
export const USER_MIGRATIONS: readonly Migration[] = [m0001, m0002, m0003];
