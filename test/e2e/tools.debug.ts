import { startE2E } from './browser.ts';
const e = await startE2E();
const { page } = e;
await page.goto(e.entryUrl);
await page.getByRole('heading', { level: 1, name: 'Search' }).waitFor();
const go = async (slug: string) => { await page.goto(`${e.server.url}/tools/${slug}`); await page.getByRole('heading', { level: 1 }).waitFor(); };
const snap = async (n: string) => { await page.waitForTimeout(800); await page.screenshot({ path: `/tmp/scratch/tool-${n}.png`, fullPage: true }); };
try {
  await go('bioage');
  await page.getByRole('button', { name: 'Fill in an example' }).click();
  await page.getByRole('button', { name: 'Calculate' }).click();
  await page.getByText('Phenotypic age').first().waitFor(); await snap('bioage');

  await go('macros');
  await page.getByRole('button', { name: 'Calculate' }).click(); await page.getByRole('alert').first().waitFor(); await snap('macros-errors');
  await page.getByLabel('Sex').selectOption('male'); await page.getByLabel('Age (years)').fill('30');
  await page.getByLabel('Weight', { exact: true }).fill('80'); await page.getByLabel('Height', { exact: true }).fill('180');
  await page.getByLabel('Activity level').selectOption('moderate'); await page.getByLabel('Goal').selectOption('lose');
  await page.getByRole('button', { name: 'Calculate' }).click(); await page.getByText('Macro split').first().waitFor(); await snap('macros');

  await go('nutrition');
  await page.getByLabel('Food 1', { exact: true }).fill('apple'); await page.getByLabel('Amount 1', { exact: true }).fill('1'); await page.getByLabel('Unit 1', { exact: true }).fill('medium');
  await page.getByLabel('Food 2', { exact: true }).fill('milk'); await page.getByLabel('Amount 2', { exact: true }).fill('1'); await page.getByLabel('Unit 2', { exact: true }).fill('cup');
  await page.getByRole('button', { name: 'Analyse' }).click(); await page.getByText('Nutrients, % of Daily Value').first().waitFor(); await snap('nutrition');

  await go('interactions');
  await page.getByLabel(/Substances/).fill('warfarin\naspirin\nSt John\'s wort\nzzzfoo');
  await page.getByRole('button', { name: 'Check interactions' }).click(); await page.getByText('pairs checked', { exact: false }).first().waitFor(); await snap('interactions');

  await go('inbody');
  await page.getByLabel('Weight', { exact: true }).fill('80'); await page.getByLabel('Height', { exact: true }).fill('180');
  await page.getByLabel('Sex').selectOption('male'); await page.getByLabel('Age (years)').fill('40'); await page.getByLabel('Body fat (%)').fill('22');
  await page.getByLabel('Waist', { exact: true }).fill('90'); await page.getByLabel('Hip', { exact: true }).fill('100');
  await page.getByRole('button', { name: 'Analyse' }).click(); await page.getByText('BMI', { exact: true }).first().waitFor(); await snap('inbody');

  await go('stack');
  await page.getByLabel(/^Goals/).fill('sleep'); await page.getByLabel(/Current medications/).fill('sertraline');
  await page.getByRole('button', { name: 'Build stack' }).click(); await page.getByRole('heading', { name: 'Stack' }).first().waitFor(); await snap('stack');

  await go('protocol');
  await page.getByLabel(/^Compounds/).fill('Sertraline'); await page.getByLabel('Goal', { exact: true }).fill('depression');
  await page.getByRole('button', { name: 'Build outline' }).click(); await page.getByText('Week by week').first().waitFor(); await snap('protocol');
} catch (err) { console.error(err); await snap('error'); }
console.log('problems', e.problems);
await e.close();
