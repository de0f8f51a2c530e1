/**
 * Just enough of a PDF reader to check what Chromium printed on each page: inflates the streams, reads the fonts'
 * ToUnicode maps and decodes each page's glyph strings with each map (the glyph ids of different subset fonts collide,
 * so a phrase is looked for under every map). Not a general PDF parser: it reads Chromium's (Skia's) output.
 */
import { inflateSync } from 'node:zlib';

function streams(pdf: Buffer): Buffer[] {
  const out: Buffer[] = [];
  const text = pdf.toString('latin1');
  for (const m of text.matchAll(/stream\r?\n/g)) {
    const start = m.index + m[0].length;
    const end = text.indexOf('endstream', start);
    try {
      out.push(inflateSync(pdf.subarray(start, end)));
    } catch {
      /* not deflated (an image, a font program) */
    }
  }
  return out;
}

function toUnicodeMaps(all: Buffer[]): Map<number, string>[] {
  const maps: Map<number, string>[] = [];
  for (const s of all.map((b) => b.toString('latin1'))) {
    if (!s.includes('beginbfchar') && !s.includes('beginbfrange')) continue;
    const map = new Map<number, string>();
    for (const [, block] of s.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
      for (const [, a, b] of block!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g))
        map.set(parseInt(a!, 16), Buffer.from(b!, 'hex').swap16().toString('utf16le'));
    }
    for (const [, block] of s.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
      for (const [, a, b, c] of block!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
        for (let i = parseInt(a!, 16); i <= parseInt(b!, 16); i++)
          map.set(i, String.fromCodePoint(parseInt(c!, 16) + i - parseInt(a!, 16)));
      }
    }
    maps.push(map);
  }
  return maps;
}

/** For each page content stream, its glyph strings decoded under each font map (one string per map). */
export function pdfPageTexts(pdf: Buffer): string[][] {
  const all = streams(pdf);
  const maps = toUnicodeMaps(all);
  return all
    .map((b) => b.toString('latin1'))
    .filter((s) => /\bBT\b/.test(s) && !s.includes('beginbfchar'))
    .map((s) => {
      const glyphs = [...s.matchAll(/<([0-9A-Fa-f]{4,})>/g)].map((m) => m[1]!);
      return maps.map((map) =>
        glyphs
          .map((h) =>
            h
              .match(/.{4}/g)!
              .map((g) => map.get(parseInt(g, 16)) ?? '')
              .join(''),
          )
          .join(''),
      );
    });
}
