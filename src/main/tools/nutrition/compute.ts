/**
 * Nutrition analysis: pure functions (no database) for portion → grams, food-name scoring, nutrient scaling,
 * % Daily Value and the macronutrient energy split.
 *
 * Food data: USDA ARS, USDA National Nutrient Database for Standard Reference, Release 28 (2015, rev. 2016):
 * nutrient values per 100 g edible portion (a missing value means not analysed, never zero) and household
 * measures with their gram weights.
 */
import { foldAccents } from '../../vocabulary/normalize.ts';

// ---------------------------------------------------------------------------------------------------------------
// Nutrients and Daily Values

/**
 * FDA Daily Values for adults and children ≥ 4 years, 2016 final rule: Food Labeling: Revision of the Nutrition and
 * Supplement Facts Labels, 81 Fed. Reg. 33742 (May 27, 2016), codified at 21 CFR 101.9(c)(8)(iv) (RDIs: vitamins and
 * minerals) and 21 CFR 101.9(c)(9) (DRVs: fat, saturated fat, cholesterol, total carbohydrate, sodium, dietary fibre,
 * protein). FDA sets no DV for energy (2,000 kcal is the label's reference intake) or total sugars (only added
 * sugars, 50 g, which SR28 does not report).
 */
export const DV_REFERENCE =
  'FDA Daily Values (adults and children ≥ 4 years), 2016 final rule: Food Labeling: Revision of the Nutrition and Supplement ' +
  'Facts Labels, 81 Fed. Reg. 33742 (May 27, 2016); 21 CFR 101.9(c)(8)(iv) and (c)(9).';

export interface NutrientDef {
  key: string;
  nutr_no: string;
  name: string;
  unit: string;
  dv: number | null;
}

/** The nutrients reported, with their SR28 numbers and units and the FDA 2016 DV in the same unit. */
export const NUTRIENTS: readonly NutrientDef[] = [
  { key: 'energy', nutr_no: '208', name: 'Energy', unit: 'kcal', dv: null },
  { key: 'protein', nutr_no: '203', name: 'Protein', unit: 'g', dv: 50 },
  { key: 'fat', nutr_no: '204', name: 'Total fat', unit: 'g', dv: 78 },
  { key: 'saturated_fat', nutr_no: '606', name: 'Saturated fat', unit: 'g', dv: 20 },
  { key: 'cholesterol', nutr_no: '601', name: 'Cholesterol', unit: 'mg', dv: 300 },
  { key: 'carbohydrate', nutr_no: '205', name: 'Carbohydrate (by difference)', unit: 'g', dv: 275 },
  { key: 'fiber', nutr_no: '291', name: 'Dietary fibre', unit: 'g', dv: 28 },
  { key: 'sugars', nutr_no: '269', name: 'Total sugars', unit: 'g', dv: null },
  { key: 'sodium', nutr_no: '307', name: 'Sodium', unit: 'mg', dv: 2300 },
  { key: 'potassium', nutr_no: '306', name: 'Potassium', unit: 'mg', dv: 4700 },
  { key: 'calcium', nutr_no: '301', name: 'Calcium', unit: 'mg', dv: 1300 },
  { key: 'iron', nutr_no: '303', name: 'Iron', unit: 'mg', dv: 18 },
  { key: 'magnesium', nutr_no: '304', name: 'Magnesium', unit: 'mg', dv: 420 },
  { key: 'zinc', nutr_no: '309', name: 'Zinc', unit: 'mg', dv: 11 },
  { key: 'vitamin_a_rae', nutr_no: '320', name: 'Vitamin A (RAE)', unit: 'µg', dv: 900 },
  { key: 'vitamin_c', nutr_no: '401', name: 'Vitamin C', unit: 'mg', dv: 90 },
  { key: 'vitamin_d', nutr_no: '328', name: 'Vitamin D (D2 + D3)', unit: 'µg', dv: 20 },
  { key: 'vitamin_b12', nutr_no: '418', name: 'Vitamin B12', unit: 'µg', dv: 2.4 },
  { key: 'folate_dfe', nutr_no: '435', name: 'Folate (DFE)', unit: 'µg', dv: 400 },
];

/** Alcohol (SR28 221), used only for the energy split. */
export const ALCOHOL_NUTR_NO = '221';

export const round = (x: number, decimals: number) => {
  const f = 10 ** decimals;
  return Math.round((x + Number.EPSILON * Math.sign(x)) * f) / f;
};

