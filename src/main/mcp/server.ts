/**
 * One MCP server (official SDK) for one authenticated HTTP request: tools (only those the key's scopes allow are listed),
 * resources (paged) and prompts over the same
 * handlers, scopes and rate-limit buckets as /v1. Nothing here computes an answer: every tool and resource calls the
 * /v1 endpoint's handler with input parsed by that endpoint's zod schema.
 */
import type { Request, Response } from 'express';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { toJsonSchemaCompat } from '@modelcontextprotocol/sdk/server/zod-json-schema-compat.js';
import {
  CallToolRequestSchema, CompleteRequestSchema, ListResourcesRequestSchema, ListResourceTemplatesRequestSchema, ListToolsRequestSchema, ReadResourceRequestSchema,
  type CallToolResult, type ReadResourceResult, type ResourceLink, type Tool,
} from '@modelcontextprotocol/sdk/types.js';
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
import { DocumentIdParams, type Document } from '../../shared/schemas/documents.ts';
import { toBibtex, toCsl, toRis } from './citations.ts';
import { CiteArgs, FetchArgs, GetManyArgs, McpDetail } from '../../shared/schemas/mcp.ts';
import { QUERY_INT_BOUNDS, Slug } from '../../shared/schemas/common.ts';
import type { Db } from '../db/connection.ts';
import { suggestions } from '../vocabulary/resolver.ts';
import { slugForName, type SlugReading } from './names.ts';
import { sized } from './detail.ts';
import { RPC, rpcErrorOf, type RpcId } from './errors.ts';
import { MCP_TOOLS, type McpToolDef } from './tools.ts';

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
    return new HttpError('rate_limited', `rate limit exceeded for ${rule.routes.join(', ')}: ${d.limit} per minute${d.burstLimit ? ` plus ${d.burstLimit} hourly burst` : ''}; retry in ${d.retryAfter} s`, [{ field: 'retry_after', message: String(d.retryAfter) }], { 'Retry-After': String(d.retryAfter) });
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

/** Text content holds the JSON as well only up to this size; above it the JSON is in structuredContent alone. */
export const TEXT_COPY_MAX = 4_000;

/**
 * structuredContent carries the answer; a client that shows only text still gets it whole when it is small. A large
 * answer is not sent twice: the text says where it is, and resource links name the records it comes from.
 */
function toolResult(payload: Record<string, unknown>, links: ResourceLink[]): CallToolResult {
  const json = JSON.stringify(payload);
  const text = json.length <= TEXT_COPY_MAX
    ? json
    : `The result is ${json.length} characters of JSON in structuredContent (not repeated here).${links.length ? ' Full records: ' + links.map((l) => l.uri).join(', ') + '.' : ''}`;
  return { content: [{ type: 'text', text }, ...links], structuredContent: payload };
}

/** A JSON-RPC error as the SDK sends it: `code`, `message` (without McpError's "MCP error <code>:" prefix) and `data`. */
function rpcFailure(code: number, message: string, data?: Record<string, unknown>): Error {
  return Object.assign(new Error(message), { code, ...(data ? { data } : {}) });
}
const refusalFailure = (err: HttpError) => {
  const body = rpcErrorOf(err);
  return rpcFailure(body.error.code, body.error.message, body.error.data);
};

/**
 * A query string carries only text, so the /v1 query schemas take `"20"` for a number. Tool arguments are JSON: each
 * whole-number query field is offered as one JSON integer with the same bounds and default (one type per property,
 * as some model providers require); text fields stay the same schema.
 */
export function toolInputSchema(def: McpToolDef, schema: z.ZodType): z.ZodType {
  if (def.input !== 'query' || !(schema instanceof z.ZodObject)) return schema;
  const shape = Object.fromEntries(Object.entries(schema.shape as Record<string, z.ZodType>).map(([k, field]) => {
    const bounds = QUERY_INT_BOUNDS.get(field);
    if (!bounds) return [k, field];
    const int = z.int().min(bounds.min).max(bounds.max).default(bounds.dflt);
    return [k, field.description ? int.describe(field.description) : int];
  }));
  return z.strictObject(shape);
}

