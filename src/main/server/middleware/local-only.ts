/**
 * DNS-rebinding and cross-site guard (DESIGN.md §5 "Local-server hardening"): the Host header must name this very
 * server on a loopback name and the port the request arrived on; an Origin, when sent, must be this server's own.
 * No CORS headers are ever sent, so other sites cannot read responses either.
 */
import type { RequestHandler } from 'express';
import { HttpError } from '../http-error.ts';

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];

export function allowedAuthorities(port: number): Set<string> {
  return new Set(LOOPBACK_NAMES.map((h) => `${h}:${port}`));
}

export const localOnly: RequestHandler = (req, _res, next) => {
  const port = req.socket.localPort;
  const allowed = allowedAuthorities(port ?? -1);
  const host = (req.headers.host ?? '').toLowerCase();
  if (!allowed.has(host)) {
    next(new HttpError('forbidden', 'requests must be addressed to this server by a loopback name (Host header)', [{ field: 'Host', message: `expected one of ${[...allowed].join(', ')}` }]));
    return;
  }
  const origin = req.headers.origin;
  if (origin !== undefined) {
    const ok = [...allowed].some((a) => origin.toLowerCase() === `http://${a}`);
    if (!ok) {
      next(new HttpError('forbidden', 'cross-origin requests are not allowed', [{ field: 'Origin', message: 'only this server\'s own pages may call the API' }]));
      return;
    }
  }
  next();
};
