/**
 * The one error type of the HTTP edge: a handler, a middleware or an MCP tool throws it, and it becomes the /v1 JSON
 * envelope (middleware/errors.ts) or a JSON-RPC error (src/main/mcp/errors.ts) with the same code, status and details.
 */
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
