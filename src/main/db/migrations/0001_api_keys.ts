import type { Migration } from '../migrate.ts';

export default {
  version: 1,
  name: '0001_api_keys',
  sql: `
    CREATE TABLE api_keys (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      prefix TEXT NOT NULL,
      secret_hash BLOB NOT NULL,
      scopes TEXT NOT NULL,
      created_at TEXT NOT NULL,
      last_used_at TEXT,
      expires_at TEXT,
      revoked_at TEXT,
      created_by TEXT REFERENCES api_keys(id)
    );
    CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  `,
} satisfies Migration;
