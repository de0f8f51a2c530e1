import { defineConfig } from 'vitest/config';

/**
 * Four projects, one run: `npm test` runs them all (CI); `npm run test:fast` runs unit + integration, the loop while
 * working. Unit tests sit beside the code they test (src/**) or in test/unit; integration tests go over HTTP against a
 * real app (test/integration); content tests check the built content database (test/content); e2e drives the built UI
 * in Chromium (test/e2e).
 *
 * `test:fast` adds `--no-isolate --maxWorkers=100%`: the test files of a worker share one module graph instead of
 * importing the app afresh each (that import was a third of the loop), and every core runs a worker (vitest's default
 * leaves one idle, which on 2 cores means one worker). `npm test` keeps full isolation, so a file that leaks state into
 * the next still fails there; a file that changes process-wide state (an environment variable, fake timers) restores it
 * in afterAll.
 *
 * `maxWorkers: '100%'`: every core runs a worker in `npm test` too. Vitest's default leaves one core idle, which on the
 * 2-core CI machine ran the 119 files one at a time (36 minutes for `.ci/run` on 2026-11-29); most files wait on a
 * server, Chromium or a child process for much of their time, so two at once use the second core.
 */
const shared = { testTimeout: 60_000, hookTimeout: 60_000, pool: 'forks' as const };

export default defineConfig({
  test: {
    reporters: ['default'],
    maxWorkers: '100%',
    projects: [
      { test: { ...shared, name: 'unit', include: ['src/**/*.test.ts', 'test/unit/**/*.test.ts'] } },
      { test: { ...shared, name: 'integration', include: ['test/integration/**/*.test.ts'] } },
      { test: { ...shared, name: 'content', include: ['test/content/**/*.test.ts'] } },
      { test: { ...shared, name: 'e2e', include: ['test/e2e/**/*.test.ts'] } },
    ],
  },
});
