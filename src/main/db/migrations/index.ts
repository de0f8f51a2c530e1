import type { Migration } from '../migrate.ts';
import m0001 from './0001_api_keys.ts';
import m0002 from './0002_imported_documents.ts';
import m0003 from './0003_tool_results.ts';
import m0004 from './0004_webhooks.ts';
import m0005 from './0005_insights.ts';
import m0006 from './0006_conversations.ts';
import m0007 from './0007_imported_external_id.ts';

/** In order; a shipped migration is never edited, only followed by a new one. */
export const USER_MIGRATIONS: readonly Migration[] = [m0001, m0002, m0003, m0004, m0005, m0006, m0007];
