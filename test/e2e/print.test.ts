/**
 * Printing: a monograph and an interaction check print as their content with the content version and date, the
 * interaction pairs listed without any text summarised as counts (the names stay on screen); a monograph prints only
 * its contraindicated and major interactions and one count line for the rest. Page counts of the A4
 * PDFs are written to test-results/print-pages.json and printed (docs/ui.md keeps them).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SHOTS, startE2E, type E2E } from './browser.ts';
import { pdfPageTexts } from './pdf-text.ts';

let e: E2E;
const pages: Record<string, number> = {};
beforeAll(async () => {
  e = await startE2E();
}, 60_000);
afterAll(async () => {
  if (Object.keys(pages).length) writeFileSync(join(SHOTS, 'print-pages.json'), `${JSON.stringify(pages, null, 2)}\n`);
  console.log('A4 pages:', pages);
  await e?.close();
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail')
    await e.shot(`failed-${ctx.task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60)}`);
});

/** The bottom-centre margin text of the printed pages (an @page margin box: on every page). */
const marginLine = (page: Page) =>
  page.evaluate(() => {
    for (const sheet of document.styleSheets) {
      for (const rule of sheet.cssRules) {
        if (rule instanceof CSSPageRule && rule.cssText.includes('@bottom-center')) return rule.cssText;
      }
    }
    return null;
  });

/** Prints as a browser does (beforeprint, print media), to an A4 PDF; returns its page count. */
async function printPdf(page: Page, name: string): Promise<number> {
  await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
  const pdf = await page.pdf({ path: join(SHOTS, `${name}.pdf`), format: 'A4' });
  await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
  const count = pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)?.length ?? 0;
  pages[name] = count;
  // what was printed: every page carries the margin line with the content version and its page number
  const texts = pdfPageTexts(pdf);
  expect(texts.length).toBe(count);
  for (const [i, decodings] of texts.entries()) {
    expect(
      decodings.some((t) => /Materia content version .{0,120}page/.test(t)),
      `page ${i + 1} of ${name}`,
    ).toBe(true);
  }
  return count;
}

describe('printing', () => {
  it('a monograph: content, the top interactions, the rest and the pairs without text as counts, the version and date', async () => {
    const { page } = e;
    await page.goto(e.entryUrl);
    await page.getByRole('heading', { level: 1, name: 'Search' }).waitFor();
    const version = e.server.materia.context.content.version;
    // on screen the bare names are one click away, as before
    await page.goto(`${e.server.url}/compounds/metformin`);
    const onScreen = page.locator('#interactions details[open] > .bare-pairs').first();
    await onScreen.locator('summary').click();
    await expect(onScreen.locator('.bare-list').isVisible()).resolves.toBe(true);
    await onScreen.locator('summary').click();
    for (const slug of ['metformin', 'magnesium-glycinate', 'warfarin']) {
      await page.goto(`${e.server.url}/compounds/${slug}`);
      await page.locator('#mechanism li').first().waitFor();
      await page.emulateMedia({ media: 'print' });
      try {
        await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
        // printed: the contraindicated and major rows with text; the pairs without text there as their count line
        const printedBare = page.locator('#interactions .sev-group:not(.screen-only) .bare-pairs');
        for (const bare of await printedBare.all()) {
          await expect(bare.locator('summary').innerText()).resolves.toMatch(
            /^\d+ (more )?pairs? listed by [A-Za-z ]+ without mechanism or management$/,
          );
          await expect(bare.locator('summary').isVisible()).resolves.toBe(true); // the count is printed
          await expect(bare.locator('.bare-list').isVisible()).resolves.toBe(false); // the bare names are not
        }
        if (slug !== 'magnesium-glycinate')
          await expect(page.locator('#interactions .sev-group-major table').first().isVisible()).resolves.toBe(true);
        // below major: not printed, one count line instead whose number is the hidden groups' rows
        const hidden = page.locator('#interactions .sev-group.screen-only');
        let rest = 0;
        for (const group of await hidden.all()) {
          await expect(group.isVisible()).resolves.toBe(false);
          rest += Number((await group.locator('> summary .count').textContent())?.replace(/\D/g, ''));
        }
        expect(rest, slug).toBeGreaterThan(0);
        await expect(page.locator('#interactions .print-rest-count').innerText()).resolves.toMatch(
          new RegExp(
            `^${rest.toLocaleString('en-GB')} more interactions of moderate or lower level — see the app\\.( \\d+ of them are listed without a level\\.)?$`,
          ),
        );
        await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
        await expect(page.locator('.print-footer').innerText()).resolves.toContain(
          `Materia content version ${version}`,
        );
        // and every page's margin names the version, the printout and the page
        await expect(marginLine(page)).resolves.toMatch(
          new RegExp(
            `content: "Materia content version ${version.replace(/\./g, '\\.')} · monograph last updated [^"]+ · printed [^"]+ · page " counter\\(page\\) " of " counter\\(pages\\)`,
          ),
        );
        const n = await printPdf(page, `print-monograph-${slug}`);
        expect(n).toBeGreaterThan(0);
      } finally {
        await page.emulateMedia({ media: 'screen' });
      }
    }
    // the aim: 3 A4 pages for a typical monograph. Metformin 9 before any summary (2026-11-28), 6 with the
    // bare pairs as counts, 8 with the one-verdict lists, 3 since only contraindicated and major rows print
    // (2026-11-29); magnesium glycinate 7, 6, 9, then 3, and 4 once the catalogue gained integrase inhibitors and
    // other chelating partners whose major rows print (2026-11-29, open: a cap on printed major rows). Warfarin is
    // recorded, not bounded: its major rows with text alone fill pages (docs/ui.md, "Print")
    expect(pages['print-monograph-metformin']).toBeLessThanOrEqual(3);
    expect(pages['print-monograph-magnesium-glycinate']).toBeLessThanOrEqual(4);
  });

  it('an interaction check: the results without the form, with the version and date', async () => {
    const { page } = e;
    await page.goto(`${e.server.url}/tools/interactions`);
    await page
      .getByLabel(/^Medicines/)
      .fill('metformin 500 mg BD\niodinated contrast\nwarfarin 5 mg OD\naspirin 81mg daily');
    await page.getByRole('button', { name: 'Check interactions' }).click();
    await page.getByRole('heading', { level: 2, name: 'Results' }).waitFor();
    await page.emulateMedia({ media: 'print' });
    try {
      await expect(page.getByLabel(/^Medicines/).isVisible()).resolves.toBe(false);
      await expect(page.locator('.tool-tabs').isVisible()).resolves.toBe(false);
      await expect(page.locator('.sidebar').isVisible()).resolves.toBe(false);
      await expect(page.getByRole('heading', { level: 2, name: 'Results' }).isVisible()).resolves.toBe(true);
      const footer = page.locator('.tool-result .print-footer');
      await expect(footer.innerText()).resolves.toContain(
        `Materia content version ${e.server.materia.context.content.version}`,
      );
      await expect(marginLine(page)).resolves.toContain('interaction check of 4 lines');
      await expect(page.locator('.summary-line').first().innerText()).resolves.toMatch(
        /\d+ pairs checked · \d+ pairs? with an interaction listed/,
      );
      await e.shot('print-interactions');
      const n = await printPdf(page, 'print-interactions');
      expect(n).toBeGreaterThan(0);
    } finally {
      await page.emulateMedia({ media: 'screen' });
    }
  });
});
