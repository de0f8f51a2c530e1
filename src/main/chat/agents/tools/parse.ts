/**
 * Reading tool inputs from a question in plain words: age, sex, weight, height, body fat, activity level,
 * durations, and "<label> <number> <unit>" measurements. Nothing is assumed: what is not written is reported missing.
 */

export type Parsed<T> = T | null;

const NUM = String.raw`(\d+(?:[.,]\d+)?)`;
export const toNumber = (s: string) => Number(s.replace(',', '.'));

export function parseAge(text: string): Parsed<number> {
  const ok = (v: number) => v >= 1 && v <= 120;
  const m = new RegExp(
    String.raw`\b${NUM}\s*(?:-|\s)?(?:years?|yrs?|y|jahre|anos|años)(?:[- ]old|\/o| alt)?\b|\b(?:age|aged)\s*:?\s*${NUM}\b|\bi(?:'m| am) ${NUM}\b(?!\s*(?:cm|kg|kgs|lbs?|m|ft|in|%))`,
    'i',
  ).exec(text);
  const v = m ? toNumber(m[1] ?? m[2] ?? m[3]!) : null;
  if (v !== null && ok(v)) return Math.round(v);
  // "male, 30" / "30 F" / "30yo": a bare two-digit number next to the sex is the age
  const bySex =
    /\b(?:male|female|man|woman|m|f)\s*[,/]?\s*(\d{2})\b(?!\s*(?:kg|kgs|cm|lbs?|%|mg|g|kcal|min))|\b(\d{2})\s*(?:yo|y\/o)?\s*[,/]?\s*(?:male|female|man|woman|m|f)\b/i.exec(
      text,
    );
  const w = bySex ? toNumber(bySex[1] ?? bySex[2]!) : null;
  return w !== null && ok(w) ? Math.round(w) : null;
}

export function parseSex(text: string): Parsed<'male' | 'female'> {
  if (/\b(?:female|woman|women|lady|girl|mother|she|mujer|frau|weiblich)\b/i.test(text)) return 'female';
  if (/\b(?:male|man|men|guy|boy|father|he|hombre|varon|mann|mannlich|männlich)\b/i.test(text)) return 'male';
  return null;
}

const MASS = String.raw`(kg|kgs|kilos?|kilograms?|lbs?|pounds?)`;
/** "0.5 kg a week", "1 lb per week", "lose 2 kg/month": a rate of change, never a body weight. */
const PER = String.raw`\s*(?:a|an|per|each|every|/|in a)\s*(week|wk|month)\b|\s*(weekly|monthly)\b`;

/** Body weight: the first mass in the text that is not a rate of change ("lose 0.5 kg a week") or a target. */
export function parseWeight(text: string): Parsed<{ value: number; unit: 'kg' | 'lb' }> {
  for (const m of text.matchAll(new RegExp(String.raw`\b${NUM}\s*${MASS}\b`, 'gi'))) {
    const after = text.slice(m.index + m[0].length, m.index + m[0].length + 16);
    const before = text.slice(Math.max(0, m.index - 24), m.index);
    if (new RegExp(`^(?:${PER})`, 'i').test(after)) continue;
    if (
      /\b(?:lose|losing|lost|gain|gaining|gained|drop|dropping|shed|put on|target|goal|get (?:down )?to|reach|by)\s*(?:about|around|another|an extra)?\s*$/i.test(
        before,
      )
    )
      continue;
    return { value: toNumber(m[1]!), unit: /^(?:lb|pound)/i.test(m[2]!) ? 'lb' : 'kg' };
  }
  return null;
}

/** The weekly rate of loss or gain in kg ("lose 0.5 kg a week", "1 lb per week", "2 kg a month"), or null. */
export function parseWeeklyRate(text: string): Parsed<number> {
  const m = new RegExp(String.raw`\b${NUM}\s*${MASS}(?:${PER})`, 'i').exec(text);
  if (!m) return null;
  const kg = /^(?:lb|pound)/i.test(m[2]!) ? toNumber(m[1]!) * 0.45359237 : toNumber(m[1]!);
  const monthly = /^month/i.test(m[3] ?? m[4] ?? '');
  return Math.round((monthly ? (kg * 12) / 52 : kg) * 1000) / 1000;
}

