/**
 * The vector seed: the default model's vectors of the bundled records, committed to the repository
 * (resources/embeddings/<model>.vectors), so that a fresh clone's content build takes its vectors from here instead of
 * spending about nine minutes embedding ~11,000 texts. It is only a cache: entries are keyed by the model fingerprint
 * and the text's hash, a text it lacks is embedded as usual, and a stale entry is simply never asked for.
 * `npm run vectors:seed` rewrites it from the local embedding cache for the current content.
 *
 * Format: "MATERIA-VECTORS 1\n", one JSON line {fingerprint, dim, count}, then count records of a 16-byte text hash
 * followed by dim little-endian float32 values.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { REPO_ROOT } from '../paths.ts';

const MAGIC = 'MATERIA-VECTORS 1\n';

export function seedPath(modelId: string): string {
  return join(REPO_ROOT, 'resources/embeddings', `${modelId.replace(/[^A-Za-z0-9._-]+/g, '_')}.vectors`);
}

/** Vectors by text hash (32 hex digits), or an empty map when there is no seed for this fingerprint. */
export function readSeed(path: string, fingerprint: string): Map<string, Float32Array> {
  const out = new Map<string, Float32Array>();
  if (!existsSync(path)) return out;
  const buf = readFileSync(path);
  if (buf.toString('utf8', 0, MAGIC.length) !== MAGIC) throw new Error(`${path} is not a Materia vector seed`);
  const headerEnd = buf.indexOf(10, MAGIC.length);
  const header = JSON.parse(buf.toString('utf8', MAGIC.length, headerEnd)) as {
    fingerprint: string;
    dim: number;
    count: number;
  };
  if (header.fingerprint !== fingerprint) return out;
  const size = 16 + header.dim * 4;
  let p = headerEnd + 1;
  if (buf.length !== p + header.count * size) throw new Error(`${path} is truncated`);
  for (let i = 0; i < header.count; i++, p += size) {
    const v = new Float32Array(header.dim);
    for (let d = 0; d < header.dim; d++) v[d] = buf.readFloatLE(p + 16 + d * 4);
    out.set(buf.toString('hex', p, p + 16), v);
  }
  return out;
}

export function writeSeed(path: string, fingerprint: string, vectors: Map<string, Float32Array>): void {
  const entries = [...vectors].sort((a, b) => a[0].localeCompare(b[0]));
  const dim = entries[0]?.[1].length ?? 0;
  const head = Buffer.from(`${MAGIC}${JSON.stringify({ fingerprint, dim, count: entries.length })}\n`);
  const body = Buffer.alloc(entries.length * (16 + dim * 4));
  entries.forEach(([hash, v], i) => {
    const p = i * (16 + dim * 4);
    body.write(hash, p, 16, 'hex');
    for (let d = 0; d < dim; d++) body.writeFloatLE(v[d]!, p + 16 + d * 4);
  });
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, Buffer.concat([head, body]));
}
