import { startE2E } from './browser.ts';
const e = await startE2E();
const { page } = e;
await page.goto(e.entryUrl);
await page.getByRole('heading', { level: 1, name: 'Search' }).waitFor();
const [w, h] = (process.env.VP ?? '1280x800').split('x').map(Number);
await page.setViewportSize({ width: w!, height: h! });
for (const path of process.argv.slice(2)) {
  await page.goto(`${e.server.url}${path}`);
  await page.waitForTimeout(2000);
  const name = path.replace(/[^a-z0-9]+/gi, '_');
  await page.screenshot({ path: `/tmp/scratch/${name}-${w}.png`, fullPage: process.env.FULL === '1' });
  const wide = await page.evaluate(() => {
    const vw = document.documentElement.clientWidth;
    return [...document.querySelectorAll('*')].filter((el) => el.getBoundingClientRect().right > vw + 1).slice(0, 8).map((el) => `${el.tagName}.${el.className} ${Math.round(el.getBoundingClientRect().right)}`);
  });
  console.log(path, 'scrollWidth', await page.evaluate(() => document.documentElement.scrollWidth), wide);
}
console.log('problems', e.problems);
await e.close();
