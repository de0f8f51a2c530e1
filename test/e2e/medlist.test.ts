/**
 * The medication-list screen: a pasted list comes back line by line as the API's reader read it (ingredient,
 * strength, route, frequency), an unread line highlighted and said before any verdict, and a list with an unread
 * line is never summarised as "no interaction". axe at 1440×900 and 390×844.
 */
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { InteractionsData } from '../../src/shared/schemas/tools/interactions.ts';
import { seriousAxeFindings, SIZES } from './axe.ts';
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

/** What the API's reader makes of the list: the screen must show exactly this. */
const readByApi = (page: Page, list: string) =>
  page.evaluate(async (l) => {
    const res = await fetch('/v1/tools/interactions/check', {
      method: 'POST',
      headers: { 'X-API-Key': localStorage.getItem('materia.apiKey')!, 'Content-Type': 'application/json' },
      body: JSON.stringify({ list: l }),
    });
    return ((await res.json()) as { data: InteractionsData }).data;
  }, list);

async function readList(page: Page, list: string) {
  await page.getByLabel(/^Medicines/).fill(list);
  await page.getByRole('button', { name: 'Read the list' }).click();
  await page.getByRole('heading', { level: 2, name: 'Your list as read' }).waitFor();
  await page.getByRole('heading', { level: 2, name: 'Results' }).waitFor();
}

describe('medication-list screen', () => {
  it('shows each line as read, the unread one highlighted and said first', async () => {
    const { page } = e;
    await page.getByRole('link', { name: 'Medication list' }).click();
    const h1 = page.getByRole('heading', { level: 1, name: 'Medication list' });
    await h1.waitFor();
    await expect(h1.evaluate((el) => el === document.activeElement)).resolves.toBe(true); // focus on the heading
    await expect.poll(() => page.title()).toBe('Medication list — Materia');
    const list = 'Simvastatin 40mg tablets ON\nClarithromycin 500mg BD\nzzqxor 3 puffs BD\nwarfarin 5 mg OD';
    await readList(page, list);
    const api = await readByApi(page, list);
    const rows = page.locator('.lines-read tbody tr');
    await expect(rows.count()).resolves.toBe(api.substances.length + api.not_medicines.length);
    for (const [i, s] of api.substances.entries()) {
      const cells = await rows.nth(i).locator('td').allInnerTexts();
      expect(cells[0]).toBe(s.input);
      if (s.status === 'unresolved') {
        expect(cells[1]).toContain('⚠ Not read: not checked');
        await expect(rows.nth(i).getAttribute('class')).resolves.toContain('row-unread');
      } else {
        expect(cells[1]).toContain(s.compound?.name ?? s.name);
        expect(cells[2]).toBe(s.read_as?.strength ?? '—');
        expect(cells[3]).toBe(s.read_as?.route ?? '—');
        expect(cells[4]).toBe(s.read_as?.frequency ?? '—');
      }
    }
    // the reading the issue asks for, on a line a record exports
    const simva = api.substances[0]!;
    expect(simva.read_as).toMatchObject({ strength: '40 mg' });
    expect(simva.read_as?.frequency).toBeTruthy();
    await page.locator('.lines-read .text-warn', { hasText: '1 of 4 lines could not be read' }).waitFor();
    // the result says the unread line before any verdict
    const result = page.locator('.tool-result');
    const order = await result.evaluate((el) => {
      const t = el.textContent ?? '';
      return { unread: t.indexOf('could not be read'), verdict: t.indexOf('Highest severity') };
    });
    expect(order.unread).toBeGreaterThanOrEqual(0);
    expect(order.unread).toBeLessThan(order.verdict);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await expect(seriousAxeFindings(page), `${size.width}×${size.height}`).resolves.toEqual([]);
      await e.shot(`medlist-${size.width}`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('a list with an unread line is never summarised as "no interaction"', async () => {
    const { page } = e;
    await page.goto(`${e.server.url}/medications`);
    await readList(page, 'zzqxor 3 puffs BD\nparacetamol 1 g QDS');
    const result = page.locator('.tool-result');
    await expect(result.innerText()).resolves.not.toContain('No interaction is listed between these substances');
    await result.getByText(/could not be read, so the list was not fully checked/).waitFor();
    await page.locator('.lines-read tr.row-unread').first().waitFor();
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await expect(seriousAxeFindings(page), `${size.width}×${size.height}`).resolves.toEqual([]);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