/** Nutrient per portion = value per 100 g × grams ÷ 100 (SR28 values are per 100 g edible portion). */
export function scale(per100g: number, grams: number): number {
  return round((per100g * grams) / 100, 3);
}

/** % DV = amount ÷ DV × 100, one decimal; null without a DV or without an amount. */
export function percentDv(amount: number | null, dv: number | null): number | null {
  return amount === null || dv === null ? null : round((amount / dv) * 100, 1);
}

export interface NutrientOut {
  key: string;
  name: string;
  nutr_no: string;
  amount: { value: number; unit: string } | null;
  daily_value: { value: number; unit: string } | null;
  percent_dv: number | null;
}

/** Nutrients for `grams` of a food whose per-100 g values are `per100g` (absent key = not analysed). */
export function nutrientsFor(per100g: ReadonlyMap<string, number>, grams: number): NutrientOut[] {
  return NUTRIENTS.map((n) => {
    const v = per100g.get(n.nutr_no);
    const amount = v === undefined ? null : scale(v, grams);
    return {
      key: n.key,
      name: n.name,
      nutr_no: n.nutr_no,
      amount: amount === null ? null : { value: amount, unit: n.unit },
      daily_value: n.dv === null ? null : { value: n.dv, unit: n.unit },
      percent_dv: percentDv(amount, n.dv),
    };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Energy split

/**
 * Atwater general factors: protein 4, fat 9, carbohydrate 4, alcohol 7 kcal/g (Merrill AL, Watt BK. Energy Value of
 * Foods: Basis and Derivation. USDA Agriculture Handbook No. 74, 1955/1973). Carbohydrate is SR28's "by
 * difference", which includes fibre. Alcohol counts only where SR28 analysed it.
 */
export const ATWATER = { protein: 4, fat: 9, carbohydrate: 4, alcohol: 7 } as const;
export const ATWATER_TEXT =
  'Atwater general factors: protein 4, fat 9, carbohydrate 4, alcohol 7 kcal/g (USDA Agriculture Handbook No. 74); ' +
  'carbohydrate is SR28 "by difference" (includes fibre); alcohol counted where analysed. Percentages are of the sum of the parts.';

export interface MacroOut {
  protein: { energy: { value: number; unit: string }; percent: number | null };
  fat: { energy: { value: number; unit: string }; percent: number | null };
  carbohydrate: { energy: { value: number; unit: string }; percent: number | null };
  alcohol: { energy: { value: number; unit: string }; percent: number | null };
  total_from_factors: { value: number; unit: string };
  energy_reported: { value: number; unit: string } | null;
  factors: string;
}

export function macroEnergy(
  g: { protein: number; fat: number; carbohydrate: number; alcohol: number },
  reportedKcal: number | null,
): MacroOut {
  const kcal = {
    protein: g.protein * ATWATER.protein,
    fat: g.fat * ATWATER.fat,
    carbohydrate: g.carbohydrate * ATWATER.carbohydrate,
    alcohol: g.alcohol * ATWATER.alcohol,
  };
  const total = kcal.protein + kcal.fat + kcal.carbohydrate + kcal.alcohol;
  const part = (k: number) => ({
    energy: { value: round(k, 1), unit: 'kcal' },
    percent: total > 0 ? round((k / total) * 100, 1) : null,
  });
  return {
    protein: part(kcal.protein),
    fat: part(kcal.fat),
    carbohydrate: part(kcal.carbohydrate),
    alcohol: part(kcal.alcohol),
    total_from_factors: { value: round(total, 1), unit: 'kcal' },
    energy_reported: reportedKcal === null ? null : { value: round(reportedKcal, 1), unit: 'kcal' },
    factors: ATWATER_TEXT,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Portions

/** Exact definitions: avoirdupois ounce and pound (NIST Handbook 44, Appendix C). */
export const MASS_UNITS: Record<string, number> = { g: 1, kg: 1000, mg: 0.001, oz: 28.349523125, lb: 453.59237 };

/** US customary volumes in millilitres (NIST Handbook 44, Appendix C), the measures SR28 household weights use. */
export const VOLUME_ML: Record<string, number> = {
  ml: 1,
  l: 1000,
  tsp: 4.92892159375,
  tbsp: 14.78676478125,
  'fl oz': 29.5735295625,
  cup: 236.5882365,
  pint: 473.176473,
  quart: 946.352946,
  gallon: 3785.411784,
};

const WORD_CANON: Record<string, string> = {
  gram: 'g',
  grams: 'g',
  gr: 'g',
  kilogram: 'kg',
  kilograms: 'kg',
  milligram: 'mg',
  milligrams: 'mg',
  ounce: 'oz',
  ounces: 'oz',
  pound: 'lb',
  pounds: 'lb',
  lbs: 'lb',
  milliliter: 'ml',
  milliliters: 'ml',
  millilitre: 'ml',
  millilitres: 'ml',
  mls: 'ml',
  liter: 'l',
  liters: 'l',
  litre: 'l',
  litres: 'l',
  tablespoon: 'tbsp',
  tablespoons: 'tbsp',
  tbs: 'tbsp',
  tbl: 'tbsp',
  tbsps: 'tbsp',
  teaspoon: 'tsp',
  teaspoons: 'tsp',
  tsps: 'tsp',
  c: 'cup',
  fluid: 'fl',
};

/** Light English singular: "slices" → "slice", "patties" → "patty", "peaches" → "peach", "tomatoes" → "tomato". */
export function singular(w: string): string {
  if (w.length <= 3) return w;
  if (w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (/(?:ch|sh|x|o)es$/.test(w)) return w.slice(0, -2);
  if (w.endsWith('s') && !/(?:ss|us|is)$/.test(w)) return w.slice(0, -1);
  return w;
}

/** Canonical tokens of a unit or of a measure's text ("Tablespoons" → ["tbsp"], "fl. oz" → ["fl", "oz"]). */
export function unitTokens(text: string): string[] {
  return (text.toLowerCase().match(/[a-z]+/g) ?? [])
    .map((w) => WORD_CANON[w] ?? singular(w))
    .map((w) => WORD_CANON[w] ?? w);
}

/** The unit as a known mass or volume key ("fl oz", "cup"…), or null for a household measure name. */
export function unitKind(unit: string): { kind: 'mass'; key: string } | { kind: 'volume'; key: string } | null {
  const key = unitTokens(unit).join(' ');
  if (key in MASS_UNITS) return { kind: 'mass', key };
  if (key in VOLUME_ML) return { kind: 'volume', key };
  return null;
}

export interface Weight {
  seq: number;
  amount: number;
  measure: string;
  grams: number;
}

/** Tokens of the measure's head: the text before the first comma or parenthesis ("cup, chopped" → ["cup"]). */
function headTokens(measure: string): string[] {
  return unitTokens(measure.split(/[,(]/)[0] ?? '');
}

/**
 * The household measure a unit names. A measure qualifies when its text starts with the unit's words; among those,
 * the one whose whole text equals the unit, then one whose head (before a comma or parenthesis) equals it, then the
 * lowest SR28 sequence number (USDA lists the common measure first).
 */
export function pickMeasure(unit: string, weights: readonly Weight[]): Weight | null {
  const u = unitTokens(unit);
  if (!u.length) return null;
  const ranked = weights
    .map((w) => {
      const all = unitTokens(w.measure);
      if (all.length < u.length || u.some((t, i) => all[i] !== t)) return null;
      const rank = all.length === u.length ? 0 : headTokens(w.measure).join(' ') === u.join(' ') ? 1 : 2;
      return { w, rank };
    })
    .filter((x): x is { w: Weight; rank: number } => x !== null)
    .sort((a, b) => a.rank - b.rank || a.w.seq - b.w.seq);
  return ranked[0]?.w ?? null;
}

/** Volume (ml) of one of a measure's units when its head is a volume ("cup (8 fl oz)" → 236.59), else null. */
function measureVolumeMl(w: Weight): number | null {
  const head = headTokens(w.measure);
  for (const n of [2, 1]) {
    const key = head.slice(0, n).join(' ');
    if (head.length >= n && key in VOLUME_ML) return VOLUME_ML[key]! * w.amount;
  }
  return null;
}

export type Portion =
  { ok: true; grams: number; measure: string | null; method: string } | { ok: false; reason: string };

const g2 = (x: number) => round(x, 2);

/**
 * Grams for `amount` `unit` of a food:
 * - mass units directly (1 oz = 28.349523125 g, 1 lb = 453.59237 g);
 * - a household measure of the food whose text starts with the unit: amount × grams ÷ measure amount;
 * - a volume with no measure of that name: through another volume measure of the same food,
 *   grams = amount × (ml per unit ÷ ml of the measure) × measure grams (US customary volumes, NIST Handbook 44).
 */
export function resolvePortion(amount: number, unit: string, weights: readonly Weight[]): Portion {
  const kind = unitKind(unit);
  if (kind?.kind === 'mass') {
    const grams = amount * MASS_UNITS[kind.key]!;
    return {
      ok: true,
      grams: g2(grams),
      measure: null,
      method: kind.key === 'g' ? 'grams as given' : `${amount} ${kind.key} × ${MASS_UNITS[kind.key]} g`,
    };
  }
  const direct = pickMeasure(unit, weights);
  if (direct) {
    const per = direct.grams / direct.amount;
    return {
      ok: true,
      grams: g2(amount * per),
      measure: direct.measure,
      method: `${amount} × "${direct.measure}" (${g2(per)} g each; USDA SR28 household weight${direct.amount !== 1 ? ` ${direct.amount} = ${direct.grams} g` : ''})`,
    };
  }
  if (kind?.kind === 'volume') {
    const vol = weights
      .map((w) => ({ w, ml: measureVolumeMl(w) }))
      .filter((x): x is { w: Weight; ml: number } => x.ml !== null)
      .sort((a, b) => a.w.seq - b.w.seq)[0];
    if (vol) {
      const ml = amount * VOLUME_ML[kind.key]!;
      const grams = (ml / vol.ml) * vol.w.grams;
      return {
        ok: true,
        grams: g2(grams),
        measure: vol.w.measure,
        method: `${amount} ${kind.key}${kind.key === 'ml' ? '' : ` = ${g2(ml)} ml`}; from "${vol.w.amount} ${vol.w.measure}" = ${vol.w.grams} g (${g2(vol.ml)} ml, US customary volumes)`,
      };
    }
    return {
      ok: false,
      reason: `SR28 has no volume measure for this food, so "${unit}" cannot be turned into grams; give a mass (g, oz) or one of the available measures`,
    };
  }
  return {
    ok: false,
    reason: `"${unit}" is not a mass, a volume or a household measure SR28 lists for this food; use one of the available measures or a mass (g, oz)`,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Food matching

const STOP = new Set(['a', 'an', 'the', 'of', 'some', 'fresh', 'organic']);
/** Words that do not count as "extra" detail in a description. */
const NEUTRAL = new Set(['with', 'and', 'or', 'in', 'raw']);
const PREPARATION = new Set([
  'raw',
  'cooked',
  'boiled',
  'baked',
  'fried',
  'roasted',
  'grilled',
  'steamed',
  'canned',
  'frozen',
  'dried',
  'dry',
  'microwaved',
  'broiled',
  'braised',
  'stewed',
  'toasted',
  'prepared',
  'poached',
  'scrambled',
  'smoked',
  'dehydrated',
]);
/** Capitalised abbreviations in SR28 descriptions that are not brand names. */
const NOT_BRANDS = new Set(['USDA', 'NFS', 'NLEA', 'DHA', 'ARA', 'EPA', 'UHT']);
const DOWNRANKED_GROUPS = new Set(['Baby Foods', 'Fast Foods', 'Restaurant Foods']);

/** Query words (lowercase, stop words dropped), as typed: what FTS5 is given. */
export function foodQueryWords(text: string): string[] {
  return (foldAccents(text.toLowerCase()).match(/[a-z0-9]+/g) ?? []).filter((w) => !STOP.has(w)).slice(0, 16);
}

const stems = (text: string) => (foldAccents(text.toLowerCase()).match(/[a-z0-9]+/g) ?? []).map(singular);

export interface FoodCandidate {
  ndb_no: string;
  description: string;
  common_name: string | null;
  food_group: string;
  manufacturer: string | null;
}

interface Word {
  t: string;
  modifier: boolean;
}

/** Words of a description segment; in a hyphenated compound ("Sugar-apples") every part but the last is a modifier. */
function segmentWords(segment: string): Word[] {
  const out: Word[] = [];
  const lower = foldAccents(segment.toLowerCase());
  for (const compound of lower.match(/[a-z0-9]+(?:-[a-z0-9]+)*/g) ?? []) {
    const parts = compound.split('-');
    parts.forEach((p, i) => out.push({ t: singular(p), modifier: i < parts.length - 1 }));
  }
  return out;
}

/**
 * Transparent text score, 0–1:
 *   0.40 × coverage  (share of query words found in the description or common name)
 * + 0.30 × position  (per query word, its best place: first word of the description 1, elsewhere in the first comma
 *                     segment 0.7, second segment 0.6, third 0.35, later 0.2, only in the common name 0.3; the first
 *                     part of a hyphenated compound — "Sugar-apples" for "sugar" — counts half; averaged)
 * + 0.20 × brevity   (1 ÷ (1 + 0.15 × description words not in the query, ignoring numbers, "raw", "with", "and", "or", "in"))
 * + 0.10 × raw       (the description says raw and the query names no preparation: plain forms first)
 * − 0.20 for baby, fast-food and restaurant groups, − 0.10 for branded items (a manufacturer or a word in capitals),
 *   unless the query names them.
 * Ties: shorter description, then lower NDB number.
 */
export function scoreFood(queryWords: readonly string[], f: FoodCandidate): number {
  const q = [...new Set(queryWords.map(singular))];
  if (!q.length) return 0;
  const segments = f.description.split(',').map(segmentWords);
  const words = segments.flat();
  const common = new Set(stems(f.common_name ?? ''));
  const all = new Set([...words.map((w) => w.t), ...common]);
  const coverage = q.filter((t) => all.has(t)).length / q.length;
  const place = (t: string) => {
    let best = common.has(t) ? 0.3 : 0;
    segments.forEach((seg, si) =>
      seg.forEach((w, wi) => {
        if (w.t !== t) return;
        const base = si === 0 ? (wi === 0 ? 1 : 0.7) : si === 1 ? 0.6 : si === 2 ? 0.35 : 0.2;
        best = Math.max(best, w.modifier ? base / 2 : base);
      }),
    );
    return best;
  };
  const position = q.reduce((sum, t) => sum + place(t), 0) / q.length;
  const qs = new Set(q);
  const extra = new Set(words.map((w) => w.t).filter((t) => !qs.has(t) && !NEUTRAL.has(t) && !/^\d+$/.test(t))).size;
  const brevity = 1 / (1 + 0.15 * extra);
  const raw = all.has('raw') && !q.some((t) => PREPARATION.has(t)) ? 1 : 0;
  let penalty = 0;
  const groupWords = new Set(stems(f.food_group));
  if (DOWNRANKED_GROUPS.has(f.food_group) && !q.some((t) => groupWords.has(t) && t !== 'food')) penalty += 0.2;
  const caps = (f.description.match(/[A-Za-z'&]*[A-Z]{3,}[A-Za-z'&]*/g) ?? []).filter((w) => !NOT_BRANDS.has(w));
  const brand = caps.length > 0 || f.manufacturer !== null;
  const capsWords = new Set(stems(caps.join(' ')));
  if (brand && !q.some((t) => capsWords.has(t))) penalty += 0.1;
  const score = 0.4 * coverage + 0.3 * position + 0.2 * brevity + 0.1 * raw - penalty;
  return round(Math.min(1, Math.max(0, score)), 3);
}

/**
 * Curated plain-form defaults for a few staple one- or two-word queries, where the text score alone cannot tell the
 * everyday form from a rarer one ("milk" → whole cow's milk, not sheep's; "rice" → cooked white rice). Keys are the
 * query's singular words; every NDB number is checked against the database in a test. Used only on an exact key.
 */
export const DEFAULT_FOODS: Record<string, string> = {
  apple: '09003',
  banana: '09040',
  orange: '09200',
  avocado: '09037',
  tomato: '11529',
  potato: '11352',
  onion: '11282',
  milk: '01077',
  egg: '01123',
  yogurt: '01116',
  yoghurt: '01116',
  butter: '01001',
  'cheddar cheese': '01009',
  rice: '20045',
  pasta: '20121',
  oat: '08120',
  bread: '18069',
  flour: '20081',
  sugar: '19335',
  honey: '19296',
  salt: '02047',
  'olive oil': '04053',
  'peanut butter': '16098',
  almond: '12061',
  'chicken breast': '05062',
  coffee: '14209',
  tea: '14355',
  beer: '14003',
  water: '14411',
};

export function defaultFoodKey(queryWords: readonly string[]): string {
  return queryWords.map(singular).join(' ');
}

export function rankFoods<T extends FoodCandidate>(
  queryWords: readonly string[],
  foods: readonly T[],
): { food: T; score: number }[] {
  return foods
    .map((food) => ({ food, score: scoreFood(queryWords, food) }))
    .sort(
      (a, b) =>
        b.score - a.score ||
        a.food.description.length - b.food.description.length ||
        a.food.ndb_no.localeCompare(b.food.ndb_no),
    );
}

/** "9003" and "09003" are NDB numbers (SR28 uses five digits); anything else is text. */
export function ndbNumber(text: string): string | null {
  const t = text.trim();
  return /^\d{4,5}$/.test(t) ? t.padStart(5, '0') : null;
}
