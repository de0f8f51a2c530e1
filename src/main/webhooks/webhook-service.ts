/**
 * Webhooks (DESIGN.md §5): endpoints, the outbox and delivery. `emit` writes the event into the outbox inside the
 * caller's transaction, so the change and its event commit together or not at all; the delivery worker (and the test
 * route) send what is due through `attempt`, signed with Standard Webhooks, through the SSRF guard, and record every try.
 */
import { DatabaseBusyError, retryWhileBusy } from '../db/busy.ts';
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import type { Db } from '../db/connection.ts';
import type { z } from 'zod';
import {
  MAX_WEBHOOKS,
  type AddressCheck,
  type Delivery,
  type WebhookCreateRequest,
  type WebhookEventType,
  type WebhookRecord,
  type WebhookSettings,
} from '../../shared/schemas/webhooks.ts';
import { MAX_EVENT_ATTEMPTS, retryDelay } from './retry-schedule.ts';
import { sendWebhook, DEFAULT_TIMEOUT_MS, type SendOutcome } from './sender.ts';
import { guardTarget, hostNameKind, type GuardResult, type Lookup } from './target-guard.ts';
import { WebhookStore, type DeliveryRow, type EndpointRow } from './webhook-store.ts';

/** Input that passes the schema but cannot be accepted (a refused URL, too many endpoints): a 400 naming the field. */
export class WebhookInputError extends Error {
  constructor(
    message: string,
    readonly details: { field: string; message: string }[],
  ) {
    super(message);
  }
}

export const ALLOW_PRIVATE_SETTING = 'webhooks.allow_private_targets';

export interface WebhookServiceOptions {
  now: () => number;
  /** MATERIA_WEBHOOKS_ALLOW_PRIVATE=1 at start. */
  allowPrivateEnv?: boolean;
  /** Jitter source for retry delays. */
  random?: () => number;
  timeoutMs?: number;
  lookup?: Lookup;
  userAgent?: string;
}

/** Alphanumeric random id with a prefix (wh_, msg_, dlv_). */
export function randomId(prefix: string, bytes = 18): string {
  return `${prefix}${randomBytes(bytes)
    .toString('base64url')
    .replace(/[-_]/g, (c) => (c === '-' ? 'x' : 'z'))}`;
}

/** A whsec_ secret: base64 of 32 random bytes, the Standard Webhooks format. */
export const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

const toRecord = (e: EndpointRow): WebhookRecord => ({
  id: e.id,
  url: e.url,
  description: e.description,
  events: JSON.parse(e.events) as WebhookEventType[],
  enabled: e.enabled === 1,
  disabled_reason: e.disabled_reason,
  disabled_at: e.disabled_at,
  created_at: e.created_at,
});

export class WebhookService {
  readonly store: WebhookStore;
  private readonly ownPorts = new Set<number>();
  private readonly listeners = new Set<() => void>();
  private readonly inFlight = new Set<string>();
  private shutdown = new AbortController();

  constructor(
    readonly db: Db,
    private readonly opts: WebhookServiceOptions,
  ) {
    this.store = new WebhookStore(db);
  }

  private iso(ms = this.opts.now()) {
    return new Date(ms).toISOString();
  }

  /** This app's listening port: never a webhook target. */
  setOwnPort(port: number): void {
    this.ownPorts.add(port);
  }

  settings(): z.infer<typeof WebhookSettings> {
    const stored = this.store.getSetting(ALLOW_PRIVATE_SETTING) === 'true';
    const env = this.opts.allowPrivateEnv ?? false;
    return { allow_private_targets: stored, env_allow_private: env, effective: stored || env };
  }

  setAllowPrivate(allow: boolean): void {
    this.store.setSetting(ALLOW_PRIVATE_SETTING, allow ? 'true' : 'false');
  }

  guard(url: string, extraPort?: number): Promise<GuardResult> {
    const ownPorts = new Set(this.ownPorts);
    if (extraPort) ownPorts.add(extraPort);
    return guardTarget(url, { allowLocal: this.settings().effective, ownPorts, lookup: this.opts.lookup });
  }

  /** Registers an endpoint; `requestPort` is the port the request came in on (this app's own). */
  async register(input: z.output<typeof WebhookCreateRequest>, createdBy: string | null, requestPort?: number) {
    if (this.store.countEndpoints() >= MAX_WEBHOOKS) {
      throw new WebhookInputError(`at most ${MAX_WEBHOOKS} webhook endpoints can be registered; delete one first`, [
        { field: 'url', message: 'too many endpoints' },
      ]);
    }
    const address_check = await this.admissionCheck(input.url, requestPort);
    const id = randomId('wh_');
    const secret = newSecret();
    this.store.insertEndpoint({
      id,
      url: input.url,
      description: input.description || null,
      events: JSON.stringify(input.events),
      secret,
      created_at: this.iso(),
      created_by: createdBy,
    });
    return { ...this.get(id)!, secret, address_check };
  }

