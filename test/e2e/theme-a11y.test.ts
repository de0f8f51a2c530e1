/**
 * Dark mode and accessibility on every screen: the theme follows the system and a switch pins it (kept across a
 * reload); then each screen, and the results that carry alerts and severity colours, is audited in the light and the
 * dark theme at desktop and phone width by axe-core (WCAG 2 A/AA, no serious or critical finding) and by our own sweep
 * of every visible text's contrast against the background it is drawn on (4.5:1, 3:1 for large text).
 * Findings per screen go to test-results/a11y-<theme>-<width>.json; screenshots to test-results/dark-*.png.
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, CHROMIUM_ARGS, enterAdminKey, SHOTS, startE2E, type E2E } from './browser.ts';
import { SCREENS } from './screens.ts';

let e: E2E;
let auditBrowser: Browser;
let audit: Page;
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

beforeAll(async () => {
  e = await startE2E();
  // axe is injected, which the app's own CSP forbids (tested in ui.test.ts): the audits run in a second browser
  auditBrowser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  audit = await (
    await auditBrowser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 800 }, locale: 'en-GB' })
  ).newPage();
  audit.setDefaultTimeout(15_000);
  await audit.goto(e.entryUrl);
  await audit.getByRole('heading', { level: 1, name: 'Search' }).waitFor();
}, 60_000);
afterAll(async () => {
  await auditBrowser?.close();
  await e?.close();
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail')
    await e.shot(`failed-${ctx.task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60)}`);
});

const bodyBackground = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.querySelector('main') ?? document.body).backgroundColor);

describe('the colour theme', () => {
  it('follows the system setting, and the switch pins light or dark across a reload', async () => {
    const { page } = e;
    await page.goto(e.entryUrl);
    await page.getByRole('heading', { level: 1, name: 'Search' }).waitFor();
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => bodyBackground(page)).toBe('rgb(15, 20, 25)');
    await expect(page.evaluate(() => document.documentElement.dataset.theme ?? null)).resolves.toBeNull();
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => bodyBackground(page)).toBe('rgb(245, 247, 249)');

    const theme = page.getByLabel('Theme');
    await expect(theme.inputValue()).resolves.toBe('system');
    await theme.selectOption('dark'); // pinned dark while the system says light
    await expect.poll(() => bodyBackground(page)).toBe('rgb(15, 20, 25)');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Search' }).waitFor();
    await expect(page.getByLabel('Theme').inputValue()).resolves.toBe('dark');
    await expect(bodyBackground(page)).resolves.toBe('rgb(15, 20, 25)');
    // the focus ring in the dark theme is the dark palette's accent (9.2:1 on the page)
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Compounds' }).focus();
    await expect(page.evaluate(() => getComputedStyle(document.activeElement!).outlineColor)).resolves.toBe(
      'rgb(92, 198, 203)',
    );

    // paper is white whatever the theme
    await page.emulateMedia({ media: 'print' });
    await expect(page.evaluate(() => getComputedStyle(document.body).backgroundColor)).resolves.toBe(
      'rgb(255, 255, 255)',
    );
    await page.emulateMedia({ media: 'screen' });

    await page.emulateMedia({ colorScheme: 'dark' });
    await page.getByLabel('Theme').selectOption('light'); // pinned light while the system says dark
    await expect.poll(() => bodyBackground(page)).toBe('rgb(245, 247, 249)');
    await page.getByLabel('Theme').selectOption('system'); // and back to following it
    await expect.poll(() => bodyBackground(page)).toBe('rgb(15, 20, 25)');
    await expect(page.evaluate(() => localStorage.getItem('materia.theme'))).resolves.toBeNull();
    await page.emulateMedia({ colorScheme: 'light' });
  });
});

describe('charts', () => {
  it("draw their marks in the palette's colours, so the dark theme gets its own (3:1 against the card)", async () => {
    const { page } = e;
    await page.goto(e.entryUrl);
    await page.getByRole('heading', { level: 1, name: 'Search' }).waitFor();
    await page.emulateMedia({ colorScheme: 'dark' });
    try {
      await page.goto(`${e.server.url}/tools/bioage`);
      await page.getByRole('button', { name: 'Fill in an example' }).click();
      await page.getByRole('button', { name: 'Calculate' }).click();
      const bars = page.locator('.recharts-bar-rectangle path');
      await bars.first().waitFor();
      const fills = new Set(await bars.evaluateAll((els) => els.map((el) => getComputedStyle(el).fill)));
      // the dark palette's accent and amber (light-dark() in styles/app.css), not the light theme's teal and brown
      expect(
        [...fills].every((f) => f === 'rgb(92, 198, 203)' || f === 'rgb(227, 154, 69)'),
        [...fills].join(', '),
      ).toBe(true);
      await e.shot('dark-bioage-chart');
    } finally {
      await page.emulateMedia({ colorScheme: 'light' });
    }
  });
});

type AxeViolation = { id: string; impact: string | null; nodes: number; targets: string[] };
type LowContrast = { text: string; fg: string; bg: string; ratio: number; min: number };
type Audit = {
  screen: string;
  axe: AxeViolation[];
  lowContrast: LowContrast[];
  textsChecked: number;
  textsUnjudged: number;
};

/**
 * Every element with its own visible text, its colour blended onto the background actually behind it (the first
 * opaque background up its ancestors, semi-transparent layers composited). Text over an image or gradient is counted
 * as unjudged rather than guessed. Disabled controls are exempt (WCAG 1.4.3).
 */
