/**
 * Kidney-function conditions as labels and our texts write them, each with its own measure: "CrCl below 30 mL/min",
 * "eGFR 30 to below 60", "CrCl above 30 to 59 mL/min", "CrCl ≥30", "15 mL/min or less", "serum creatinine above 1.4
 * to 2.8 mg/dL". The measure is the word the text uses: creatinine clearance (CrCl, Cockcroft–Gault), eGFR, a bare
 * "GFR" that does not say which (the caller's `ambiguous`: the section's measure, else either), "eGFR or CrCl"
 * (either), or serum creatinine (only with a mg/dL or µmol/L unit).
 *
 * Which number belongs to a measure: the first numeric form within 40 characters after the measure word, with no
 * clause break (". ; :") between them; and a later form written in mL/min in the same text, which keeps the last
 * measure named before it ("75 mg twice daily at 15–30 mL/min" after "creatinine clearance above 30"; mL/min/1.73 m²
 * is eGFR); and "below/above N" with a bare N of 5–150 after a measure word in the same sentence ("and any use below
 * 15"). A number with no measure word before it and no kidney unit is not a kidney condition, nor is a form followed
 * by a dose, time or other unit ("1–2 weeks", "0.25–0.5 mg", "0.7 mL/kg/min").
 *
 * Bounds: "below/under/less than/<" exclude the number; "or less/≤" include it; "above/over/more than/>" exclude;
 * "or more/or above/≥" include; "N–M" and "N to M" include both ends; "N to below M" is N ≤ x < M; "above N to M" is
 * N < x ≤ M.
 */
import { CREATININE_UMOL_PER_MG_DL } from './kidney.ts';

export type RenalMeasure = 'CrCl' | 'eGFR' | 'CrCl or eGFR' | 'serum creatinine';

export interface RenalCondition {
  measure: RenalMeasure;
  low: number | null;
  low_inclusive: boolean;
  high: number | null;
  high_inclusive: boolean;
  /** The words the condition was read from. */
  text: string;
}

type Bounds = Omit<RenalCondition, 'measure' | 'text'>;

const N = String.raw`(\d+(?:\.\d+)?)`;
const UNIT = String.raw`(?:\s*(?:mL\/min(?:\/1\.73\s?m(?:²|2))?|mg\/dL|[µu]mol\/L))?`;
const TO = String.raw`\s*(?:–|-|to)\s*`;
const LESS = String.raw`(?:below|under|less than|lower than|<)`;
const MORE = String.raw`(?:above|over|more than|greater than|>)`;

/** Numeric forms, longest first; each gives the bounds of one match. */
const FORMS: [RegExp, (m: RegExpExecArray) => Bounds][] = [
  [
    new RegExp(`${MORE}\\s*${N}${UNIT}${TO}(below\\s*|under\\s*)?${N}${UNIT}`, 'iy'),
    (m) => ({ low: +m[1]!, low_inclusive: false, high: +m[3]!, high_inclusive: !m[2] }),
  ],
  [
    new RegExp(`${N}${UNIT}${TO}(?:below|under|less than)\\s*${N}${UNIT}`, 'iy'),
    (m) => ({ low: +m[1]!, low_inclusive: true, high: +m[2]!, high_inclusive: false }),
  ],
  [
    new RegExp(`${N}${TO}${N}${UNIT}`, 'iy'),
    (m) => ({ low: +m[1]!, low_inclusive: true, high: +m[2]!, high_inclusive: true }),
  ],
  [
    new RegExp(`${N}${UNIT}\\s*or (?:less|below|lower|under)\\b`, 'iy'),
    (m) => ({ low: null, low_inclusive: false, high: +m[1]!, high_inclusive: true }),
  ],
  [
    new RegExp(`${N}${UNIT}\\s*or (?:more|above|greater|higher|over)\\b`, 'iy'),
    (m) => ({ low: +m[1]!, low_inclusive: true, high: null, high_inclusive: false }),
  ],
  [
    new RegExp(`(?:≤|<=|=<)\\s*${N}${UNIT}`, 'iy'),
    (m) => ({ low: null, low_inclusive: false, high: +m[1]!, high_inclusive: true }),
  ],
  [
    new RegExp(`(?:≥|>=|=>)\\s*${N}${UNIT}`, 'iy'),
    (m) => ({ low: +m[1]!, low_inclusive: true, high: null, high_inclusive: false }),
  ],
  [
    new RegExp(`${LESS}\\s*${N}${UNIT}`, 'iy'),
    (m) => ({ low: null, low_inclusive: false, high: +m[1]!, high_inclusive: false }),
  ],
  [
    new RegExp(`${MORE}\\s*${N}${UNIT}`, 'iy'),
    (m) => ({ low: +m[1]!, low_inclusive: false, high: null, high_inclusive: false }),
  ],
];

/** After a form, a dose or time unit means it is not a kidney value. */
const NOT_KIDNEY_AFTER =
  /^\s*(?:%|mg\b(?!\/dL)|g\b|µg|mcg|micrograms?|units?\b|days?\b|weeks?\b|months?\b|years?\b|hours?\b|h\b|times\b|doses?\b|kg\b|mL\/kg|mmol|mEq|mmHg|bpm|beats|°)/i;
/** A comparison word with a bare number ("any use below 15"): kidney only after a measure word in the same sentence. */
const BARE_COMPARISON = /^(?:below|under|less than|above|over|more than|<|>)/i;
const KIDNEY_UNIT_AFTER = /^\s*mL\/min(?!\/1\.73)/i;
const EGFR_UNIT_AFTER = /^\s*mL\/min\/1\.73/i;
const CREATININE_UNIT = /(?:mg\/dL|[µu]mol\/L)/i;

