/**
 * The on-device embedding side of search, as one unit the server owns: finds the model, starts the worker, opens the
 * index in the data directory and keeps it built. With no model files it stays off and says why.
 */
import { ensurePrivateDir, makeDbFilesPrivate } from '../db/private-files.ts';
import { join } from 'node:path';
import type { Db } from '../db/connection.ts';
import type { DenseRetriever, SearchKind } from './dense.ts';
import { startWorkerEmbedder, type Embedder } from './embedder.ts';
import { IndexBuilder, searchableTexts, type IndexProgress } from './index-builder.ts';
import { bundledCounts, bundledFingerprint, readBundledVectors } from './bundled-vectors.ts';
import { MemoryVectors } from './memory-vectors.ts';
import { missingModelFiles, modelFingerprint, type ModelConfig } from './model-files.ts';
import { VectorIndex } from './vector-index.ts';

export interface SemanticStatus {
  model: string;
  state: IndexProgress['state'] | 'no_model' | 'loading';
  done: number;
  total: number;
  reason: string;
}

export class Semantic {
  private embedder: Embedder | null = null;
  private builder: IndexBuilder | null = null;
  private state: SemanticStatus;
  private loading: Promise<Embedder> | null = null;
  private closed = false;
  /** How many vectors came with the content database (0: everything is embedded on this machine). */
  bundledCount = 0;

  constructor(
    private readonly model: ModelConfig,
    private readonly dataDir: string,
    private readonly db: Db,
    private readonly withImported: boolean,
  ) {
    const missing = missingModelFiles(model);
    this.state = missing.length
      ? {
          model: model.modelId,
          state: 'no_model',
          done: 0,
          total: 0,
          reason: `no embedding model at ${join(model.modelDir, model.modelId)} (missing ${missing.join(', ')}): run npm run model:fetch`,
        }
      : { model: model.modelId, state: 'loading', done: 0, total: 0, reason: 'loading the embedding model' };
  }

  get available(): boolean {
    return this.state.state !== 'no_model';
  }

  /** Loads the model and builds the index; resolves when the index is ready (or failed). */
  async start(onProgress?: (p: IndexProgress) => void): Promise<void> {
    if (!this.available) return;
    try {
      this.loading = startWorkerEmbedder(this.model);
      this.embedder = await this.loading;
      // Closed while the model was loading: nothing more to build.
      if (this.closed) return;
      const dir = join(this.dataDir, 'vectors');
      ensurePrivateDir(dir); // 0700, and the index file 0600 before SQLite creates it (private-files.ts)
      const indexPath = join(dir, `${this.model.modelId.replace(/[^A-Za-z0-9._-]+/g, '_')}.sqlite`);
      makeDbFilesPrivate(indexPath, true);
      const index = new VectorIndex(indexPath, this.model.modelId, this.embedder.dim);
      const memory = new MemoryVectors(this.embedder.dim);
      // Vectors shipped with the content database are used only when the very same model made them.
      // Per kind, holding the very key strings the vector store holds (100k "kind + key" strings would be ~10 MB more).
      const bundled = new Map<SearchKind, Set<string>>();
      const fingerprint = bundledFingerprint(this.db);
      if (fingerprint && fingerprint === modelFingerprint(this.model)) {
        // Sized once: growing by doubling would hold two copies of 100k vectors at the moment of each copy.
        for (const [kind, n] of bundledCounts(this.db)) memory.reserve(kind, n);
        for (const r of readBundledVectors(this.db)) {
          memory.set(r.kind, r.key, r.vector);
          let keys = bundled.get(r.kind);
          if (!keys) {
            keys = new Set();
            bundled.set(r.kind, keys);
          }
          keys.add(r.key);
        }
      }
      this.bundledCount = [...bundled.values()].reduce((n, k) => n + k.size, 0);
      const covered = (kind: SearchKind, key: string) => bundled.get(kind)?.has(key) ?? false;
      this.builder = new IndexBuilder(
        () => searchableTexts(this.db, this.withImported, covered),
        this.embedder,
        index,
        memory,
        covered,
        (p) => {
          this.state = { model: this.model.modelId, state: p.state, done: p.done, total: p.total, reason: describe(p) };
          onProgress?.(p);
        },
        this.bundledCount > 0,
      );
      await this.builder.build();
      if (this.withImported && !this.closed) this.watchImports();
    } catch (err) {
      this.state = {
        ...this.state,
        state: 'error',
        reason: `embedding model failed: ${err instanceof Error ? err.message : String(err)}`,
      };
    }
  }

  /** Re-embeds what changed (after an import); a no-op without a model. */
  refresh(): Promise<void> {
    this.importsSeen = this.importsVersion();
    return this.builder?.build() ?? Promise.resolve();
  }

  private watch: NodeJS.Timeout | null = null;
  private importsSeen: Buffer | null = null;
  private importsStructure: { get(): { block: Buffer } | undefined } | null = null;

  /**
   * The imported index's FTS5 structure record: it changes with every write to imported_documents, from this process
   * or another (npm run import), and reading it is one primary-key look-up.
   */
  private importsVersion(): Buffer | null {
    if (!this.withImported || !this.db.open) return null;
    this.importsStructure ??= this.db.prepare<[], { block: Buffer }>(
      'SELECT block FROM user.imported_documents_fts_data WHERE id = 10',
    );
    return this.importsStructure.get()?.block ?? null;
  }

  /** Documents imported by another process (npm run import) are embedded within IMPORT_POLL_MS of their commit. */
  private watchImports(): void {
    this.importsSeen ??= this.importsVersion();
    this.watch = setInterval(() => {
      if (this.closed || !this.db.open) return;
      const now = this.importsVersion();
      if (sameBytes(now, this.importsSeen)) return;
      void this.refresh();
    }, IMPORT_POLL_MS);
    this.watch.unref();
  }

  status(): SemanticStatus {
    return this.state;
  }

  retriever(): DenseRetriever | null {
    return this.builder?.retriever() ?? null;
  }

  /** The loaded model, for other features that compare meanings (chat triage); null until it has loaded. */
  loadedEmbedder(): Embedder | null {
    return this.embedder;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.watch) clearInterval(this.watch);
    this.builder?.stop();
    // A worker stopped while onnxruntime is still loading or running aborts the whole process: let it finish first.
    await this.loading?.catch(() => null);
    await this.builder?.idle();
    await this.embedder?.close();
    this.builder?.index.close();
  }
}

/** How often a running server looks for documents another process imported. */
export const IMPORT_POLL_MS = 2_000;

const sameBytes = (a: Buffer | null, b: Buffer | null) => (a === null || b === null ? a === b : a.equals(b));

function describe(p: IndexProgress): string {
  if (p.state === 'ready') return 'embedding index ready';
  if (p.state === 'error') return `index build failed: ${p.error}`;
  return `building the embedding index: ${p.done} of ${p.total}`;
}
