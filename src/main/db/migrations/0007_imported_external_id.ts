import type { Migration } from '../migrate.ts';

/**
 * Imported documents keep the identifier they had in the user's file (returned as `external_id`), and remember when
 * their title was derived from the abstract because the record had none (`title_source: "derived"`).
 */
export default {
  version: 7,
  name: '0007_imported_external_id',
  sql: `
    ALTER TABLE imported_documents ADD COLUMN external_id TEXT;
    ALTER TABLE imported_documents ADD COLUMN title_derived INTEGER NOT NULL DEFAULT 0;
    UPDATE imported_documents SET external_id = substr(source_key, 4) WHERE source_key LIKE 'id:%';
  `,
} satisfies Migration;
