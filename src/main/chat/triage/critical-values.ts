/**
 * Clinician shorthand: lab values, vital signs and ingested doses that make a message an emergency, alone or with a
 * named context ("K 7.1, peaked T waves", "INR 9.8 … active GI bleed", "TCA OD, QRS 140 ms", "RR 6 after heroin",
 * "BG 1.8 on insulin, GCS 9"). The thresholds, contexts, management lines and their basis are data
 * (resources/triage/critical-values.json), validated at load; this file only reads values and compares.
 */
import { z } from 'zod';
import { Review } from './editorial.ts';
import file from '../../../../resources/triage/critical-values.json' with { type: 'json' };
import { termsPattern } from './lexicon.ts';

const Rule = z
  .object({
    atOrAbove: z.number().optional(),
    atOrBelow: z.number().optional(),
    below: z.number().optional(),
    with: z.array(z.string()).optional(),
  })
  .strict();
const Value = z
  .object({
    id: z.string(),
    analyte: z.array(z.string()).min(1),
    unit: z.string(),
    range: z.tuple([z.number(), z.number()]),
    gramsPerLitreAbove: z.number().optional(),
    glucoseUnits: z.boolean().optional(),
    /** other units the value may be written in, and the factor that turns each into `unit` ("umol/l": 0.151) */
    convert: z.record(z.string(), z.number()).optional(),
    rules: z.array(Rule).min(1),
    /** findings that, when also found, say more and replace this one (a major bleed over minor bleeding) */
    unless: z.array(z.string()).optional(),
    category: z.enum(['critical_value', 'hypoglycaemia', 'critical_illness', 'overdose', 'obstetric_emergency']),
    says: z.string(),
    management: z.string(),
    basis: z.string().min(10),
  })
  .strict();
const Dose = z
  .object({
    id: z.string(),
    drug: z.array(z.string()).min(1),
    atOrAboveGrams: z.number(),
    atOrAboveMgPerKg: z.number(),
    category: z.literal('overdose'),
    says: z.string(),
    management: z.string(),
    basis: z.string().min(10),
  })
  .strict();
const File = z
  .object({
    status: z.string(),
    reviews: z.array(Review).min(1),
    second_review: z.unknown().nullable(),
    contexts: z.record(z.string(), z.object({ terms: z.array(z.string()).min(1), basis: z.string() })),
    values: z.array(Value),
    doses: z.array(Dose),
  })
  .strict();

const data = File.parse(file);
export const CONTEXTS: Record<string, RegExp> = Object.fromEntries(
  Object.entries(data.contexts).map(([k, v]) => [k, termsPattern(v.terms)!]),
);
for (const v of data.values)
  for (const r of v.rules)
    for (const w of r.with ?? [])
      if (!CONTEXTS[w]) throw new Error(`critical-values.json: ${v.id} names unknown context ${w}`);

export interface CriticalFinding {
  id: string;
  category: z.infer<typeof Value>['category'];
  says: string;
  management: string;
  basis: string;
  value: string;
}

const NUM = '(\\d+(?:[.,]\\d+)?)';
const compiled = data.values.map((v) => ({
  v,
  re: new RegExp(
    `(?<![\\p{L}\\p{N}])(?:${v.analyte.join('|')})(?![\\p{L}])(?:\\s+(?:[\\p{L}'-]+\\s+){0,6}?(?:came back|come back|came out|comes back|is now|was now|reads?|showed|shows|returned)(?: (?:at|as))?)?\\s*(?:[:=]|of|was|is|de|di|von|van|at|a|e|est|es|ist|era|em|op)?\\s*${NUM}\\s*(mmol/?l|mmol|meq/?l|mg/?dl|mg/?l|g/?dl|g/?l|ng/?ml|[uµμ]g/?ml|nmol/?l|[uµμ]mol/?l|ms|/min|°c|c|ml)?(?![\\p{L}\\p{N}])`,
    'giu',
  ),
}));

/** Glucose in mmol/L from a value and an optional unit: g/L (France) and mg/dL converted; no unit judged by size. */
function glucoseMmol(x: number, unit: string): number {
  if (unit === 'mg/l' || unit === 'mgl') return x / 180;
  if (unit.startsWith('mg')) return x / 18;
  if (unit === 'g/l' || unit === 'gl') return (x * 1000) / 18 / 10;
  if (unit.startsWith('mmol')) return x;
  if (x < 1.5) return (x * 1000) / 18 / 10;
  return x < 35 ? x : x / 18;
}

