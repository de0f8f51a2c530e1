/** JSON bodies only (415 otherwise), 1 MB cap (413), malformed JSON is a 400 naming the body. */
import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import { HttpError } from '../http-error.ts';

export const MAX_BODY_BYTES = 1024 * 1024;

const hasBody = (req: Parameters<RequestHandler>[0]) =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

export const requireJson: RequestHandler = (req, _res, next) => {
  if (hasBody(req) && !req.is('application/json')) {
    next(new HttpError('unsupported_media_type', 'request bodies must be JSON (Content-Type: application/json)', [{ field: 'Content-Type', message: `got ${req.headers['content-type'] ?? 'none'}` }]));
    return;
  }
  next();
};

export const parseJson = express.json({ limit: MAX_BODY_BYTES, strict: true, type: 'application/json' });

interface BodyParserError { type?: string; status?: number; expose?: boolean }

/** Maps body-parser's errors onto our error codes before the generic handler sees them. */
export const bodyErrors: ErrorRequestHandler = (err: unknown, _req, _res, next) => {
  const e = err as BodyParserError;
  switch (e?.type) {
    case 'entity.too.large':
      next(new HttpError('payload_too_large', `request body exceeds ${MAX_BODY_BYTES} bytes`, [{ field: 'body', message: 'too large' }]));
      return;
    case 'entity.parse.failed':
      next(new HttpError('invalid_request', 'request body is not valid JSON', [{ field: 'body', message: 'malformed JSON' }]));
      return;
    case 'charset.unsupported':
    case 'encoding.unsupported':
      next(new HttpError('unsupported_media_type', 'unsupported body encoding or charset', [{ field: 'Content-Type', message: 'use UTF-8 JSON' }]));
      return;
    case 'request.aborted':
    case 'request.size.invalid':
    case 'stream.encoding.set':
      next(new HttpError('invalid_request', 'the request body could not be read', [{ field: 'body', message: e.type }]));
      return;
    default:
      next(err);
  }
};
