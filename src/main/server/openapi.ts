/** OpenAPI 3.1 generated from ENDPOINTS: the same zod schemas that validate requests describe them here. */
import { z } from 'zod';
import { ENDPOINTS, type Endpoint } from '../../shared/endpoints.ts';
import { ErrorEnvelope } from '../../shared/errors.ts';
import { rateLimitFor } from '../../shared/rate-limits.ts';
import { MCP_TOOLS } from '../mcp/tools.ts';

type JsonSchema = Record<string, unknown> & {
  properties?: Record<string, JsonSchema>;
  required?: string[];
  description?: string;
};

const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
};

function parameters(schema: z.ZodType | undefined, where: 'query' | 'path') {
  if (!schema) return [];
  const json = toSchema(schema, 'input');
  return Object.entries(json.properties ?? {}).map(([name, prop]) => {
    const { description, ...propSchema } = prop;
    return {
      name,
      in: where,
      required: where === 'path' || (json.required ?? []).includes(name),
      ...(description ? { description } : {}),
      schema: propSchema,
    };
  });
}

const STATUS_TEXT: Record<number, string> = {
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

function operation(name: string, e: Endpoint) {
  const errorCodes = new Set<number>(e.errors);
  // Every /v1 route can be refused at the edge (403: Host, Origin, Sec-Fetch-Site; 400: a repeated header) or limited.
  [400, 403, 429].forEach((c) => errorCodes.add(c));
  if (e.scope) errorCodes.add(401);
  if (e.params) errorCodes.add(400);
  if (e.body) [400, 408, 413, 415].forEach((c) => errorCodes.add(c));
  const rule = rateLimitFor(`${e.method} ${e.path}`);
  const responses: Record<string, unknown> = {
    200: e.stream
      ? {
          description: 'Server-sent events; each `data:` line is one of these events',
          content: { 'text/event-stream': { schema: toSchema(e.response, 'output') } },
        }
      : { description: 'OK', content: { 'application/json': { schema: toSchema(e.response, 'output') } } },
  };
  for (const code of [...errorCodes].sort()) {
    responses[code] = {
      description: STATUS_TEXT[code] ?? 'Error',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    };
  }
  return {
    operationId: name,
    summary: e.summary,
    ...(e.description ? { description: e.description } : {}),
    tags: [e.tag],
    security: e.scope ? [{ ApiKeyHeader: [] }, { BearerAuth: [] }] : [],
    'x-scope': e.scope,
    ...(rule ? { 'x-rate-limit': { per_minute: rule.perMinute, hourly_burst: rule.hourlyBurst } } : {}),
    parameters: [...parameters(e.params, 'path'), ...parameters(e.query, 'query')],
    ...(e.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: toSchema(e.body, 'input') } } } }
      : {}),
    responses,
  };
}

/** POST /mcp (src/main/mcp): JSON-RPC, so the body is described by the protocol, and scopes and limits are per tool. */
function mcpOperation() {
  const tools = MCP_TOOLS.map((t) => {
    const e = ENDPOINTS[t.endpoint] as Endpoint;
    const rule = rateLimitFor(`${e.method} ${e.path}`);
    return {
      tool: t.name,
      route: `${e.method} ${e.path}`,
      scope: e.scope,
      per_minute: rule?.perMinute,
      hourly_burst: rule?.hourlyBurst,
    };
  });
  const error = { content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
  return {
    operationId: 'mcp',
    summary: 'Model Context Protocol (Streamable HTTP, stateless, JSON responses)',
    description:
      'One JSON-RPC message or batch per request (initialize, tools/list, tools/call, resources/templates/list, resources/read, ' +
      'prompts/list, prompts/get); send Accept: application/json, text/event-stream. Any valid key may connect; each tool call and resource read needs the scope ' +
      "of the /v1 route it wraps and is charged to that route's rate-limit bucket (x-mcp-tools). Refusals inside MCP are tool errors " +
      '(isError, with {error: {code, message, details}}). GET and DELETE are 405 (no sessions). See docs/api.md "MCP".',
    tags: ['mcp'],
    security: [{ ApiKeyHeader: [] }, { BearerAuth: [] }],
    'x-scope': 'per tool',
    'x-mcp-tools': tools,
    requestBody: {
      required: true,
      content: {
        'application/json': {
          schema: { type: ['object', 'array'], description: 'a JSON-RPC 2.0 message or batch of the MCP protocol' },
        },
      },
    },
    responses: {
      200: {
        description: 'JSON-RPC response(s)',
        content: { 'application/json': { schema: { type: ['object', 'array'] } } },
      },
      202: { description: 'Accepted: the request held only notifications or responses' },
      400: { description: STATUS_TEXT[400], ...error },
      401: { description: STATUS_TEXT[401], ...error },
      403: { description: STATUS_TEXT[403], ...error },
      405: { description: 'GET or DELETE: this MCP endpoint keeps no sessions', ...error },
      406: { description: 'Accept lacks application/json and text/event-stream' },
      408: { description: STATUS_TEXT[408], ...error },
      413: { description: STATUS_TEXT[413], ...error },
      415: { description: STATUS_TEXT[415], ...error },
    },
  };
}

export function buildOpenApi(version: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, e] of Object.entries(ENDPOINTS) as [string, Endpoint][]) {
    (paths[e.path] ??= {})[e.method.toLowerCase()] = operation(name, e);
  }
  paths['/mcp'] = { post: mcpOperation() };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Materia local API',
      version,
      description:
        'Compounds, monographs, research documents and tools, served on this machine only (127.0.0.1). ' +
        'Send your key as X-API-Key or Authorization: Bearer. Errors are {success: false, error: {code, message, details}}.',
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      schemas: { Error: toSchema(ErrorEnvelope, 'output') },
      securitySchemes: {
        ApiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
        BearerAuth: { type: 'http', scheme: 'bearer' },
      },
    },
  };
}
