/**
 * POST /v1/tools/nutrition/analyze — each item matched to a USDA SR28 food (NDB number, or text through foods_fts
 * with a transparent score), its portion turned into grams (mass units, or the food's household weights), and the
 * per-100 g nutrient values scaled, with FDA 2016 % Daily Values and the Atwater energy split.
 */
import type { Db } from '../../db/connection.ts';
import { NutritionData, NutritionRequest } from '../../../shared/schemas/tools/nutrition.ts';
import type { ToolRunner } from '../tool.ts';
import {
  ALCOHOL_NUTR_NO,
  DEFAULT_FOODS,
  DV_REFERENCE,
  defaultFoodKey,
  NUTRIENTS,
  type FoodCandidate,
  type NutrientOut,
  type Weight,
  foodQueryWords,
  macroEnergy,
  ndbNumber,
  nutrientsFor,
  percentDv,
  rankFoods,
  resolvePortion,
  round,
} from './compute.ts';

const MAX_CANDIDATES = 3000;

interface Statements {
  food: (ndb: string) => FoodCandidate | undefined;
  search: (match: string) => FoodCandidate[];
  weights: (ndb: string) => Weight[];
  values: (ndb: string) => Map<string, number>;
}

const cache = new WeakMap<Db, Statements>();

function statements(db: Db): Statements {
  let s = cache.get(db);
  if (s) return s;
  const food = db.prepare<[string], FoodCandidate>(
    'SELECT ndb_no, description, common_name, food_group, manufacturer FROM foods WHERE ndb_no = ?',
  );
  const search = db.prepare<
    [string, number],
    FoodCandidate
  >(`SELECT f.ndb_no, f.description, f.common_name, f.food_group, f.manufacturer
    FROM foods_fts JOIN foods f ON f.rowid = foods_fts.rowid WHERE foods_fts MATCH ? ORDER BY bm25(foods_fts) LIMIT ?`);
  const weights = db.prepare<[string], Weight>(
    'SELECT seq, amount, measure, grams FROM food_weights WHERE ndb_no = ? ORDER BY seq',
  );
  const wanted = [...NUTRIENTS.map((n) => n.nutr_no), ALCOHOL_NUTR_NO];
  const values = db.prepare<string[], { nutr_no: string; value: number }>(
    `SELECT nutr_no, value FROM food_nutrients WHERE ndb_no = ? AND nutr_no IN (${wanted.map(() => '?').join(', ')})`,
  );
  s = {
    food: (ndb) => food.get(ndb),
    search: (match) => search.all(match, MAX_CANDIDATES),
    weights: (ndb) => weights.all(ndb),
    values: (ndb) => new Map(values.all(ndb, ...wanted).map((r) => [r.nutr_no, r.value])),
  };
  cache.set(db, s);
  return s;
}

/** FTS5 expression over description and common name; words are [a-z0-9]+ only, each quoted. */
const ftsExpr = (words: string[], op: 'AND' | 'OR') =>
  `{description common_name} : (${words.map((w) => `"${w}"`).join(` ${op} `)})`;

type Match =
  | {
      ok: true;
      food: FoodCandidate;
      by: 'ndb_no' | 'curated' | 'text';
      score: number;
      alternatives: { ndb_no: string; description: string; score: number }[];
    }
  | { ok: false; suggestions: { ndb_no: string; description: string; score: number }[] };

const brief = (r: { food: FoodCandidate; score: number }) => ({
  ndb_no: r.food.ndb_no,
  description: r.food.description,
  score: r.score,
});

/**
 * A food by NDB number; else a curated plain-form default for a staple query; else the best-scoring text match among
 * the foods holding every query word (FTS5 over description and common name). No food holds them all: suggestions.
 */
