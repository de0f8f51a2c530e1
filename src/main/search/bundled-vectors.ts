/** The vectors the content build ships (src/build/steps/embeddings.ts) and how the server reads them. */
import type { Db } from '../db/connection.ts';
import type { SearchKind } from './dense.ts';

export const BUNDLED_VECTORS_DDL =
  'CREATE TABLE IF NOT EXISTS bundled_vectors (kind TEXT NOT NULL, key TEXT NOT NULL, vector BLOB NOT NULL, PRIMARY KEY (kind, key)) WITHOUT ROWID';

/** The fingerprint of the model that made the bundled vectors, or null when the content database has none. */
export function bundledFingerprint(content: Db): string | null {
  const hasTable = content
    .prepare("SELECT 1 FROM main.sqlite_master WHERE type = 'table' AND name = 'bundled_vectors'")
    .get();
  if (!hasTable) return null;
  return (
    content.prepare<[], { value: string }>("SELECT value FROM main.meta WHERE key = 'embedding_fingerprint'").get()
      ?.value ?? null
  );
}

export function* readBundledVectors(content: Db): Generator<{ kind: SearchKind; key: string; vector: Float32Array }> {
  for (const r of content
    .prepare<[], { kind: SearchKind; key: string; vector: Buffer }>(
      'SELECT kind, key, vector FROM main.bundled_vectors',
    )
    .iterate()) {
    yield {
      kind: r.kind,
      key: r.key,
      vector: new Float32Array(r.vector.buffer, r.vector.byteOffset, r.vector.byteLength / 4),
    };
  }
}

/** How many bundled vectors each kind has. */
export function bundledCounts(content: Db): [SearchKind, number][] {
  return content
    .prepare<[], { kind: SearchKind; n: number }>('SELECT kind, count(*) AS n FROM main.bundled_vectors GROUP BY kind')
    .all()
    .map((r) => [r.kind, r.n]);
}
