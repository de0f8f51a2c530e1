/**
 * Every vector search uses, held in memory per kind as one contiguous Float32Array (n × dim), so a query is one
 * tight scan of dot products (vectors are unit length: dot product = cosine) followed by a top-k selection.
 * Past EXACT_SCAN_LIMIT vectors (so for any real document collection) a kind is first scanned by the signs of its components (one bit each, compared with
 * XOR and popcount: 12 words for 384 dimensions), and only the best RESCORE_FACTOR × k by that estimate are scored
 * exactly; the returned similarities are always exact.
 */
export const EXACT_SCAN_LIMIT = 4_000;
const RESCORE_FACTOR = 8;
const RESCORE_MIN = 1000;

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
import type { SearchKind } from './dense.ts';

class KindVectors {
  keys: string[] = [];
  private index = new Map<string, number>();
  data: Float32Array;
  /** Sign bits, `words` 32-bit words per vector. */
  bits: Uint32Array;
  private readonly words: number;

  constructor(private readonly dim: number) {
    this.data = new Float32Array(dim * 1024);
    this.words = Math.ceil(dim / 32);
    this.bits = new Uint32Array(this.words * 1024);
  }

  private writeBits(i: number, v: Float32Array): void {
    for (let w = 0; w < this.words; w++) {
      let word = 0;
      for (let b = 0; b < 32 && w * 32 + b < this.dim; b++) if (v[w * 32 + b]! > 0) word |= 1 << b;
      this.bits[i * this.words + w] = word >>> 0;
    }
  }

  get size(): number { return this.keys.length; }

  /** Room for n vectors in all, allocated at once. */
  reserve(n: number): void {
    if (n * this.dim <= this.data.length) return;
    const data = new Float32Array(n * this.dim);
    data.set(this.data.subarray(0, this.keys.length * this.dim));
    this.data = data;
    const bits = new Uint32Array(n * this.words);
    bits.set(this.bits.subarray(0, this.keys.length * this.words));
    this.bits = bits;
  }

  set(key: string, v: Float32Array): void {
    let i = this.index.get(key);
    if (i === undefined) {
      i = this.keys.length;
      if ((i + 1) * this.dim > this.data.length) this.reserve(2 * (i + 1));
      this.keys.push(key);
      this.index.set(key, i);
    }
    this.data.set(v, i * this.dim);
    this.writeBits(i, v);
  }

  delete(key: string): void {
    const i = this.index.get(key);
    if (i === undefined) return;
    const last = this.keys.length - 1;
    if (i !== last) {
      // Swap-remove keeps the array contiguous.
      this.data.copyWithin(i * this.dim, last * this.dim, (last + 1) * this.dim);
      this.bits.copyWithin(i * this.words, last * this.words, (last + 1) * this.words);
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
    if (n > EXACT_SCAN_LIMIT) return this.knnBySigns(q, k);
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
    let cutoff = 0, listed = 0;
    for (; cutoff <= this.dim; cutoff++) { listed += histogram[cutoff]!; if (listed >= want) break; }
    const dim = this.dim;
    const data = this.data;
    const exact = new Float32Array(listed);
    const shortlist: number[] = [];
    for (let i = 0; i < n; i++) {
      if (distance[i]! > cutoff) continue;
      let s = 0;
      const o = i * dim;
      for (let d = 0; d < dim; d++) s += data[o + d]! * q[d]!;
      exact[shortlist.length] = s;
      shortlist.push(i);
    }
    const keys = shortlist.map((i) => this.keys[i]!);
    return topK(exact, k, keys);
  }
}

/** The k best scores as a map key → score, best first (ties by position). */
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
  return Array.from(heap.subarray(0, size)).sort((a, b) => scores[b]! - scores[a]! || a - b);
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

  /** Room for n vectors of a kind, allocated at once (when their number is known before they are read). */
  reserve(kind: SearchKind, n: number): void { this.of(kind).reserve(n); }

  delete(kind: SearchKind, key: string): void { this.kinds.get(kind)?.delete(key); }
  has(kind: SearchKind, key: string): boolean { return this.kinds.get(kind)?.has(key) ?? false; }
  count(kind?: SearchKind): number { return kind ? (this.kinds.get(kind)?.size ?? 0) : [...this.kinds.values()].reduce((n, k) => n + k.size, 0); }

  similarity(kind: SearchKind, key: string, q: Float32Array): number | null { return this.kinds.get(kind)?.dot(key, q) ?? null; }

  /** Cosine similarity of the k nearest records of a kind, best first. */
  knn(kind: SearchKind, q: Float32Array, k: number): Map<string, number> { return this.kinds.get(kind)?.knn(q, k) ?? new Map(); }
}
