/**
 * Server-sent events on an HTTP response: `event:` + `data:` (one JSON line, so newlines and "data:" inside the
 * text can never break the framing), comment-line heartbeats while the answer is being worked on, and backpressure:
 * when the socket buffer is full, the next event waits for 'drain' (or 'close', when the client has gone).
 */
import { once } from 'node:events';
import type { Response } from 'express';

export const DEFAULT_HEARTBEAT_MS = 15_000;

export class SseWriter {
  private heartbeat: NodeJS.Timeout | null = null;
  private gone = false;

  constructor(
    private readonly res: Response,
    private readonly heartbeatMs: number,
    onClientGone: () => void,
  ) {
    // 'close' on the response (not the request): fires when the connection ends before we finished writing.
    res.once('close', () => {
      this.stopHeartbeat();
      if (!res.writableFinished) {
        this.gone = true;
        onClientGone();
      }
    });
  }

  open(): void {
    this.res.status(200);
    this.res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    this.res.setHeader('Connection', 'keep-alive');
    this.res.setHeader('X-Accel-Buffering', 'no');
    this.res.flushHeaders();
    this.heartbeat = setInterval(() => {
      if (!this.gone && this.res.writableLength === 0) this.res.write(': heartbeat\n\n');
    }, this.heartbeatMs);
  }

  get closed(): boolean {
    return this.gone || this.res.destroyed;
  }

  async send(event: string, data: unknown): Promise<void> {
    if (this.closed) return;
    if (!this.res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`) && !this.closed) {
      await Promise.race([once(this.res, 'drain'), once(this.res, 'close')]);
    }
  }

  end(): void {
    this.stopHeartbeat();
    if (!this.closed) this.res.end();
  }

  private stopHeartbeat(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }
}
