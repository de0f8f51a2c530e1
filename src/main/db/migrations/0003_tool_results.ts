import type { Migration } from '../migrate.ts';

/** Tool results the user chose to keep (save: true); insights read them. */
export default {
  version: 3,
  name: '0003_tool_results',
  sql: `
    CREATE TABLE tool_results (
      id TEXT PRIMARY KEY,
      tool TEXT NOT NULL,
      input TEXT NOT NULL,
      output TEXT NOT NULL,
      created_at TEXT NOT NULL,
      api_key_id TEXT
    );
    CREATE INDEX tool_results_tool ON tool_results(tool, created_at);
  `,
} satisfies Migration;
