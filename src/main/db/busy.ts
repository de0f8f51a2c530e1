/**
 * Sharing the user database with another process (`npm run import`, a second server): SQLite lets one writer in at a
 * time. A synchronous busy wait (busy_timeout) would freeze the server's event loop, and with it every client, for as
 * long as the other writer holds the lock. So the server's connection waits not at all (SERVER_BUSY_TIMEOUT_MS), and
 * a write that meets the lock is tried again from a timer, with a growing pause, until a deadline; then the caller
 * gets a DatabaseBusyError (the API answers 503 with Retry-After). Readers are never blocked: the database runs WAL.
 */

/** The server connection's busy_timeout: none, the waiting happens in retryWhileBusy, off the event loop. */
export const SERVER_BUSY_TIMEOUT_MS = 0;
/** A command-line tool may block: it has no other clients. */
export const CLI_BUSY_TIMEOUT_MS = 5_000;
/** How long a request keeps trying to write before it is answered 503. */
export const DEFAULT_BUSY_DEADLINE_MS = 4_000;

/** SQLITE_BUSY (another connection holds the lock) and its extended codes, and SQLITE_LOCKED. */
export function isBusy(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'));
}

export class DatabaseBusyError extends Error {
  constructor(readonly waitedMs: number) {
    super(
      `the database is busy: another program (for example npm run import) is writing to it; tried for ${Math.round(waitedMs)} ms`,
    );
  }
}

export interface RetryOptions {
  /** Give up after this many milliseconds (Infinity: until `signal` aborts). */
  deadlineMs?: number;
  /** Stops the retries (server shutdown); the last busy error becomes a DatabaseBusyError. */
  signal?: AbortSignal;
  /** Whether `fn` may run again after this failure (false: a streamed answer has begun); default yes. */
  canRetry?: () => boolean;
  /** Called before each retry (tests count them). */
  onRetry?: (attempt: number) => void;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((ok) => {
    if (signal?.aborted) {
      ok();
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', done);
      ok();
    }, ms);
    const done = () => {
      clearTimeout(timer);
      ok();
    };
    signal?.addEventListener('abort', done, { once: true });
  });

/**
 * Runs `fn`, and again after a pause each time it fails because the database is busy, until it succeeds, fails for
 * another reason (thrown as is) or the deadline passes (DatabaseBusyError). `fn` must leave nothing half-written when it
 * throws: a transaction does (it rolls back), and a single statement does.
 */
export async function retryWhileBusy<T>(fn: () => T | Promise<T>, opts: RetryOptions = {}): Promise<T> {
  const deadline = opts.deadlineMs ?? DEFAULT_BUSY_DEADLINE_MS;
  const started = performance.now();
  let pause = 5;
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if (!isBusy(err) || opts.canRetry?.() === false) throw err;
      const waited = performance.now() - started;
      if (waited >= deadline || opts.signal?.aborted) throw new DatabaseBusyError(waited);
      opts.onRetry?.(attempt);
      await sleep(Math.min(pause, Math.max(1, deadline - waited)), opts.signal);
      pause = Math.min(pause * 2, 250);
    }
  }
}
