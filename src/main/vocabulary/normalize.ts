/** Name handling shared by the content build (linking) and search (exact matches). */

/** Accents and other combining marks removed ("Amiodarona", "Doliprane", "varfarína"): the one accent folder. */
export function foldAccents(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '');
}

/** "BPC-157", "bpc 157" and "BPC157" all normalise to "bpc157". */
export function normalizeName(name: string): string {
  return foldAccents(name)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
}

/**
 * Abbreviations and internally capitalised names ("NAC", "DHEA", "SAMe", "CoQ10") match only in their own case, so
 * "same" never links to SAMe and "Nac" in a surname never links to NAC. Ordinary names ("Metformin",
 * "Vitamin C", "L-Arginine") match in any case.
 */
export function isCaseSensitiveName(name: string): boolean {
  return /\p{L}\p{Lu}/u.test(name) || /^\p{Lu}{2,}$/u.test(name.replace(/[^\p{L}]/gu, ''));
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A word-bounded pattern for a name in which spaces and hyphens are interchangeable ("BPC-157" ~ "BPC 157"). */
export function namePattern(name: string): RegExp {
  const parts = name
    .trim()
    .split(/[\s-]+/)
    .map(escape);
  const body = parts.join('[\\s-]?');
  return new RegExp(`(?<![A-Za-z0-9])${body}(?![A-Za-z0-9])`, isCaseSensitiveName(name) ? 'u' : 'iu');
}