function contrastSweep(): { low: LowContrast[]; checked: number; unjudged: number } {
  type C = [number, number, number, number];
  const parse = (c: string): C | null => {
    const m = /rgba?\(([^)]+)\)/.exec(c);
    if (!m) return null;
    const p = m[1]!
      .split(/[\s,/]+/)
      .filter(Boolean)
      .map(Number);
    return [p[0]!, p[1]!, p[2]!, p[3] ?? 1];
  };
  const over = (top: C, under: C): C =>
    [0, 1, 2].map((i) => top[i]! * top[3] + under[i]! * (1 - top[3])).concat(1) as C;
  const lin = (v: number) => {
    const s = v / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const lum = (c: C) => 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2]);
  const ratio = (a: C, b: C) => {
    const x = lum(a);
    const y = lum(b);
    return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
  };
  const hex = (c: C) =>
    `#${c
      .slice(0, 3)
      .map((v) => Math.round(v).toString(16).padStart(2, '0'))
      .join('')}`;
  const behind = (el: Element): C | null => {
    const layers: C[] = [];
    for (let n: Element | null = el; n; n = n.parentElement) {
      const cs = getComputedStyle(n);
      if (cs.backgroundImage !== 'none') return null;
      const c = parse(cs.backgroundColor);
      if (c && c[3] > 0) {
        layers.push(c);
        if (c[3] >= 1) break;
      }
    }
    let bg: C = parse(getComputedStyle(document.documentElement).backgroundColor) ?? [255, 255, 255, 1];
    if (bg[3] < 1) bg = [255, 255, 255, 1];
    for (const layer of layers.reverse()) bg = over(layer, bg);
    return bg;
  };
  const low: LowContrast[] = [];
  let checked = 0;
  let unjudged = 0;
  for (const el of document.body.querySelectorAll('*')) {
    if (el instanceof SVGElement || ['OPTION', 'SCRIPT', 'STYLE', 'NOSCRIPT'].includes(el.tagName)) continue;
    const own = [...el.childNodes]
      .filter((n) => n.nodeType === Node.TEXT_NODE)
      .map((n) => n.textContent ?? '')
      .join('')
      .trim();
    if (!own) continue;
    if (el.closest('[aria-hidden="true"], :disabled, [aria-disabled="true"]')) continue;
    if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
    const r = el.getBoundingClientRect();
    if (r.width <= 1 || r.height <= 1 || r.bottom < 0 || r.right < 0) continue; // clipped screen-reader text, the parked skip link
    const cs = getComputedStyle(el);
    const fgRaw = parse(cs.color);
    const bg = behind(el);
    if (!fgRaw || !bg) {
      unjudged++;
      continue;
    }
    const fg = over(fgRaw, bg);
    const size = parseFloat(cs.fontSize);
    const large = size >= 24 || (Number(cs.fontWeight) >= 700 && size >= 18.66);
    const min = large ? 3 : 4.5;
    const value = ratio(fg, bg);
    checked++;
    if (value < min - 0.005)
      low.push({ text: own.slice(0, 60), fg: hex(fg), bg: hex(bg), ratio: Math.round(value * 100) / 100, min });
  }
  return { low, checked, unjudged };
}

