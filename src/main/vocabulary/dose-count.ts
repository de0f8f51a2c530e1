/**
 * How much of a drug a medication line gives in a day: the count per dose ("1-2 tablets" → 2) and the doses a day its
 * frequency says ("BD" → 2, "every 8 hours" → 3, "mane and nocte" → 2), read from what med-line.ts parsed. Label dose
 * limits are daily doses (simvastatin at most 20 mg a day with amiodarone); a range counts at its top, since the limit
 * concerns the most that may be taken. Days between doses ("weekly", "every other day") count as one dose on the day
 * it is taken; "as needed" and anything unrecognised give null (the caller falls back on the drug's usual regimen).
 */

const WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  once: 1,
  twice: 2,
  thrice: 3,
};
const num = (w: string): number | null => WORDS[w.toLowerCase()] ?? (Number.isFinite(Number(w)) ? Number(w) : null);

/** The largest number in a range written with words or digits ("1-2", "one or two", "2 to 3"). */
function topOf(text: string): number | null {
  const found = [...text.matchAll(/\d+(?:\.\d+)?|\b(?:one|two|three|four|five|six|once|twice|thrice)\b/gi)]
    .map((m) => num(m[0]))
    .filter((n): n is number => n !== null);
  return found.length ? Math.max(...found) : null;
}

/** Units per dose from the line's count ("2 tablets", "1-2 caps", "half a tablet"); null when none is given. */
export function unitsPerDose(dose: string | null): number | null {
  if (!dose) return null;
  if (/^\s*(?:half|½)/i.test(dose)) return 0.5;
  return topOf(dose);
}

const ONCE = new Set(['once a day', 'at night', 'in the morning', 'once only', 'every other day', 'once a week']);

/** Doses a day from the line's frequency as med-line.ts reads it back; null when it does not say. */
export function dosesPerDay(frequency: string | null): number | null {
  if (!frequency) return null;
  const parts = frequency.split(', ').map((p) => p.trim().toLowerCase());
  let most: number | null = null;
  const take = (n: number | null) => {
    if (n !== null && n > 0) most = Math.max(most ?? 0, n);
  };
  for (const p of parts) {
    if (p === 'twice a day') take(2);
    else if (p === 'three times a day') take(3);
    else if (p === 'four times a day') take(4);
    else if (/times? (?:a|per|each|every|\/) ?(?:day|daily|d)$/.test(p)) take(topOf(p));
    else if (/times? (?:a|per|each|every|\/) ?week/.test(p) || /^(?:every|q)/.test(p)) {
      const hours = /(\d+(?:\.\d+)?)(?:\s*(?:-|to)\s*(\d+(?:\.\d+)?))?\s*(?:hours?|hrs?|h|hourly)\b/.exec(p);
      // "every 6-8 hours": the shorter interval gives the most doses
      take(hours ? Math.ceil(24 / Math.min(Number(hours[1]), Number(hours[2] ?? hours[1]))) : 1);
    } else if (ONCE.has(p)) take(1);
  }
  // "mane and nocte": a morning and a night dose are two
  if (parts.includes('in the morning') && parts.includes('at night')) take(2);
  return most;
}
