/** The last word on every error: the JSON envelope, never HTML, never a stack trace. */
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ERROR_STATUS, type ErrorCode, type ErrorEnvelope } from '../../../shared/errors.ts';
import { DatabaseBusyError, isBusy } from '../../db/busy.ts';
import { busyUnavailable } from '../busy-retry.ts';
import { HttpError } from '../http-error.ts';
import type { Log } from '../log.ts';
import { bodyStillArriving } from './body-state.ts';

export function errorBody(err: HttpError): ErrorEnvelope {
  return {
    success: false,
    error: { code: err.code, message: err.message, ...(err.details?.length ? { details: err.details } : {}) },
  };
}

export const unknownRoute: RequestHandler = (req, _res, next) => {
  next(new HttpError('not_found', `no route ${req.method} ${req.path}`));
};

const CODE_OF_STATUS = new Map(Object.entries(ERROR_STATUS).map(([code, status]) => [status, code as ErrorCode]));

/**
 * A 4xx raised by Express or a library it calls (status/statusCode set, e.g. a static file path it cannot decode) is the
 * client's fault, so it keeps its status instead of becoming a 500; anything else unexpected is logged and is a 500.
 */
function fromFramework(err: unknown): HttpError | null {
  const e = err as { status?: unknown; statusCode?: unknown } | null;
  const status = typeof e?.status === 'number' ? e.status : typeof e?.statusCode === 'number' ? e.statusCode : null;
  if (status === null || status < 400 || status >= 500) return null;
  const code = CODE_OF_STATUS.get(status as never) ?? 'invalid_request';
  return new HttpError(code, code === 'invalid_request' ? 'the request could not be read' : code.replace(/_/g, ' '));
}

export function errorHandler(log: Log): ErrorRequestHandler {
  return (err: unknown, req, res, _next) => {
    let httpErr: HttpError;
    if (err instanceof HttpError) httpErr = err;
    // A lock met outside a route's handler (which retries): still the documented 503, never a 500.
    else if (err instanceof DatabaseBusyError || isBusy(err))
      httpErr = busyUnavailable(err instanceof DatabaseBusyError ? err : new DatabaseBusyError(0));
    else {
      const framework = fromFramework(err);
      if (framework) httpErr = framework;
      else {
        log(`unexpected error on ${req.method} ${JSON.stringify(req.originalUrl)}`, err);
        httpErr = new HttpError('internal', 'internal error');
      }
    }
    if (res.headersSent) {
      res.destroy();
      return;
    }
    for (const [k, v] of Object.entries(httpErr.headers ?? {})) res.setHeader(k, v);
    // Refused before its body was read (auth, limits, edge checks): close rather than let Node read the rest to discard it.
    if (bodyStillArriving(req)) res.setHeader('Connection', 'close');
    res.status(httpErr.status).json(errorBody(httpErr));
  };
}