async function auditHere(page: Page, screen: string): Promise<Audit> {
  await page.addScriptTag({ path: AXE });
  const axe = await page.evaluate(async () => {
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
    return r.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      nodes: v.nodes.length,
      targets: v.nodes.slice(0, 3).map((n) => String(n.target[0])),
    }));
  });
  const sweep = await page.evaluate(contrastSweep);
  return { screen, axe, lowContrast: sweep.low, textsChecked: sweep.checked, textsUnjudged: sweep.unjudged };
}

async function settle(page: Page) {
  await expect
    .poll(
      () =>
        page
          .getByRole('status')
          .filter({ hasText: /Loading|Searching|Connecting/ })
          .count(),
      { timeout: 15_000 },
    )
    .toBe(0);
}

async function dropFile(page: Page, name: string, text: string) {
  const transfer = await page.evaluateHandle(
    ({ name, text }) => {
      const dt = new DataTransfer();
      dt.items.add(new File([text], name));
      return dt;
    },
    { name, text },
  );
  await page.locator('.drop-zone').dispatchEvent('drop', { dataTransfer: transfer });
}

/** The states that carry alerts and severity colours, beyond each screen's first view. */
const RESULT_STATES: { name: string; run(page: Page): Promise<void> }[] = [
  {
    name: 'interaction check: severities, disagreement and an unread line',
    run: async (page) => {
      await page.goto(`${e.server.url}/tools/interactions`);
      await page
        .getByLabel(/^Medicines/)
        .fill('metformin 500 mg BD\niodinated contrast\nwarfarin 5 mg OD\naspirin 81mg daily\nzzqx 3 puffs');
      await page.getByRole('button', { name: 'Check interactions' }).click();
      await page.getByRole('heading', { level: 2, name: 'Results' }).waitFor();
    },
  },
  {
    name: 'bloodwork: a critical value and an ordinary high',
    run: async (page) => {
      await page.goto(`${e.server.url}/tools/bloodwork`);
      await page.getByLabel('Sex').selectOption('male');
      await page.getByLabel('Age (years)').fill('60');
      await page.getByLabel('Test 1', { exact: true }).fill('potassium');
      await page.getByLabel('Value 1', { exact: true }).fill('7.2');
      await page.getByLabel('Unit 1', { exact: true }).fill('mmol/L');
      await page.getByLabel('Test 2', { exact: true }).fill('ldl');
      await page.getByLabel('Value 2', { exact: true }).fill('3.5');
      await page.getByLabel('Unit 2', { exact: true }).fill('mmol/L');
      await page.getByRole('button', { name: 'Analyse' }).click();
      await page.getByRole('alert').filter({ hasText: 'critical value' }).waitFor();
    },
  },
  {
    name: "bloodwork: the API's validation messages",
    run: async (page) => {
      await page.goto(`${e.server.url}/tools/bloodwork`);
      await page.getByRole('button', { name: 'Analyse' }).click();
      await page
        .getByRole('alert')
        .getByText(/Please check these/)
        .waitFor();
    },
  },
  {
    name: 'bioage: the contribution chart',
    run: async (page) => {
      await page.goto(`${e.server.url}/tools/bioage`);
      await page.getByRole('button', { name: 'Fill in an example' }).click();
      await page.getByRole('button', { name: 'Calculate' }).click();
      await page.locator('.recharts-bar-rectangle path').first().waitFor();
    },
  },
  {
    name: 'documents: an import report with a failed record',
    run: async (page) => {
      await page.goto(`${e.server.url}/documents`);
      await dropFile(
        page,
        'a11y.json',
        JSON.stringify([{ id: 'a11y-1', title: 'Contrast check record' }, { id: 'a11y-2' }]),
      );
      await enterAdminKey(page, e.adminKey); // importing is an admin action
      await page.locator('.import-failures li').first().waitFor();
    },
  },
  {
    name: 'documents: a file refused before sending',
    run: async (page) => {
      await dropFile(page, 'a11y.txt', 'not a record');
      await page.locator('.import-card').getByRole('alert').waitFor();
    },
  },
  {
    name: 'settings: the admin key dialog refusing a wrong key',
    run: async (page) => {
      await page.goto(`${e.server.url}/settings`);
      await page.getByRole('region', { name: 'API keys' }).getByRole('button', { name: 'Enter the admin key' }).click();
      const dialog = page.getByRole('dialog', { name: 'Enter the admin key' });
      await dialog.getByLabel('Admin key').fill('mk_wrongkey1_abcdefghijklmnopqrstuvwxyz');
      await dialog.getByRole('button', { name: 'Use this key' }).click();
      await dialog.getByRole('alert').waitFor();
    },
  },
  {
    name: 'chat: the emergency alert',
    run: async (page) => {
      await page.goto(`${e.server.url}/chat`);
      await page
        .getByLabel('Your question')
        .fill('my dad took his whole box of amitriptyline an hour ago and now he wont wake up');
      await page.getByRole('button', { name: 'Send' }).click();
      await page.getByRole('article', { name: 'Answer' }).last().getByRole('alert').waitFor({ timeout: 20_000 });
      await page.getByRole('button', { name: 'Send' }).waitFor({ timeout: 30_000 });
    },
  },
];