const PART_NAME = { body: 'body', query: 'query', params: 'path' } as const;

/** Each tool's input schema and its tools/list entry, built once: they depend only on the contract. */
const TOOL_ENTRIES = new Map<string, { def: McpToolDef; schema: z.ZodType; tool: Tool }>();
function toolEntry(def: McpToolDef) {
  let entry = TOOL_ENTRIES.get(def.name);
  if (entry) return entry;
  const e = endpointOf(def.endpoint);
  const contract = e[def.input];
  if (!contract) throw new Error(`${def.endpoint} has no ${def.input} schema`);
  const base = def.schema ?? toolInputSchema(def, contract);
  const schema = (def.record || def.listing) && base instanceof z.ZodObject ? base.extend({ detail: McpDetail }) : base;
  const tool: Tool = {
    name: def.name,
    title: def.title,
    description: `${def.description} Needs the "${e.scope}" scope.`,
    inputSchema: toJsonSchemaCompat(schema as never, { strictUnions: true, pipeStrategy: 'input' }) as Tool['inputSchema'],
    annotations: { title: def.title, readOnlyHint: def.readOnly, destructiveHint: false, idempotentHint: def.readOnly, openWorldHint: false },
    _meta: { 'materia/endpoint': `${e.method} ${e.path}`, 'materia/scope': e.scope },
  };
  entry = { def, schema, tool };
  TOOL_ENTRIES.set(def.name, entry);
  return entry;
}

/** A tool's listing: the assistant reaches the open world when a language-model endpoint is configured. */
function toolListing(deps: McpDeps, def: McpToolDef): Tool {
  const tool = toolEntry(def).tool;
  if (def.endpoint !== 'chatCompletions' || !deps.llmUrl) return tool;
  return {
    ...tool,
    description: `${tool.description} This server sends the question and the evidence it retrieved to the language model at ${llmOrigin(deps.llmUrl)}.`,
    annotations: { ...tool.annotations, openWorldHint: true },
  };
}

/** Scheme, host and port of the endpoint (never its path, query or credentials). */
function llmOrigin(url: string): string {
  try { return new URL(url).origin; } catch { return 'the configured MATERIA_LLM_URL'; }
}

/** The tools this key may call: a tool whose scope the key lacks is not offered (calling it anyway is a forbidden result). */
export function toolsForScopes(scopes: readonly string[]): McpToolDef[] {
  return MCP_TOOLS.filter((def) => { const scope = endpointOf(def.endpoint).scope; return !scope || scopes.includes(scope); });
}

function registerTools(server: McpServer, deps: McpDeps, caller: McpCaller) {
  server.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: toolsForScopes(caller.key.scopes).map((def) => toolListing(deps, def)) }));
  server.server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    let def = MCP_TOOLS.find((d) => d.name === request.params.name);
    if (!def) {
      const offered = toolsForScopes(caller.key.scopes).map((d) => d.name).join(', ') || 'none';
      throw rpcFailure(RPC.invalidParams, `unknown tool "${request.params.name}"; this key's tools: ${offered}`, { field: 'name' });
    }
    // The arguments as sent (the SDK's own parse rebuilds objects, so an own "__proto__" key would vanish unseen).
    let raw = caller.rawArguments?.has(extra.requestId) ? caller.rawArguments.get(extra.requestId) : request.params.arguments;
    if (def.name === 'cite_documents') return citeDocuments(deps, caller, def, raw);
    if (def.name === 'get_many') return getMany(deps, caller, def, raw);
    if (def.name === 'fetch') {
      // fetch is the record tool its id names, called with that tool's arguments (and charged as that tool).
      let args: FetchArgs;
      try { args = parseOrThrow(FetchArgs, raw ?? {}, 'body'); } catch (err) {
        if (err instanceof HttpError) return toolError(err);
        throw err;
      }
      const target = fetchTarget(deps, args.id);
      if ('error' in target) return toolError(target.error);
      def = MCP_TOOLS.find((d) => d.name === target.tool)!;
      raw = { ...target.args, detail: args.detail };
    }
    return runTool(deps, caller, def, raw);
  });
}

