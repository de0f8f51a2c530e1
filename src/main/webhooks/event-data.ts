/** What each event's `data` holds, built in one place so every emitter sends the same shape (docs/api.md "Webhooks"). */
import type { ImportReport } from '../../shared/schemas/documents.ts';
import type { ApiKeyRecord } from '../keys/key-store.ts';

/** api_key.created / api_key.revoked: the record, never the key or its hash. */
export const apiKeyEventData = (k: ApiKeyRecord) => ({
  id: k.id,
  name: k.name,
  prefix: k.prefix,
  scopes: k.scopes,
  created_at: k.created_at,
  expires_at: k.expires_at,
  revoked_at: k.revoked_at,
  created_by: k.created_by,
});

/** document.imported: counts and up to 1,000 document ids (GET /v1/documents/{id} has each one). */
export const documentImportedData = (r: ImportReport) => ({
  received: r.received,
  created: r.created,
  updated: r.updated,
  failed: r.failed.length,
  documents: r.documents.slice(0, 1000),
  documents_truncated: r.documents.length > 1000,
});