/** A negation just before a context word ("no bleeding", "sans saignement", "keine Blutung") cancels it. */
const NEGATED =
  /(?:^|[^\p{L}])(?:no|not|without|denies|denied|negative for|pas de|sans|sin|sem|senza|kein\w*|geen|nessun\w*)\s+(?:\S+\s+){0,2}$/u;

export function hasContext(t: string, re: RegExp): boolean {
  for (const m of t.matchAll(new RegExp(re.source, 'gu')))
    if (!NEGATED.test(t.slice(Math.max(0, m.index - 40), m.index))) return true;
  return false;
}

/** Every threshold the (folded) text crosses, with the contexts each rule needs; `extra` contexts come from the concept analysis. */
export function criticalFindings(t: string, extra: ReadonlySet<string> = new Set()): CriticalFinding[] {
  const has = (c: string) => extra.has(c) || hasContext(t, CONTEXTS[c]!);
  const out: CriticalFinding[] = [];
  for (const { v, re } of compiled) {
    for (const m of t.matchAll(re)) {
      let x = Number(m[1]!.replace(',', '.'));
      const unit = (m[2] ?? '').toLowerCase();
      const factor = v.convert?.[unit.replace(/[µμ]/g, 'u').replace('/', '')];
      if (factor !== undefined) x *= factor;
      else if (v.glucoseUnits) x = glucoseMmol(x, unit);
      else if (v.gramsPerLitreAbove !== undefined && (x > v.gramsPerLitreAbove || unit === 'g/l')) x /= 10;
      if (x < v.range[0] || x > v.range[1]) continue;
      const hit = v.rules.some(
        (r) =>
          (r.atOrAbove === undefined || x >= r.atOrAbove) &&
          (r.atOrBelow === undefined || x <= r.atOrBelow) &&
          (r.below === undefined || x < r.below) &&
          (r.with ?? []).every(has),
      );
      if (hit && !out.some((o) => o.id === v.id))
        out.push({
          id: v.id,
          category: v.category,
          says: v.says,
          management: v.management,
          basis: v.basis,
          value: m[0].trim(),
        });
    }
  }
  for (let i = out.length - 1; i >= 0; i--) {
    const v = data.values.find((x) => x.id === out[i]!.id);
    if (v?.unless?.some((id) => out.some((o) => o.id === id))) out.splice(i, 1);
  }
  for (const d of data.doses) {
    const drug = termsPattern(d.drug)!;
    if (!drug.test(t)) continue;
    const grams = [
      ...t.matchAll(/(?<![\p{L}\p{N}.,])(\d+(?:[.,]\d+)?)\s*(g|gr|grams?|gramm|gramos|grammes?|mg)(?![\p{L}])/gu),
    ]
      .map((m) => Number(m[1]!.replace(',', '.')) / (m[2] === 'mg' ? 1000 : 1))
      .filter((g) => g >= 1 && g < 200);
    // "20 x 500 mg", "20 tablets of 500mg", "20 comprimés de 1000": a count of tablets of one strength
    for (const m of t.matchAll(
      /(?<![\p{L}\p{N}.,])(\d{1,3})\s*(?:x|×|\p{L}+)?\s*(?:\p{L}+\s*){0,3}?(?:de |of |da |di |a )?(\d{3,4})\s*(?:mg)?(?![\p{N}])/gu,
    )) {
      const n = Number(m[1]);
      const mg = Number(m[2]);
      if (n >= 2 && (mg === 500 || mg === 650 || mg === 1000 || mg === 325)) grams.push((n * mg) / 1000);
    }
    const kg = /(?<![\p{L}\p{N}])(\d{2,3})\s*kg(?![\p{L}])/u.exec(t);
    const total = Math.max(0, ...grams);
    if (!total) continue;
    if (total >= d.atOrAboveGrams || (kg && (total * 1000) / Number(kg[1]) >= d.atOrAboveMgPerKg)) {
      out.push({
        id: d.id,
        category: d.category,
        says: d.says,
        management: d.management,
        basis: d.basis,
        value: `${total} g`,
      });
    }
  }
  return out;
}