/** One tool call with its arguments as sent: scope and bucket, names read as slugs, the handler, sizing. */
async function runTool(deps: McpDeps, caller: McpCaller, def: McpToolDef, rawArgs: unknown): Promise<CallToolResult> {
  let raw = rawArgs;
  const refused = admit(deps, caller, def.endpoint);
  if (refused) return toolError(refused);
  // A compound or monograph asked for by a name that is not a slug of ours ("Warfarin", "eliquis") is read as one.
  const named = (def.record === 'compound' || def.record === 'monograph') && typeof (raw as { slug?: unknown } | undefined)?.slug === 'string'
    ? (raw as { slug: string }).slug : null;
  let reading: SlugReading | null = null;
  if (named !== null && !Slug.safeParse(named).success) {
    reading = slugForName(deps.contentDb, named);
    if (reading) raw = { ...(raw as object), slug: reading.slug };
  }
  let input: unknown;
  try {
    input = parseOrThrow(toolEntry(def).schema, raw ?? {}, PART_NAME[def.input]);
  } catch (err) {
    if (err instanceof HttpError) return toolError(err);
    throw err;
  }
  const { detail, ...given } = input as { detail?: McpDetail; slug?: string };
  let endpointInput = given;
  let out = await call(deps, caller, def.endpoint, def.input, def.record || def.listing ? endpointInput : input);
  if (!out.ok && out.error.code === 'not_found' && named !== null && !reading) {
    reading = slugForName(deps.contentDb, named);
    if (reading) {
      endpointInput = { ...endpointInput, slug: reading.slug };
      out = await call(deps, caller, def.endpoint, def.input, endpointInput);
    }
  }
  if (!out.ok) return toolError(out.error);
  let result = out.result;
  const links: ResourceLink[] = [];
  if (def.record) {
    const id = String((endpointInput as Record<string, unknown>).slug ?? (endpointInput as Record<string, unknown>).id);
    const uri = `materia://${def.record}/${encodeURIComponent(id)}`;
    const s = sized(result.data, detail ?? 'summary', { uri, call: `${def.name} {"${def.record === 'document' ? 'id' : 'slug'}": ${JSON.stringify(id)}, "detail": "full"}` });
    result = { ...result, data: s.data, ...(s.sizing ? { sizing: s.sizing } : {}), ...(reading ? { read_as: reading } : {}) };
    links.push({ type: 'resource_link', uri, name: id, mimeType: 'application/json', description: `the full ${def.record} record` });
  } else if (def.listing) {
    const s = sized(result.data, detail ?? 'summary', { call: `${def.name} with the same arguments and "detail": "full"` }, 'listing');
    result = { ...result, data: s.data, ...(s.sizing ? { sizing: s.sizing } : {}) };
  }
  const prov = provenance(deps.ctx, def.sources);
  const offMachine = def.endpoint === 'chatCompletions' && deps.llmUrl
    ? { note: `the question and retrieved evidence were sent to the language model at ${llmOrigin(deps.llmUrl)}` } : {};
  return toolResult({ ...result, provenance: { ...prov, ...offMachine } }, links);
}

/** get_many: several records in one call, each as fetch would answer it (its own scope, bucket and sizing). */
async function getMany(deps: McpDeps, caller: McpCaller, def: McpToolDef, raw: unknown): Promise<CallToolResult> {
  let args: GetManyArgs;
  try { args = parseOrThrow(GetManyArgs, raw ?? {}, 'body'); } catch (err) {
    if (err instanceof HttpError) return toolError(err);
    throw err;
  }
  const items: Record<string, unknown>[] = [];
  const links: ResourceLink[] = [];
  for (const id of args.ids) {
    const target = fetchTarget(deps, id);
    if ('error' in target) { items.push({ id, error: { code: target.error.code, message: target.error.message } }); continue; }
    const one = await runTool(deps, caller, MCP_TOOLS.find((d) => d.name === target.tool)!, { ...target.args, detail: args.detail });
    const { provenance: _p, ...rest } = one.structuredContent as Record<string, unknown>;
    items.push({ id, ...rest });
    links.push(...one.content.filter((b): b is ResourceLink => b.type === 'resource_link'));
  }
  return toolResult({ items, provenance: provenance(deps.ctx, def.sources) }, links);
}

