/**
 * Every vector search uses, held in memory per kind as one contiguous Float32Array (n × dim), so a query is one
 * tight scan of dot products (vectors are unit length: dot product = cosine) followed by a top-k selection.
 */
import type { SearchKind } from './dense.ts';

class KindVectors {
  keys: string[] = [];
  private index = new Map<string, number>();
  data: Float32Array;

  constructor(private readonly dim: number) { this.data = new Float32Array(dim * 1024); }

  get size(): number { return this.keys.length; }

  set(key: string, v: Float32Array): void {
    let i = this.index.get(key);
    if (i === undefined) {
      i = this.keys.length;
      if ((i + 1) * this.dim > this.data.length) {
        const grown = new Float32Array(this.data.length * 2);
        grown.set(this.data);
        this.data = grown;
      }
      this.keys.push(key);
      this.index.set(key, i);
    }
    this.data.set(v, i * this.dim);
  }

  delete(key: string): void {
    const i = this.index.get(key);
    if (i === undefined) return;
    const last = this.keys.length - 1;
    if (i !== last) {
      // Swap-remove keeps the array contiguous.
      this.data.copyWithin(i * this.dim, last * this.dim, (last + 1) * this.dim);
      const moved = this.keys[last]!;
      this.keys[i] = moved;
      this.index.set(moved, i);
    }
    this.keys.pop();
    this.index.delete(key);
  }

  has(key: string): boolean { return this.index.has(key); }

  dot(key: string, q: Float32Array): number | null {
    const i = this.index.get(key);
    if (i === undefined) return null;
    let s = 0;
    const o = i * this.dim;
    for (let d = 0; d < this.dim; d++) s += this.data[o + d]! * q[d]!;
    return s;
  }

  knn(q: Float32Array, k: number): Map<string, number> {
    const n = this.keys.length;
    const dim = this.dim;
    const data = this.data;
    const scores = new Float32Array(n);
    for (let i = 0; i < n; i++) {
      let s = 0;
      const o = i * dim;
      for (let d = 0; d < dim; d++) s += data[o + d]! * q[d]!;
      scores[i] = s;
    }
    return topK(scores, k, this.keys);
  }
}

/** The k best scores, best first (ties by position), via a bounded min-heap. */
export function topK(scores: Float32Array, k: number, keys: string[]): Map<string, number> {
  const n = scores.length;
  const m = Math.min(k, n);
  const heap = new Int32Array(m);
  let size = 0;
  const less = (a: number, b: number) => scores[a]! < scores[b]! || (scores[a] === scores[b] && a > b);
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1, r = l + 1;
      let s = i;
      if (l < size && less(heap[l]!, heap[s]!)) s = l;
      if (r < size && less(heap[r]!, heap[s]!)) s = r;
      if (s === i) return;
      [heap[i], heap[s]] = [heap[s]!, heap[i]!];
      i = s;
    }
  };
  for (let i = 0; i < n; i++) {
    if (size < m) {
      heap[size] = i;
      let c = size++;
      while (c > 0) { const p = (c - 1) >> 1; if (!less(heap[c]!, heap[p]!)) break; [heap[c], heap[p]] = [heap[p]!, heap[c]!]; c = p; }
    } else if (m > 0 && less(heap[0]!, i)) { heap[0] = i; down(0); }
  }
  const out = Array.from(heap.subarray(0, size)).sort((a, b) => scores[b]! - scores[a]! || a - b);
  return new Map(out.map((i) => [keys[i]!, scores[i]!]));
}

export class MemoryVectors {
  private readonly kinds = new Map<SearchKind, KindVectors>();

  constructor(readonly dim: number) {}

  private of(kind: SearchKind): KindVectors {
    let k = this.kinds.get(kind);
    if (!k) { k = new KindVectors(this.dim); this.kinds.set(kind, k); }
    return k;
  }

  set(kind: SearchKind, key: string, v: Float32Array): void {
    if (v.length !== this.dim) throw new Error(`vector of ${v.length} dimensions for a ${this.dim}-d index`);
    this.of(kind).set(key, v);
  }

  delete(kind: SearchKind, key: string): void { this.kinds.get(kind)?.delete(key); }
  has(kind: SearchKind, key: string): boolean { return this.kinds.get(kind)?.has(key) ?? false; }
  count(kind?: SearchKind): number { return kind ? (this.kinds.get(kind)?.size ?? 0) : [...this.kinds.values()].reduce((n, k) => n + k.size, 0); }

  similarity(kind: SearchKind, key: string, q: Float32Array): number | null { return this.kinds.get(kind)?.dot(key, q) ?? null; }

  /** Cosine similarity of the k nearest records of a kind, best first. */
  knn(kind: SearchKind, q: Float32Array, k: number): Map<string, number> { return this.kinds.get(kind)?.knn(q, k) ?? new Map(); }
}
