/**
 * DNS-rebinding and cross-site guard (DESIGN.md §5 "Local-server hardening"): the Host header must name this very
 * server on a loopback name and the port the request arrived on; an Origin, when sent, must be this server's own.
 * Headers that decide who and what a request is may appear once: Node keeps only the first of two Host or
 * Authorization headers, so a second one would be a request other parsers read differently. No CORS headers are ever
 * sent, so other sites cannot read responses either.
 */
import type { RequestHandler } from 'express';
import { HttpError } from '../http-error.ts';

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];
const SINGLE_HEADERS = [
  'host',
  'authorization',
  'x-api-key',
  'origin',
  'content-type',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'sec-fetch-site',
];
const DISPLAY: Record<string, string> = {
  host: 'Host',
  authorization: 'Authorization',
  'x-api-key': 'X-API-Key',
  origin: 'Origin',
  'content-type': 'Content-Type',
  'content-length': 'Content-Length',
  'content-encoding': 'Content-Encoding',
  'transfer-encoding': 'Transfer-Encoding',
  'sec-fetch-site': 'Sec-Fetch-Site',
};

export function allowedAuthorities(port: number): Set<string> {
  return new Set(LOOPBACK_NAMES.map((h) => `${h}:${port}`));
}

export function repeatedHeaders(rawHeaders: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!.toLowerCase();
    if (SINGLE_HEADERS.includes(name)) counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return [...counts].filter(([, n]) => n > 1).map(([name]) => DISPLAY[name]!);
}

export const localOnly: RequestHandler = (req, _res, next) => {
  const repeated = repeatedHeaders(req.rawHeaders);
  if (repeated.length) {
    next(
      new HttpError(
        'invalid_request',
        `these headers may appear only once: ${repeated.join(', ')}`,
        repeated.map((h) => ({ field: h, message: 'sent more than once' })),
      ),
    );
    return;
  }
  const port = req.socket.localPort;
  const allowed = allowedAuthorities(port ?? -1);
  const host = (req.headers.host ?? '').toLowerCase();
  if (!allowed.has(host)) {
    next(
      new HttpError('forbidden', 'requests must be addressed to this server by a loopback name (Host header)', [
        { field: 'Host', message: `expected one of ${[...allowed].join(', ')}` },
      ]),
    );
    return;
  }
  const origin = req.headers.origin;
  if (origin !== undefined) {
    const ok = [...allowed].some((a) => origin.toLowerCase() === `http://${a}`);
    if (!ok) {
      next(
        new HttpError('forbidden', 'cross-origin requests are not allowed', [
          { field: 'Origin', message: "only this server's own pages may call the API" },
        ]),
      );
      return;
    }
  }
  next();
};

/**
 * Browsers mark every request with Sec-Fetch-Site. On /v1 only this server's own pages (same-origin) and requests the
 * user typed or bookmarked (none) are served: a page elsewhere, even another port on this machine (same-site), sends
 * no Origin on a simple GET, so this is what stops it from spending the API's allowances or probing it.
 */
export const refuseCrossSite: RequestHandler = (req, _res, next) => {
  const site = req.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') {
    next(
      new HttpError('forbidden', 'requests from other sites are not allowed', [
        { field: 'Sec-Fetch-Site', message: `${site}: only this server's own pages may call the API` },
      ]),
    );
    return;
  }
  next();
};