/** cite_documents: each id read through GET /v1/documents/{id}'s handler and bucket, then formatted (citations.ts). */
async function citeDocuments(deps: McpDeps, caller: McpCaller, def: McpToolDef, raw: unknown): Promise<CallToolResult> {
  let args: CiteArgs;
  try { args = parseOrThrow(CiteArgs, raw ?? {}, 'body'); } catch (err) {
    if (err instanceof HttpError) return toolError(err);
    throw err;
  }
  const docs: Document[] = [];
  const missing: { id: string; reason: string }[] = [];
  for (const id of [...new Set(args.ids)]) {
    const refused = admit(deps, caller, 'documentGet');
    if (refused) return toolError(refused);
    const params = DocumentIdParams.safeParse({ id });
    if (!params.success) { missing.push({ id, reason: 'is not a document id' }); continue; }
    const out = await call(deps, caller, 'documentGet', 'params', params.data);
    if (out.ok) docs.push(out.result.data as Document);
    else missing.push({ id, reason: out.error.message });
  }
  const payload = args.format === 'csl-json'
    ? { format: args.format, items: docs.map(toCsl), missing }
    : { format: args.format, text: docs.map(args.format === 'bibtex' ? toBibtex : toRis).join('\n\n'), missing };
  const result = { ...payload, provenance: provenance(deps.ctx, def.sources) };
  const links: ResourceLink[] = docs.map((d) => ({ type: 'resource_link', uri: `materia://document/${encodeURIComponent(d.id)}`, name: d.id, mimeType: 'application/json' }));
  return toolResult(result, links);
}

/** The record tool and arguments a fetch id names. */
function fetchTarget(deps: McpDeps, id: string): { tool: string; args: Record<string, string> } | { error: HttpError } {
  const uri = /^materia:\/\/([a-z]+)\/(.+)$/.exec(id);
  if (uri) {
    let value: string;
    try { value = decodeURIComponent(uri[2]!); } catch { return { error: new HttpError('invalid_request', 'id: the URI is not valid percent-encoded UTF-8', [{ field: 'id', message: 'bad percent-encoding' }]) }; }
    if (uri[1] === 'compound' || uri[1] === 'monograph') return { tool: `get_${uri[1]}`, args: { slug: value } };
    if (uri[1] === 'document') return { tool: 'get_document', args: { id: value } };
    return { error: new HttpError('not_found', `no resource ${id}; fetch takes materia://compound/…, materia://monograph/… and materia://document/…`, [{ field: 'id', message: 'unknown resource kind' }]) };
  }
  if (/^cmp_[0-9a-f]+$/.test(id)) {
    const slug = deps.ctx.compounds.slugById(id);
    return slug ? { tool: 'get_compound', args: { slug } } : { error: new HttpError('not_found', `compound ${id} not found`, [{ field: 'id', message: 'no such compound id' }]) };
  }
  // A slug of ours first ("vitamin-d3" is shaped like a document id too), then a document id, then a name.
  if (deps.ctx.compounds.bySlug(id)) return { tool: 'get_compound', args: { slug: id } };
  if (DocumentIdParams.safeParse({ id }).success) return { tool: 'get_document', args: { id } };
  return { tool: 'get_compound', args: { slug: id } };
}

