import { toDocument } from '../../documents/document-repo.ts';
import { deleteImportedDocument, importDocuments } from '../../documents/import/importer.ts';
import { readRecords } from '../../documents/import/read-records.ts';
import { documentImportedData } from '../../webhooks/event-data.ts';
import { HttpError, notFound } from '../../http/http-error.ts';
import { NoSearchableText } from '../../search/search-service.ts';
import type { Handler } from '../../http/handlers.ts';
import type { AppContext } from '../../http/app-context.ts';
import { durably } from '../../db/durability.ts';
import type { ImportReport } from '../../../shared/schemas/documents.ts';
import type { ErrorDetail } from '../../../shared/errors.ts';

/**
 * Details that name fields of the request: `records.<i>.<field>` (or `records.<i>` for a record that is not an object)
 * when records were sent, and `data` when a file's contents were, with the record and its field in the message.
 */
export function importErrorDetails(report: ImportReport, sentRecords: boolean): ErrorDetail[] {
  if (report.received === 0) return [{ field: sentRecords ? 'records' : 'data', message: 'holds no records' }];
  return report.failed.slice(0, 50).flatMap((f) =>
    f.errors.map((e) => {
      if (sentRecords)
        return {
          field: e.field === 'record' ? `records.${f.index}` : `records.${f.index}.${e.field}`,
          message: e.message,
        };
      if (e.field === 'data') return { field: 'data', message: e.message };
      return { field: 'data', message: `record ${f.index}${e.field === 'record' ? '' : `, ${e.field}`}: ${e.message}` };
    }),
  );
}

/** Document ids for a text query, best first; none for a query with no searchable words (nothing matches it). */
async function rankedOrNone(ctx: AppContext, q: string): Promise<string[]> {
  try {
    return (await ctx.search.rankDocuments(q)).ids;
  } catch (err) {
    if (err instanceof NoSearchableText) return [];
    throw err;
  }
}

type DocumentEndpoint = 'documentList' | 'documentGet' | 'documentImport' | 'documentDelete';

export function documentHandlers(ctx: AppContext): { [N in DocumentEndpoint]: Handler<N> } {
  return {
    documentList: async ({ query }) => {
      let compoundRowid: number | undefined;
      if (query.compound) {
        const c = ctx.compounds.bySlug(query.compound);
        if (!c)
          throw new HttpError('invalid_request', `no compound with slug "${query.compound}"`, [
            { field: 'compound', message: 'unknown compound slug' },
          ]);
        compoundRowid = c.rowid;
      }
      if (
        query.from &&
        query.to &&
        (query.from.length === 4 ? `${query.from}-01-01` : query.from) >
          (query.to.length === 4 ? `${query.to}-12-31` : query.to)
      ) {
        throw new HttpError('invalid_request', '"from" is after "to"', [
          { field: 'from', message: 'must not be after to' },
        ]);
      }
      // A text query is ranked by search itself (the ranking of POST /v1/search), then filtered and paged here.
      const ranked = query.q === undefined ? undefined : await rankedOrNone(ctx, query.q);
      const { total, rows } = ctx.documents.list({ ...query, compoundRowid, ranked }, query);
      const data = rows.map(toDocument);
      return {
        data,
        meta: {
          total,
          returned: data.length,
          limit: query.limit,
          offset: query.offset,
          has_more: query.offset + data.length < total,
        },
      };
    },
    documentGet: ({ params }) => {
      const row = ctx.documents.byId(params.id);
      if (!row) throw notFound(`document "${params.id}"`);
      return { data: toDocument(row) };
    },
    documentDelete: ({ params }) => {
      const row = ctx.documents.byId(params.id);
      if (!row) throw notFound(`document "${params.id}"`);
      if (row.source !== 'imported') {
        throw new HttpError('invalid_request', `document "${params.id}" ships with Materia and cannot be deleted`, [
          { field: 'id', message: 'is a bundled document: only imported documents (imported-…) can be deleted' },
        ]);
      }
      durably(ctx.userDb, () => deleteImportedDocument(ctx.userDb, params.id));
      // Word statistics change at once; the embedding index drops the vector at its next refresh.
      ctx.search.importedChanged();
      void ctx.semantic?.refresh();
      return { data: toDocument(row) };
    },
    documentImport: ({ body }) => {
      // The schema guarantees records, or format and data.
      const raw = body.records
        ? body.records.map((value, index) => ({ index, value }))
        : readRecords(body.format!, body.data!);
      // The import and its document.imported event commit together (the webhook outbox is in the same database).
      const report = durably(
        ctx.userDb,
        ctx.userDb.transaction(() => {
          const r = importDocuments(ctx.userDb, raw, ctx.now);
          if (r.created + r.updated > 0) ctx.webhooks.emit('document.imported', documentImportedData(r));
          return r;
        }),
      );
      if (report.created + report.updated === 0) {
        throw new HttpError(
          'invalid_request',
          `none of the ${report.received} record(s) could be imported`,
          importErrorDetails(report, body.records !== undefined),
        );
      }
      // Word statistics of the imported index changed; new documents become searchable by meaning once embedded (in the background).
      ctx.search.importedChanged();
      void ctx.semantic?.refresh();
      return { data: report };
    },
  };
}
