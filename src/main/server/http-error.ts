import { ERROR_STATUS, type ErrorCode, type ErrorDetail } from '../../shared/errors.ts';

/** An error that becomes exactly one JSON error envelope. */
export class HttpError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.status = ERROR_STATUS[code];
  }
}

export const notFound = (what: string) => new HttpError('not_found', `${what} not found`);