const RESOURCES = [
  { name: 'compound', endpoint: 'compoundGet', param: 'slug', sources: ['materia-editorial', 'drugbank-vocabulary', 'ddinter', 'onc-ddi', 'nlm-spl-ddi', 'materia-interaction-rules'], description: 'A compound record (GET /v1/compounds/{slug})', scope: 'read' },
  { name: 'monograph', endpoint: 'monographGet', param: 'slug', sources: ['materia-editorial', 'ddinter', 'onc-ddi', 'nlm-spl-ddi', 'materia-interaction-rules'], description: 'A compound monograph (GET /v1/monographs/{slug})', scope: 'read' },
  { name: 'document', endpoint: 'documentGet', param: 'id', sources: ['scifact', 'cord19', 'pubmedqa'], description: 'A research document (GET /v1/documents/{id})', scope: 'read' },
  { name: 'conversation', endpoint: 'conversationGet', param: 'id', sources: [], description: 'A stored assistant conversation (GET /v1/conversations/{id})', scope: 'chat' },
] as const;

/** resources/list pages: compounds, then monographs, this many per page, with an opaque cursor to the next. */
export const RESOURCE_PAGE = 100;

type Listed = { uri: string; name: string; title: string; description: string; mimeType: string };

function listedResources(deps: McpDeps): Listed[] {
  const compounds = deps.ctx.compounds.search('*', {}, { limit: 100_000, offset: 0 }).rows
    .map((c) => ({ kind: 'compound', slug: c.slug, title: c.name, grade: c.evidence_grade, category: c.category }));
  const monographs = deps.ctx.monographs.list({}, { limit: 100_000, offset: 0 }).items
    .map((m) => ({ kind: 'monograph', slug: m.slug, title: m.full_name, grade: m.evidence_grade, category: m.category }));
  return [...compounds, ...monographs].map((i) => ({
    uri: `materia://${i.kind}/${i.slug}`, name: i.slug, title: i.title, mimeType: 'application/json',
    description: `${i.kind}: ${i.category}, evidence grade ${i.grade}`,
  }));
}

const encodeCursor = (offset: number) => Buffer.from(`o:${offset}`).toString('base64url');
function decodeCursor(cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  const m = /^o:(\d{1,7})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!m) throw rpcFailure(RPC.invalidParams, 'invalid params for resources/list: cursor: not a cursor this server gave out', { field: 'cursor' });
  return Number(m[1]);
}

/** materia://<kind>/<id> → the resource and its decoded id, or null when the URI names no resource kind of this server. */
function resolveUri(uri: string): { r: (typeof RESOURCES)[number]; value: string } | null {
  const m = /^materia:\/\/([a-z]+)\/(.+)$/.exec(uri);
  const r = m ? RESOURCES.find((x) => x.name === m[1]) : undefined;
  if (!m || !r) return null;
  try { return { r, value: decodeURIComponent(m[2]!) }; } catch { return { r, value: '\uFFFD' }; }
}

function registerResources(server: McpServer, deps: McpDeps, caller: McpCaller) {
  server.server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
    resourceTemplates: RESOURCES.map((r) => ({
      name: r.name, uriTemplate: `materia://${r.name}/{${r.param}}`, title: `Materia ${r.name}`,
      description: `${r.description}; needs the "${r.scope}" scope`, mimeType: 'application/json',
    })),
  }));
  // Every compound and monograph, a page at a time; each page is charged to the compound search's /v1 bucket.
  // Documents (about 10,000) are not listed: find them with list_documents or search.
  server.server.setRequestHandler(ListResourcesRequestSchema, (request) => {
    const offset = decodeCursor(request.params?.cursor);
    const refused = admit(deps, caller, 'compoundSearch');
    if (refused) throw refusalFailure(refused);
    const all = listedResources(deps);
    const next = offset + RESOURCE_PAGE;
    return { resources: all.slice(offset, next), ...(next < all.length ? { nextCursor: encodeCursor(next) } : {}) };
  });
  server.server.setRequestHandler(ReadResourceRequestSchema, async (request): Promise<ReadResourceResult> => {
    const uri = request.params.uri;
    const found = resolveUri(uri);
    if (!found) {
      throw rpcFailure(RPC.resourceNotFound, `not_found: no resource ${uri}; this server has ${RESOURCES.map((x) => `materia://${x.name}/{${x.param}}`).join(', ')}`, { uri });
    }
    const { r, value } = found;
    const refused = admit(deps, caller, r.endpoint);
    if (refused) throw refusalFailure(refused);
    let params: unknown;
    try {
      params = parseOrThrow(endpointOf(r.endpoint).params!, { [r.param]: value }, 'path');
    } catch (err) {
      const e = err instanceof HttpError ? err : new HttpError('invalid_request', `${r.param} is not valid`);
      throw rpcFailure(RPC.invalidParams, `${e.code}: ${e.message}`, { uri, ...(e.details ? { details: e.details } : {}) });
    }
    const out = await call(deps, caller, r.endpoint, 'params', params);
    if (!out.ok) {
      if (out.error.code === 'not_found') throw rpcFailure(RPC.resourceNotFound, `not_found: ${out.error.message}`, { uri });
      throw refusalFailure(out.error);
    }
    const payload = { ...out.result, provenance: provenance(deps.ctx, r.sources) };
    return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(payload) }] };
  });
}

