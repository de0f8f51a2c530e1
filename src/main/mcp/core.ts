/**
 * What every MCP handler shares: its dependencies and caller, scope and rate-limit admission in the /v1 buckets, the
 * call of a /v1 handler, provenance, and the shapes of results and JSON-RPC failures.
 */
import type { Request, Response } from 'express';
import type { CallToolResult, ResourceLink } from '@modelcontextprotocol/sdk/types.js';
import { ENDPOINTS, type Endpoint, type EndpointName } from '../../shared/endpoints.ts';
import type { RateLimitRule } from '../../shared/rate-limits.ts';
import type { ErrorDetail } from '../../shared/errors.ts';
import type { Db } from '../db/connection.ts';
import type { ApiKeyRecord } from '../keys/key-store.ts';
import type { RateLimiter } from '../ratelimit/limiter.ts';
import type { Handler, HandlerMap } from '../http/handlers.ts';
import { HttpError } from '../http/http-error.ts';
import type { Log } from '../http/log.ts';
import type { AppContext } from '../http/app-context.ts';
import { rpcErrorOf, type RpcId } from './errors.ts';
import type { McpToolDef } from './tools.ts';

export interface McpDeps {
  ctx: AppContext;
  /** The content database: names are read through the vocabulary (names.ts). */
  contentDb: Db;
  /** The language-model endpoint the assistant sends questions and evidence to (MATERIA_LLM_URL), or null. */
  llmUrl: string | null;
  handlers: HandlerMap;
  limiter: RateLimiter;
  ruleOf: (name: EndpointName) => RateLimitRule;
  log: Log;
}

/** The request being served: its key (already verified) and the Express objects the handlers receive. */
export interface McpCaller {
  key: ApiKeyRecord;
  req: Request;
  res: Response;
  /** Each tools/call's `arguments` as sent, by request id (messages.ts). */
  rawArguments?: Map<RpcId, unknown>;
}

export const endpointOf = (name: EndpointName) => ENDPOINTS[name] as Endpoint;

/** The datasets a result comes from, with their licences (GET /v1/content's list). */
export function provenance(ctx: AppContext, sourceIds: readonly string[]) {
  return {
    content_version: ctx.content.version,
    sources: ctx.content.sources
      .filter((s) => sourceIds.includes(s.id))
      .map((s) => ({ id: s.id, name: s.name, licence: s.licence })),
  };
}

/** Scope, then the endpoint's rate-limit bucket (the same one /v1 charges): null when the call may go ahead. */
export function admit(deps: McpDeps, caller: McpCaller, name: EndpointName): HttpError | null {
  const e = endpointOf(name);
  const scope = e.scope;
  if (scope && !caller.key.scopes.includes(scope)) {
    return new HttpError('forbidden', `this key lacks the "${scope}" scope (${e.method} ${e.path})`, [
      { field: 'scope', message: `needs ${scope}; key has ${caller.key.scopes.join(', ') || 'none'}` },
    ]);
  }
  const rule = deps.ruleOf(name);
  const d = deps.limiter.take(caller.key.id, rule);
  if (!d.allowed) {
    return new HttpError(
      'rate_limited',
      `rate limit exceeded for ${rule.routes.join(', ')}: ${d.limit} per minute${d.burstLimit ? ` plus ${d.burstLimit} hourly burst` : ''}; retry in ${d.retryAfter} s`,
      [{ field: 'retry_after', message: String(d.retryAfter) }],
      { 'Retry-After': String(d.retryAfter) },
    );
  }
  return null;
}

/** Runs the endpoint's handler; an HttpError comes back as is, anything else is logged and becomes "internal". */
export async function call(
  deps: McpDeps,
  caller: McpCaller,
  name: EndpointName,
  part: McpToolDef['input'],
  input: unknown,
): Promise<{ ok: true; result: Record<string, unknown> } | { ok: false; error: HttpError }> {
  try {
    const handler = deps.handlers[name] as Handler<EndpointName>;
    const result = await handler({
      params: undefined,
      query: undefined,
      body: undefined,
      [part]: input,
      req: caller.req,
      res: caller.res,
    } as never);
    return { ok: true, result: result as Record<string, unknown> };
  } catch (err) {
    if (err instanceof HttpError) return { ok: false, error: err };
    deps.log(`MCP call of ${name} failed`, err);
    return { ok: false, error: new HttpError('internal', 'internal error') };
  }
}

export function toolError(err: HttpError): CallToolResult {
  const details = err.details?.length
    ? `\n${err.details.map((d: ErrorDetail) => `- ${d.field}: ${d.message}`).join('\n')}`
    : '';
  return {
    isError: true,
    content: [{ type: 'text', text: `${err.code}: ${err.message}${details}` }],
    structuredContent: {
      error: { code: err.code, message: err.message, ...(err.details?.length ? { details: err.details } : {}) },
    },
  };
}

/** Text content holds the JSON as well only up to this size; above it the JSON is in structuredContent alone. */
export const TEXT_COPY_MAX = 4_000;

/**
 * structuredContent carries the answer; a client that shows only text still gets it whole when it is small. A large
 * answer is not sent twice: the text says where it is, and resource links name the records it comes from.
 */
export function toolResult(payload: Record<string, unknown>, links: ResourceLink[]): CallToolResult {
  const json = JSON.stringify(payload);
  const text =
    json.length <= TEXT_COPY_MAX
      ? json
      : `The result is ${json.length} characters of JSON in structuredContent (not repeated here).${links.length ? ' Full records: ' + links.map((l) => l.uri).join(', ') + '.' : ''}`;
  return { content: [{ type: 'text', text }, ...links], structuredContent: payload };
}

/** A JSON-RPC error as the SDK sends it: `code`, `message` (without McpError's "MCP error <code>:" prefix) and `data`. */
export function rpcFailure(code: number, message: string, data?: Record<string, unknown>): Error {
  return Object.assign(new Error(message), { code, ...(data ? { data } : {}) });
}
export const refusalFailure = (err: HttpError) => {
  const body = rpcErrorOf(err);
  return rpcFailure(body.error.code, body.error.message, body.error.data);
};
