/**
 * The JSON-RPC messages of one POST /mcp, checked before the SDK sees them. The SDK answers valid JSON that is not
 * JSON-RPC with -32700 (parse error) and an empty batch with 202, and reports a request whose params do not fit its
 * method as -32603 or a raw validation dump. Here: not JSON-RPC (or `[]`) is -32600, params that do not fit are
 * -32602 with a short message naming the fields, and a batch is bounded (each message is metered, http.ts).
 */
import {
  CallToolRequestSchema,
  CompleteRequestSchema,
  GetPromptRequestSchema,
  JSONRPCMessageSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import { issuesToDetails } from '../../shared/field-errors.ts';
import { RPC, type RpcErrorBody, type RpcId } from './errors.ts';

/** At most this many messages in one POST (JSON-RPC batches; revisions from 2025-06-18 on send one). */
export const MAX_BATCH = 20;

const PARAMS: Record<string, z.ZodType> = {
  'tools/call': CallToolRequestSchema,
  'tools/list': ListToolsRequestSchema,
  'resources/read': ReadResourceRequestSchema,
  'resources/list': ListResourcesRequestSchema,
  'resources/templates/list': ListResourceTemplatesRequestSchema,
  'prompts/get': GetPromptRequestSchema,
  'prompts/list': ListPromptsRequestSchema,
  'completion/complete': CompleteRequestSchema,
};

export interface CheckedMessages {
  messages: Record<string, unknown>[];
  /** The ids of the requests (messages with a method and an id), in order. */
  requestIds: RpcId[];
  /** Raw `arguments` of each tools/call by request id: the SDK's parse rebuilds objects and drops an own `__proto__`. */
  rawArguments: Map<RpcId, unknown>;
}

export type Checked =
  { ok: true; value: CheckedMessages } | { ok: false; status: number; body: RpcErrorBody | RpcErrorBody[] };

const idOf = (m: unknown): RpcId => {
  const id = (m as { id?: unknown } | null)?.id;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
};

const rpcError = (id: RpcId, code: number, message: string, data?: Record<string, unknown>): RpcErrorBody => ({
  jsonrpc: '2.0',
  id,
  error: { code, message, ...(data ? { data } : {}) },
});

const short = (details: { field: string; message: string }[]) =>
  details
    .slice(0, 4)
    .map((d) => `${d.field}: ${d.message}`)
    .join('; ') + (details.length > 4 ? `; and ${details.length - 4} more` : '');

export function checkMessages(body: unknown): Checked {
  const batch = Array.isArray(body);
  const list: unknown[] = batch ? body : [body];
  if (list.length === 0)
    return {
      ok: false,
      status: 400,
      body: rpcError(null, RPC.invalidRequest, 'invalid_request: an empty batch holds no JSON-RPC message'),
    };
  if (list.length > MAX_BATCH) {
    return {
      ok: false,
      status: 400,
      body: rpcError(
        null,
        RPC.invalidRequest,
        `invalid_request: a batch holds at most ${MAX_BATCH} messages, got ${list.length}`,
      ),
    };
  }
  const shapeErrors: RpcErrorBody[] = [];
  list.forEach((m, i) => {
    if (JSONRPCMessageSchema.safeParse(m).success) return;
    // A request whose only fault is its params (`"params": 7`) is a request: -32602 below, for its method.
    if (
      typeof m === 'object' &&
      m !== null &&
      typeof (m as { method?: unknown }).method === 'string' &&
      PARAMS[(m as { method: string }).method] &&
      JSONRPCMessageSchema.safeParse({ ...m, params: {} }).success
    )
      return;
    const where = batch ? ` (message ${i})` : '';
    const isObject = typeof m === 'object' && m !== null && !Array.isArray(m);
    const reason = !isObject
      ? 'is not a JSON object'
      : (m as { jsonrpc?: unknown }).jsonrpc !== '2.0'
        ? 'lacks "jsonrpc": "2.0"'
        : 'is neither a request, a notification nor a response';
    shapeErrors.push(
      rpcError(idOf(m), RPC.invalidRequest, `invalid_request: not a JSON-RPC 2.0 message${where}: it ${reason}`),
    );
  });
  if (shapeErrors.length) return { ok: false, status: 400, body: batch ? shapeErrors : shapeErrors[0]! };

  const messages = list as Record<string, unknown>[];
  const requestIds = messages.filter((m) => typeof m.method === 'string' && 'id' in m).map(idOf);
  const paramErrors = new Map<RpcId, RpcErrorBody>();
  const rawArguments = new Map<RpcId, unknown>();
  for (const m of messages) {
    if (typeof m.method !== 'string' || !('id' in m)) continue;
    const schema = PARAMS[m.method];
    if (schema) {
      const parsed = schema.safeParse(m);
      if (!parsed.success) {
        const details = issuesToDetails(parsed.error.issues, 'params');
        paramErrors.set(
          idOf(m),
          rpcError(idOf(m), RPC.invalidParams, `invalid params for ${m.method}: ${short(details)}`, { details }),
        );
        continue;
      }
    }
    if (m.method === 'tools/call') rawArguments.set(idOf(m), (m.params as { arguments?: unknown }).arguments);
  }
  if (paramErrors.size) {
    // One answer for the POST: the faulty requests say why, the others that they were not run.
    const answers = requestIds.map(
      (id) =>
        paramErrors.get(id) ??
        rpcError(id, RPC.invalidRequest, 'invalid_request: not run: another request of this batch has invalid params'),
    );
    return { ok: false, status: 200, body: batch ? answers : answers[0]! };
  }
  return { ok: true, value: { messages, requestIds, rawArguments } };
}