  /**
   * The address guard when an endpoint is registered or re-enabled. An offline-first app must let the user add an
   * endpoint while offline, so a public host name that does not resolve now is accepted, and the answer says so;
   * every delivery checks the addresses again (and refuses, then retries, while the name does not resolve).
   */
  private async admissionCheck(url: string, requestPort?: number): Promise<AddressCheck> {
    const check = await this.guard(url, requestPort);
    if (check.ok) {
      const host = check.target.host;
      return {
        status: 'verified',
        message:
          host === check.target.address
            ? `${host} is an allowed address`
            : `${host} resolves to ${check.target.address}, an allowed address`,
      };
    }
    if (check.unresolved) {
      const kind = hostNameKind(check.unresolved.host);
      if (kind === 'public' || (kind === 'local' && this.settings().effective)) {
        return {
          status: 'unresolved',
          message: `${check.reason}: accepted for now; its addresses are checked before every delivery, which waits (with retries) until the name resolves to an allowed address`,
        };
      }
      if (kind === 'local') {
        const reason = `${check.unresolved.host} is a local name; enable local webhook targets (PUT /v1/webhooks/settings) to allow it`;
        throw new WebhookInputError(`webhook URL refused: ${reason}`, [{ field: 'url', message: reason }]);
      }
    }
    throw new WebhookInputError(`webhook URL refused: ${check.reason}`, [{ field: 'url', message: check.reason }]);
  }

  get(id: string): WebhookRecord | null {
    const e = this.store.endpoint(id);
    return e ? toRecord(e) : null;
  }

  list(): WebhookRecord[] {
    return this.store.endpoints().map(toRecord);
  }

  delete(id: string): WebhookRecord | null {
    const rec = this.get(id);
    if (rec) this.store.deleteEndpoint(id);
    return rec;
  }

  async enable(id: string, requestPort?: number): Promise<WebhookRecord | null> {
    const rec = this.get(id);
    if (!rec) return null;
    await this.admissionCheck(rec.url, requestPort);
    this.store.enable(id, this.iso());
    this.wake();
    return this.get(id);
  }

  /**
   * Puts an event in the outbox for every enabled endpoint subscribed to it. Call it inside the transaction of the
   * change it reports. Returns the message id (the webhook-id), or null when nobody is subscribed.
   */
  emit(type: WebhookEventType, data: unknown): string | null {
    const subscribers = this.store.subscribers(type);
    if (!subscribers.length) return null;
    const now = this.iso();
    const id = randomId('msg_');
    this.db.transaction(() => {
      this.store.insertMessage({ id, type, payload: JSON.stringify({ type, timestamp: now, data }), created_at: now });
      for (const e of subscribers)
        this.store.insertDelivery({
          id: randomId('dlv_'),
          message_id: id,
          endpoint_id: e.id,
          max_attempts: MAX_EVENT_ATTEMPTS,
          created_at: now,
        });
    })();
    this.wake();
    return id;
  }

