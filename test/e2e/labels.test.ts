/**
 * Truthful labels: a search's type counts are what a click on the type returns (one source: the API's per-type count),
 * and documents are graded in the document scale's words (their design), never in the compound scale's.
 */
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_GRADE_MEANING, EVIDENCE_GRADE_MEANING } from '../../src/shared/enums.ts';
import { startE2E, type E2E } from './browser.ts';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
  await e.page.goto(e.entryUrl);
  await e.page.getByRole('heading', { level: 1, name: 'Search' }).waitFor();
}, 60_000);
afterAll(async () => {
  await e?.close();
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail')
    await e.shot(`failed-${ctx.task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60)}`);
});

/** The number in "254 results for …", once the results on screen are the settled ones. */
async function shownTotal(page: Page): Promise<number> {
  await page.locator('section.results[aria-busy="false"]').waitFor();
  const text = await page.locator('.results-count').innerText();
  return Number(/^([\d,]+) results? for/.exec(text)?.[1]?.replace(/,/g, '') ?? NaN);
}
const pillCount = async (page: Page, name: RegExp) =>
  Number((await page.getByRole('button', { name }).locator('.count').innerText()).replace(/,/g, ''));

describe('truthful labels', () => {
  it('each type count is what a click on that type shows; All is the merged total', async () => {
    const { page } = e;
    // a query that finds PubMedQA records as documents and as research questions
    await page.goto(`${e.server.url}/?q=${encodeURIComponent('vitamin d supplementation')}`);
    const all = await shownTotal(page);
    expect(await pillCount(page, /^All/)).toBe(all);
    const promised: [RegExp, number][] = [];
    for (const name of [/^Compounds/, /^Documents/, /^Research questions/])
      promised.push([name, await pillCount(page, name)]);
    expect(promised.reduce((n, [, c]) => n + c, 0)).toBeGreaterThan(all); // a PubMedQA record is one result in All
    for (const [name, count] of promised) {
      await page.getByRole('button', { name }).click();
      await expect.poll(() => shownTotal(page), { timeout: 15_000 }).toBe(count);
      await expect.poll(() => pillCount(page, name)).toBe(count); // and the pill still says so
      await expect.poll(() => pillCount(page, /^All/)).toBe(all);
    }
  });

  it('grades are said in their own scale: documents by design, compounds by evidence profile', async () => {
    const { page } = e;
    await page.goto(`${e.server.url}/?q=${encodeURIComponent('vitamin d supplementation')}`);
    await shownTotal(page);
    const facet = page.locator('fieldset.facet', { has: page.locator('legend', { hasText: 'Evidence grade' }) });
    // every type searched: both scales, named
    await expect(facet.locator('label').nth(1).innerText()).resolves.toContain(
      `Compounds: ${EVIDENCE_GRADE_MEANING.B}`,
    );
    await expect(facet.locator('label').nth(1).innerText()).resolves.toContain(
      `Documents: ${DOCUMENT_GRADE_MEANING.B}`,
    );
    const docHit = page.locator('article.result', { hasText: /^Document/ }).first();
    await expect(docHit.locator('.badge.grade').getAttribute('title')).resolves.toMatch(/^Document grade [A-E]: /);
    // documents only: the document scale alone
    await page.getByRole('button', { name: /^Documents/ }).click();
    await shownTotal(page);
    await expect(facet.innerText()).resolves.not.toContain(EVIDENCE_GRADE_MEANING.B);
    await expect(facet.innerText()).resolves.toContain(DOCUMENT_GRADE_MEANING.B);
    // compounds only: the compound scale
    await page.getByRole('button', { name: /^Compounds/ }).click();
    await shownTotal(page);
    await expect(facet.innerText()).resolves.toContain(EVIDENCE_GRADE_MEANING.B);
    await expect(facet.innerText()).resolves.not.toContain(DOCUMENT_GRADE_MEANING.B);
    // the Documents screen: its grade filter and its rows
    await page.goto(`${e.server.url}/documents?q=cohort`);
    await page.locator('.result-list .result').first().waitFor();
    await expect(page.locator('.grade-box', { hasText: 'B' }).getAttribute('title')).resolves.toBe(
      DOCUMENT_GRADE_MEANING.B,
    );
    const titles = await page
      .locator('.result-list .badge.grade')
      .evaluateAll((els) => els.map((el) => el.getAttribute('title') ?? ''));
    expect(titles.length).toBeGreaterThan(0);
    for (const t of titles) {
      expect(t).toMatch(/^Document grade [A-E]: /);
      expect(Object.values(EVIDENCE_GRADE_MEANING).some((m) => t.includes(m))).toBe(false);
    }
    // a monograph's linked documents too
    await page.goto(`${e.server.url}/compounds/metformin`);
    const linked = page.locator('#documents .doc-list .badge.grade').first();
    await expect(linked.getAttribute('title')).resolves.toMatch(/^Document grade [A-E]: /);
  });
});
