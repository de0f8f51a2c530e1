/**
 * MCP resources and completions: the records as materia:// URIs (compound, monograph, document, conversation), read
 * through their /v1 handlers with the route's scope and bucket; resources/list in pages; slug completions.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  CompleteRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ReadResourceRequestSchema,
  type ReadResourceResult,
} from '@modelcontextprotocol/sdk/types.js';
import { HttpError } from '../http/http-error.ts';
import { parseOrThrow } from '../http/validation.ts';
import { suggestions } from '../vocabulary/resolver.ts';
import {
  admit,
  call,
  endpointOf,
  provenance,
  refusalFailure,
  rpcFailure,
  type McpCaller,
  type McpDeps,
} from './core.ts';
import { RPC } from './errors.ts';

const RESOURCES = [
  {
    name: 'compound',
    endpoint: 'compoundGet',
    param: 'slug',
    sources: [
      'materia-editorial',
      'drugbank-vocabulary',
      'ddinter',
      'onc-ddi',
      'nlm-spl-ddi',
      'materia-interaction-rules',
    ],
    description: 'A compound record (GET /v1/compounds/{slug})',
    scope: 'read',
  },
  {
    name: 'monograph',
    endpoint: 'monographGet',
    param: 'slug',
    sources: ['materia-editorial', 'ddinter', 'onc-ddi', 'nlm-spl-ddi', 'materia-interaction-rules'],
    description: 'A compound monograph (GET /v1/monographs/{slug})',
    scope: 'read',
  },
  {
    name: 'document',
    endpoint: 'documentGet',
    param: 'id',
    sources: ['scifact', 'cord19', 'pubmedqa'],
    description: 'A research document (GET /v1/documents/{id})',
    scope: 'read',
  },
  {
    name: 'conversation',
    endpoint: 'conversationGet',
    param: 'id',
    sources: [],
    description: 'A stored assistant conversation (GET /v1/conversations/{id})',
    scope: 'chat',
  },
] as const;

/** resources/list pages: compounds, then monographs, this many per page, with an opaque cursor to the next. */
export const RESOURCE_PAGE = 100;

type Listed = { uri: string; name: string; title: string; description: string; mimeType: string };

function listedResources(deps: McpDeps): Listed[] {
  const compounds = deps.ctx.compounds.search('*', {}, { limit: 100_000, offset: 0 }).rows.map((c) => ({
    kind: 'compound',
    slug: c.slug,
    title: c.name,
    grade: c.evidence_grade,
    category: c.category,
  }));
  const monographs = deps.ctx.monographs.list({}, { limit: 100_000, offset: 0 }).items.map((m) => ({
    kind: 'monograph',
    slug: m.slug,
    title: m.full_name,
    grade: m.evidence_grade,
    category: m.category,
  }));
  return [...compounds, ...monographs].map((i) => ({
    uri: `materia://${i.kind}/${i.slug}`,
    name: i.slug,
    title: i.title,
    mimeType: 'application/json',
    description: `${i.kind}: ${i.category}, evidence grade ${i.grade}`,
  }));
}

const encodeCursor = (offset: number) => Buffer.from(`o:${offset}`).toString('base64url');
function decodeCursor(cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  const m = /^o:(\d{1,7})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!m)
    throw rpcFailure(
      RPC.invalidParams,
      'invalid params for resources/list: cursor: not a cursor this server gave out',
      { field: 'cursor' },
    );
  return Number(m[1]);
}

/** materia://<kind>/<id> → the resource and its decoded id, or null when the URI names no resource kind of this server. */
function resolveUri(uri: string): { r: (typeof RESOURCES)[number]; value: string } | null {
  const m = /^materia:\/\/([a-z]+)\/(.+)$/.exec(uri);
  const r = m ? RESOURCES.find((x) => x.name === m[1]) : undefined;
  if (!m || !r) return null;
  try {
    return { r, value: decodeURIComponent(m[2]!) };
  } catch {
    return { r, value: '\uFFFD' };
  }
}

export function registerResources(server: McpServer, deps: McpDeps, caller: McpCaller) {
  server.server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
    resourceTemplates: RESOURCES.map((r) => ({
      name: r.name,
      uriTemplate: `materia://${r.name}/{${r.param}}`,
      title: `Materia ${r.name}`,
      description: `${r.description}; needs the "${r.scope}" scope`,
      mimeType: 'application/json',
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
      throw rpcFailure(
        RPC.resourceNotFound,
        `not_found: no resource ${uri}; this server has ${RESOURCES.map((x) => `materia://${x.name}/{${x.param}}`).join(', ')}`,
        { uri },
      );
    }
    const { r, value } = found;
    const refused = admit(deps, caller, r.endpoint);
    if (refused) throw refusalFailure(refused);
    let params: unknown;
    try {
      params = parseOrThrow(endpointOf(r.endpoint).params!, { [r.param]: value }, 'path');
    } catch (err) {
      const e = err instanceof HttpError ? err : new HttpError('invalid_request', `${r.param} is not valid`);
      throw rpcFailure(RPC.invalidParams, `${e.code}: ${e.message}`, {
        uri,
        ...(e.details ? { details: e.details } : {}),
      });
    }
    const out = await call(deps, caller, r.endpoint, 'params', params);
    if (!out.ok) {
      if (out.error.code === 'not_found')
        throw rpcFailure(RPC.resourceNotFound, `not_found: ${out.error.message}`, { uri });
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
export function registerCompletions(server: McpServer, deps: McpDeps, caller: McpCaller) {
  server.server.setRequestHandler(CompleteRequestSchema, (request) => {
    const { ref, argument } = request.params;
    const kind =
      ref.type === 'ref/resource'
        ? (/^materia:\/\/(compound|monograph)\/\{slug\}$/.exec(ref.uri)?.[1] ?? null)
        : ref.name === 'summarize_compound_evidence' && argument.name === 'compound'
          ? 'compound'
          : null;
    if (!kind || (ref.type === 'ref/resource' && argument.name !== 'slug'))
      return { completion: { values: [], hasMore: false } };
    if (!caller.key.scopes.includes('read'))
      throw refusalFailure(
        new HttpError('forbidden', 'this key lacks the "read" scope (completions of slugs)', [
          { field: 'scope', message: 'needs read' },
        ]),
      );
    const slugs =
      kind === 'compound'
        ? deps.ctx.compounds.search('*', {}, { limit: 100_000, offset: 0 }).rows.map((c) => c.slug)
        : deps.ctx.monographs.list({}, { limit: 100_000, offset: 0 }).items.map((m) => m.slug);
    const prefix = argument.value.trim().toLowerCase();
    let values = slugs.filter((x) => x.startsWith(prefix)).sort();
    if (!values.length && prefix.length >= 3) {
      const known = new Set(slugs);
      values = [
        ...new Set(
          suggestions(deps.contentDb, argument.value, 10)
            .map((x) => x.slug)
            .filter((x): x is string => x !== null && known.has(x)),
        ),
      ];
    }
    return {
      completion: {
        values: values.slice(0, MAX_COMPLETIONS),
        total: values.length,
        hasMore: values.length > MAX_COMPLETIONS,
      },
    };
  });
}