export function matchFood(db: Db, text: string): Match {
  const st = statements(db);
  const ndb = ndbNumber(text);
  if (ndb) {
    const food = st.food(ndb);
    return food ? { ok: true, food, by: 'ndb_no', score: 1, alternatives: [] } : { ok: false, suggestions: [] };
  }
  const words = foodQueryWords(text);
  if (!words.length) return { ok: false, suggestions: [] };
  const all = rankFoods(words, st.search(ftsExpr(words, 'AND')));
  const curated = DEFAULT_FOODS[defaultFoodKey(words)];
  const chosen = curated ? st.food(curated) : undefined;
  if (chosen) {
    return {
      ok: true,
      food: chosen,
      by: 'curated',
      score: 1,
      alternatives: all
        .filter((r) => r.food.ndb_no !== chosen.ndb_no)
        .slice(0, 3)
        .map(brief),
    };
  }
  if (all.length)
    return { ok: true, food: all[0]!.food, by: 'text', score: all[0]!.score, alternatives: all.slice(1, 4).map(brief) };
  return {
    ok: false,
    suggestions: rankFoods(words, st.search(ftsExpr(words, 'OR')))
      .slice(0, 5)
      .map(brief),
  };
}

const METHOD = {
  name: 'USDA SR28 nutrient values and household weights; FDA 2016 Daily Values; Atwater general factors',
  reference:
    'US Department of Agriculture, Agricultural Research Service, Nutrient Data Laboratory. USDA National Nutrient Database for ' +
    'Standard Reference, Release 28 (2015, revised 2016). ' +
    DV_REFERENCE +
    ' Merrill AL, Watt BK. Energy Value of Foods: Basis ' +
    'and Derivation. USDA Agriculture Handbook No. 74 (1955, revised 1973). US customary units: NIST Handbook 44, Appendix C.',
};

export const nutritionTool: ToolRunner<typeof NutritionRequest, typeof NutritionData> = {
  name: 'nutrition',
  request: NutritionRequest,
  data: NutritionData,
  run(ctx, input) {
    const st = statements(ctx.content);
    const items: NutritionData['items'] = [];
    const unmatched: NutritionData['unmatched'] = [];
    const unresolved: NutritionData['unresolved'] = [];
    const macroGrams: { protein: number; fat: number; carbohydrate: number; alcohol: number }[] = [];

    input.items.forEach((it, i) => {
      const m = matchFood(ctx.content, it.food);
      if (!m.ok) {
        unmatched.push({ index: i, food: it.food, suggestions: m.suggestions });
        return;
      }
      const food = { ndb_no: m.food.ndb_no, description: m.food.description, food_group: m.food.food_group };
      const weights = st.weights(food.ndb_no);
      const portion = resolvePortion(it.amount, it.unit, weights);
      if (!portion.ok) {
        unresolved.push({
          index: i,
          food,
          unit: it.unit,
          reason: portion.reason,
          available_measures: weights.map((w) => ({ measure: w.measure, amount: w.amount, grams: w.grams })),
        });
        return;
      }
      const values = st.values(food.ndb_no);
      const nutrients = nutrientsFor(values, portion.grams);
      const grams = (nutr: string) => {
        const v = values.get(nutr);
        return v === undefined ? 0 : (v * portion.grams) / 100;
      };
      // Protein, fat and carbohydrate are analysed for every SR28 food; alcohol counts where analysed.
      const g = {
        protein: grams('203'),
        fat: grams('204'),
        carbohydrate: grams('205'),
        alcohol: grams(ALCOHOL_NUTR_NO),
      };
      macroGrams.push(g);
      items.push({
        index: i,
        input: { food: it.food, amount: it.amount, unit: it.unit },
        food,
        match: { by: m.by, score: m.score, alternatives: m.alternatives },
        portion: { grams: portion.grams, measure: portion.measure, method: portion.method },
        nutrients,
        macro_energy: macroEnergy(g, nutrients.find((n) => n.key === 'energy')?.amount?.value ?? null),
      });
    });

    const totals = totalNutrients(items);
    const sum = (k: 'protein' | 'fat' | 'carbohydrate' | 'alcohol') => macroGrams.reduce((s, g) => s + g[k], 0);
    const totalEnergy = totals.find((n) => n.key === 'energy')?.amount?.value ?? null;
    const macro = macroEnergy(
      { protein: sum('protein'), fat: sum('fat'), carbohydrate: sum('carbohydrate'), alcohol: sum('alcohol') },
      totalEnergy,
    );
    const totalGrams = round(
      items.reduce((s, x) => s + x.portion.grams, 0),
      2,
    );

    return {
      items,
      totals: { grams: { value: totalGrams, unit: 'g' }, nutrients: totals, macro_energy: macro },
      unmatched,
      unresolved,
      daily_values_reference: DV_REFERENCE,
      method: METHOD,
      interpretation: summarise(items.length, totalGrams, totals, macro, unmatched.length, unresolved.length),
    };
  },
};

