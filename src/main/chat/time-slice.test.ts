/** Time slicing: the same result either way, and other work runs between slices (issue 30). */
import { describe, expect, it } from 'vitest';
import { runInSlices, runToEnd, type Steps } from './time-slice.ts';

/** Busy work of `units` × `unitMs` milliseconds, yielding between units; returns how many units ran. */
function* busy(units: number, unitMs: number): Steps<number> {
  let n = 0;
  for (let i = 0; i < units; i++) {
    const end = performance.now() + unitMs;
    while (performance.now() < end);
    n++;
    yield;
  }
  return n;
}

describe('time slices', () => {
  it('gives the same result run at once or in slices', async () => {
    expect(runToEnd(busy(20, 0))).toBe(20);
    expect(await runInSlices(busy(20, 0))).toBe(20);
  });

  it('lets a timer run between slices of 300 ms of work, never after all of it', async () => {
    let fired: number | null = null;
    const start = performance.now();
    setTimeout(() => {
      fired = performance.now() - start;
    }, 0);
    await runInSlices(busy(150, 2), 8);
    const total = performance.now() - start;
    expect(fired).not.toBeNull();
    expect(fired!).toBeLessThan(total / 2);
  });

  it('runs to its end without giving the event loop a turn', () => {
    let fired = false;
    setImmediate(() => {
      fired = true;
    });
    runToEnd(busy(10, 1));
    expect(fired).toBe(false);
  });
});
