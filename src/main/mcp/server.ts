/**
 * One MCP server (official SDK) for one authenticated HTTP request: tools, resource templates and prompts over the same
 * handlers, scopes and rate-limit buckets as /v1. Nothing here computes an answer: every tool and resource calls the
 * /v1 endpoint's handler with input parsed by that endpoint's zod schema.
 */
import type { Request, Response } from 'express';
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode, McpError, type CallToolResult, type ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { ENDPOINTS, type Endpoint, type EndpointName } from '../../shared/endpoints.ts';
import type { RateLimitRule } from '../../shared/rate-limits.ts';
import type { ErrorDetail } from '../../shared/errors.ts';
import type { ApiKeyRecord } from '../keys/key-store.ts';
import type { RateLimiter } from '../ratelimit/limiter.ts';
import type { Handler, HandlerMap } from '../server/handlers.ts';
import { HttpError } from '../server/http-error.ts';
import type { Log } from '../server/log.ts';
import type { AppContext } from '../server/routes/context.ts';
import { parseOrThrow } from '../server/validation.ts';
import { MCP_TOOLS, type McpToolDef } from './tools.ts';

export interface McpDeps {
  ctx: AppContext;
  handlers: HandlerMap;
  limiter: RateLimiter;
  ruleOf: (name: EndpointName) => RateLimitRule;
  log: Log;
}

/** The request being served: its key (already verified) and the Express objects the handlers receive. */
export interface McpCaller { key: ApiKeyRecord; req: Request; res: Response }

export const MCP_SERVER_NAME = 'materia';

const endpointOf = (name: EndpointName) => ENDPOINTS[name] as Endpoint;

/** The datasets a result comes from, with their licences (GET /v1/content's list). */
function provenance(ctx: AppContext, sourceIds: readonly string[]) {
  return {
    content_version: ctx.content.version,
    sources: ctx.content.sources.filter((s) => sourceIds.includes(s.id)).map((s) => ({ id: s.id, name: s.name, licence: s.licence })),
  };
}

/** Scope, then the endpoint's rate-limit bucket (the same one /v1 charges): null when the call may go ahead. */
function admit(deps: McpDeps, caller: McpCaller, name: EndpointName): HttpError | null {
  const e = endpointOf(name);
  const scope = e.scope;
  if (scope && !caller.key.scopes.includes(scope)) {
    return new HttpError('forbidden', `this key lacks the "${scope}" scope (${e.method} ${e.path})`, [{ field: 'scope', message: `needs ${scope}; key has ${caller.key.scopes.join(', ') || 'none'}` }]);
  }
  const rule = deps.ruleOf(name);
  const d = deps.limiter.take(caller.key.id, rule);
  if (!d.allowed) {
    return new HttpError('rate_limited', `rate limit exceeded for ${rule.routes.join(', ')}: ${d.limit} per minute${d.burstLimit ? ` plus ${d.burstLimit} hourly burst` : ''}; retry in ${d.retryAfter} s`, [{ field: 'retry_after', message: String(d.retryAfter) }]);
  }
  return null;
}

/** Runs the endpoint's handler; an HttpError comes back as is, anything else is logged and becomes "internal". */
async function call(deps: McpDeps, caller: McpCaller, name: EndpointName, part: McpToolDef['input'], input: unknown): Promise<{ ok: true; result: Record<string, unknown> } | { ok: false; error: HttpError }> {
  try {
    const handler = deps.handlers[name] as Handler<EndpointName>;
    const result = await handler({ params: undefined, query: undefined, body: undefined, [part]: input, req: caller.req, res: caller.res } as never);
    return { ok: true, result: result as Record<string, unknown> };
  } catch (err) {
    if (err instanceof HttpError) return { ok: false, error: err };
    deps.log(`MCP call of ${name} failed`, err);
    return { ok: false, error: new HttpError('internal', 'internal error') };
  }
}

function toolError(err: HttpError): CallToolResult {
  const details = err.details?.length ? `\n${err.details.map((d: ErrorDetail) => `- ${d.field}: ${d.message}`).join('\n')}` : '';
  return {
    isError: true,
    content: [{ type: 'text', text: `${err.code}: ${err.message}${details}` }],
    structuredContent: { error: { code: err.code, message: err.message, ...(err.details?.length ? { details: err.details } : {}) } },
  };
}

/**
 * A query string carries only text, so the /v1 query schemas take `"20"` for a number. Tool arguments are JSON: each
 * query field also takes a number or boolean, which is turned into its text and then checked by the same field schema.
 */
