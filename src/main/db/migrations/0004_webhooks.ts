import type { Migration } from '../migrate.ts';

/**
 * Webhooks: registered endpoints, the outbox (one message per event, written in the same transaction as the change
 * that caused it), one delivery per message and endpoint, and every attempt of a delivery.
 */
export default {
  version: 4,
  name: '0004_webhooks',
  sql: `
    CREATE TABLE webhook_endpoints (
      id TEXT PRIMARY KEY,
      url TEXT NOT NULL,
      description TEXT,
      events TEXT NOT NULL,
      secret TEXT NOT NULL,
      enabled INTEGER NOT NULL DEFAULT 1,
      disabled_reason TEXT,
      disabled_at TEXT,
      created_at TEXT NOT NULL,
      created_by TEXT
    );
    CREATE TABLE webhook_messages (
      id TEXT PRIMARY KEY,
      type TEXT NOT NULL,
      payload TEXT NOT NULL,
      created_at TEXT NOT NULL
    );
    CREATE TABLE webhook_deliveries (
      id TEXT PRIMARY KEY,
      message_id TEXT NOT NULL REFERENCES webhook_messages(id) ON DELETE CASCADE,
      endpoint_id TEXT NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
      status TEXT NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
      max_attempts INTEGER NOT NULL,
      attempt_count INTEGER NOT NULL DEFAULT 0,
      next_attempt_at TEXT,
      last_status_code INTEGER,
      last_error TEXT,
      created_at TEXT NOT NULL,
      completed_at TEXT
    );
    CREATE INDEX webhook_deliveries_due ON webhook_deliveries(status, next_attempt_at);
    CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries(endpoint_id, created_at);
    CREATE TABLE webhook_attempts (
      id INTEGER PRIMARY KEY,
      delivery_id TEXT NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
      attempted_at TEXT NOT NULL,
      duration_ms INTEGER NOT NULL,
      status_code INTEGER,
      error TEXT
    );
    CREATE INDEX webhook_attempts_delivery ON webhook_attempts(delivery_id, id);
  `,
} satisfies Migration;
