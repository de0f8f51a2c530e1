/**
 * Every text/background pair the stylesheet uses meets WCAG AA in both palettes: 4.5:1 for text, 3:1 for graphics
 * (focus ring, chart marks, group edges). Reads the light-dark() list at the top of app.css, so a colour changed there
 * is checked here.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../../src/renderer/src/lib/contrast.ts';

const css = readFileSync(new URL('../../src/renderer/src/styles/app.css', import.meta.url), 'utf8');

function palettes(): { light: Record<string, string>; dark: Record<string, string> } {
  const light: Record<string, string> = {};
  const dark: Record<string, string> = {};
  for (const m of css.matchAll(/--([a-z0-9-]+):\s*light-dark\(\s*(#[0-9a-f]{3,6})\s*,\s*(#[0-9a-f]{3,6})\s*\)/gi)) {
    light[m[1]!] = m[2]!;
    dark[m[1]!] = m[3]!;
  }
  return { light, dark };
}

const TEXT = 4.5;
const GRAPHIC = 3;
/** [foreground, background, minimum]: each pairing some rule in app.css draws */
const PAIRS: [string, string, number][] = [
  ...[
    'bg',
    'surface',
    'surface-2',
    'row-hover',
    'neutral-soft',
    'info-soft',
    'warn-soft',
    'danger-soft',
    'critical-soft',
    'invalid-bg',
    'accent-soft',
  ].map((bg): [string, string, number] => ['text', bg, TEXT]),
  ...[
    'bg',
    'surface',
    'surface-2',
    'row-hover',
    'neutral-soft',
    'warn-soft',
    'info-soft',
    'danger-soft',
    'critical-soft',
  ].map((bg): [string, string, number] => ['muted', bg, TEXT]),
  ['accent', 'bg', TEXT],
  ['accent', 'surface', TEXT],
  ['accent', 'surface-2', TEXT],
  ['accent-strong', 'accent-soft', TEXT],
  ['accent-strong', 'surface', TEXT],
  ['on-accent', 'accent', TEXT],
  ['on-accent', 'accent-strong', TEXT],
  ['danger', 'surface', TEXT],
  ['danger', 'bg', TEXT],
  ['danger', 'danger-soft', TEXT],
  ['danger-text', 'danger-soft', TEXT],
  ['warn', 'surface', TEXT],
  ['warn', 'warn-soft', TEXT],
  ['warn-text', 'warn-soft', TEXT],
  ['ok', 'surface', TEXT],
  ['ok', 'ok-soft', TEXT],
  ['info', 'surface', TEXT],
  ['info', 'info-soft', TEXT],
  ['caution', 'caution-soft', TEXT],
  ['critical', 'surface', TEXT],
  ['critical', 'critical-soft', TEXT],
  ['critical-text', 'critical-soft', TEXT],
  ['on-critical', 'critical-fill', TEXT],
  ['code-text', 'code-bg', TEXT],
  ['accent', 'surface', GRAPHIC],
  ['accent', 'bg', GRAPHIC], // the focus ring
  ['warn-graphic', 'surface', GRAPHIC],
  ['danger', 'surface', GRAPHIC],
  ['critical-fill', 'surface', GRAPHIC],
  ['ok', 'track', GRAPHIC],
  ['danger', 'track', GRAPHIC],
  ...['chart-fat', 'chart-carb', 'chart-alcohol', 'chart-incomplete', 'muted'].map((c): [string, string, number] => [
    c,
    'surface',
    GRAPHIC,
  ]),
];

describe('the palette meets WCAG AA in both themes', () => {
  const { light, dark } = palettes();

  it('reads the palette: every colour has a light and a dark value', () => {
    expect(Object.keys(light).length).toBeGreaterThan(30);
    for (const [fg, bg] of PAIRS) {
      expect(light[fg], fg).toBeDefined();
      expect(light[bg], bg).toBeDefined();
    }
  });

  for (const [name, palette] of [
    ['light', light],
    ['dark', dark],
  ] as const) {
    it(`${name}: every pair reaches its minimum`, () => {
      const failing = PAIRS.map(([fg, bg, min]) => ({
        pair: `${fg} on ${bg}`,
        ratio: Math.round(contrastRatio(palette[fg]!, palette[bg]!) * 100) / 100,
        min,
      })).filter((p) => p.ratio < p.min);
      expect(failing).toEqual([]);
    });
  }

  it('the contrast formula gives the known values', () => {
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#0b6e74', '#ffffff')).toBeCloseTo(6.0, 1); // the focus ring, as docs/ui.md says
    expect(contrastRatio('rgb(170, 204, 206)', '#fff')).toBeCloseTo(1.72, 2); // the old ring the issue measured
  });
});
