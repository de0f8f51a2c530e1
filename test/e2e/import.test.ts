/**
 * Importing documents on the Documents screen: a file dropped on the page goes through POST /v1/documents/import
 * (in batches when it is over the API's 1 MiB limit), with progress, a per-record report at each record's place in
 * the file, and clear errors; the imported documents are then listed under "Imported by you", where each can be
 * deleted after a confirmation (DELETE /v1/documents/{id}). Both are admin actions: the page's own key has no admin
 * scope, so the first of them in a tab asks for the admin key (components/AdminKeyDialog.tsx).
 */
import type { Page, Request } from 'playwright-core';
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

/** Drops a file on the drop zone as a browser does (a DataTransfer holding a File). */
async function drop(page: Page, name: string, text: string) {
  const transfer = await page.evaluateHandle(
    ({ name, text }) => {
      const dt = new DataTransfer();
      dt.items.add(new File([text], name));
      return dt;
    },
    { name, text },
  );
  await page.locator('.drop-zone').dispatchEvent('dragover', { dataTransfer: transfer });
  await page.locator('.drop-zone').dispatchEvent('drop', { dataTransfer: transfer });
}

const report = (page: Page) => page.locator('.import-report');

describe('import on the Documents screen', () => {
  it('a dropped JSON file: valid records are imported, the invalid one is reported at its place', async () => {
    const { page } = e;
    await page.goto(e.entryUrl);
    await page.getByRole('heading', { level: 1, name: 'Search' }).waitFor();
    await page.goto(`${e.server.url}/documents`);
    await page.getByRole('heading', { level: 1, name: 'Documents' }).waitFor();
    // the request's own shape, as people paste it into the sandbox: {"records": [...]}
    await drop(
      page,
      'my-papers.json',
      JSON.stringify({
        records: [
          {
            id: 'e2e-1',
            title: 'Zinc lozenges and the common cold: a pilot trial',
            abstract: 'Forty adults took zinc acetate lozenges.',
            publication_date: '2021',
          },
          { id: 'e2e-2', authors: ['Nobody A'] },
          { id: 'e2e-3', title: 'Vitamin K2 and arterial calcification', publication_date: 'spring 2019' },
          { id: 'e2e-4', abstract: 'A record with only an abstract still gets a title from its opening words.' },
        ],
      }),
    );
    await enterAdminKey(page, e.adminKey); // the first admin action in this tab asks for the key
    const status = report(page).getByRole('status');
    await status.getByText(/4 records in the file · 2 created · 0 updated · 2 failed/).waitFor();
    const failures = report(page).locator('.import-failures li');
    await expect(failures.allInnerTexts()).resolves.toEqual([
      expect.stringMatching(/^Record 2 \(e2e-2\): title: a record needs a title or an abstract$/),
      expect.stringMatching(/^Record 3 \(e2e-3\): publication_date: must be YYYY or YYYY-MM-DD/),
    ]);
    await e.shot('import-01-report');
    // the list already holds them (its query was refreshed), and the link filters to them
    await report(page).getByRole('link', { name: 'Show the documents imported by you' }).click();
    await page.waitForURL(/source=imported/);
    await page.getByText('2 documents', { exact: true }).waitFor();
    await page
      .locator('.result-list')
      .getByRole('link', { name: 'Zinc lozenges and the common cold: a pilot trial' })
      .waitFor();

    // the same file again updates rather than duplicates
    await drop(
      page,
      'my-papers.json',
      JSON.stringify([
        { id: 'e2e-1', title: 'Zinc lozenges and the common cold: a pilot trial', abstract: 'Forty adults, revised.' },
      ]),
    );
    await status.getByText(/1 record in the file · 0 created · 1 updated · 0 failed/).waitFor();
  });

  it('an imported document is deleted from the import card after a confirmation', async () => {
    const { page } = e;
    await page.goto(`${e.server.url}/documents`);
    const card = page.locator('.import-card');
    const heading = card.getByRole('heading', { name: /^Imported by you \(\d+\)$/ });
    await heading.waitFor();
    const before = Number(/\((\d+)\)/.exec(await heading.innerText())![1]);
    const title = 'Zinc lozenges and the common cold: a pilot trial';
    const row = card.locator('.imported-row', { hasText: title });
    await expect(row.innerText()).resolves.toContain('your id e2e-1');
    // asked twice: Delete opens the confirmation (focus on its first choice); Cancel keeps the document
    await row.getByRole('button', { name: `Delete ${title}` }).click();
    const yes = row.getByRole('button', { name: 'Yes, delete' });
    await expect(yes.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await expect(seriousAxeFindings(page), `${size.width}×${size.height}`).resolves.toEqual([]);
      await e.shot(`import-04-delete-confirm-${size.width}`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await row.getByRole('button', { name: 'Cancel' }).click();
    await row.getByRole('button', { name: `Delete ${title}` }).waitFor();
    await row.getByRole('button', { name: `Delete ${title}` }).click();
    await yes.click();
    await enterAdminKey(page, e.adminKey); // a new page load: the tab's memory, and so the admin key, went with it
    await card
      .getByRole('status')
      .filter({ hasText: `Deleted “${title}”.` })
      .waitFor();
    await expect(row.count()).resolves.toBe(0);
    await card.getByRole('heading', { name: `Imported by you (${before - 1})` }).waitFor();
    await expect(heading.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    // gone from the library and from search (the page's lists were refreshed; the API agrees)
    await expect(page.locator('.result-list').getByRole('link', { name: title }).count()).resolves.toBe(0);
    const found = await page.evaluate(async (t) => {
      const key = localStorage.getItem('materia.apiKey')!;
      const res = await fetch('/v1/search', {
        method: 'POST',
        headers: { 'X-API-Key': key, 'Content-Type': 'application/json' },
        body: JSON.stringify({ query: t, types: ['documents'], filters: { source: ['imported'] } }),
      });
      const body = (await res.json()) as { data: { results: { title: string | null }[] } };
      return body.data.results.map((r) => r.title);
    }, title);
    expect(found).not.toContain(title);
  });

  it('without the admin key the list shows, and a cancelled key request deletes nothing and says why', async () => {
    const { page } = e;
    await page.goto(`${e.server.url}/documents`); // a new page load holds no admin key
    const card = page.locator('.import-card');
    const row = card.locator('.imported-row').first();
    await row.waitFor();
    const name = await row.locator('a').innerText();
    await row.getByRole('button', { name: `Delete ${name}` }).click();
    await row.getByRole('button', { name: 'Yes, delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Enter the admin key' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const alert = row.getByRole('alert');
    await alert.getByText('Admin key needed').waitFor();
    await alert.getByRole('button', { name: 'Enter the admin key' }).waitFor(); // not a dead end
    await expect(card.locator('.imported-row', { hasText: name }).count()).resolves.toBe(1);
    await e.shot('import-05-delete-needs-admin-key');
  });

  it('a file that cannot be sent says why, and nothing is imported', async () => {
    const { page } = e;
    await drop(page, 'broken.json', '[{"title": "A", }]');
    const alert = page.locator('.import-card').getByRole('alert');
    await alert.getByText('Nothing was imported').waitFor();
    await alert.getByText(/^broken\.json is not valid JSON: /).waitFor();
    await drop(page, 'notes.txt', 'just some words');
    await alert.getByText(/notes\.txt is not JSON, JSON lines or PubMed XML/).waitFor();
    // a file the API refuses as a whole (no record could be imported): the API's own message, with the fields
    await drop(page, 'empty-records.jsonl', '{"authors": ["A"]}\n{"journal": "B"}\n');
    await enterAdminKey(page, e.adminKey); // the first file that is sent
    await report(page)
      .getByRole('status')
      .getByText(/2 records in the file · 0 created · 0 updated/)
      .waitFor();
    await report(page).getByRole('alert').waitFor();
    await e.shot('import-02-refused');
  });

  it('a file over the API limit goes in batches with a progress bar, chosen with the file button', async () => {
    const { page } = e;
    const calls: Request[] = [];
    const onRequest = (r: Request) => {
      if (r.url().endsWith('/v1/documents/import')) calls.push(r);
    };
    page.on('request', onRequest);
    try {
      const abstract = 'Magnesium supplementation and sleep quality in older adults. '.repeat(200); // ≈ 12 KB
      const lines = Array.from({ length: 150 }, (_, i) =>
        JSON.stringify({ id: `batch-${i}`, title: `Batch record ${i + 1}`, abstract }),
      );
      lines[120] = '{"id": "batch-120", "title": '; // a broken line deep in the second batch
      const text = lines.join('\n');
      expect(text.length).toBeGreaterThan(1024 * 1024);
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Choose a file' }).click();
      await (
        await chooser
      ).setFiles({ name: 'big.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(text) });
      await page.locator('.import-progress progress').waitFor(); // shown while the batches go
      await report(page)
        .getByRole('status')
        .getByText(/150 records in the file · 149 created · 0 updated · 1 failed/)
        .waitFor({ timeout: 30_000 });
      expect(calls.length).toBe(2);
      // the broken line is named by its line in the file, not its line in the second batch
      await report(page)
        .locator('.import-failures li')
        .getByText(/^Line 121: line \d+: not valid JSON/)
        .waitFor();
      await e.shot('import-03-batches');
    } finally {
      page.off('request', onRequest);
    }
  });
});
