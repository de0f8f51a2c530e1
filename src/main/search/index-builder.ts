/**
 * Builds and keeps current the embedding index of everything search covers: compounds, documents (bundled and
 * imported) and research items. Batches of BATCH texts go through the worker; each batch is committed on its own,
 * so a restart resumes, and records whose text hash is unchanged are skipped.
 */
import { createHash } from 'node:crypto';
import type { Db } from '../db/connection.ts';
import type { DenseRetriever, SearchKind } from './dense.ts';
import type { Embedder } from './embedder.ts';
import type { MemoryVectors } from './memory-vectors.ts';
import type { VectorIndex } from './vector-index.ts';

const BATCH = 16;
/** Long abstracts are cut here: the default model reads 512 tokens at most, and tokenising more is wasted work. */
const MAX_CHARS = 2000;

export interface IndexProgress {
  state: 'idle' | 'building' | 'ready' | 'error';
  done: number;
  total: number;
  error?: string;
}

interface Item {
  key: string;
  text: string;
}

/**
 * What each kind's records say, as the model reads them. `skip` leaves out records whose vectors came with the content
 * database: at 100k documents their texts alone would be hundreds of megabytes held for nothing.
 */
export function searchableTexts(
  db: Db,
  withImported: boolean,
  skip: (kind: SearchKind, key: string) => boolean = () => false,
): Record<SearchKind, Item[]> {
  const cut = (s: string) => (s.length > MAX_CHARS ? s.slice(0, MAX_CHARS) : s);
  const compounds: Item[] = [];
  for (const c of db
    .prepare<[], { id: string; name: string; alt_names: string; description: string; benefits: string }>(
      'SELECT id, name, alt_names, description, benefits FROM compounds ORDER BY rowid',
    )
    .iterate()) {
    if (!skip('compounds', c.id))
      compounds.push({
        key: c.id,
        text: cut(
          `${c.name}. ${(JSON.parse(c.alt_names) as string[]).slice(0, 10).join(', ')}. ${c.description} ${(JSON.parse(c.benefits) as string[]).join('; ')}`,
        ),
      });
  }
  const documents: Item[] = [];
  for (const table of withImported ? ['main.documents', 'user.imported_documents'] : ['main.documents']) {
    for (const d of db
      .prepare<[], { id: string; title: string | null; abstract: string | null }>(
        `SELECT id, title, abstract FROM ${table} ORDER BY rowid`,
      )
      .iterate()) {
      if (skip('documents', d.id)) continue;
      const text = cut([d.title, d.abstract].filter(Boolean).join('. '));
      if (text) documents.push({ key: d.id, text });
    }
  }
  const research: Item[] = [];
  for (const r of db
    .prepare<[], { id: string; title: string; content_preview: string }>(
      'SELECT id, title, content_preview FROM research_items ORDER BY rowid',
    )
    .iterate()) {
    if (!skip('research', r.id)) research.push({ key: r.id, text: cut(`${r.title} ${r.content_preview}`) });
  }
  return { compounds, documents, research };
}

const hashOf = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 32);

export class IndexBuilder {
  progress: IndexProgress = { state: 'idle', done: 0, total: 0 };
  private running: Promise<void> | null = null;
  private stopped = false;
  /** Set once a build has completed: every record had a vector then, so later builds only add or replace a few. */
  private completed = false;

  /**
   * `index` persists what this builder embeds; `memory` is what queries scan (it may also hold bundled vectors, which
   * `covered` reports so that they are neither embedded again nor removed).
   */
  constructor(
    private readonly source: () => Record<SearchKind, Item[]>,
    private readonly embedder: Embedder,
    readonly index: VectorIndex,
    private readonly memory: MemoryVectors,
    private readonly covered: (kind: SearchKind, key: string) => boolean,
    private readonly onProgress?: (p: IndexProgress) => void,
    /** True when `memory` already holds the vectors of everything but the user's imports (vectors shipped with the content). */
    private readonly baselineComplete = false,
  ) {
    for (const r of index.all()) if (!covered(r.kind, r.key)) memory.set(r.kind, r.key, r.vector);
  }

