/**
 * One MCP server (official SDK) for one authenticated HTTP request: tools (only those the key's scopes allow are
 * listed), resources (paged) and prompts over the same handlers, scopes and rate-limit buckets as /v1. Nothing here
 * computes an answer: every tool calls the /v1 endpoint's handler with input parsed by that endpoint's zod schema.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { toJsonSchemaCompat } from '@modelcontextprotocol/sdk/server/zod-json-schema-compat.js';
import {
  CallToolRequestSchema,
  ListToolsRequestSchema,
  type CallToolResult,
  type ResourceLink,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { QUERY_INT_BOUNDS, Slug } from '../../shared/schemas/common.ts';
import { DocumentIdParams } from '../../shared/schemas/documents.ts';
import { FetchArgs, GetManyArgs, McpDetail } from '../../shared/schemas/mcp.ts';
import { HttpError } from '../http/http-error.ts';
import { parseOrThrow } from '../http/validation.ts';
import { citeDocuments } from './cite-tool.ts';
import {
  admit,
  call,
  endpointOf,
  provenance,
  rpcFailure,
  toolError,
  toolResult,
  type McpCaller,
  type McpDeps,
} from './core.ts';
import { sized } from './detail.ts';
import { compactSchema } from './schema-size.ts';
import { RPC } from './errors.ts';
import { slugForName, type SlugReading } from './names.ts';
import { registerPrompts } from './prompts.ts';
import { registerCompletions, registerResources } from './resources.ts';
import { MCP_TOOLS, type McpToolDef } from './tools.ts';

export type { McpCaller, McpDeps } from './core.ts';
export const MCP_SERVER_NAME = 'materia';

/**
 * A query string carries only text, so the /v1 query schemas take `"20"` for a number. Tool arguments are JSON: each
 * whole-number query field is offered as one JSON integer with the same bounds and default (one type per property,
 * as some model providers require); text fields stay the same schema.
 */
export function toolInputSchema(def: McpToolDef, schema: z.ZodType): z.ZodType {
  if (def.input !== 'query' || !(schema instanceof z.ZodObject)) return schema;
  const shape = Object.fromEntries(
    Object.entries(schema.shape as Record<string, z.ZodType>).map(([k, field]) => {
      const bounds = QUERY_INT_BOUNDS.get(field);
      if (!bounds) return [k, field];
      const int = z.int().min(bounds.min).max(bounds.max).default(bounds.dflt);
      return [k, field.description ? int.describe(field.description) : int];
    }),
  );
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
  const schema =
    (def.record || def.listing || def.sizedAnswer) && base instanceof z.ZodObject
      ? base.extend({ detail: McpDetail })
      : base;
  const tool: Tool = {
    name: def.name,
    title: def.title,
    // No "needs scope X" or "same as /v1 …" in the text: the list holds only the key's tools, and _meta names both.
    description: def.description,
    inputSchema: compactSchema(
      toJsonSchemaCompat(schema as never, { strictUnions: true, pipeStrategy: 'input' }) as Tool['inputSchema'],
    ),
    // destructiveHint and idempotentHint mean something only beside readOnlyHint: false (MCP ToolAnnotations).
    annotations: def.readOnly
      ? { readOnlyHint: true, openWorldHint: false }
      : { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
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
  try {
    return new URL(url).origin;
  } catch {
    return 'the configured MATERIA_LLM_URL';
  }
}

/** The tools this key may call: a tool whose scope the key lacks is not offered (calling it anyway is a forbidden result). */
export function toolsForScopes(scopes: readonly string[]): McpToolDef[] {
  return MCP_TOOLS.filter((def) => {
    const scope = endpointOf(def.endpoint).scope;
    return !scope || scopes.includes(scope);
  });
}

function registerTools(server: McpServer, deps: McpDeps, caller: McpCaller) {
  server.server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: toolsForScopes(caller.key.scopes).map((def) => toolListing(deps, def)),
  }));
  server.server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    let def = MCP_TOOLS.find((d) => d.name === request.params.name);
    if (!def) {
      const offered =
        toolsForScopes(caller.key.scopes)
          .map((d) => d.name)
          .join(', ') || 'none';
      throw rpcFailure(RPC.invalidParams, `unknown tool "${request.params.name}"; this key's tools: ${offered}`, {
        field: 'name',
      });
    }
    // The arguments as sent (the SDK's own parse rebuilds objects, so an own "__proto__" key would vanish unseen).
    let raw = caller.rawArguments?.has(extra.requestId)
      ? caller.rawArguments.get(extra.requestId)
      : request.params.arguments;
    if (def.name === 'cite_documents') return citeDocuments(deps, caller, def, raw);
    if (def.name === 'get_many') return getMany(deps, caller, def, raw);
    if (def.name === 'fetch') {
      // fetch is the record tool its id names, called with that tool's arguments (and charged as that tool).
      let args: FetchArgs;
      try {
        args = parseOrThrow(FetchArgs, raw ?? {}, 'body');
      } catch (err) {
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
  const named =
    (def.record === 'compound' || def.record === 'monograph') &&
    typeof (raw as { slug?: unknown } | undefined)?.slug === 'string'
      ? (raw as { slug: string }).slug
      : null;
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
  let out = await call(
    deps,
    caller,
    def.endpoint,
    def.input,
    def.record || def.listing || def.sizedAnswer ? endpointInput : input,
  );
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
    const s = sized(result.data, detail ?? 'summary', {
      uri,
      call: `${def.name} {"${def.record === 'document' ? 'id' : 'slug'}": ${JSON.stringify(id)}, "detail": "full"}`,
    });
    result = {
      ...result,
      data: s.data,
      ...(s.sizing ? { sizing: s.sizing } : {}),
      ...(reading ? { read_as: reading } : {}),
    };
    links.push({
      type: 'resource_link',
      uri,
      name: id,
      mimeType: 'application/json',
      description: `the full ${def.record} record`,
    });
  } else if (def.listing || def.sizedAnswer) {
    const s = sized(
      result.data,
      detail ?? 'summary',
      { call: `${def.name} with the same arguments and "detail": "full"` },
      def.listing ? 'listing' : { tool: def.name },
    );
    result = { ...result, data: s.data, ...(s.sizing ? { sizing: s.sizing } : {}) };
  }
  const prov = provenance(deps.ctx, def.sources);
  const offMachine =
    def.endpoint === 'chatCompletions' && deps.llmUrl
      ? { note: `the question and retrieved evidence were sent to the language model at ${llmOrigin(deps.llmUrl)}` }
      : {};
  return toolResult({ ...result, provenance: { ...prov, ...offMachine } }, links);
}

