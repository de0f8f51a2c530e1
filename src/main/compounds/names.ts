/** Name handling shared by the content build (linking) and search (exact matches). */

/** "BPC-157", "bpc 157" and "BPC157" all normalise to "bpc157". */
export function normalizeName(name: string): string {
  return name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '');
}

/**
 * Short all-capital names ("NAC", "DHEA", "GABA") are abbreviations: they match only in that case, so "Nac" in
 * a surname or "gaba" inside a word never links. Longer or mixed-case names match case-insensitively.
 */
export function isCaseSensitiveName(name: string): boolean {
  const letters = name.replace(/[^A-Za-z]/g, '');
  return letters.length > 0 && letters.length <= 6 && letters === letters.toUpperCase();
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A word-bounded pattern for a name in which spaces and hyphens are interchangeable ("BPC-157" ~ "BPC 157"). */
export function namePattern(name: string): RegExp {
  const parts = name.trim().split(/[\s-]+/).map(escape);
  const body = parts.join('[\\s-]?');
  return new RegExp(`(?<![A-Za-z0-9])${body}(?![A-Za-z0-9])`, isCaseSensitiveName(name) ? 'u' : 'iu');
}
