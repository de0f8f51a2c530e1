/**
 * Every vector search uses, held in memory per kind. Each vector is stored as 8-bit integers with one scale
 * (v ≈ scale · q, q in −127…127): a quarter of the float32 size, so 100k documents' vectors take 38 MB instead of
 * 154 MB; the similarity error that costs is about 1e-3 of a cosine (a test bounds it), far below any difference
 * ranking depends on. A query stays float32; a query is one tight scan of dot products (vectors are unit length: dot
 * product = cosine) followed by a top-k selection. Past EXACT_SCAN_LIMIT vectors (so for any real document collection)
 * a kind is first scanned by the signs of its components (one bit each, compared with XOR and popcount: 12 words for
 * 384 dimensions), and only the best RESCORE_FACTOR × k by that estimate are scored in full.
 */
import type { SearchKind } from './dense.ts';

export const EXACT_SCAN_LIMIT = 4_000;
const RESCORE_FACTOR = 8;
const RESCORE_MIN = 1000;

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

class KindVectors {
  keys: string[] = [];
  private index = new Map<string, number>();
  private data: Int8Array;
  private scale: Float32Array;
  /** Sign bits, `words` 32-bit words per vector. */
  private bits: Uint32Array;
  private readonly words: number;
  private readonly dim: number;

  constructor(dim: number) {
    this.dim = dim;
    this.words = Math.ceil(dim / 32);
    this.data = new Int8Array(0);
    this.scale = new Float32Array(0);
    this.bits = new Uint32Array(0);
    this.reserve(1024);
  }

  get size(): number {
    return this.keys.length;
  }

  /** Room for n vectors in all, allocated at once. */
  reserve(n: number): void {
    if (n <= this.scale.length) return;
    const used = this.keys.length;
    const data = new Int8Array(n * this.dim);
    data.set(this.data.subarray(0, used * this.dim));
    const scale = new Float32Array(n);
    scale.set(this.scale.subarray(0, used));
    const bits = new Uint32Array(n * this.words);
    bits.set(this.bits.subarray(0, used * this.words));
    this.data = data;
    this.scale = scale;
    this.bits = bits;
  }

  private write(i: number, v: Float32Array): void {
    let max = 0;
    for (let d = 0; d < this.dim; d++) max = Math.max(max, Math.abs(v[d]!));
    const s = max > 0 ? max / 127 : 1;
    this.scale[i] = s;
    const o = i * this.dim;
    for (let d = 0; d < this.dim; d++) this.data[o + d] = Math.round(v[d]! / s);
    for (let w = 0; w < this.words; w++) {
      let word = 0;
      for (let b = 0; b < 32 && w * 32 + b < this.dim; b++) if (v[w * 32 + b]! > 0) word |= 1 << b;
      this.bits[i * this.words + w] = word >>> 0;
    }
  }

  set(key: string, v: Float32Array): void {
    let i = this.index.get(key);
    if (i === undefined) {
      i = this.keys.length;
      if (i + 1 > this.scale.length) this.reserve(2 * (i + 1));
      this.keys.push(key);
      this.index.set(key, i);
    }
    this.write(i, v);
  }

  delete(key: string): void {
    const i = this.index.get(key);
    if (i === undefined) return;
    const last = this.keys.length - 1;
    if (i !== last) {
      // Swap-remove keeps the arrays contiguous.
      this.data.copyWithin(i * this.dim, last * this.dim, (last + 1) * this.dim);
      this.bits.copyWithin(i * this.words, last * this.words, (last + 1) * this.words);
      this.scale[i] = this.scale[last]!;
      const moved = this.keys[last]!;
      this.keys[i] = moved;
      this.index.set(moved, i);
    }
    this.keys.pop();
    this.index.delete(key);
  }

  has(key: string): boolean {
    return this.index.has(key);
  }

  private dotAt(i: number, q: Float32Array): number {
    const { data, dim } = this;
    let s = 0;
    const o = i * dim;
    for (let d = 0; d < dim; d++) s += data[o + d]! * q[d]!;
    // Rounding can carry an identical vector a hair past 1; a cosine stays a cosine.
    return Math.max(-1, Math.min(1, s * this.scale[i]!));
  }

  dot(key: string, q: Float32Array): number | null {
    const i = this.index.get(key);
    return i === undefined ? null : this.dotAt(i, q);
  }

