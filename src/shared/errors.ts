import { z } from 'zod';

/** Every error of every route has this body (DESIGN.md §5 "Envelope"). */
export const ERROR_STATUS = {
  invalid_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  /** the request body did not arrive within the server's deadline */
  request_timeout: 408,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  /** the configured language model (chat) failed mid-answer */
  upstream_error: 502,
  /** the user database is being written by another program (e.g. npm run import); try again after Retry-After seconds */
  unavailable: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

export const ErrorDetail = z.object({
  field: z
    .string()
    .describe(
      'Dotted path of the offending field, e.g. "filters.evidence_grade.0"; "body" or "query" for the whole part',
    ),
  message: z.string(),
});
export type ErrorDetail = z.infer<typeof ErrorDetail>;

export const ErrorEnvelope = z.object({
  success: z.literal(false),
  error: z.object({
    code: z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]),
    message: z.string(),
    details: z.array(ErrorDetail).optional(),
  }),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;
