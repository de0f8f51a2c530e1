import { describe, expect, it } from 'vitest';
import { EXACT_SCAN_LIMIT, MemoryVectors, topK } from './memory-vectors.ts';

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32 - 0.5;
  };
}
function unit(v: Float32Array): Float32Array {
  let n = 0;
  for (const x of v) n += x * x;
  return v.map((x) => x / Math.sqrt(n));
}
const randomVector = (r: () => number, dim = 384) => unit(Float32Array.from({ length: dim }, r));
const near = (v: Float32Array, r: () => number, noise: number) => unit(v.map((x) => x + noise * r()));

describe('MemoryVectors', () => {
  it('stores vectors in 8 bits: every similarity within 0.002 of the float cosine', () => {
    const r = rng(3);
    const m = new MemoryVectors(384);
    const vs = Array.from({ length: 200 }, () => randomVector(r));
    vs.forEach((v, i) => m.set('documents', `d${i}`, v));
    let worst = 0;
    for (let t = 0; t < 20; t++) {
      const q = near(vs[t]!, r, 0.5);
      for (let i = 0; i < vs.length; i++) {
        const exact = vs[i]!.reduce((s, x, d) => s + x * q[d]!, 0);
        worst = Math.max(worst, Math.abs(m.similarity('documents', `d${i}`, q)! - exact));
      }
    }
    expect(worst).toBeLessThan(0.002);
    expect(worst).toBeGreaterThan(0); // it is an approximation, and the bound above is what it costs
  });

  it('returns cosine similarities, best first, and forgets deleted records', () => {
    const r = rng(1);
    const m = new MemoryVectors(384);
    const vs = Array.from({ length: 50 }, () => randomVector(r));
    vs.forEach((v, i) => m.set('documents', `d${i}`, v));
    const hits = [...m.knn('documents', vs[7]!, 3)];
    expect(hits[0]![0]).toBe('d7');
    expect(hits[0]![1]).toBeCloseTo(1, 2);
    expect(hits[1]![1]).toBeLessThan(hits[0]![1]);
    m.delete('documents', 'd7');
    expect(m.count('documents')).toBe(49);
    expect(m.knn('documents', vs[7]!, 1).has('d7')).toBe(false);
    // The record moved into the freed slot keeps its own vector.
    expect(m.similarity('documents', 'd49', vs[49]!)).toBeCloseTo(1, 2);
  });

  it(
    'past the exact-scan limit, the sign prefilter still finds the true nearest neighbours',
    { timeout: 60_000 },
    () => {
      const r = rng(2);
      const m = new MemoryVectors(384);
      const n = EXACT_SCAN_LIMIT + 10_000;
      const centres = Array.from({ length: 40 }, () => randomVector(r));
      const all: Float32Array[] = [];
      for (let i = 0; i < n; i++) {
        const v = near(centres[i % 40]!, r, 0.08);
        all.push(v);
        m.set('documents', `d${i}`, v);
      }
      const step = Math.floor(n / 20);
      let found = 0;
      for (let t = 0; t < 20; t++) {
        const q = near(all[t * step]!, r, 0.01);
        const exact = topK(
          Float32Array.from(all, (v) => v.reduce((s, x, d) => s + x * q[d]!, 0)),
          10,
          all.map((_, i) => `d${i}`),
        );
        const got = m.knn('documents', q, 10);
        found += [...exact.keys()].filter((k) => got.has(k)).length;
        expect(got.keys().next().value).toBe(`d${t * step}`);
      }
      expect(found / 200).toBeGreaterThanOrEqual(0.9);
    },
  );
});
