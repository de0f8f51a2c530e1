/** OpenAPI 3.1 generated from ENDPOINTS: the same zod schemas that validate requests describe them here. */
import { z } from 'zod';
import { ENDPOINTS, type Endpoint } from '../../shared/endpoints.ts';
import { ErrorEnvelope } from '../../shared/errors.ts';
import { rateLimitFor } from '../../shared/rate-limits.ts';
import { STATUS_TEXT } from '../http/status-text.ts';

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

/**
 * The document of /v1 and of any other paths the composition root mounts (`extraPaths`: /mcp, described by its own
 * face, src/main/mcp/openapi-operation.ts), after the /v1 paths.
 */
export function buildOpenApi(
  version: string,
  extraPaths: Record<string, Record<string, unknown>> = {},
): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, e] of Object.entries(ENDPOINTS) as [string, Endpoint][]) {
    (paths[e.path] ??= {})[e.method.toLowerCase()] = operation(name, e);
  }
  Object.assign(paths, extraPaths);
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
