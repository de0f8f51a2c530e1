/**
 * The renderer in Chromium against the real headless server. Each flow asserts on what a person sees and saves a
 * screenshot under test-results/.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './browser.ts';

let e: E2E;
beforeAll(async () => { e = await startE2E(); }, 60_000);
afterAll(async () => { await e?.close(); });
// a failed flow leaves a picture of where it stopped
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') await e.shot(`failed-${ctx.task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60)}`);
});

const heading = (name: string | RegExp) => e.page.getByRole('heading', { level: 1, name });
const nav = (name: string) => e.page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name, exact: true });

describe('the web UI served by npm start', () => {
  it('takes the key from the link, then search → open a monograph', async () => {
    const { page } = e;
    await page.goto(e.entryUrl);
    await heading('Search').waitFor();
    expect(page.url()).not.toContain('#key='); // the key left the address bar

    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('/'); // the shortcut focuses the box
    await page.keyboard.type('metformin');
    await page.keyboard.press('Enter');
    await page.getByText(/\d+ results? for “metformin”/).waitFor();
    await expect(page.getByRole('button', { name: /^Compounds\s*\d+/ }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('group', { name: 'Evidence grade' }).isVisible()).resolves.toBe(true);

    await page.getByRole('link', { name: 'Metformin', exact: true }).first().click();
    await heading('Metformin').waitFor();
    for (const section of ['Mechanism of action', 'Clinical evidence', 'Indications', 'Dosing', 'Safety', 'Related compounds', 'Linked documents']) {
      await expect(page.getByRole('heading', { level: 2, name: section }).isVisible(), section).resolves.toBe(true);
    }
    await expect(page.getByRole('heading', { level: 2, name: /^Interactions \(\d+\)$/ }).isVisible()).resolves.toBe(true);
    await page.getByText('Major: avoid the combination or act on it').waitFor();
    await page.getByText('Iodinated contrast media').waitFor();
    await page.getByText(/\d+ documents in the library mention this compound/).waitFor();
    await page.getByRole('link', { name: 'Berberine' }).waitFor(); // a related compound, resolved to its record
    await e.shot('01-monograph-metformin');
  });

  it('filters compounds and sorts the table', async () => {
    const { page } = e;
    await nav('Compounds').click();
    await heading('Compounds').waitFor();
    await page.getByRole('row').nth(1).waitFor();
    await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Mineral' });
    await page.getByText(/^\d+ compounds?$/).waitFor();
    await page.getByRole('group', { name: 'Evidence grade' }).getByText('A', { exact: true }).click();
    await page.waitForURL(/grade=A/);
    // browsing without words sorts by name, A first; one click on the heading reverses it
    await expect(page.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).resolves.toBe('ascending');
    await page.getByRole('columnheader', { name: /Name/ }).getByRole('button').click();
    await page.waitForURL(/dir=desc/);
    await expect(page.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).resolves.toBe('descending');
    const rows = page.getByRole('row');
    await rows.nth(1).waitFor();
    const bodyRows = (await rows.count()) - 1;
    expect(bodyRows).toBeGreaterThan(0);
    const names: string[] = [];
    for (let i = 1; i <= bodyRows; i++) {
      const cells = rows.nth(i).getByRole('cell');
      await expect(cells.nth(1).innerText()).resolves.toMatch(/^Mineral/);
      await expect(cells.nth(3).innerText()).resolves.toMatch(/A/);
      names.push((await cells.nth(0).getByRole('link').innerText()).trim());
    }
    expect(names).toEqual([...names].sort((a, b) => b.localeCompare(a)));
    await e.shot('02-compounds-minerals-grade-a');
  });

  it('runs the bloodwork tool: API validation messages, then results with the range chart', async () => {
    const { page } = e;
    await nav('Tools').click();
    await heading('Tools').waitFor();
    await page.getByRole('link', { name: 'Bloodwork analysis' }).click();
    await heading('Bloodwork analysis').waitFor();

    await page.getByLabel('Test 1', { exact: true }).fill('vitamin d');
    await page.getByLabel('Value 1', { exact: true }).fill('30');
    await page.getByLabel('Unit 1', { exact: true }).fill('nmol/L');
    await page.getByRole('button', { name: 'Analyse' }).click();
    // nothing was chosen for sex or age: the API's details are shown next to the fields
    const alert = page.getByRole('alert');
    await alert.getByText(/Please check these 2 fields/).waitFor();
    await expect(alert.innerText()).resolves.toMatch(/Sex:/);
    await expect(alert.innerText()).resolves.toMatch(/Age:/);

    await page.getByLabel('Sex').selectOption('female');
    await page.getByLabel('Age (years)').fill('54');
    await page.getByLabel('Test 2', { exact: true }).fill('ldl');
    await page.getByLabel('Value 2', { exact: true }).fill('3.5');
    await page.getByLabel('Unit 2', { exact: true }).fill('mmol/L');
    await page.getByLabel('Test 3', { exact: true }).fill('hba1c');
    await page.getByLabel('Value 3', { exact: true }).fill('5.4');
    await page.getByLabel('Unit 3', { exact: true }).fill('%');
    await page.getByRole('button', { name: 'Analyse' }).click();

    await page.getByText('Lab values against their reference ranges').waitFor();
    await expect(page.getByRole('alert').count()).resolves.toBe(0);
    const chart = page.getByRole('figure');
    await expect(chart.getByRole('img', { name: /vitamin d: 12\.019 ng\/mL, reference 20–57 ng\/mL, low/ }).isVisible()).resolves.toBe(true);
    await expect(chart.getByRole('img', { name: /hba1c: 5\.4 %, reference 3\.8–6\.4 %, normal/ }).isVisible()).resolves.toBe(true);
    await page.getByText(/3 of 3 tests recognised/).waitFor();
    await page.getByText('Interpretation (editorial, not a diagnosis):').waitFor();
    await e.shot('03-bloodwork-results');
  });

  it('shows the API sandbox at /sandbox with every endpoint', async () => {
    const { page } = e;
    await nav('API sandbox').click();
    await heading('API sandbox').waitFor();
    expect(new URL(page.url()).pathname).toBe('/sandbox');
    await page.getByText('/v1/compounds/search', { exact: true }).first().waitFor({ timeout: 20_000 });
    await page.getByText('/v1/tools/bloodwork/analyze', { exact: true }).first().waitFor();
    await e.shot('04-sandbox');
    // a reload keeps the route (the server answers index.html for unknown non-/v1 paths)
    await page.reload();
    await heading('API sandbox').waitFor();
  });

  it('works in a narrow window', async () => {
    const { page } = e;
    await page.setViewportSize({ width: 420, height: 860 });
    try {
      for (const [path, title, shot] of [
        ['/compounds/magnesium-glycinate', /Magnesium/, '05-narrow-compound'],
        ['/compounds', 'Compounds', '05-narrow-compounds'],
        ['/?q=vitamin%20d', 'Search', '05-narrow-search'],
      ] as const) {
        await page.goto(`${e.server.url}${path}`);
        await nav('Search').waitFor();
        await heading(title).waitFor();
        await page.getByRole('status').filter({ hasText: 'Loading' }).waitFor({ state: 'detached' });
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width, path).toBeLessThanOrEqual(420); // nothing forces sideways scrolling of the page
        await e.shot(shot, { fullPage: false });
      }
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it('settings show the API address, a masked curl example, search mode, content version and licences', async () => {
    const { page } = e;
    await page.goto(`${e.server.url}/settings`);
    await heading('Settings').waitFor();
    const curl = page.getByLabel('curl example with the key masked');
    await expect(curl.innerText()).resolves.toContain(`${e.server.url}/v1/compounds/search`);
    await expect(curl.innerText()).resolves.not.toContain(e.server.browserKey);
    await page.getByText('Lexical', { exact: true }).waitFor();
    const content = e.server.materia.context.content;
    await page.getByText(content.version, { exact: true }).first().waitFor();
    await page.getByRole('cell', { name: /USDA National Nutrient Database/ }).first().waitFor();
    await e.shot('06-settings');
  });

  it('explains how to open the app when the page has no key', async () => {
    const { page } = e;
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${e.server.url}/`);
    await heading('Open Materia from the link in your terminal').waitFor();
    await page.getByText('npm start', { exact: true }).first().waitFor();
    await e.shot('07-no-key');
    await page.goto(e.entryUrl); // and the printed link brings it back
    await heading('Search').waitFor();
  });

  it('raised no console errors (CSP included)', () => {
    // the bloodwork flow sends an invalid form on purpose: Chromium logs that 400 as a failed resource
    const problems = e.problems.filter((p) => !/status of 400/.test(p));
    expect(problems, problems.join('\n')).toEqual([]);
  });
});
