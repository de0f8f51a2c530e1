/**
 * The text the triage rules read: lower case, accents and umlauts folded (so "tomé", "Übelkeit" and "Brustschmerzen"
 * match plain patterns), apostrophes unified, number words written as digits in English, Spanish and German
 * ("forty paracetamol" → "40 paracetamol"), and whitespace collapsed. Patterns are written against this form only.
 * Devanagari keeps its vowel signs: without them words collide (खून "blood" and खाने "eating" both fold to खन).
 */

/**
 * Marks dropped after decomposition (accents, Japanese voiced marks, Arabic hamza and harakat) except Devanagari's vowel
 * signs, virama and anusvara; its nukta is dropped and chandrabindu written as anusvara (both are spelt either way).
 * Word lists fold their terms with this too, so a term matches however the message was composed.
 */
export function foldMarks(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\u093C/g, '')
    .replace(/\u0901/g, '\u0902')
    .replace(/(?![\u0900-\u097F])\p{M}/gu, '');
}

const UNITS: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
  hundred: 100,
  dozen: 12,
  uno: 1,
  una: 1,
  dos: 2,
  tres: 3,
  cuatro: 4,
  cinco: 5,
  seis: 6,
  siete: 7,
  ocho: 8,
  nueve: 9,
  diez: 10,
  once: 11,
  doce: 12,
  quince: 15,
  veinte: 20,
  treinta: 30,
  cuarenta: 40,
  cincuenta: 50,
  sesenta: 60,
  cien: 100,
  ciento: 100,
  eins: 1,
  zwei: 2,
  drei: 3,
  vier: 4,
  funf: 5,
  sechs: 6,
  sieben: 7,
  acht: 8,
  neun: 9,
  zehn: 10,
  elf: 11,
  zwolf: 12,
  funfzehn: 15,
  zwanzig: 20,
  dreissig: 30,
  vierzig: 40,
  funfzig: 50,
  sechzig: 60,
  hundert: 100,
};

/** Words that are numbers only in context ("one" is also a pronoun, "once" is English, "elf" is a creature). */
const AMBIGUOUS = new Set(['one', 'una', 'uno', 'once', 'elf', 'acht']);

export function fold(text: string): string {
  return foldMarks(text)
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[’‘`´]/g, "'")
    .replace(/[“”„]/g, '"')
    .replace(/\s+/g, ' ')
    .trim();
}

/** "forty two" → 42, "twenty-five" → 25, "a dozen" → 12; ambiguous words only before a dose unit. */
function numberWords(text: string): string {
  const parts = text.split(/([^\p{L}\p{N}]+)/u);
  const out: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    const w = parts[i]!;
    const x = UNITS[w];
    if (x === undefined) {
      out.push(w);
      continue;
    }
    const next = parts[i + 2];
    const y = next !== undefined ? UNITS[next] : undefined;
    if (y !== undefined && x >= 20 && x % 10 === 0 && y > 0 && y < 10) {
      out.push(String(x + y));
      i += 2;
      continue;
    }
    if (
      AMBIGUOUS.has(w) &&
      !/^(?:pills?|tablets?|tabs|capsules?|caps|doses?|pastillas?|tabletas?|comprimidos?|tabletten|pillen|kapseln)\b/.test(
        next ?? '',
      )
    ) {
      out.push(w);
      continue;
    }
    out.push(String(x));
  }
  return out.join('');
}

export function normalizeForTriage(text: string): string {
  // "1,500" is 1500; "16x paracetamol" and "2x500mg" are a count times something ("16 x", "2 x 500mg")
  return numberWords(fold(text))
    .replace(/\b(\d+),(\d{3})\b/g, '$1$2')
    .replace(/(?<![\p{L}\p{N}.,])(\d{1,4})[x×](?![\p{L}])/gu, '$1 x ');
}