export function toolInputSchema(def: McpToolDef, schema: z.ZodType): z.ZodType {
  if (def.input !== 'query' || !(schema instanceof z.ZodObject)) return schema;
  const shape = Object.fromEntries(Object.entries(schema.shape as Record<string, z.ZodType<unknown, string>>).map(([k, field]) => {
    const wide = z.union([z.number(), z.boolean()]).transform(String).pipe(field).or(field);
    return [k, field.description ? wide.describe(field.description) : wide];
  }));
  return z.strictObject(shape);
}

function registerTools(server: McpServer, deps: McpDeps, caller: McpCaller) {
  for (const def of MCP_TOOLS) {
    const e = endpointOf(def.endpoint);
    const contract = e[def.input];
    if (!contract) throw new Error(`${def.endpoint} has no ${def.input} schema`);
    const schema = toolInputSchema(def, contract);
    server.registerTool(def.name, {
      title: def.title,
      description: `${def.description} Needs the "${e.scope}" scope.`,
      inputSchema: schema,
      annotations: { title: def.title, readOnlyHint: def.readOnly, destructiveHint: false, idempotentHint: def.readOnly, openWorldHint: false },
      _meta: { 'materia/endpoint': `${e.method} ${e.path}`, 'materia/scope': e.scope },
    }, async (args: unknown): Promise<CallToolResult> => {
      const refused = admit(deps, caller, def.endpoint);
      if (refused) return toolError(refused);
      const out = await call(deps, caller, def.endpoint, def.input, args);
      if (!out.ok) return toolError(out.error);
      const payload = { ...out.result, provenance: provenance(deps.ctx, def.sources) };
      return { content: [{ type: 'text', text: JSON.stringify(payload) }], structuredContent: payload };
    });
  }
}

const RESOURCES = [
  { name: 'compound', endpoint: 'compoundGet', param: 'slug', sources: ['materia-editorial', 'drugbank-vocabulary', 'ddinter', 'onc-ddi', 'nlm-spl-ddi', 'materia-interaction-rules'], description: 'A compound record (GET /v1/compounds/{slug})' },
  { name: 'monograph', endpoint: 'monographGet', param: 'slug', sources: ['materia-editorial', 'ddinter', 'onc-ddi', 'nlm-spl-ddi', 'materia-interaction-rules'], description: 'A compound monograph (GET /v1/monographs/{slug})' },
  { name: 'document', endpoint: 'documentGet', param: 'id', sources: ['scifact', 'cord19', 'pubmedqa'], description: 'A research document (GET /v1/documents/{id})' },
] as const;

type Listed = { uri: string; name: string; title: string; description: string; mimeType: string };

/**
 * resources/list: every compound (the compound search's "*" browse) and every monograph (the monograph list), each
 * charged once to that /v1 route's bucket. Documents (about 10,000) are not listed: find them with list_documents.
 */
function lister(deps: McpDeps, caller: McpCaller, name: 'compound' | 'monograph'): (() => Promise<{ resources: Listed[] }>) {
  return async () => {
    const refused = admit(deps, caller, name === 'compound' ? 'compoundSearch' : 'monographList');
    if (refused) throw new McpError(ErrorCode.InvalidRequest, `${refused.code}: ${refused.message}`);
    const items = name === 'compound'
      ? deps.ctx.compounds.search('*', {}, { limit: 100_000, offset: 0 }).rows.map((c) => ({ slug: c.slug, title: c.name, grade: c.evidence_grade, category: c.category }))
      : deps.ctx.monographs.list({}, { limit: 100_000, offset: 0 }).items.map((m) => ({ slug: m.slug, title: m.full_name, grade: m.evidence_grade, category: m.category }));
    return {
      resources: items.map((i) => ({
        uri: `materia://${name}/${i.slug}`, name: i.slug, title: i.title, mimeType: 'application/json',
        description: `${name}: ${i.category}, evidence grade ${i.grade}`,
      })),
    };
  };
}

