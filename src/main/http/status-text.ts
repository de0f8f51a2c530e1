/**
 * What each refusal status means on this server (the edge's limits: 10 s for a body, 1 MB), in words: the OpenAPI
 * descriptions of /v1 (server/openapi.ts) and of /mcp (mcp/openapi-operation.ts) share them.
 */
export const STATUS_TEXT: Record<number, string> = {
  400: 'Invalid request: details name each offending field',
  401: 'Missing, malformed, unknown, revoked or expired API key',
  403: 'The key lacks the scope this route needs, or the request is not from this server (Host, Origin, Sec-Fetch-Site)',
  404: 'Not found',
  408: 'The body did not arrive within 10 s',
  413: 'Body larger than 1 MB (16 KB on routes that need no key)',
  415: 'Body is not JSON',
  429: 'Rate limit exceeded; see Retry-After',
  502: 'The configured language model failed mid-answer',
};