/** Completions answer at most this many values (the MCP limit), with `total` and `hasMore`. */
const MAX_COMPLETIONS = 100;

/**
 * completion/complete: compound and monograph slugs for the resource templates' {slug} and the evidence prompt's
 * compound, by prefix; when no slug begins so, the vocabulary's close names ("metfromin" → metformin). Needs "read".
 */
function registerCompletions(server: McpServer, deps: McpDeps, caller: McpCaller) {
  server.server.setRequestHandler(CompleteRequestSchema, (request) => {
    const { ref, argument } = request.params;
    const kind = ref.type === 'ref/resource'
      ? (/^materia:\/\/(compound|monograph)\/\{slug\}$/.exec(ref.uri)?.[1] ?? null)
      : ref.name === 'summarize_compound_evidence' && argument.name === 'compound' ? 'compound' : null;
    if (!kind || (ref.type === 'ref/resource' && argument.name !== 'slug')) return { completion: { values: [], hasMore: false } };
    if (!caller.key.scopes.includes('read')) throw refusalFailure(new HttpError('forbidden', 'this key lacks the "read" scope (completions of slugs)', [{ field: 'scope', message: 'needs read' }]));
    const slugs = kind === 'compound'
      ? deps.ctx.compounds.search('*', {}, { limit: 100_000, offset: 0 }).rows.map((c) => c.slug)
      : deps.ctx.monographs.list({}, { limit: 100_000, offset: 0 }).items.map((m) => m.slug);
    const prefix = argument.value.trim().toLowerCase();
    let values = slugs.filter((x) => x.startsWith(prefix)).sort();
    if (!values.length && prefix.length >= 3) {
      const known = new Set(slugs);
      values = [...new Set(suggestions(deps.contentDb, argument.value, 10).map((x) => x.slug).filter((x): x is string => x !== null && known.has(x)))];
    }
    return { completion: { values: values.slice(0, MAX_COMPLETIONS), total: values.length, hasMore: values.length > MAX_COMPLETIONS } };
  });
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
    capabilities: { tools: {}, resources: {}, prompts: {}, completions: {} },
    instructions: 'Materia is a local clinical reference. Every tool result carries its citations (ids, PMIDs, DOIs, URLs), the records\' editorial basis, and `provenance` with the datasets and their licences; cite them. Record tools answer a summary unless asked for detail "standard" or "full", and take names as well as slugs. '
      + (deps.llmUrl
        ? `ask_assistant sends the question and the evidence it retrieved to the language model at ${llmOrigin(deps.llmUrl)}; every other tool answers from this machine alone.`
        : 'Nothing is sent off this machine.'),
  });
  registerPrompts(server);
  // The SDK announces listChanged when a prompt is registered; a stateless server never sends that notification.
  server.server.registerCapabilities({ tools: { listChanged: false }, resources: { listChanged: false }, prompts: { listChanged: false } });
  registerTools(server, deps, caller);
  registerResources(server, deps, caller);
  registerCompletions(server, deps, caller);
  return server;
}