function registerResources(server: McpServer, deps: McpDeps, caller: McpCaller) {
  for (const r of RESOURCES) {
    const list = r.name === 'document' ? undefined : lister(deps, caller, r.name);
    server.registerResource(r.name, new ResourceTemplate(`materia://${r.name}/{${r.param}}`, { list }), {
      title: `Materia ${r.name}`, description: `${r.description}; needs the "read" scope`, mimeType: 'application/json',
    }, async (uri, variables): Promise<ReadResourceResult> => {
      const raw = variables[r.param];
      const value = Array.isArray(raw) ? raw.join('/') : raw;
      const refused = admit(deps, caller, r.endpoint);
      if (refused) throw new McpError(ErrorCode.InvalidRequest, `${refused.code}: ${refused.message}`, { error: { code: refused.code, details: refused.details } });
      let params: unknown;
      try {
        params = parseOrThrow(endpointOf(r.endpoint).params!, { [r.param]: decodeURIComponent(value ?? '') }, 'path');
      } catch (err) {
        const e = err instanceof HttpError ? err : new HttpError('invalid_request', `${r.param} is not valid percent-encoded UTF-8`);
        throw new McpError(ErrorCode.InvalidParams, `${e.code}: ${e.message}`, { error: { code: e.code, details: e.details } });
      }
      const out = await call(deps, caller, r.endpoint, 'params', params);
      if (!out.ok) {
        // -32002 is the MCP code for "resource not found".
        throw new McpError(out.error.code === 'not_found' ? -32002 : ErrorCode.InvalidParams, `${out.error.code}: ${out.error.message}`, { uri: uri.href });
      }
      const payload = { ...out.result, provenance: provenance(deps.ctx, r.sources) };
      return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(payload) }] };
    });
  }
}

function registerPrompts(server: McpServer) {
  server.registerPrompt('review_medication_list', {
    title: 'Review a medication list for interactions',
    description: 'Checks every pair of a medication and supplement list with check_interactions and asks for a cited summary.',
    argsSchema: { medications: z.string().min(1).describe('the medications and supplements, one per line or separated by commas') },
  }, ({ medications }) => {
    const names = medications.split(/[\n,;]+/).map((s) => s.trim()).filter(Boolean);
    return {
      description: `Interaction review of ${names.length} substance(s)`,
      messages: [{
        role: 'user',
        content: {
          type: 'text',
          text: [
            'Review this medication list for interactions, using the Materia tools only:',
            ...names.map((n) => `- ${n}`),
            '',
            `1. Call check_interactions with {"substances": ${JSON.stringify(names)}}.`,
            '2. List every interacting pair, most severe first, with its severity, what each source says, the mechanism and the management.',
            '3. Name every substance that could not be resolved: an unresolved name is never "no interaction". Quote the coverage statement.',
            '4. For the most severe pairs, get_monograph or get_compound may add context; cite the record or source of each statement and the licences in provenance.',
            'This is reference information for a clinician, not medical advice.',
          ].join('\n'),
        },
      }],
    };
  });
  server.registerPrompt('summarize_compound_evidence', {
    title: 'Summarise the evidence for a compound',
    description: 'Reads a compound\'s monograph and its linked documents and asks for a graded, cited summary.',
    argsSchema: { compound: z.string().min(1).max(256).describe('a compound name or slug, e.g. "metformin"') },
  }, ({ compound }) => ({
    messages: [{
      role: 'user',
      content: {
        type: 'text',
        text: [
          `Summarise the evidence for ${compound}, using the Materia tools only:`,
          `1. search with {"query": ${JSON.stringify(compound)}, "types": ["compounds"]} to find its slug.`,
          '2. get_monograph (or get_compound when it has no monograph) for its evidence grade, indications and safety.',
          '3. list_documents with {"compound": "<slug>"} for the linked studies.',
          'Give the evidence grade and what it means, the main indications with their grades, and cite each statement (document id, DOI or PMID). Say what is editorial.',
        ].join('\n'),
      },
    }],
  }));
}

export function buildMcpServer(deps: McpDeps, caller: McpCaller): McpServer {
  const server = new McpServer({ name: MCP_SERVER_NAME, title: 'Materia', version: deps.ctx.version }, {
    capabilities: { tools: {}, resources: {}, prompts: {} },
    instructions: 'Materia is a local, offline clinical reference. Every tool result carries its citations (ids, PMIDs, DOIs, URLs), the records\' editorial basis, and `provenance` with the datasets and their licences; cite them. Nothing is sent off this machine.',
  });
  registerTools(server, deps, caller);
  registerResources(server, deps, caller);
  registerPrompts(server);
  // The SDK announces listChanged when a tool is registered; a stateless server never sends that notification.
  server.server.registerCapabilities({ tools: { listChanged: false }, resources: { listChanged: false }, prompts: { listChanged: false } });
  return server;
}
