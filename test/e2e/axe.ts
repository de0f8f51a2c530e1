/**
 * axe-core (WCAG 2.0/2.1 A and AA) on the page as it is now: the serious and critical findings, for the tests of one
 * screen or state at a given size (theme-a11y.test.ts sweeps every screen in both themes).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export async function seriousAxeFindings(page: Page): Promise<string[]> {
  // evaluated through the debugging protocol: the app's CSP (script-src 'self') refuses an injected script tag
  await page.evaluate(AXE);
  return page.evaluate(async () => {
    const w = window as unknown as {
      axe: {
        run(
          c: unknown,
          o: unknown,
        ): Promise<{ violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[] }>;
      };
    };
    const r = await w.axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => String(n.target[0])).join(', ')}`);
  });
}

/** The sizes the issue names: a desktop window and a phone. */
export const SIZES = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;
