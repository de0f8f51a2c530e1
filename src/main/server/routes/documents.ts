import { toDocument } from '../../documents/document-repo.ts';
import { importDocuments } from '../../documents/import/importer.ts';
import { readRecords } from '../../documents/import/read-records.ts';
import { documentImportedData } from '../../webhooks/event-data.ts';
import { HttpError, notFound } from '../http-error.ts';
import type { Handler } from '../handlers.ts';
import type { AppContext } from './context.ts';

export function documentHandlers(ctx: AppContext): { documentList: Handler<'documentList'>; documentGet: Handler<'documentGet'>; documentImport: Handler<'documentImport'> } {
  return {
    documentList: ({ query }) => {
      let compoundRowid: number | undefined;
      if (query.compound) {
        const c = ctx.compounds.bySlug(query.compound);
        if (!c) throw new HttpError('invalid_request', `no compound with slug "${query.compound}"`, [{ field: 'compound', message: 'unknown compound slug' }]);
        compoundRowid = c.rowid;
      }
      if (query.from && query.to && (query.from.length === 4 ? `${query.from}-01-01` : query.from) > (query.to.length === 4 ? `${query.to}-12-31` : query.to)) {
        throw new HttpError('invalid_request', '"from" is after "to"', [{ field: 'from', message: 'must not be after to' }]);
      }
      const { total, rows } = ctx.documents.list({ ...query, compoundRowid }, query);
      const data = rows.map(toDocument);
      return { data, meta: { total, returned: data.length, limit: query.limit, offset: query.offset, has_more: query.offset + data.length < total } };
    },
    documentGet: ({ params }) => {
      const row = ctx.documents.byId(params.id);
      if (!row) throw notFound(`document "${params.id}"`);
      return { data: toDocument(row) };
    },
    documentImport: ({ body }) => {
      const raw = 'records' in body ? body.records.map((value, index) => ({ index, value })) : readRecords(body.format, body.data);
      // The import and its document.imported event commit together (the webhook outbox is in the same database).
      const report = ctx.userDb.transaction(() => {
        const r = importDocuments(ctx.userDb, raw, ctx.now);
        if (r.created + r.updated > 0) ctx.webhooks.emit('document.imported', documentImportedData(r));
        return r;
      })();
      if (report.created + report.updated === 0) {
        throw new HttpError('invalid_request', `none of the ${report.received} record(s) could be imported`,
          report.failed.slice(0, 50).flatMap((f) => f.errors.map((e) => ({ field: `records.${f.index}.${e.field}`, message: e.message }))));
      }
      // New documents become searchable by meaning once re-embedded (in the background).
      void ctx.semantic?.refresh();
      return { data: report };
    },
  };
}