export function parseHeight(text: string): Parsed<{ value: number; unit: 'cm' | 'in' }> {
  const cm = new RegExp(String.raw`\b${NUM}\s*(?:cm|centimet(?:er|re)s?)\b`, 'i').exec(text);
  if (cm) return { value: toNumber(cm[1]!), unit: 'cm' };
  const m = new RegExp(String.raw`\b(\d(?:[.,]\d+)?)\s*(?:m|metres?|meters?)\b(?!\s*(?:g|l)\b)`, 'i').exec(text);
  if (m && toNumber(m[1]!) >= 1 && toNumber(m[1]!) <= 2.5)
    return { value: Math.round(toNumber(m[1]!) * 1000) / 10, unit: 'cm' };
  const ft = /\b(\d)\s*(?:'|ft|feet|foot)\s*(\d{1,2})?\s*(?:"|in|inches)?/i.exec(text);
  if (ft) return { value: Number(ft[1]) * 12 + Number(ft[2] ?? 0), unit: 'in' };
  const inch = new RegExp(String.raw`\b${NUM}\s*(?:in|inches)\b(?! (?:my|the|a)\b)`, 'i').exec(text);
  return inch ? { value: toNumber(inch[1]!), unit: 'in' } : null;
}

export function parseBodyFat(text: string): Parsed<number> {
  const m = new RegExp(
    String.raw`\b${NUM}\s*%\s*(?:body[- ]?fat|bf)\b|\bbody[- ]?fat(?:\s*(?:percentage|percent|%))?\s*(?:of|is|:|=|at)?\s*${NUM}\s*%?`,
    'i',
  ).exec(text);
  return m ? toNumber(m[1] ?? m[2]!) : null;
}

export function parseActivity(text: string): Parsed<'sedentary' | 'light' | 'moderate' | 'very' | 'extra'> {
  if (/\b(?:sedentary|desk job|inactive|no exercise)\b/i.test(text)) return 'sedentary';
  if (/\b(?:extra(?:emely)? active|athlete|physical job and|twice a day)\b/i.test(text)) return 'extra';
  if (/\bvery active\b/i.test(text)) return 'very';
  if (/\b(?:moderately active|moderate(?:ly)?(?: activity| exercise)?|exercise 3|3-5 (?:days|times))\b/i.test(text))
    return 'moderate';
  if (/\b(?:lightly active|light(?: activity| exercise)?|1-3 (?:days|times))\b/i.test(text)) return 'light';
  return null;
}

export function parseWeeks(text: string): Parsed<number> {
  const w = new RegExp(String.raw`\b${NUM}\s*(?:-|\s)?(?:weeks?|wks?)\b`, 'i').exec(text);
  if (w) return Math.round(toNumber(w[1]!));
  const m = new RegExp(String.raw`\b${NUM}\s*(?:-|\s)?months?\b`, 'i').exec(text);
  return m ? Math.round((toNumber(m[1]!) * 52) / 12) : null;
}

/** The number (and unit token, when one follows) written right after `label` at `at` ("ferritin is 12 ng/mL"). */
export function valueAfter(text: string, at: number, labelLength: number): Parsed<{ value: number; unit: string }> {
  const rest = text.slice(at + labelLength, at + labelLength + 60);
  const m =
    /^\s*(?:levels?|values?|results?|reading|count|concentration)?\s*(?:(?:is|was|were|are|of|at|came back(?: at)?|es|era|esta|ist|war|liegt bei|bei|von|de)\s*)?(?:[:=]\s*)?(-?\d+(?:[.,]\d+)?)(?:\s*((?:[a-zA-Zµμ%][\w/^*µμ.%-]*(?:\/[\w.^*µμ]+)?)|(?:10\^?\d+\/\w+)))?/.exec(
      rest,
    );
  if (!m) return null;
  const unit =
    m[2] && !/^(?:and|or|my|the|with|but|in|on|at|is|was|for|to|per)$/i.test(m[2]) ? m[2].replace(/[.,;]+$/, '') : '';
  return { value: toNumber(m[1]!), unit };
}

export const missingText = (what: readonly string[]) =>
  `I need ${what.join(', ')} to run this; please give ${what.length > 1 ? 'them' : 'it'} in your question (nothing is assumed).`;
