/** WCAG 2 contrast: relative luminance of sRGB colours and the ratio between two (used by the palette's check). */

export type Rgb = readonly [number, number, number];

/** "#rgb", "#rrggbb" or "rgb(r, g, b)" / "rgba(r, g, b, a)" (alpha ignored) into 0–255 channels. */
export function parseColour(colour: string): Rgb {
  const c = colour.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(c);
  if (hex) {
    const h = hex[1]!.length === 3 ? [...hex[1]!].map((d) => d + d).join('') : hex[1]!;
    return [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16)];
  }
  const fn = /^rgba?\(\s*(\d+(?:\.\d+)?)[,\s]+(\d+(?:\.\d+)?)[,\s]+(\d+(?:\.\d+)?)/.exec(c);
  if (fn) return [Number(fn[1]), Number(fn[2]), Number(fn[3])];
  throw new Error(`not a colour this check reads: ${colour}`);
}

function channel(v: number): number {
  const s = v / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

export function luminance([r, g, b]: Rgb): number {
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** (lighter + 0.05) / (darker + 0.05): 1 to 21. */
export function contrastRatio(a: string | Rgb, b: string | Rgb): number {
  const la = luminance(typeof a === 'string' ? parseColour(a) : a);
  const lb = luminance(typeof b === 'string' ? parseColour(b) : b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}
