/**
 * One HTTP POST of a signed webhook to a pinned address: the connection goes to the address the guard checked (the
 * Host header and TLS server name stay the URL's host), redirects are never followed (a 3xx is just a failed try),
 * nothing is pooled, and the whole exchange up to the response status has `timeoutMs` (15 s by default).
 */
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { PinnedTarget } from './target-guard.ts';

export const DEFAULT_TIMEOUT_MS = 15_000;

export interface SendOutcome {
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  /** The send was cut short because the server is shutting down: not a failure of the endpoint. */
  aborted: boolean;
}

function pinnedLookup(address: string, family: 4 | 6): LookupFunction {
  return ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  }) as unknown as LookupFunction;
}

export function sendWebhook(
  target: PinnedTarget,
  body: string,
  headers: Record<string, string>,
  opts: { timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<SendOutcome> {
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const started = performance.now();
  const https_ = target.url.protocol === 'https:';
  return new Promise((resolve) => {
    let settled = false;
    const finish = (o: Omit<SendOutcome, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
      resolve({ ...o, durationMs: Math.round(performance.now() - started) });
    };
    const req = (https_ ? https : http).request(
      {
        method: 'POST',
        host: target.host,
        port: target.port,
        path: `${target.url.pathname}${target.url.search}`,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          connection: 'close',
        },
        agent: false,
        lookup: pinnedLookup(target.address, target.family),
        ...(https_ ? { servername: target.host } : {}),
      },
      (res) => {
        finish({ statusCode: res.statusCode ?? null, error: null, aborted: false });
        res.destroy(); // the body is not needed, and a slow one must not hold the worker
      },
    );
    const timer = setTimeout(() => {
      finish({ statusCode: null, error: `no response within ${timeoutMs / 1000} s`, aborted: false });
      req.destroy();
    }, timeoutMs);
    const onAbort = () => {
      finish({ statusCode: null, error: 'server shutting down', aborted: true });
      req.destroy();
    };
    if (opts.signal?.aborted) {
      onAbort();
      return;
    }
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    req.on('error', (err: NodeJS.ErrnoException) =>
      finish({ statusCode: null, error: err.code ? `${err.code}: ${err.message}` : err.message, aborted: false }),
    );
    req.end(body);
  });
}