/** get_many: several records in one call, each as fetch would answer it (its own scope, bucket and sizing). */
async function getMany(deps: McpDeps, caller: McpCaller, def: McpToolDef, raw: unknown): Promise<CallToolResult> {
  let args: GetManyArgs;
  try {
    args = parseOrThrow(GetManyArgs, raw ?? {}, 'body');
  } catch (err) {
    if (err instanceof HttpError) return toolError(err);
    throw err;
  }
  const items: Record<string, unknown>[] = [];
  const links: ResourceLink[] = [];
  for (const id of args.ids) {
    const target = fetchTarget(deps, id);
    if ('error' in target) {
      items.push({ id, error: { code: target.error.code, message: target.error.message } });
      continue;
    }
    const one = await runTool(
      deps,
      caller,
      MCP_TOOLS.find((d) => d.name === target.tool)!,
      { ...target.args, detail: args.detail },
    );
    const { provenance: _p, ...rest } = one.structuredContent as Record<string, unknown>;
    items.push({ id, ...rest });
    links.push(...one.content.filter((b): b is ResourceLink => b.type === 'resource_link'));
  }
  return toolResult({ items, provenance: provenance(deps.ctx, def.sources) }, links);
}

/** The record tool and arguments a fetch id names. */
function fetchTarget(deps: McpDeps, id: string): { tool: string; args: Record<string, string> } | { error: HttpError } {
  const uri = /^materia:\/\/([a-z]+)\/(.+)$/.exec(id);
  if (uri) {
    let value: string;
    try {
      value = decodeURIComponent(uri[2]!);
    } catch {
      return {
        error: new HttpError('invalid_request', 'id: the URI is not valid percent-encoded UTF-8', [
          { field: 'id', message: 'bad percent-encoding' },
        ]),
      };
    }
    if (uri[1] === 'compound' || uri[1] === 'monograph') return { tool: `get_${uri[1]}`, args: { slug: value } };
    if (uri[1] === 'document') return { tool: 'get_document', args: { id: value } };
    return {
      error: new HttpError(
        'not_found',
        `no resource ${id}; fetch takes materia://compound/…, materia://monograph/… and materia://document/…`,
        [{ field: 'id', message: 'unknown resource kind' }],
      ),
    };
  }
  if (/^cmp_[0-9a-f]+$/.test(id)) {
    const slug = deps.ctx.compounds.slugById(id);
    return slug
      ? { tool: 'get_compound', args: { slug } }
      : {
          error: new HttpError('not_found', `compound ${id} not found`, [
            { field: 'id', message: 'no such compound id' },
          ]),
        };
  }
  // A slug of ours first ("vitamin-d3" is shaped like a document id too), then a document id, then a name.
  if (deps.ctx.compounds.bySlug(id)) return { tool: 'get_compound', args: { slug: id } };
  if (DocumentIdParams.safeParse({ id }).success) return { tool: 'get_document', args: { id } };
  return { tool: 'get_compound', args: { slug: id } };
}

export function buildMcpServer(deps: McpDeps, caller: McpCaller): McpServer {
  const server = new McpServer(
    { name: MCP_SERVER_NAME, title: 'Materia', version: deps.ctx.version },
    {
      capabilities: { tools: {}, resources: {}, prompts: {}, completions: {} },
      instructions:
        'Materia is a local clinical reference. Every tool result carries its citations (ids, PMIDs, DOIs, URLs), the records\' editorial basis, and `provenance` with the datasets and their licences; cite them. Record tools answer a summary unless asked for detail "standard" or "full", and take names as well as slugs. ' +
        (deps.llmUrl
          ? `ask_assistant sends the question and the evidence it retrieved to the language model at ${llmOrigin(deps.llmUrl)}; every other tool answers from this machine alone.`
          : 'Nothing is sent off this machine.'),
    },
  );
  registerPrompts(server);
  // The SDK announces listChanged when a prompt is registered; a stateless server never sends that notification.
  server.server.registerCapabilities({
    tools: { listChanged: false },
    resources: { listChanged: false },
    prompts: { listChanged: false },
  });
  registerTools(server, deps, caller);
  registerResources(server, deps, caller);
  registerCompletions(server, deps, caller);
  return server;
}