const MEASURE_WORD =
  /\b(?:(eGFR|estimated GFR|estimated glomerular filtration rate)|(creatinine clearances?|CrCl|Cockcroft[–-]Gault)|(GFR|glomerular filtration rate)|(serum creatinine|creatinine))\b/gi;

interface Found {
  start: number;
  end: number;
  bounds: Bounds;
}

/** Every numeric form in the text, left to right, never inside a word or a longer number. */
function formsIn(text: string): Found[] {
  const out: Found[] = [];
  for (let at = 0; at < text.length; at++) {
    if (at > 0 && /[\w.,/]/.test(text[at - 1]!) && /\w/.test(text[at]!)) continue;
    for (const [re, bounds] of FORMS) {
      re.lastIndex = at;
      const m = re.exec(text);
      if (!m) continue;
      out.push({ start: at, end: re.lastIndex, bounds: bounds(m) });
      at = re.lastIndex - 1;
      break;
    }
  }
  return out;
}

interface Word {
  start: number;
  end: number;
  measure: RenalMeasure;
}

function measureWords(text: string, ambiguous: RenalMeasure): Word[] {
  const words: Word[] = [];
  for (const m of text.matchAll(MEASURE_WORD)) {
    const measure: RenalMeasure = m[1] ? 'eGFR' : m[2] ? 'CrCl' : m[3] ? ambiguous : 'serum creatinine';
    const prev = words[words.length - 1];
    // "eGFR or CrCl", "CrCl or eGFR": either measure.
    if (prev && /^\s+or\s+$/i.test(text.slice(prev.end, m.index)) && prev.measure !== measure) {
      prev.end = m.index + m[0].length;
      prev.measure = 'CrCl or eGFR';
      continue;
    }
    words.push({ start: m.index, end: m.index + m[0].length, measure });
  }
  return words;
}

/** The conditions a sentence or a band names (see the header). `ambiguous` is what a bare "GFR" means. */
export function conditionsIn(text: string, ambiguous: RenalMeasure = 'CrCl or eGFR'): RenalCondition[] {
  return placedConditionsIn(text, ambiguous).map((p) => p.condition);
}

/** The same, with where each condition's number lies in the text. */
export function placedConditionsIn(
  text: string,
  ambiguous: RenalMeasure = 'CrCl or eGFR',
): { condition: RenalCondition; start: number; end: number }[] {
  const words = measureWords(text, ambiguous);
  const out: { condition: RenalCondition; start: number; end: number }[] = [];
  const bound = new Set<Word>();
  for (const f of formsIn(text)) {
    const after = text.slice(f.end);
    if (NOT_KIDNEY_AFTER.test(after)) continue;
    const before = words.filter((w) => w.end <= f.start);
    const near = before[before.length - 1];
    let measure: RenalMeasure | null = null;
    let from = f.start;
    if (near && !bound.has(near) && f.start - near.end <= 40 && !/[.;:]\s/.test(text.slice(near.end, f.start))) {
      measure = near.measure;
      from = near.start;
      bound.add(near);
    } else if (EGFR_UNIT_AFTER.test(after) || /mL\/min\/1\.73/i.test(text.slice(f.start, f.end))) {
      measure = 'eGFR';
    } else if (KIDNEY_UNIT_AFTER.test(after) || /mL\/min/i.test(text.slice(f.start, f.end))) {
      measure = near ? near.measure : null;
    } else if (near && BARE_COMPARISON.test(text.slice(f.start, f.end)) && plausible(f.bounds)) {
      // "… at creatinine clearance 15–30 mL/min …; avoid any use below 15", "(50 mg at eGFR 30 to below 45, 25 mg
      // below 30)": a comparison with a bare number keeps the measure named earlier in the sentence.
      measure = near.measure;
    }
    if (!measure) continue;
    if (measure === 'serum creatinine') {
      const unit = CREATININE_UNIT.exec(text.slice(f.start, f.end + 12));
      if (!unit) continue;
      if (!/mg/i.test(unit[0])) f.bounds = toMgDl(f.bounds);
    }
    const tail = /^\s*(?:mL\/min(?:\/1\.73\s?m(?:²|2))?|mg\/dL)/i.exec(after);
    out.push({
      condition: { measure, ...f.bounds, text: text.slice(from, f.end + (tail ? tail[0].length : 0)).trim() },
      start: f.start,
      end: f.end,
    });
  }
  return out;
}

/** Kidney-function values in mL/min lie between 5 and 150; other bare numbers are something else. */
function plausible(b: Bounds): boolean {
  const n = b.high ?? b.low;
  return n !== null && n >= 5 && n <= 150;
}

/** Creatinine thresholds written in µmol/L, in mg/dL (as kidney.ts converts results). */
function toMgDl(b: Bounds): Bounds {
  const c = (x: number | null) => (x === null ? null : Math.round((x / CREATININE_UMOL_PER_MG_DL) * 100) / 100);
  return { ...b, low: c(b.low), high: c(b.high) };
}

/** Whether a value lies within a condition. */
export function within(c: Pick<RenalCondition, 'low' | 'low_inclusive' | 'high' | 'high_inclusive'>, value: number) {
  if (c.low !== null && (c.low_inclusive ? value < c.low : value <= c.low)) return false;
  if (c.high !== null && (c.high_inclusive ? value > c.high : value >= c.high)) return false;
  return true;
}