  knn(q: Float32Array, k: number): Map<string, number> {
    const n = this.keys.length;
    if (n > EXACT_SCAN_LIMIT) return this.knnBySigns(q, k);
    const scores = new Float32Array(n);
    for (let i = 0; i < n; i++) scores[i] = this.dotAt(i, q);
    return topK(scores, k, this.keys);
  }

  private knnBySigns(q: Float32Array, k: number): Map<string, number> {
    const n = this.keys.length;
    const W = this.words;
    const qb = new Uint32Array(W);
    for (let w = 0; w < W; w++) {
      let word = 0;
      for (let b = 0; b < 32 && w * 32 + b < this.dim; b++) if (q[w * 32 + b]! > 0) word |= 1 << b;
      qb[w] = word >>> 0;
    }
    // Hamming distances are small integers (0..dim), so the shortlist is a counting selection, not a heap over n.
    const distance = new Uint16Array(n);
    const histogram = new Uint32Array(this.dim + 2);
    const bits = this.bits;
    for (let i = 0; i < n; i++) {
      let differ = 0;
      const o = i * W;
      for (let w = 0; w < W; w++) differ += popcount((bits[o + w]! ^ qb[w]!) >>> 0);
      distance[i] = differ;
      histogram[differ]!++;
    }
    const want = Math.min(n, Math.max(RESCORE_MIN, k * RESCORE_FACTOR));
    // Every vector at or under the cutoff distance is rescored (ties included: at least `want` of them).
    let cutoff = 0,
      listed = 0;
    for (; cutoff <= this.dim; cutoff++) {
      listed += histogram[cutoff]!;
      if (listed >= want) break;
    }
    const scores = new Float32Array(listed);
    const keys: string[] = [];
    for (let i = 0; i < n; i++) {
      if (distance[i]! > cutoff) continue;
      scores[keys.length] = this.dotAt(i, q);
      keys.push(this.keys[i]!);
    }
    return topK(scores, k, keys);
  }
}

export function topK(scores: Float32Array, k: number, keys: string[]): Map<string, number> {
  return new Map(Array.from(topIndices(scores, k), (i) => [keys[i]!, scores[i]!]));
}

/** Positions of the k best scores, best first (ties by position), via a bounded min-heap. */
export function topIndices(scores: Float32Array, k: number): number[] {
  const n = scores.length;
  const m = Math.min(k, n);
  const heap = new Int32Array(m);
  let size = 0;
  const less = (a: number, b: number) => scores[a]! < scores[b]! || (scores[a] === scores[b] && a > b);
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1,
        r = l + 1;
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
      while (c > 0) {
        const p = (c - 1) >> 1;
        if (!less(heap[c]!, heap[p]!)) break;
        [heap[c], heap[p]] = [heap[p]!, heap[c]!];
        c = p;
      }
    } else if (m > 0 && less(heap[0]!, i)) {
      heap[0] = i;
      down(0);
    }
  }
  return Array.from(heap.subarray(0, size)).sort((a, b) => scores[b]! - scores[a]! || a - b);
}

export class MemoryVectors {
  private readonly kinds = new Map<SearchKind, KindVectors>();

  constructor(readonly dim: number) {}

  private of(kind: SearchKind): KindVectors {
    let k = this.kinds.get(kind);
    if (!k) {
      k = new KindVectors(this.dim);
      this.kinds.set(kind, k);
    }
    return k;
  }

  set(kind: SearchKind, key: string, v: Float32Array): void {
    if (v.length !== this.dim) throw new Error(`vector of ${v.length} dimensions for a ${this.dim}-d index`);
    this.of(kind).set(key, v);
  }

  /** Room for n vectors of a kind, allocated at once (when their number is known before they are read). */
  reserve(kind: SearchKind, n: number): void {
    this.of(kind).reserve(n);
  }

  delete(kind: SearchKind, key: string): void {
    this.kinds.get(kind)?.delete(key);
  }
  has(kind: SearchKind, key: string): boolean {
    return this.kinds.get(kind)?.has(key) ?? false;
  }
  count(kind?: SearchKind): number {
    return kind ? (this.kinds.get(kind)?.size ?? 0) : [...this.kinds.values()].reduce((n, k) => n + k.size, 0);
  }

  similarity(kind: SearchKind, key: string, q: Float32Array): number | null {
    return this.kinds.get(kind)?.dot(key, q) ?? null;
  }

  /** Cosine similarity of the k nearest records of a kind, best first. */
  knn(kind: SearchKind, q: Float32Array, k: number): Map<string, number> {
    return this.kinds.get(kind)?.knn(q, k) ?? new Map();
  }
}
