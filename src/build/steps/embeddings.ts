/**
 * Bundled vectors: the content build embeds every searchable record (the same texts the server would embed) with the
 * installed model and stores them in the content database, tagged with the model's fingerprint, so a first start
 * needs no embedding work. Vectors are cached by (fingerprint, text hash) in resources/db/embedding-cache.sqlite and
 * seeded from the committed resources/embeddings/ file (vector-seed.ts), so a build only embeds what neither holds.
 * Without the model files the step is skipped and the server embeds at start.
 */
import { createHash } from 'node:crypto';
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import Database from 'better-sqlite3';
import { progressReporter } from '../../main/cli/progress-bar.ts';
import { searchableTexts } from '../../main/search/index-builder.ts';
import { loadEncoder } from '../../main/search/model/encoder.ts';
import { missingModelFiles, modelFingerprint, type ModelConfig } from '../../main/search/model-files.ts';
import { BUNDLED_VECTORS_DDL } from '../../main/search/bundled-vectors.ts';
import { readSeed, seedPath } from './vector-seed.ts';

const BATCH = 16;
const textHash = (t: string) => createHash('sha256').update(t).digest('hex').slice(0, 32);

/** One embedding run per cache at a time: a second build waits for nothing and ships no vectors (the server embeds). */
function lock(path: string): (() => void) | null {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(path, { force: true });
    } catch {
      const pid = Number(readFileSync(path, 'utf8'));
      // An empty file is a lock being written this instant: treat it as held.
      let alive = !pid;
      try {
        if (pid) {
          process.kill(pid, 0);
          alive = true;
        }
      } catch {
        alive = false;
      }
      if (alive) return null;
      rmSync(path, { force: true });
    }
  }
  return null;
}

export async function addBundledVectors(
  dbPath: string,
  model: ModelConfig,
  cachePath: string,
  log: (l: string) => void,
): Promise<number> {
  if (missingModelFiles(model).length) {
    log(
      `no embedding model at ${model.modelDir}/${model.modelId}: bundled vectors skipped (npm run model:fetch, then rebuild)`,
    );
    return 0;
  }
  const release = lock(`${cachePath}.lock`);
  if (!release) {
    log(
      'another build is filling the embedding cache: this build ships no bundled vectors (the server embeds at start)',
    );
    return 0;
  }
  try {
    return await embedInto(dbPath, model, cachePath, log);
  } finally {
    release();
  }
}

/** Vectors for these texts by text hash: from the cache, embedding (and caching) the ones it lacks. */
export async function cachedVectors(
  model: ModelConfig,
  texts: string[],
  cachePath: string,
  log: (l: string) => void,
): Promise<Map<string, Float32Array>> {
  const fingerprint = modelFingerprint(model);
  const cache = new Database(cachePath);
  try {
    cache.pragma('journal_mode = WAL');
    cache.exec(
      'CREATE TABLE IF NOT EXISTS vectors (fingerprint TEXT NOT NULL, hash TEXT NOT NULL, vector BLOB NOT NULL, PRIMARY KEY (fingerprint, hash)) WITHOUT ROWID',
    );
    const get = cache.prepare<[string, string], { vector: Buffer }>(
      'SELECT vector FROM vectors WHERE fingerprint = ? AND hash = ?',
    );
    const byHash = new Map(texts.map((t) => [textHash(t), t]));
    const out = new Map<string, Float32Array>();
    const missing: { hash: string; text: string }[] = [];
    let seed: Map<string, Float32Array> | null = null;
    for (const [hash, text] of byHash) {
      const r = get.get(fingerprint, hash);
      if (r) {
        out.set(
          hash,
          new Float32Array(r.vector.buffer.slice(r.vector.byteOffset, r.vector.byteOffset + r.vector.byteLength)),
        );
        continue;
      }
      seed ??= readSeed(seedPath(model.modelId), fingerprint);
      const v = seed.get(hash);
      if (v) out.set(hash, v);
      else missing.push({ hash, text });
    }
    if (missing.length) {
      log(
        `embedding ${missing.length} of ${byHash.size} texts with ${model.modelId} (cached by text: later runs only embed what changed)`,
      );
      // Similar lengths in one batch waste less work on padding.
      missing.sort((a, b) => a.text.length - b.text.length);
      const encoder = await loadEncoder(model.modelDir, model.modelId);
      const put = cache.prepare('INSERT OR REPLACE INTO vectors (fingerprint, hash, vector) VALUES (?, ?, ?)');
      const report = progressReporter('  embedding', process.stderr, 500);
      for (let i = 0; i < missing.length; i += BATCH) {
        const batch = missing.slice(i, i + BATCH);
        const flat = await encoder.encode(batch.map((b) => b.text));
        cache.transaction(() =>
          batch.forEach((b, j) => {
            const v = flat.slice(j * encoder.dim, (j + 1) * encoder.dim);
            put.run(fingerprint, b.hash, Buffer.from(v.buffer));
            out.set(b.hash, v);
          }),
        )();
        report(Math.min(i + BATCH, missing.length), missing.length);
      }
    }
    return out;
  } finally {
    cache.close();
  }
}

export { textHash };

async function embedInto(
  dbPath: string,
  model: ModelConfig,
  cachePath: string,
  log: (l: string) => void,
): Promise<number> {
  const db = new Database(dbPath);
  try {
    const items = Object.entries(searchableTexts(db, false)).flatMap(([kind, list]) =>
      list.map((i) => ({ kind, key: i.key, text: i.text })),
    );
    const vectors = await cachedVectors(
      model,
      items.map((i) => i.text),
      cachePath,
      log,
    );
    db.exec(BUNDLED_VECTORS_DDL);
    const insert = db.prepare('INSERT INTO bundled_vectors (kind, key, vector) VALUES (?, ?, ?)');
    db.transaction(() => {
      for (const i of items) {
        const v = vectors.get(textHash(i.text))!;
        insert.run(i.kind, i.key, Buffer.from(v.buffer, v.byteOffset, v.byteLength));
      }
      db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?), (?, ?)').run(
        'embedding_model',
        model.modelId,
        'embedding_fingerprint',
        modelFingerprint(model),
      );
      db.prepare("UPDATE sources SET records = ? WHERE id = 'embedding-model'").run(items.length);
      const counts = db.prepare<[], { value: string }>("SELECT value FROM meta WHERE key = 'counts'").get();
      if (counts)
        db.prepare("UPDATE meta SET value = ? WHERE key = 'counts'").run(
          JSON.stringify({ ...(JSON.parse(counts.value) as object), bundled_vectors: items.length }),
        );
    })();
    return items.length;
  } finally {
    db.close();
  }
}
