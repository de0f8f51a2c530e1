/**
 * POST /mcp in the OpenAPI document: JSON-RPC, so the body is described by the protocol, and scopes and limits are per
 * tool (x-mcp-tools). The MCP face describes itself; the composition root (server/app.ts) adds it to /v1's document.
 */
import { ENDPOINTS, type Endpoint } from '../../shared/endpoints.ts';
import { rateLimitFor } from '../../shared/rate-limits.ts';
import { STATUS_TEXT } from '../http/status-text.ts';
import { MCP_TOOLS } from './tools.ts';

export function mcpOpenApiOperation(): Record<string, unknown> {
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
