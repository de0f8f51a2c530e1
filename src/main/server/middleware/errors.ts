/** The last word on every error: the JSON envelope, never HTML, never a stack trace. */
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { ErrorEnvelope } from '../../../shared/errors.ts';
import { HttpError } from '../http-error.ts';

export function errorBody(err: HttpError): ErrorEnvelope {
  return { success: false, error: { code: err.code, message: err.message, ...(err.details?.length ? { details: err.details } : {}) } };
}

export const unknownRoute: RequestHandler = (req, _res, next) => {
  next(new HttpError('not_found', `no route ${req.method} ${req.path}`));
};

export function errorHandler(log: (msg: string, err: unknown) => void): ErrorRequestHandler {
  return (err: unknown, req, res, _next) => {
    let httpErr: HttpError;
    if (err instanceof HttpError) httpErr = err;
    else {
      log(`unexpected error on ${req.method} ${req.path}`, err);
      httpErr = new HttpError('internal', 'internal error');
    }
    if (res.headersSent) {
      res.destroy();
      return;
    }
    for (const [k, v] of Object.entries(httpErr.headers ?? {})) res.setHeader(k, v);
    res.status(httpErr.status).json(errorBody(httpErr));
  };
}
