/**
 * cite_documents: research documents by id, and a monograph's sources by its materia://monograph/{slug} URI, as
 * citations for a reference manager (citations.ts, source-citations.ts). Each document is read through
 * GET /v1/documents/{id}'s handler and bucket, each monograph through GET /v1/monographs/{slug}'s; what is not found
 * is listed in `missing`, never guessed.
 */
import type { CallToolResult, ResourceLink } from '@modelcontextprotocol/sdk/types.js';
import { DocumentIdParams, type Document } from '../../shared/schemas/documents.ts';
import { CiteArgs } from '../../shared/schemas/mcp.ts';
import { MonographSlugParams, type Monograph } from '../../shared/schemas/monographs.ts';
import { HttpError } from '../http/http-error.ts';
import { parseOrThrow } from '../http/validation.ts';
import { toBibtex, toCsl, toRis } from './citations.ts';
import { admit, call, provenance, toolError, toolResult, type McpCaller, type McpDeps } from './core.ts';
import {
  monographSources,
  sourceToBibtex,
  sourceToCsl,
  sourceToRis,
  type MonographSource,
} from './source-citations.ts';
import type { McpToolDef } from './tools.ts';

const MONOGRAPH_URI = /^materia:\/\/monograph\/(.+)$/;

export async function citeDocuments(
  deps: McpDeps,
  caller: McpCaller,
  def: McpToolDef,
  raw: unknown,
): Promise<CallToolResult> {
  let args: CiteArgs;
  try {
    args = parseOrThrow(CiteArgs, raw ?? {}, 'body');
  } catch (err) {
    if (err instanceof HttpError) return toolError(err);
    throw err;
  }
  const docs: Document[] = [];
  const sources: MonographSource[] = [];
  const monographs: string[] = [];
  const missing: { id: string; reason: string }[] = [];
  for (const id of [...new Set(args.ids)]) {
    const uri = MONOGRAPH_URI.exec(id);
    const refused = admit(deps, caller, uri ? 'monographGet' : 'documentGet');
    if (refused) return toolError(refused);
    if (uri) {
      const params = MonographSlugParams.safeParse({ slug: safeDecode(uri[1]!) });
      if (!params.success) {
        missing.push({ id, reason: 'is not a monograph slug' });
        continue;
      }
      const out = await call(deps, caller, 'monographGet', 'params', params.data);
      if (!out.ok) missing.push({ id, reason: out.error.message });
      else {
        monographs.push(params.data.slug);
        sources.push(...monographSources(out.result.data as Monograph));
      }
      continue;
    }
    const params = DocumentIdParams.safeParse({ id });
    if (!params.success) {
      missing.push({ id, reason: 'is not a document id or a materia://monograph/… URI' });
      continue;
    }
    const out = await call(deps, caller, 'documentGet', 'params', params.data);
    if (out.ok) docs.push(out.result.data as Document);
    else missing.push({ id, reason: out.error.message });
  }
  const withSources = sources.length ? { monograph_sources: sources } : {};
  const payload =
    args.format === 'csl-json'
      ? { format: args.format, items: [...docs.map(toCsl), ...sources.map(sourceToCsl)], ...withSources, missing }
      : {
          format: args.format,
          text: [
            ...docs.map(args.format === 'bibtex' ? toBibtex : toRis),
            ...sources.map(args.format === 'bibtex' ? sourceToBibtex : sourceToRis),
          ].join('\n\n'),
          ...withSources,
          missing,
        };
  const links: ResourceLink[] = [
    ...docs.map((d) => link(`materia://document/${encodeURIComponent(d.id)}`, d.id)),
    ...monographs.map((slug) => link(`materia://monograph/${slug}`, slug)),
  ];
  return toolResult({ ...payload, provenance: provenance(deps.ctx, def.sources) }, links);
}

const link = (uri: string, name: string): ResourceLink => ({
  type: 'resource_link',
  uri,
  name,
  mimeType: 'application/json',
});

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