  /**
   * Brings the index up to date. A call during a run shares it, and the run then goes round once more: the records it
   * read at its start do not include what was imported since (a second import used to wait for the next import).
   */
  build(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.run();
      } while (this.again && !this.stopped);
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private again = false;

  stop(): void {
    this.stopped = true;
  }

  /** Resolves once no build is running (after `stop`, at the end of the batch in flight). */
  async idle(): Promise<void> {
    await this.running?.catch(() => undefined);
  }

  private async run(): Promise<void> {
    try {
      const all = this.source();
      const todo: { kind: SearchKind; items: (Item & { hash: string })[] }[] = [];
      for (const kind of Object.keys(all) as SearchKind[]) {
        const have = this.index.hashes(kind);
        const mine = all[kind].filter((i) => !this.covered(kind, i.key));
        const current = new Set(mine.map((i) => i.key));
        const gone = [...have.keys()].filter((k) => !current.has(k));
        this.index.remove(kind, gone);
        for (const k of gone) if (!this.covered(kind, k)) this.memory.delete(kind, k);
        // Sorted by length: similar lengths in one batch waste less work on padding.
        todo.push({
          kind,
          items: mine
            .map((i) => ({ ...i, hash: hashOf(i.text) }))
            .filter((i) => have.get(i.key) !== i.hash)
            .sort((a, b) => a.text.length - b.text.length),
        });
      }
      const total = todo.reduce((n, t) => n + t.items.length, 0);
      this.progress = { state: total ? 'building' : 'ready', done: 0, total };
      this.onProgress?.(this.progress);
      for (const { kind, items } of todo) {
        for (let i = 0; i < items.length; i += BATCH) {
          if (this.stopped) return;
          const batch = items.slice(i, i + BATCH);
          const vectors = await this.embedder.embed(
            batch.map((b) => b.text),
            'passage',
          );
          this.index.put(
            kind,
            batch.map((b, j) => ({ key: b.key, hash: b.hash, vector: vectors[j]! })),
          );
          batch.forEach((b, j) => this.memory.set(kind, b.key, vectors[j]!));
          this.progress = { state: 'building', done: this.progress.done + batch.length, total };
          this.onProgress?.(this.progress);
        }
      }
      this.completed = true;
      this.progress = { state: 'ready', done: total, total };
      this.onProgress?.(this.progress);
    } catch (err) {
      this.progress = { ...this.progress, state: 'error', error: err instanceof Error ? err.message : String(err) };
      this.onProgress?.(this.progress);
    }
  }

  private readonly queryCache = new Map<string, Promise<Float32Array>>();

  /**
   * The dense retriever: once the index is complete, and also while a build only adds records (an import) to an index
   * that was complete (or to the vectors shipped with the content). The library then stays hybrid; records without a
   * vector yet have no cosine and are scored by full text alone (fusion.ts), instead of the whole library turning
   * lexical until the import is embedded. A first build from nothing stays lexical until it is done.
   */
  retriever(): DenseRetriever | null {
    const building = this.progress.state === 'building' && (this.completed || this.baselineComplete);
    if (this.progress.state !== 'ready' && !building) return null;
    const { embedder, memory, queryCache } = this;
    const progress = () => this.progress;
    return {
      modelId: embedder.modelId,
      embed(query) {
        let v = queryCache.get(query);
        if (!v) {
          v = embedder.embed([query], 'query').then((r) => r[0]!);
          // A failed embedding is not cached.
          v.catch(() => queryCache.delete(query));
          queryCache.set(query, v);
          if (queryCache.size > 256) queryCache.delete(queryCache.keys().next().value!);
        }
        return v;
      },
      knn: (kind, q, k) => memory.knn(kind, q, k),
      similarity: (kind, key, q) => memory.similarity(kind, key, q),
      pending: () => {
        const p = progress();
        return p.state === 'building' ? p.total - p.done : 0;
      },
    };
  }
}
