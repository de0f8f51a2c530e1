/**
 * Long synchronous work in slices, so one request cannot hold the event loop (issue 30): the work is written once as a
 * generator that `yield`s between units (a word of the question, a name in the catalogue), and either run to its end
 * at once (`runToEnd`: scripts, evaluations) or in slices of at most SLICE_MS of the main thread, letting every other
 * waiting request and timer run between them (`runInSlices`: the server). Both give the same result.
 */

/** Work that yields between its units and returns T. */
export type Steps<T> = Generator<void, T, void>;

/**
 * Main-thread time one slice may take before others get a turn. Small enough that a /v1/health request waiting behind
 * a few chats is answered within tens of milliseconds; large enough that the pauses cost little.
 */
export const SLICE_MS = 8;

export function runToEnd<T>(steps: Steps<T>): T {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

const turn = () => new Promise<void>((ok) => setImmediate(ok));

export async function runInSlices<T>(steps: Steps<T>, sliceMs = SLICE_MS): Promise<T> {
  let start = performance.now();
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
    if (performance.now() - start >= sliceMs) {
      await turn();
      start = performance.now();
    }
  }
}
