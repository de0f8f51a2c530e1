/**
 * The delivery worker of the API server process: wakes when an event is queued and at a fixed interval (for retries
 * that come due), and sends what is due. Started and stopped with the server (server.ts). Tests drive it with
 * `runDue()` and the app's controllable clock instead of the timer.
 */
import type { WebhookService } from './webhook-service.ts';

export interface DeliveryWorkerOptions {
  /** How often to look for due retries; default 1 s. */
  intervalMs?: number;
  log?: (msg: string, err?: unknown) => void;
}

export class DeliveryWorker {
  private timer: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;
  private readonly passes = new Set<Promise<number>>();
  private stopped = true;

  constructor(
    private readonly service: WebhookService,
    private readonly opts: DeliveryWorkerOptions = {},
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.unsubscribe = this.service.onQueued(() => this.tick());
    this.timer = setInterval(() => this.tick(), this.opts.intervalMs ?? 1000);
    this.timer.unref();
    this.tick();
  }

  /** Stops the timer, cuts sends in progress short (they stay pending, for the next start) and waits for them to settle. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.service.abortInFlight();
    await Promise.allSettled([...this.passes]);
  }

  /** Sends what is due now (deliveries already being sent are left to their pass); resolves with how many were tried. */
  runDue(): Promise<number> {
    const pass = this.service.deliverDue();
    this.passes.add(pass);
    void pass.catch(() => undefined).finally(() => this.passes.delete(pass));
    return pass;
  }

  private tick(): void {
    if (this.stopped) return;
    this.runDue().catch((err: unknown) => this.opts.log?.('webhook delivery pass failed', err));
  }
}