function totalNutrients(items: NutritionData['items']): NutritionData['totals']['nutrients'] {
  return NUTRIENTS.map((def) => {
    let value = 0;
    let any = false;
    const missing: number[] = [];
    for (const item of items) {
      const n = item.nutrients.find((x) => x.key === def.key) as NutrientOut;
      if (n.amount === null) missing.push(item.index);
      else {
        value += n.amount.value;
        any = true;
      }
    }
    const amount = any ? round(value, 3) : null;
    return {
      key: def.key,
      name: def.name,
      nutr_no: def.nutr_no,
      amount: amount === null ? null : { value: amount, unit: def.unit },
      daily_value: def.dv === null ? null : { value: def.dv, unit: def.unit },
      percent_dv: percentDv(amount, def.dv),
      complete: missing.length === 0,
      not_analysed_in: missing,
    };
  });
}

/**
 * Plain summary. "5% DV or less is low, 20% DV or more is high" is FDA's consumer guidance for reading %DV
 * (FDA, How to Understand and Use the Nutrition Facts Label).
 */
function summarise(
  n: number,
  grams: number,
  totals: NutritionData['totals']['nutrients'],
  macro: ReturnType<typeof macroEnergy>,
  unmatched: number,
  unresolved: number,
): string {
  const parts: string[] = [];
  if (n === 0) {
    parts.push('No item could be analysed.');
  } else {
    const kcal = totals.find((t) => t.key === 'energy')?.amount?.value ?? 0;
    parts.push(`${n} item${n === 1 ? '' : 's'}, ${grams} g: ${round(kcal, 0)} kcal (SR28).`);
    if (macro.total_from_factors.value > 0) {
      const alc = macro.alcohol.percent ? `, alcohol ${macro.alcohol.percent}%` : '';
      parts.push(
        `Energy split (Atwater factors): protein ${macro.protein.percent}%, fat ${macro.fat.percent}%, carbohydrate ${macro.carbohydrate.percent}%${alc}.`,
      );
    }
    const high = totals
      .filter((t) => t.percent_dv !== null && t.percent_dv >= 20)
      .map((t) => `${t.name} ${t.percent_dv}%`);
    const low = totals.filter((t) => t.percent_dv !== null && t.percent_dv <= 5).map((t) => t.name);
    if (high.length) parts.push(`20% DV or more (high, by FDA's guide): ${high.join(', ')}.`);
    if (low.length) parts.push(`5% DV or less (low): ${low.join(', ')}.`);
    const partial = totals.filter((t) => !t.complete && t.amount !== null).map((t) => t.name);
    if (partial.length) parts.push(`Partial sums (not analysed for some items): ${partial.join(', ')}.`);
  }
  if (unmatched)
    parts.push(`${unmatched} food${unmatched === 1 ? ' was' : 's were'} not identified (see suggestions).`);
  if (unresolved)
    parts.push(
      `${unresolved} portion${unresolved === 1 ? '' : 's'} could not be converted to grams (see available measures).`,
    );
  parts.push('Editorial summary, not dietary advice; % DV uses the FDA 2016 adult Daily Values.');
  return parts.join(' ');
}
