/**
 * How the browser page gets this launch's key without the key ever being printed: `npm start` prints a link with a
 * one-time code, and the page trades the code for the key (POST /v1/session). A code works once and for
 * SESSION_CODE_TTL_MINUTES; only its SHA-256 is kept, in memory, so it is gone with the process. A terminal log that
 * keeps the link keeps nothing usable once the page has opened it.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { SESSION_CODE_TTL_MINUTES } from '../../shared/schemas/session.ts';

const digest = (code: string) => createHash('sha256').update(code, 'utf8').digest();

export class SessionHandoff {
  private key: string | null = null;
  private readonly codes: { hash: Buffer; expiresAt: number }[] = [];

  constructor(
    private readonly now: () => number,
    private readonly ttlMs = SESSION_CODE_TTL_MINUTES * 60_000,
  ) {}

  /** The key the codes stand for (the launch's "browser session" key); without one, no code is issued. */
  attach(key: string): void {
    this.key = key;
  }

  get active(): boolean {
    return this.key !== null;
  }

  issue(): { code: string; expiresAt: number } {
    if (!this.key) throw new Error('no browser session key to hand off');
    this.prune();
    const code = randomBytes(32).toString('base64url');
    const expiresAt = this.now() + this.ttlMs;
    this.codes.push({ hash: digest(code), expiresAt });
    return { code, expiresAt };
  }

  /** The key for a valid code, which is spent; null for an unknown, used or expired one. */
  redeem(code: string): string | null {
    this.prune();
    const h = digest(code);
    const i = this.codes.findIndex((c) => timingSafeEqual(c.hash, h));
    if (i < 0 || !this.key) return null;
    this.codes.splice(i, 1);
    return this.key;
  }

  private prune() {
    const now = this.now();
    for (let i = this.codes.length - 1; i >= 0; i--) if (this.codes[i]!.expiresAt <= now) this.codes.splice(i, 1);
  }
}
