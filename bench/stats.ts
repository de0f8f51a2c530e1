/** Small timing helpers shared by the benchmarks: medians and percentiles of repeated runs. */
export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

export interface Timing {
  median: number;
  p95: number;
  n: number;
}

/** Runs every item `rounds` times (interleaved, after one warm-up pass) and summarises the per-call milliseconds. */
export async function timeEach<T>(items: T[], rounds: number, fn: (item: T) => unknown): Promise<Timing> {
  for (const item of items) await fn(item);
  const samples: number[] = [];
  for (let r = 0; r < rounds; r++) {
    for (const item of items) {
      const t0 = performance.now();
      await fn(item);
      samples.push(performance.now() - t0);
    }
  }
  samples.sort((a, b) => a - b);
  return { median: percentile(samples, 50), p95: percentile(samples, 95), n: samples.length };
}

export const ms = (x: number) => `${x.toFixed(3)} ms`;
export const ratio = (ours: number, peer: number) => `${(ours / peer).toFixed(2)}×`;
