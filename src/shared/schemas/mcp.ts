/**
 * MCP-only arguments: what a tool adds to its /v1 endpoint's input. `detail` sizes an answer for an agent's context
 * window (a full monograph is about 90,000 characters, most of it interaction rows).
 */
import { z } from 'zod';

export const McpDetail = z
  .enum(['summary', 'standard', 'full'])
  .default('summary')
  .describe('summary (default: key facts, most severe first; says what was cut), standard, or full (as /v1 answers)');
export type McpDetail = z.infer<typeof McpDetail>;

/** fetch: one record by whatever an agent holds: a materia:// resource URI, a search result id, a slug or a name. */
export const FetchArgs = z.strictObject({
  id: z
    .string()
    .min(1)
    .max(512)
    .describe(
      'a materia:// resource URI (materia://monograph/warfarin), a search result id (cmp_…, scifact-…), a compound slug or a name',
    ),
  detail: McpDetail,
});
export type FetchArgs = z.infer<typeof FetchArgs>;

/** cite_documents: documents by id, and monographs' sources by URI, as citations a reference manager imports. */
export const CiteArgs = z.strictObject({
  ids: z
    .array(z.string().min(1).max(128))
    .min(1)
    .max(50)
    .describe(
      'document ids (from search or list_documents), or materia://monograph/{slug} for its sources; at most 50',
    ),
  format: z.enum(['bibtex', 'ris', 'csl-json']).default('bibtex').describe('bibtex (default), ris or csl-json'),
});
export type CiteArgs = z.infer<typeof CiteArgs>;

/** get_many: several records at once, each named as fetch takes it. */
export const GetManyArgs = z.strictObject({
  ids: z
    .array(z.string().min(1).max(512))
    .min(1)
    .max(20)
    .describe('up to 20 ids as fetch takes them: materia:// URIs, search result ids, slugs or names'),
  detail: McpDetail,
});
export type GetManyArgs = z.infer<typeof GetManyArgs>;
