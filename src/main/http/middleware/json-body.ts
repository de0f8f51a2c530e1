/**
 * Request bodies: read only for routes that take one, only after auth and rate limits, JSON only (415 otherwise),
 * 1 MB cap for keyed routes and 16 KB for key-less ones (413), a deadline for the whole body (408), and every way a
 * body can be unreadable (malformed JSON, a corrupt gzip/deflate/br stream, an aborted upload) is a 4xx naming it.
 */
import express, { type ErrorRequestHandler, type Request, type RequestHandler } from 'express';
import { HttpError } from '../http-error.ts';
import { errorBody } from './errors.ts';
import { hasBody } from './body-state.ts';

export const MAX_BODY_BYTES = 1024 * 1024;
/** Key-less routes with a body (POST /v1/session) carry a few dozen bytes. */
export const MAX_ANONYMOUS_BODY_BYTES = 16 * 1024;
/** A local client sends 1 MB in milliseconds; a body still arriving after this is a slow-body attack or a dead client. */
export const BODY_DEADLINE_MS = 10_000;

const takesBody = (req: Request) =>
  req.resolvedRoute?.kind === 'found' && req.resolvedRoute.endpoint.body !== undefined;

export const requireJson: RequestHandler = (req, _res, next) => {
  if (hasBody(req) && !req.is('application/json')) {
    next(
      new HttpError('unsupported_media_type', 'request bodies must be JSON (Content-Type: application/json)', [
        { field: 'Content-Type', message: `got ${req.headers['content-type'] ?? 'none'}` },
      ]),
    );
    return;
  }
  next();
};

/** Answers 408 and closes the connection when the body has not fully arrived within `ms`. */
export function bodyDeadline(ms: number): RequestHandler {
  return (req, res, next) => {
    if (!hasBody(req) || req.complete) {
      next();
      return;
    }
    const timer = setTimeout(() => {
      if (req.complete || res.headersSent) return;
      res.setHeader('Connection', 'close');
      res
        .status(408)
        .json(
          errorBody(
            new HttpError('request_timeout', `the request body did not arrive within ${ms / 1000} s`, [
              { field: 'body', message: 'incomplete' },
            ]),
          ),
        );
    }, ms);
    timer.unref();
    const clear = () => clearTimeout(timer);
    req.once('end', clear);
    req.once('close', clear);
    next();
  };
}

/** The body middleware chain for routes that take a body; routes that take none never read it. */
export function readBody(deadlineMs: number): RequestHandler[] {
  const keyed = express.json({ limit: MAX_BODY_BYTES, strict: true, type: 'application/json' });
  const anonymous = express.json({ limit: MAX_ANONYMOUS_BODY_BYTES, strict: true, type: 'application/json' });
  const deadline = bodyDeadline(deadlineMs);
  const only =
    (mw: RequestHandler): RequestHandler =>
    (req, res, next) => {
      if (takesBody(req)) mw(req, res, next);
      else next();
    };
  return [
    only(requireJson),
    only(deadline),
    only((req, res, next) =>
      (req.resolvedRoute?.kind === 'found' && req.resolvedRoute.endpoint.scope === null ? anonymous : keyed)(
        req,
        res,
        next,
      ),
    ),
  ];
}

interface BodyParserError {
  type?: string;
  status?: number;
  statusCode?: number;
  code?: string;
}

/** Maps body-parser's and zlib's errors onto our error codes before the generic handler sees them. */
export const bodyErrors: ErrorRequestHandler = (err: unknown, req, _res, next) => {
  if (err instanceof HttpError) {
    next(err);
    return;
  }
  const e = (err ?? {}) as BodyParserError;
  const limit =
    req.resolvedRoute?.kind === 'found' && req.resolvedRoute.endpoint.scope === null
      ? MAX_ANONYMOUS_BODY_BYTES
      : MAX_BODY_BYTES;
  switch (e.type) {
    case 'entity.too.large':
      next(
        new HttpError('payload_too_large', `request body exceeds ${limit} bytes`, [
          { field: 'body', message: 'too large' },
        ]),
      );
      return;
    case 'entity.parse.failed':
      next(
        new HttpError('invalid_request', 'request body is not valid JSON', [
          { field: 'body', message: 'malformed JSON' },
        ]),
      );
      return;
    case 'charset.unsupported':
    case 'encoding.unsupported':
      next(
        new HttpError('unsupported_media_type', 'unsupported body encoding or charset', [
          { field: 'Content-Type', message: 'use UTF-8 JSON' },
        ]),
      );
      return;
    case 'request.aborted':
    case 'request.size.invalid':
    case 'stream.encoding.set':
      next(
        new HttpError('invalid_request', 'the request body could not be read', [{ field: 'body', message: e.type }]),
      );
      return;
  }
  const encoding = req.headers['content-encoding'];
  const status = e.status ?? e.statusCode;
  if (encoding && typeof status === 'number' && status >= 400 && status < 500) {
    // zlib's own errors (Z_DATA_ERROR, a brotli decoder error) surface here with a 400 and no body-parser type.
    next(
      new HttpError('invalid_request', `the request body is not valid ${encoding} data`, [
        { field: 'Content-Encoding', message: `body does not decode as ${encoding}` },
      ]),
    );
    return;
  }
  next(err);
};