for (const theme of ['light', 'dark'] as const) {
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    it(`${theme} theme at ${width} px: every screen has no serious or critical axe finding and every text reaches AA`, async () => {
      await audit.emulateMedia({ colorScheme: theme });
      await audit.setViewportSize({ width, height });
      const audits: Audit[] = [];
      for (const [path, title, name] of SCREENS) {
        await audit.goto(`${e.server.url}${path}`);
        await audit.getByRole('heading', { level: 1, name: title }).waitFor();
        await settle(audit);
        if (path === '/sandbox')
          await audit.getByText('/v1/compounds/search', { exact: true }).first().waitFor({ timeout: 20_000 });
        if (path === '/compounds/metformin') await audit.locator('#mechanism li').first().waitFor();
        audits.push(await auditHere(audit, path));
        if (theme === 'dark') await audit.screenshot({ path: join(SHOTS, `dark-${width}-${name}.png`) });
      }
      for (const state of RESULT_STATES) {
        await state.run(audit);
        audits.push(await auditHere(audit, state.name));
        if (theme === 'dark')
          await audit.screenshot({
            path: join(SHOTS, `dark-${width}-${state.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 40)}.png`),
            fullPage: true,
          });
      }
      writeFileSync(join(SHOTS, `a11y-${theme}-${width}.json`), `${JSON.stringify(audits, null, 2)}\n`);
      const serious = audits.flatMap((a) =>
        a.axe.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => ({ screen: a.screen, ...v })),
      );
      const low = audits.flatMap((a) => a.lowContrast.map((c) => ({ screen: a.screen, ...c })));
      expect(serious).toEqual([]);
      expect(low).toEqual([]);
      expect(audits.reduce((n, a) => n + a.textsChecked, 0)).toBeGreaterThan(500); // the sweep saw the screens' text
    }, 600_000);
  }
}
