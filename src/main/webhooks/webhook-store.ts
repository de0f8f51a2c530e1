/** SQL of webhook endpoints, the outbox (messages), deliveries and attempts. No HTTP, no timers. */
import type { Db } from '../db/connection.ts';
import type { WebhookEventType } from '../../shared/schemas/webhooks.ts';

export interface EndpointRow {
  id: string;
  url: string;
  description: string | null;
  events: string;
  secret: string;
  enabled: 0 | 1;
  disabled_reason: 'gone' | 'failing' | null;
  disabled_at: string | null;
  created_at: string;
  created_by: string | null;
}

export interface DeliveryRow {
  id: string;
  message_id: string;
  endpoint_id: string;
  status: 'pending' | 'succeeded' | 'failed';
  max_attempts: number;
  attempt_count: number;
  next_attempt_at: string | null;
  last_status_code: number | null;
  last_error: string | null;
  created_at: string;
  completed_at: string | null;
  /** from the message */
  type: string;
  payload: string;
}

export interface AttemptRow {
  delivery_id: string;
  attempted_at: string;
  duration_ms: number;
  status_code: number | null;
  error: string | null;
}

const DELIVERY_SELECT = `SELECT d.*, m.type, m.payload FROM webhook_deliveries d JOIN webhook_messages m ON m.id = d.message_id`;

export class WebhookStore {
  constructor(readonly db: Db) {}

  insertEndpoint(e: Omit<EndpointRow, 'enabled' | 'disabled_reason' | 'disabled_at'>): void {
    this.db
      .prepare(
        `INSERT INTO webhook_endpoints (id, url, description, events, secret, created_at, created_by)
      VALUES (@id, @url, @description, @events, @secret, @created_at, @created_by)`,
      )
      .run(e);
  }

  endpoint(id: string): EndpointRow | undefined {
    return this.db.prepare<[string], EndpointRow>('SELECT * FROM webhook_endpoints WHERE id = ?').get(id);
  }

  endpoints(): EndpointRow[] {
    return this.db.prepare<[], EndpointRow>('SELECT * FROM webhook_endpoints ORDER BY created_at, rowid').all();
  }

  countEndpoints(): number {
    return this.db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM webhook_endpoints').get()!.n;
  }

  deleteEndpoint(id: string): boolean {
    return this.db.prepare('DELETE FROM webhook_endpoints WHERE id = ?').run(id).changes > 0;
  }

  disable(id: string, reason: 'gone' | 'failing', at: string): void {
    this.db
      .prepare(
        'UPDATE webhook_endpoints SET enabled = 0, disabled_reason = ?, disabled_at = ? WHERE id = ? AND enabled = 1',
      )
      .run(reason, at, id);
  }

  /** Enables an endpoint and makes its paused deliveries due now. */
  enable(id: string, now: string): void {
    this.db.transaction(() => {
      this.db
        .prepare('UPDATE webhook_endpoints SET enabled = 1, disabled_reason = NULL, disabled_at = NULL WHERE id = ?')
        .run(id);
      this.db
        .prepare("UPDATE webhook_deliveries SET next_attempt_at = ? WHERE endpoint_id = ? AND status = 'pending'")
        .run(now, id);
    })();
  }

  /** Enabled endpoints subscribed to an event type. */
  subscribers(type: WebhookEventType): EndpointRow[] {
    return this.db
      .prepare<[string], EndpointRow>(
        `SELECT * FROM webhook_endpoints
      WHERE enabled = 1 AND EXISTS (SELECT 1 FROM json_each(webhook_endpoints.events) WHERE value = ?) ORDER BY created_at, rowid`,
      )
      .all(type);
  }

  insertMessage(m: { id: string; type: string; payload: string; created_at: string }): void {
    this.db
      .prepare(
        'INSERT INTO webhook_messages (id, type, payload, created_at) VALUES (@id, @type, @payload, @created_at)',
      )
      .run(m);
  }

  insertDelivery(d: {
    id: string;
    message_id: string;
    endpoint_id: string;
    max_attempts: number;
    created_at: string;
  }): void {
    this.db
      .prepare(
        `INSERT INTO webhook_deliveries (id, message_id, endpoint_id, status, max_attempts, next_attempt_at, created_at)
      VALUES (@id, @message_id, @endpoint_id, 'pending', @max_attempts, @created_at, @created_at)`,
      )
      .run(d);
  }

  delivery(id: string): DeliveryRow | undefined {
    return this.db.prepare<[string], DeliveryRow>(`${DELIVERY_SELECT} WHERE d.id = ?`).get(id);
  }

  /** Pending deliveries of enabled endpoints whose next try is due, oldest due first. */
  due(now: string, limit: number): DeliveryRow[] {
    return this.db
      .prepare<[string, number], DeliveryRow>(
        `${DELIVERY_SELECT} JOIN webhook_endpoints e ON e.id = d.endpoint_id
      WHERE d.status = 'pending' AND d.next_attempt_at <= ? AND e.enabled = 1 ORDER BY d.next_attempt_at, d.rowid LIMIT ?`,
      )
      .all(now, limit);
  }

  page(
    endpointId: string,
    status: string | undefined,
    limit: number,
    offset: number,
  ): { total: number; rows: DeliveryRow[] } {
    const where = `WHERE d.endpoint_id = @endpointId${status ? ' AND d.status = @status' : ''}`;
    const params = { endpointId, ...(status ? { status } : {}) };
    const total = this.db
      .prepare<Record<string, string>, { n: number }>(`SELECT COUNT(*) AS n FROM webhook_deliveries d ${where}`)
      .get(params)!.n;
    const rows = this.db
      .prepare<Record<string, string | number>, DeliveryRow>(
        `${DELIVERY_SELECT} ${where} ORDER BY d.created_at DESC, d.rowid DESC LIMIT @limit OFFSET @offset`,
      )
      .all({ ...params, limit, offset });
    return { total, rows };
  }

  attempts(deliveryIds: readonly string[]): Map<string, AttemptRow[]> {
    const out = new Map<string, AttemptRow[]>(deliveryIds.map((id) => [id, []]));
    if (!deliveryIds.length) return out;
    const rows = this.db
      .prepare<string[], AttemptRow>(
        `SELECT delivery_id, attempted_at, duration_ms, status_code, error FROM webhook_attempts
      WHERE delivery_id IN (${deliveryIds.map(() => '?').join(', ')}) ORDER BY id`,
      )
      .all(...deliveryIds);
    for (const r of rows) out.get(r.delivery_id)!.push(r);
    return out;
  }

  /** One try and its consequence for the delivery, in one transaction. */
  recordAttempt(
    a: AttemptRow,
    next: { status: DeliveryRow['status']; next_attempt_at: string | null; completed_at: string | null },
  ): void {
    this.db.transaction(() => {
      this.db
        .prepare(
          `INSERT INTO webhook_attempts (delivery_id, attempted_at, duration_ms, status_code, error)
        VALUES (@delivery_id, @attempted_at, @duration_ms, @status_code, @error)`,
        )
        .run(a);
      this.db
        .prepare(
          `UPDATE webhook_deliveries SET attempt_count = attempt_count + 1, status = @status, next_attempt_at = @next_attempt_at,
        completed_at = @completed_at, last_status_code = @status_code, last_error = @error WHERE id = @id`,
        )
        .run({ ...next, status_code: a.status_code, error: a.error, id: a.delivery_id });
    })();
  }

  getSetting(key: string): string | null {
    return (
      this.db.prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?').get(key)?.value ?? null
    );
  }

  setSetting(key: string, value: string): void {
    this.db
      .prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value')
      .run(key, value);
  }
}
