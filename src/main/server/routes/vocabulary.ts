/** GET /v1/vocabulary/suggest: names while typing, from the vocabulary that reads medication lines. */
import { suggestNames } from '../../vocabulary/med-list.ts';
import type { Handler } from '../../http/handlers.ts';
import type { Db } from '../../db/connection.ts';

export function vocabularyHandlers(contentDb: Db): { nameSuggest: Handler<'nameSuggest'> } {
  return {
    nameSuggest: ({ query }) => ({ data: suggestNames(contentDb, query.q, query.limit) }),
  };
}
