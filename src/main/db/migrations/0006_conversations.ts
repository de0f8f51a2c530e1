import type { Migration } from '../migrate.ts';

/** Chat history (POST /v1/chat/* with a conversation_id), read back by GET /v1/conversations for the desktop app. */
export default {
  version: 6,
  name: '0006_conversations',
  sql: `
    CREATE TABLE conversations (
      id TEXT PRIMARY KEY,
      title TEXT NOT NULL,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL,
      api_key_id TEXT
    );
    CREATE INDEX conversations_updated ON conversations(updated_at);
    CREATE TABLE conversation_messages (
      conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
      seq INTEGER NOT NULL,
      role TEXT NOT NULL CHECK (role IN ('user', 'assistant')),
      text TEXT NOT NULL,
      message_id TEXT,
      citations TEXT NOT NULL DEFAULT '[]',
      agents TEXT NOT NULL DEFAULT '[]',
      stop_reason TEXT,
      input_tokens INTEGER,
      output_tokens INTEGER,
      created_at TEXT NOT NULL,
      PRIMARY KEY (conversation_id, seq)
    );
  `,
} satisfies Migration;