  /** Subscribes to "something was queued" (the delivery worker); returns the unsubscribe function. */
  onQueued(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private wake() {
    // After the current synchronous work, i.e. after the caller's transaction has committed.
    if (this.listeners.size)
      queueMicrotask(() => {
        for (const fn of this.listeners) fn();
      });
  }

  /** Sends a ping to one endpoint now (even a disabled one): one attempt, no retries. */
  async test(id: string): Promise<Delivery | null> {
    const e = this.store.endpoint(id);
    if (!e) return null;
    const now = this.iso();
    const messageId = randomId('msg_');
    const deliveryId = randomId('dlv_');
    this.db.transaction(() => {
      this.store.insertMessage({
        id: messageId,
        type: 'ping',
        created_at: now,
        payload: JSON.stringify({
          type: 'ping',
          timestamp: now,
          data: { webhook_id: id, message: 'Test delivery from Materia' },
        }),
      });
      this.store.insertDelivery({
        id: deliveryId,
        message_id: messageId,
        endpoint_id: id,
        max_attempts: 1,
        created_at: now,
      });
    })();
    await this.attempt(this.store.delivery(deliveryId)!);
    return this.view(this.store.delivery(deliveryId)!);
  }

  /**
   * Starts a try of every due delivery that is not already being sent, keeping at most `maxInFlight` sends open (a slow
   * or hanging endpoint holds one slot until its timeout, never the others); resolves when the tries it started are
   * recorded, with how many it started.
   */
  async deliverDue(maxInFlight = 8): Promise<number> {
    const room = Math.max(0, maxInFlight - this.inFlight.size);
    const due = this.store
      .due(this.iso(), maxInFlight + this.inFlight.size)
      .filter((d) => !this.inFlight.has(d.id))
      .slice(0, room);
    await Promise.all(due.map((d) => this.attempt(d)));
    return due.length;
  }

  /** Aborts sends in progress (server shutdown): their deliveries stay pending, unchanged, and are sent after the next start. */
  abortInFlight(): void {
    this.shutdown.abort();
    this.shutdown = new AbortController();
  }

  private async attempt(d: DeliveryRow): Promise<void> {
    if (this.inFlight.has(d.id)) return;
    const endpoint = this.store.endpoint(d.endpoint_id);
    if (!endpoint) return;
    this.inFlight.add(d.id);
    try {
      const attemptedAt = this.opts.now();
      const check = await this.guard(endpoint.url);
      let outcome: SendOutcome;
      if (!check.ok) outcome = { statusCode: null, error: `refused: ${check.reason}`, durationMs: 0, aborted: false };
      else {
        const signedAt = this.opts.now();
        const headers = {
          'webhook-id': d.message_id,
          'webhook-timestamp': String(Math.floor(signedAt / 1000)),
          'webhook-signature': new Webhook(endpoint.secret).sign(d.message_id, new Date(signedAt), d.payload),
          'user-agent': this.opts.userAgent ?? 'Materia-Webhooks',
        };
        outcome = await sendWebhook(check.target, d.payload, headers, {
          timeoutMs: this.opts.timeoutMs ?? DEFAULT_TIMEOUT_MS,
          signal: this.shutdown.signal,
        });
      }
      if (outcome.aborted) return;
      const finishedAt = this.opts.now();
      // The receiver has it now, so the try is recorded whatever it takes: while another process (npm run import) holds
      // the write lock this waits from a timer, with the delivery kept in flight so that it is not sent again meanwhile.
      // Only a shutdown stops the waiting; the delivery then stays pending and is sent once more after the next start
      // (receivers deduplicate on webhook-id).
      const shutdown = this.shutdown.signal;
      await retryWhileBusy(() => this.record(d, endpoint, attemptedAt, finishedAt, outcome), {
        deadlineMs: Infinity,
        signal: shutdown,
      }).catch((err: unknown) => {
        if (!(err instanceof DatabaseBusyError)) throw err;
      });
    } finally {
      this.inFlight.delete(d.id);
    }
  }

  private record(d: DeliveryRow, endpoint: EndpointRow, attemptedAt: number, finishedAt: number, o: SendOutcome): void {
    const now = this.iso();
    const attempt = {
      delivery_id: d.id,
      attempted_at: this.iso(attemptedAt),
      duration_ms: o.durationMs,
      status_code: o.statusCode,
      error: o.error,
    };
    const ok = o.statusCode !== null && o.statusCode >= 200 && o.statusCode < 300;
    const gone = o.statusCode === 410;
    const failures = d.attempt_count + 1;
    const delay = ok || gone || failures >= d.max_attempts ? null : retryDelay(failures, this.opts.random);
    this.db.transaction(() => {
      if (!this.store.delivery(d.id)) return; // the endpoint was deleted meanwhile
      if (ok) this.store.recordAttempt(attempt, { status: 'succeeded', next_attempt_at: null, completed_at: now });
      // The pause counts from the end of the try: a receiver that hung until the timeout still gets the whole pause.
      else if (delay !== null)
        this.store.recordAttempt(attempt, {
          status: 'pending',
          next_attempt_at: this.iso(finishedAt + delay),
          completed_at: null,
        });
      else this.store.recordAttempt(attempt, { status: 'failed', next_attempt_at: null, completed_at: now });
      if (gone) this.store.disable(endpoint.id, 'gone', now);
      else if (!ok && delay === null && d.max_attempts > 1) this.store.disable(endpoint.id, 'failing', now);
    })();
  }

  view(d: DeliveryRow, attempts = this.store.attempts([d.id]).get(d.id) ?? []): Delivery {
    return {
      id: d.id,
      webhook_id: d.endpoint_id,
      message_id: d.message_id,
      event_type: d.type,
      status: d.status,
      attempt_count: d.attempt_count,
      max_attempts: d.max_attempts,
      next_attempt_at: d.next_attempt_at,
      last_status_code: d.last_status_code,
      last_error: d.last_error,
      created_at: d.created_at,
      completed_at: d.completed_at,
      attempts: attempts.map(({ delivery_id: _id, ...a }) => a),
    };
  }

  deliveries(
    endpointId: string,
    q: { status?: Delivery['status']; limit: number; offset: number },
  ): { total: number; items: Delivery[] } {
    const { total, rows } = this.store.page(endpointId, q.status, q.limit, q.offset);
    const attempts = this.store.attempts(rows.map((r) => r.id));
    return { total, items: rows.map((r) => this.view(r, attempts.get(r.id))) };
  }
}
