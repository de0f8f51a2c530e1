import type { Db } from '../db/connection.ts';
import type { ContentInfo } from '../../shared/schemas/system.ts';

/** Version, counts and sources of the content database, read once at start (the database is read-only). */
export function readContentInfo(db: Db): ContentInfo {
  const meta = new Map(db.prepare<[], { key: string; value: string }>('SELECT key, value FROM meta').all().map((r) => [r.key, r.value]));
  const count = (table: string) => db.prepare<[], { n: number }>(`SELECT COUNT(*) AS n FROM ${table}`).get()!.n;
  return {
    version: meta.get('content_version') ?? 'unknown',
    inputs_sha256: meta.get('inputs_sha256') ?? '',
    counts: { compounds: count('compounds'), monographs: count('monographs'), documents: count('documents') },
    sources: db.prepare<[], ContentInfo['sources'][number]>('SELECT id, name, licence, version, records, provenance, notes FROM sources ORDER BY rowid').all(),
  };
}
