/**
 * Bloodwork interpretation: pure functions (no database) for unit parsing and conversion, status against the
 * reference range, and the curated tables the runner uses (common-name aliases, related compounds, ion valences).
 *
 * Reference data: NLM Lister Hill Center "LHC Flowsheet" lab hierarchy (LHNCBC/flowsheet-lhc, src/stores/h17.js),
 * LOINC-coded, one normal range and optional danger limits per test, the unit the range is written in, and a
 * molecular weight (g/mol) for many analytes. The source has no sex- or age-specific ranges.
 */
import type { BloodworkStatus } from '../../../shared/schemas/tools/bloodwork.ts';
import { foldAccents } from '../../vocabulary/normalize.ts';

// ---------------------------------------------------------------------------------------------------------------
// Names

/** "25-OH Vitamin D", "25 oh vitamin-d" and "25OHVitaminD" all become "25ohvitamind". */
export function testKey(name: string): string {
  return foldAccents(name)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
}

/** Lowercase words for similarity (suggestions). */
export function testWords(name: string): string {
  return foldAccents(name)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * Curated common names → LOINC code of the flowsheet row we read them as. Chosen to be the serum/plasma (or whole
 * blood, for the blood count) test a routine report means; the code must exist in lab_tests (checked in a test).
 */
export const TEST_ALIASES: Record<string, string> = {
  // vitamin D
  'vitamin d': '1989-3',
  'vit d': '1989-3',
  '25-oh vitamin d': '1989-3',
  '25(oh)d': '1989-3',
  '25-hydroxyvitamin d': '1989-3',
  calcidiol: '1989-3',
  '25(oh)d3': '1989-3',
  '1,25-dihydroxyvitamin d': '1649-3',
  calcitriol: '1649-3',
  // lipids
  ldl: '13457-7',
  'ldl-c': '13457-7',
  'ldl cholesterol': '13457-7',
  'ldl direct': '18262-6',
  'direct ldl': '18262-6',
  hdl: '2085-9',
  'hdl-c': '2085-9',
  'hdl cholesterol': '2085-9',
  cholesterol: '2093-3',
  'total cholesterol': '2093-3',
  'non-hdl cholesterol': '43396-1',
  'non-hdl': '43396-1',
  triglycerides: '2571-8',
  triglyceride: '2571-8',
  tg: '2571-8',
  apob: '1884-6',
  'apolipoprotein b': '1884-6',
  'apolipoprotein a1': '1869-7',
  apoa1: '1869-7',
  'lp(a)': '10835-7',
  'lipoprotein(a)': '10835-7',
  // glucose
  glucose: '2345-7',
  'blood glucose': '2345-7',
  'serum glucose': '2345-7',
  'fasting glucose': '1558-6',
  'fasting blood glucose': '1558-6',
  'fasting plasma glucose': '1558-6',
  fpg: '1558-6',
  fbg: '1558-6',
  hba1c: '4548-4',
  a1c: '4548-4',
  'hemoglobin a1c': '4548-4',
  'haemoglobin a1c': '4548-4',
  'glycated hemoglobin': '4548-4',
  'glycated haemoglobin': '4548-4',
  glycohemoglobin: '4548-4',
  insulin: '20448-7',
  'fasting insulin': '20448-7',
  // thyroid
  tsh: '3016-3',
  'thyroid stimulating hormone': '3016-3',
  thyrotropin: '3016-3',
  'free t4': '3024-7',
  ft4: '3024-7',
  'free thyroxine': '3024-7',
  t4: '3026-2',
  'total t4': '3026-2',
  thyroxine: '3026-2',
  'free t3': '3051-0',
  ft3: '3051-0',
  t3: '3053-6',
  'total t3': '3053-6',
  'reverse t3': '3052-8',
  rt3: '3052-8',
  // iron and vitamins
  ferritin: '2276-4',
  iron: '2498-4',
  'serum iron': '2498-4',
  tibc: '2500-7',
  'total iron binding capacity': '2500-7',
  'transferrin saturation': '2502-3',
  tsat: '2502-3',
  'iron saturation': '2502-3',
  transferrin: '3034-6',
  b12: '2132-9',
  'vitamin b12': '2132-9',
  'vit b12': '2132-9',
  cobalamin: '2132-9',
  folate: '2284-8',
  'serum folate': '2284-8',
  'folic acid': '2284-8',
  'rbc folate': '2283-0',
  'vitamin b1': '32554-8',
  thiamine: '32554-8',
  'vitamin b6': '2900-9',
  'vitamin a': '2923-1',
  retinol: '2923-1',
  'vitamin c': '1903-4',
  'ascorbic acid': '1903-4',
  'vitamin e': '1823-4',
  zinc: '5763-8',
  copper: '5631-7',
  // inflammation
  crp: '1988-5',
  'c-reactive protein': '1988-5',
  'hs-crp': '30522-7',
  'high sensitivity crp': '30522-7',
  'high-sensitivity c-reactive protein': '30522-7',
  homocysteine: '13965-9',
  esr: '4537-7',
  'sed rate': '4537-7',
  // liver
  alt: '1742-6',
  sgpt: '1742-6',
  'alanine aminotransferase': '1742-6',
  ast: '1920-8',
  sgot: '1920-8',
  'aspartate aminotransferase': '1920-8',
  alp: '6768-6',
  'alkaline phosphatase': '6768-6',
  ggt: '2324-2',
  'gamma gt': '2324-2',
  bilirubin: '1975-2',
  'total bilirubin': '1975-2',
  'direct bilirubin': '1968-7',
  albumin: '1751-7',
  'total protein': '2885-2',
  ldh: '2532-0',
  ck: '2157-6',
  cpk: '2157-6',
  'creatine kinase': '2157-6',
  lipase: '3040-3',
  amylase: '1798-8',
  // kidney and electrolytes
  creatinine: '2160-0',
  bun: '3094-0',
  'urea nitrogen': '3094-0',
  'blood urea nitrogen': '3094-0',
  sodium: '2951-2',
  na: '2951-2',
  potassium: '2823-3',
  k: '2823-3',
  chloride: '2075-0',
  cl: '2075-0',
  bicarbonate: '2028-9',
  co2: '2028-9',
  'total co2': '2028-9',
  calcium: '17861-6',
  ca: '17861-6',
  'ionized calcium': '17863-2',
  'ionised calcium': '17863-2',
  magnesium: '19123-9',
  mg: '19123-9',
  phosphorus: '2777-1',
  phosphate: '2777-1',
  'uric acid': '3084-1',
  urate: '3084-1',
  lactate: '2524-7',
  // blood count
  hemoglobin: '718-7',
  haemoglobin: '718-7',
  hgb: '718-7',
  hb: '718-7',
  hematocrit: '20570-8',
  haematocrit: '20570-8',
  hct: '20570-8',
  wbc: '26464-8',
  'white blood cells': '26464-8',
  'white cell count': '26464-8',
  leukocytes: '26464-8',
  rbc: '789-8',
  'red blood cells': '789-8',
  'red cell count': '789-8',
  erythrocytes: '789-8',
  platelets: '26515-7',
  'platelet count': '26515-7',
  plt: '26515-7',
  mcv: '30428-7',
  mch: '785-6',
  mchc: '786-4',
  rdw: '30385-9',
  'neutrophils %': '770-8',
  'lymphocytes %': '26478-8',
  'monocytes %': '26485-3',
  'eosinophils %': '26450-7',
  'basophils %': '30180-4',
  // hormones and other
  testosterone: '2986-8',
  'total testosterone': '2986-8',
  'free testosterone': '2991-8',
  estradiol: '2243-4',
  e2: '2243-4',
  shbg: '13967-5',
  'sex hormone binding globulin': '13967-5',
  'dhea-s': '2191-5',
  'dhea sulfate': '2191-5',
  cortisol: '2143-6',
  'igf-1': '2484-4',
  progesterone: '2839-9',
  prolactin: '2842-3',
  lh: '10501-5',
  fsh: '20433-9',
  psa: '2857-1',
  pth: '2731-8',
  'parathyroid hormone': '2731-8',
  pt: '5902-2',
  'prothrombin time': '5902-2',
  inr: '6301-6',
};

/** Alias table keyed by testKey(alias): spacing and punctuation do not matter ("hs-CRP" = "hscrp", "IGF-1" = "igf1"). */
export const ALIAS_INDEX: ReadonlyMap<string, { alias: string; loinc: string }> = new Map(
  Object.entries(TEST_ALIASES).map(([alias, loinc]) => [testKey(alias), { alias, loinc }]),
);

/**
 * Rows whose `units` column in the source is mislabelled while the range plainly belongs to another unit (named by
 * the row's LOINC UCUM example or its LOINC name). Only these rows are corrected; every correction is reported.
 */
export const REFERENCE_UNIT_OVERRIDES: Record<string, { unit: string; why: string }> = {
  '789-8': {
    unit: '10*6/uL',
    why: 'the source labels the range 3.9–5.72 "cells/mcL"; it is in 10*6/uL (its UCUM unit)',
  },
  '26453-1': {
    unit: '10*6/uL',
    why: 'the source labels the range 3.9–5.72 "cells/mcL"; it is in 10*6/uL (its UCUM unit)',
  },
  '14196-0': { unit: '10*3/uL', why: 'the source writes "1*3/uL"; its UCUM unit is 10*3/uL' },
  '15069-8': {
    unit: 'umol/L',
    why: 'the source labels the range 175–280 "mmol/L"; the row is named "Fructosamine SerPl mcmol/L"',
  },
};

/** HbA1c rows (NGSP %), for the IFCC mmol/mol ↔ NGSP % master equation. */
export const HBA1C_LOINCS: ReadonlySet<string> = new Set(['4548-4', '17856-6', '17855-8']);

/**
 * Charge of the ion each electrolyte row measures, for mEq/L ↔ mmol/L (1 mEq = 1 mmol × |charge|):
 * Na⁺, K⁺, Cl⁻, HCO₃⁻ (and total CO₂, reported as bicarbonate) are monovalent; Ca²⁺ and Mg²⁺ divalent.
 */
export const ION_VALENCE: Record<string, number> = {
  '2947-0': 1,
  '2951-2': 1,
  '2950-4': 1, // sodium
  '6298-4': 1,
  '2823-3': 1,
  '2821-7': 1, // potassium
  '2069-3': 1,
  '2075-0': 1,
  '2070-1': 1,
  '2077-6': 1, // chloride
  '1959-6': 1,
  '1960-4': 1,
  '2028-9': 1,
  '20565-8': 1, // bicarbonate, total CO2
  '11555-0': 1,
  '1925-7': 1, // base excess
  '17861-6': 2,
  '2000-8': 2,
  '17863-2': 2,
  '1995-0': 2,
  '1994-3': 2, // calcium, ionised calcium
  '19123-9': 2, // magnesium
};

/**
 * Knowledge-base compounds a LOW value points to: nutrient repletion only, for markers whose low value is the usual
 * sign of that nutrient's deficiency. Deliberately small; no drug is suggested for any marker.
 */
export const RELATED_COMPOUNDS: readonly { loincs: readonly string[]; slugs: readonly string[]; reason: string }[] = [
  {
    loincs: ['1989-3'],
    slugs: ['vitamin-d3', 'ergocalciferol'],
    reason: 'a low 25-hydroxyvitamin D is the usual marker of vitamin D deficiency',
  },
  {
    loincs: ['2132-9', '1888-7'],
    slugs: ['cyanocobalamin', 'methylcobalamin'],
    reason: 'a low serum vitamin B12 can reflect B12 deficiency',
  },
  {
    loincs: ['2276-4', '20567-4'],
    slugs: ['ferrous-sulfate', 'ferrous-bisglycinate'],
    reason: 'a low ferritin is the usual marker of depleted iron stores',
  },
  {
    loincs: ['19123-9'],
    slugs: ['magnesium-glycinate', 'magnesium-citrate'],
    reason: 'a low serum magnesium can reflect magnesium deficiency',
  },
  {
    loincs: ['2284-8', '2283-0'],
    slugs: ['folic-acid', 'l-methylfolate'],
    reason: 'a low folate can reflect folate deficiency',
  },
  {
    loincs: ['32554-8', '2998-3', '20468-5'],
    slugs: ['thiamine'],
    reason: 'a low thiamine can reflect thiamine deficiency',
  },
  {
    loincs: ['2900-9'],
    slugs: ['pyridoxine', 'pyridoxal-5-phosphate'],
    reason: 'a low vitamin B6 can reflect B6 deficiency',
  },
  { loincs: ['1903-4'], slugs: ['vitamin-c'], reason: 'a low plasma vitamin C can reflect low intake' },
  { loincs: ['5763-8'], slugs: ['zinc-gluconate'], reason: 'a low serum zinc can reflect zinc deficiency' },
  { loincs: ['5631-7'], slugs: ['copper-gluconate'], reason: 'a low serum copper can reflect copper deficiency' },
];

export function relatedFor(
  loinc: string,
  status: BloodworkStatus,
): { slugs: readonly string[]; reason: string } | null {
  if (status !== 'low' && status !== 'critical_low') return null;
  return RELATED_COMPOUNDS.find((r) => r.loincs.includes(loinc)) ?? null;
}

// ---------------------------------------------------------------------------------------------------------------
// Units

export type ParsedUnit =
  | { kind: 'mass' | 'molar' | 'equivalents' | 'units' | 'count'; perLitre: number }
  | { kind: 'temperature'; scale: 'F' | 'C' }
  | { kind: 'mmol_per_mol' }
  | { kind: 'other'; key: string };

/** SI prefixes used in lab units (d and c only for volumes in practice). */
const PREFIX: Record<string, number> = {
  '': 1,
  k: 1e3,
  d: 1e-1,
  c: 1e-2,
  m: 1e-3,
  u: 1e-6,
  n: 1e-9,
  p: 1e-12,
  f: 1e-15,
};

/** Dimensionless and other units compared by name only, with their spellings in the source and on reports. */
const OTHER_SYNONYMS: Record<string, string> = {
  '': '',
  null: '',
  ph: '',
  ratio: '',
  inr: '',
  'inr(poc)': '',
  index: '',
  '%': '%',
  percent: '%',
  mmhg: 'mmHg',
  '/min': '/min',
  'beats/min': '/min',
  'beats/min.': '/min',
  bpm: '/min',
  'breaths/min': '/min',
  fl: 'fL',
  um3: 'fL',
  cuum: 'fL',
  pg: 'pg',
  s: 's',
  sec: 's',
  seconds: 's',
  'mosm/kg': 'mOsm/kg',
  'mosmol/kg': 'mOsm/kg',
  'mm/h': 'mm/h',
  'mm/hr': 'mm/h',
};

/** Spelling variants → one canonical lowercase string (µ/mc → u, IU → U, mm3 → uL, …). */
function canonicalUnitText(unit: string): string {
  let s = unit
    .normalize('NFKC')
    .replace(/[µμ]/g, 'u')
    .toLowerCase()
    .replace(/[\s{}[\]'°]/g, '');
  s = s.replace(/mcg/g, 'ug').replace(/mc/g, 'u');
  s = s.replace(/units?/g, 'u').replace(/iu/g, 'u');
  s = s
    .replace(/^gm\//, 'g/')
    .replace(/(litre|liter)$/, 'l')
    .replace(/(cumm|mm3)$/, 'ul')
    .replace(/\/cc$/, '/ml');
  s = s.replace(/^deg(?=[fc]$)/, '');
  return s;
}

/** True when two unit spellings are the same unit text after canonicalisation ("mcg/dL" = "ug/dL" = "µg/dL"). */
export function sameUnitText(a: string, b: string): boolean {
  return canonicalUnitText(a) === canonicalUnitText(b);
}

/** Parses a lab unit; null when we do not recognise it. */
export function parseUnit(unit: string): ParsedUnit | null {
  const s = canonicalUnitText(unit);
  if (s === 'f') return { kind: 'temperature', scale: 'F' };
  if (s === 'c' || s === 'cel') return { kind: 'temperature', scale: 'C' };
  if (s === 'mmol/mol') return { kind: 'mmol_per_mol' };
  if (s in OTHER_SYNONYMS) return { kind: 'other', key: OTHER_SYNONYMS[s]! };
  const slash = s.split('/');
  if (slash.length === 2) {
    const [num, den] = slash as [string, string];
    const vol = /^(k|d|c|m|u|n|p|f)?l$/.exec(den);
    if (vol) {
      const litres = PREFIX[vol[1] ?? '']!;
      let m = /^(k|m|u|n|p|f)?g$/.exec(num);
      if (m) return { kind: 'mass', perLitre: PREFIX[m[1] ?? '']! / litres };
      m = /^(k|m|u|n|p|f)?mol$/.exec(num);
      if (m) return { kind: 'molar', perLitre: PREFIX[m[1] ?? '']! / litres };
      m = /^(m|u)?eq$/.exec(num);
      if (m) return { kind: 'equivalents', perLitre: PREFIX[m[1] ?? '']! / litres };
      m = /^(k|m|u)?u$/.exec(num);
      if (m) return { kind: 'units', perLitre: PREFIX[m[1] ?? '']! / litres };
      // cell counts: "10*3/uL", "10^9/L", "x10e3/uL", "K/uL", "cells/uL", "#/mm3", "/uL"
      m = /^(?:x?10[*^e](\d{1,2}))?(?:cells|#)?$/.exec(num);
      if (m) return { kind: 'count', perLitre: (m[1] ? 10 ** Number(m[1]) : 1) / litres };
      if (num === 'k' || num === 'kcells') return { kind: 'count', perLitre: 1e3 / litres };
    }
  }
  return null;
}

const sig = (x: number, digits = 6) => (x === 0 || !Number.isFinite(x) ? x : Number(x.toPrecision(digits)));

export interface ConversionOptions {
  /** g/mol, from lab_tests.molecular_weight */
  molecularWeight: number | null;
  /** |charge| of the ion, for mEq ↔ mmol */
  valence: number | null;
  /** the test is HbA1c (NGSP %) */
  hba1c: boolean;
}

/** `converted` is true when the unit text differs from the reference unit (even if the factor is 1). */
export type Conversion =
  { ok: true; value: number; converted: boolean; method: string | null } | { ok: false; error: string };

const same = (value: number, from: string, to: string): Conversion => {
  const converted = !sameUnitText(from, to);
  return { ok: true, value, converted, method: converted ? `equal units (${from} = ${to}), factor 1` : null };
};

/**
 * Converts `value` from `from` to `to` (the reference unit).
 * - Same dimension: value × (from per litre) ÷ (to per litre), e.g. 1 mg/dL = 10 mg/L, 1 ng/mL = 1 µg/L.
 * - Mass ↔ molar: mol/L = (g/L) ÷ molecular weight (g/mol), with the row's molecular weight.
 * - Equivalents ↔ molar: 1 mEq = 1 mmol × |ion charge| (monovalent and divalent electrolytes, ION_VALENCE).
 * - HbA1c IFCC (mmol/mol) ↔ NGSP (%): NGSP = 0.09148 × IFCC + 2.152 (Hoelzel W, et al. IFCC reference system for
 *   measurement of hemoglobin A1c… Clin Chem 2004;50:166–174, the IFCC–NGSP master equation).
 * - Temperature: °C = (°F − 32) × 5/9.
 * - International units and enzyme units: 1 IU = 1 U (mIU/L = µIU/mL = mU/L).
 */
export function convertValue(value: number, from: string, to: string, opts: ConversionOptions): Conversion {
  if (sameUnitText(from, to)) return same(value, from, to);
  const f = parseUnit(from);
  const t = parseUnit(to);
  const show = (u: string) => (u === '' ? 'no unit' : `"${u}"`);
  if (!t)
    return {
      ok: false,
      error: `the reference unit ${show(to)} of this test is not one we can convert to; give the value exactly in ${show(to)}`,
    };
  if (!f) return { ok: false, error: `unit ${show(from)} is not recognised; give the value in ${show(to)}` };

  if (f.kind === 'other' || t.kind === 'other') {
    if (f.kind === 'other' && t.kind === 'other' && f.key === t.key) return same(value, from, to);
    return { ok: false, error: `${show(from)} cannot be converted to ${show(to)}; give the value in ${show(to)}` };
  }
  if (f.kind === 'temperature' || t.kind === 'temperature') {
    if (f.kind !== 'temperature' || t.kind !== 'temperature')
      return { ok: false, error: `${show(from)} cannot be converted to ${show(to)}` };
    if (f.scale === t.scale) return same(value, from, to);
    const v = f.scale === 'F' ? ((value - 32) * 5) / 9 : (value * 9) / 5 + 32;
    return {
      ok: true,
      value: sig(v),
      converted: true,
      method: f.scale === 'F' ? '°C = (°F − 32) × 5/9' : '°F = °C × 9/5 + 32',
    };
  }
  if (f.kind === 'mmol_per_mol' || t.kind === 'mmol_per_mol') {
    if (f.kind === 'mmol_per_mol' && t.kind === 'mmol_per_mol') return same(value, from, to);
    return { ok: false, error: `${show(from)} cannot be converted to ${show(to)} for this test` };
  }
  if (f.kind === t.kind) {
    if (Math.abs(f.perLitre / t.perLitre - 1) < 1e-9) return same(value, from, to);
    const factor = f.perLitre / t.perLitre;
    return { ok: true, value: sig(value * factor), converted: true, method: `× ${sig(factor)} (${from} → ${to})` };
  }
  const pair = new Set([f.kind, t.kind]);
  if (pair.has('mass') && pair.has('molar')) {
    const mw = opts.molecularWeight;
    if (!mw)
      return {
        ok: false,
        error: `the source gives no molecular weight for this test, so ${show(from)} (${f.kind}) cannot be converted to ${show(to)} (${t.kind}); give the value in ${show(to)}`,
      };
    // g/L ÷ g/mol = mol/L, and back.
    const si = f.kind === 'mass' ? (value * f.perLitre) / mw : value * f.perLitre * mw;
    return {
      ok: true,
      value: sig(si / t.perLitre),
      converted: true,
      method: `${f.kind} → ${t.kind} with molecular weight ${mw} g/mol (NLM flowsheet)`,
    };
  }
  if (pair.has('equivalents') && pair.has('molar')) {
    const z = opts.valence;
    if (!z)
      return {
        ok: false,
        error: `${show(from)} cannot be converted to ${show(to)}: the ion charge of this test is not in our table`,
      };
    const si = f.kind === 'equivalents' ? (value * f.perLitre) / z : value * f.perLitre * z;
    return {
      ok: true,
      value: sig(si / t.perLitre),
      converted: true,
      method: `1 mEq = 1 mmol × ${z} (ion charge ${z})`,
    };
  }
  if (pair.has('equivalents') && pair.has('mass')) {
    const z = opts.valence;
    const mw = opts.molecularWeight;
    if (!z || !mw)
      return {
        ok: false,
        error: `${show(from)} cannot be converted to ${show(to)}: needs both the ion charge and the molecular weight`,
      };
    const si = f.kind === 'equivalents' ? ((value * f.perLitre) / z) * mw : ((value * f.perLitre) / mw) * z;
    return {
      ok: true,
      value: sig(si / t.perLitre),
      converted: true,
      method: `via mmol: charge ${z}, molecular weight ${mw} g/mol`,
    };
  }
  return {
    ok: false,
    error: `${show(from)} (${f.kind}) cannot be converted to ${show(to)} (${t.kind}); give the value in ${show(to)}`,
  };
}

/** HbA1c: NGSP % = 0.09148 × IFCC mmol/mol + 2.152 (Hoelzel 2004 master equation) and its inverse. */
export function hba1cIfccToNgsp(mmolPerMol: number): number {
  return sig(0.09148 * mmolPerMol + 2.152);
}
export function hba1cNgspToIfcc(percent: number): number {
  return sig((percent - 2.152) / 0.09148);
}

/** convertValue plus the HbA1c special case (% ↔ mmol/mol only for HbA1c rows). */
export function convertForTest(value: number, from: string, to: string, opts: ConversionOptions): Conversion {
  if (opts.hba1c) {
    const f = parseUnit(from);
    const t = parseUnit(to);
    const pct = (p: ParsedUnit | null) => p?.kind === 'other' && p.key === '%';
    if (f?.kind === 'mmol_per_mol' && pct(t)) {
      return {
        ok: true,
        value: hba1cIfccToNgsp(value),
        converted: true,
        method: 'IFCC → NGSP: % = 0.09148 × mmol/mol + 2.152 (Hoelzel et al., Clin Chem 2004)',
      };
    }
    if (pct(f) && t?.kind === 'mmol_per_mol') {
      return {
        ok: true,
        value: hba1cNgspToIfcc(value),
        converted: true,
        method: 'NGSP → IFCC: mmol/mol = (% − 2.152) ÷ 0.09148 (Hoelzel et al., Clin Chem 2004)',
      };
    }
  }
  return convertValue(value, from, to, opts);
}

/**
 * The unit the range is read in: a documented override, else the source's `units` ("NULL" there means a unitless
 * test such as pH), else the row's LOINC UCUM example when the source states no unit, else null (unknown).
 */
export function referenceUnitOf(r: { loinc: string; units: string | null; ucum: string | null }): {
  unit: string | null;
  note: string | null;
} {
  const o = REFERENCE_UNIT_OVERRIDES[r.loinc];
  if (o) return { unit: o.unit, note: o.why };
  if (r.units !== null && r.units.trim() !== '')
    return { unit: r.units.trim().toUpperCase() === 'NULL' ? '' : r.units.trim(), note: null };
  if (r.ucum !== null && r.ucum.trim() !== '')
    return {
      unit: r.ucum.trim(),
      note: `the source gives no unit for the range; read in the row's UCUM unit ${r.ucum.trim()}`,
    };
  return { unit: null, note: null };
}

// ---------------------------------------------------------------------------------------------------------------
// Status and wording

export interface Limits {
  low: number | null;
  high: number | null;
  dangerLow: number | null;
  dangerHigh: number | null;
}

/**
 * Strictly beyond a danger limit → critical; strictly beyond the normal range → low/high; limits themselves are
 * inside. A missing limit is not checked.
 */
export function classify(value: number, l: Limits): Exclude<BloodworkStatus, 'not_evaluated'> {
  if (l.dangerLow !== null && value < l.dangerLow) return 'critical_low';
  if (l.dangerHigh !== null && value > l.dangerHigh) return 'critical_high';
  if (l.low !== null && value < l.low) return 'low';
  if (l.high !== null && value > l.high) return 'high';
  return 'normal';
}

const fmt = (x: number) => String(sig(x, 6));
const withUnit = (s: string, unit: string) => (unit ? `${s} ${unit}` : s);

export function rangeText(low: number | null, high: number | null, unit: string): string {
  if (low !== null && high !== null) return withUnit(`${fmt(low)}–${fmt(high)}`, unit);
  if (high !== null) return withUnit(`≤ ${fmt(high)}`, unit);
  if (low !== null) return withUnit(`≥ ${fmt(low)}`, unit);
  return 'no range given';
}

/** One or two plain sentences for a result. Editorial and deliberately conservative. */
export function interpretResult(args: {
  name: string;
  status: Exclude<BloodworkStatus, 'not_evaluated'>;
  limits: Limits;
  unit: string;
  relatedNames: string[];
  /** who set the critical limits (default: the NLM source) */
  criticalSource?: string | null;
}): string {
  const { name, status, limits: l, unit, relatedNames } = args;
  const whose = args.criticalSource && !args.criticalSource.startsWith('NLM') ? 'the' : "the source's";
  const range = rangeText(l.low, l.high, unit);
  let text: string;
  switch (status) {
    case 'normal':
      text = `${name} is within the source's reference range (${range}).`;
      break;
    case 'low':
      text = `${name} is below the source's reference range (${range}).`;
      break;
    case 'high':
      text = `${name} is above the source's reference range (${range}).`;
      break;
    case 'critical_low':
      text = `${name} is below ${whose} critical limit (< ${withUnit(fmt(l.dangerLow!), unit)}): a critical value that usually needs prompt clinical review — confirm it with the reporting laboratory.`;
      break;
    case 'critical_high':
      text = `${name} is above ${whose} critical limit (> ${withUnit(fmt(l.dangerHigh!), unit)}): a critical value that usually needs prompt clinical review — confirm it with the reporting laboratory.`;
      break;
  }
  if ((status === 'low' || status === 'high') && l.dangerLow === null && l.dangerHigh === null) {
    text += ' No critical limits are known for this test.';
  }
  if (l.low !== null && l.high !== null && l.low === l.high) {
    text += ` The source gives a single-value range (${range}), so almost any value falls outside it; prefer the reporting laboratory's range.`;
  }
  if (relatedNames.length) {
    text += ` The knowledge base has entries on ${relatedNames.join(' and ')}; whether any supplement is appropriate depends on the cause, which a clinician should assess.`;
  }
  return text;
}

// ---------------------------------------------------------------------------------------------------------------
// Suggestions

function trigrams(s: string): Set<string> {
  const padded = `  ${s} `;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  return out;
}

/** A name prepared for similarity: its lowercase words and their character trigrams. */
export interface Prepared {
  words: string;
  grams: Set<string>;
}
export function prepare(name: string): Prepared {
  const words = testWords(name);
  return { words, grams: trigrams(words) };
}

/** Dice coefficient of character trigrams (0–1), on lowercase words; a whole-word containment counts at least 0.6. */
export function similarity(a: string | Prepared, b: string | Prepared): number {
  const pa = typeof a === 'string' ? prepare(a) : a;
  const pb = typeof b === 'string' ? prepare(b) : b;
  if (!pa.words || !pb.words) return 0;
  if (pa.words === pb.words) return 1;
  let common = 0;
  for (const t of pa.grams) if (pb.grams.has(t)) common++;
  let score = (2 * common) / (pa.grams.size + pb.grams.size);
  const [shorter, longer] = pa.words.length <= pb.words.length ? [pa.words, pb.words] : [pb.words, pa.words];
  if (shorter.length >= 3 && ` ${longer} `.includes(` ${shorter} `)) score = Math.max(score, 0.6);
  return score;
}
