import type { Migration } from '../migrate.ts';

/** The user's profile (one row) and the insights found from it and the saved tool results, each stored once. */
export default {
  version: 5,
  name: '0005_insights',
  sql: `
    CREATE TABLE profile (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      sex TEXT,
      birth_year INTEGER,
      goals TEXT NOT NULL,
      compounds TEXT NOT NULL,
      medications TEXT NOT NULL,
      updated_at TEXT NOT NULL
    );
    CREATE TABLE insights (
      id TEXT PRIMARY KEY,
      fingerprint TEXT NOT NULL UNIQUE,
      kind TEXT NOT NULL,
      severity TEXT NOT NULL CHECK (severity IN ('warning', 'attention', 'info')),
      title TEXT NOT NULL,
      body TEXT NOT NULL,
      related_compounds TEXT NOT NULL,
      evidence TEXT NOT NULL,
      source_results TEXT NOT NULL,
      rule TEXT NOT NULL,
      created_at TEXT NOT NULL
    );
    CREATE INDEX insights_created ON insights(created_at);
  `,
} satisfies Migration;
