/**
 * Least privilege in the page (issue 30): the key the page gets from its link has no admin scope, and admin actions
 * ask for the admin key in a dialog. The dialog is accessible (named, labelled field, error text, focus in and back,
 * axe), refuses a wrong key in the API's words, and the key it accepts lives in the tab's memory only: never in
 * localStorage, sessionStorage or a cookie, sent only with admin requests, forgotten on request or with a reload.
 */
import type { Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeFindings, SIZES } from './axe.ts';
import { enterAdminKey, startE2E, type E2E } from './browser.ts';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
}, 60_000);
afterAll(async () => {
  await e?.close();
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail')
    await e.shot(`failed-${ctx.task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60)}`);
});

const dialog = () => e.page.getByRole('dialog', { name: 'Enter the admin key' });
const keysRegion = () => e.page.getByRole('region', { name: 'API keys' });
const focusedId = () => e.page.evaluate(() => document.activeElement?.id ?? '');
/** Everything the page keeps in storage the browser offers it (what an injected script could read later). */
const stored = () =>
  e.page.evaluate(() =>
    JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage }, cookie: document.cookie }),
  );

describe('the admin key dialog', () => {
  it("the page's own key has read, chat and tools, not admin", async () => {
    const { page } = e;
    await page.goto(e.entryUrl);
    await page.getByRole('heading', { level: 1, name: 'Search' }).waitFor();
    const sessionKey = await page.evaluate(() => localStorage.getItem('materia.apiKey'));
    expect(sessionKey).toBe(e.server.browserKey);
    const res = await fetch(`${e.server.url}/v1/api-keys`, { headers: { 'X-API-Key': sessionKey! } });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/lacks the "admin" scope/);
  });

  it('the keys screen asks for the admin key; an empty, a wrong and a non-admin key each say why', async () => {
    const { page } = e;
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await keysRegion()
      .getByText(/Listing, creating and revoking API keys need the admin key/)
      .waitFor();
    await expect(keysRegion().getByRole('table').count()).resolves.toBe(0);
    const open = keysRegion().getByRole('button', { name: 'Enter the admin key' });
    await open.click();
    await dialog().waitFor();
    // focus starts in the field, which is labelled and described by where the key is
    await expect(focusedId()).resolves.toBe('admin-key-input');
    const field = dialog().getByLabel('Admin key');
    await expect(field.getAttribute('type')).resolves.toBe('password');
    await expect(field.evaluate((el) => el.getAttribute('aria-describedby'))).resolves.toBe('admin-key-hint');
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await expect(seriousAxeFindings(page), `${size.width}×${size.height}`).resolves.toEqual([]);
      await e.shot(`admin-key-01-dialog-${size.width}`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    const use = dialog().getByRole('button', { name: 'Use this key' });
    await use.click();
    await dialog().getByRole('alert').getByText('Enter the admin key.').waitFor();
    await field.fill('mk_wrongkey1_abcdefghijklmnopqrstuvwxyz');
    await use.click();
    await dialog().getByRole('alert').getByText('This key was not accepted: invalid API key.').waitFor();
    await expect(field.getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(field.evaluate((el) => el.getAttribute('aria-describedby'))).resolves.toBe(
      'admin-key-hint admin-key-error',
    );
    await expect(focusedId()).resolves.toBe('admin-key-input'); // back in the field, to type it again
    await expect(seriousAxeFindings(page)).resolves.toEqual([]);
    await e.shot('admin-key-02-wrong-key');
    await field.fill(e.server.browserKey); // a real key, but the page's own
    await use.click();
    await dialog()
      .getByRole('alert')
      .getByText(/This key works, but it has no admin scope \(key has read, chat, tools\)/)
      .waitFor();
    // Escape cancels; focus goes back to the button that opened it, and nothing was held
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'hidden' });
    await expect(open.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Forget the admin key' }).count()).resolves.toBe(0);
  });

  it('works with the admin key, which is kept in no storage and sent only with admin requests', async () => {
    const { page } = e;
    const sent: { path: string; key: string | undefined }[] = [];
    const onRequest = (r: Request) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/v1/')) sent.push({ path: url.pathname, key: r.headers()['x-api-key'] });
    };
    page.on('request', onRequest);
    try {
      await keysRegion().getByRole('button', { name: 'Enter the admin key' }).click();
      await enterAdminKey(page, e.adminKey);
      // the section opens, and focus moves into it (the button that stood there is gone)
      const mine = keysRegion().getByRole('row', { name: /admin \(first start\)/ });
      await mine.getByText("this tab's admin key").waitFor();
      await keysRegion()
        .getByRole('row', { name: /browser session/ })
        .getByText('this window')
        .waitFor();
      await expect(page.evaluate(() => document.activeElement?.className)).resolves.toBe('admin-gate');
      await page.getByRole('region', { name: 'Webhooks' }).getByRole('button', { name: 'Add endpoint' }).waitFor();
      // an admin action with it: a key made and shown once
      await keysRegion().getByLabel('Name', { exact: true }).fill('e2e admin dialog');
      await keysRegion().getByRole('button', { name: 'Create key' }).click();
      await keysRegion().getByLabel('secret').waitFor();
      await keysRegion().getByRole('button', { name: 'I have stored it' }).click();
      await keysRegion()
        .getByRole('row', { name: /e2e admin dialog/ })
        .waitFor();
      await e.shot('admin-key-03-unlocked');
      // everyday screens in the same tab go with the page's key
      await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Search' }).click();
      await page.locator('#search-box').fill('metformin');
      await page.keyboard.press('Enter');
      await page.getByText(/\d+ results? for “metformin”/).waitFor();
      await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Settings' }).click();
      await keysRegion()
        .getByRole('row', { name: /e2e admin dialog/ })
        .waitFor(); // still held: no dialog
      await expect(dialog().isVisible()).resolves.toBe(false);
    } finally {
      page.off('request', onRequest);
    }
    const admin = sent.filter((s) => s.key === e.adminKey).map((s) => s.path);
    const everyday = sent.filter((s) => s.key === e.server.browserKey).map((s) => s.path);
    expect(admin.length).toBeGreaterThan(0);
    expect(
      admin.every((p) => p.startsWith('/v1/api-keys') || p.startsWith('/v1/webhooks')),
      admin.join(' '),
    ).toBe(true);
    expect(everyday).toContain('/v1/search');
    expect(everyday.some((p) => p.startsWith('/v1/api-keys') || p.startsWith('/v1/webhooks'))).toBe(false);
    // nowhere a later script could read it
    const storage = await stored();
    expect(storage).not.toContain(e.adminKey);
    expect(storage).not.toContain(e.adminKey.split('_')[2]);
  });

  it('a refused admin key opens the dialog again with the reason; Forget and a reload drop it', async () => {
    const { page } = e;
    // a second admin key, held by the page, then revoked behind its back
    const made = await fetch(`${e.server.url}/v1/api-keys`, {
      method: 'POST',
      headers: { 'X-API-Key': e.adminKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'e2e short-lived admin', scopes: ['admin'] }),
    });
    const { id, key } = ((await made.json()) as { data: { id: string; key: string } }).data;
    await page.getByRole('button', { name: 'Forget the admin key' }).click();
    await keysRegion().getByRole('button', { name: 'Enter the admin key' }).waitFor();
    await expect(keysRegion().getByRole('table').count()).resolves.toBe(0); // what it showed went with it
    await keysRegion().getByRole('button', { name: 'Enter the admin key' }).click();
    await enterAdminKey(page, key);
    await keysRegion().getByRole('table').waitFor();
    const revoked = await fetch(`${e.server.url}/v1/api-keys/${id}`, {
      method: 'DELETE',
      headers: { 'X-API-Key': e.adminKey },
    });
    expect(revoked.status).toBe(200);
    await keysRegion().getByLabel('Name', { exact: true }).fill('e2e after revoke');
    await keysRegion().getByRole('button', { name: 'Create key' }).click();
    await dialog()
      .getByRole('alert')
      .getByText('The admin key was not accepted: this API key has been revoked.')
      .waitFor();
    await enterAdminKey(page, e.adminKey); // the action goes on with the key given now
    await keysRegion().getByRole('button', { name: 'I have stored it' }).click();
    await keysRegion()
      .getByRole('row', { name: /e2e after revoke/ })
      .waitFor();
    await e.shot('admin-key-04-asked-again');

    await page.getByRole('button', { name: 'Forget the admin key' }).click();
    await keysRegion().getByRole('button', { name: 'Enter the admin key' }).waitFor();
    await expect(page.evaluate(() => document.activeElement?.tagName)).resolves.toBe('H1'); // to the screen's heading
    await keysRegion().getByRole('button', { name: 'Enter the admin key' }).click();
    await enterAdminKey(page, e.adminKey);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await keysRegion().getByRole('button', { name: 'Enter the admin key' }).waitFor(); // memory only: gone
    expect(await stored()).not.toContain(e.adminKey);
  });
});
