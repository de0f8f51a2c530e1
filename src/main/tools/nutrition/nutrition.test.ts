import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db } from '../../db/connection.ts';
import { NutritionData, NutritionRequest } from '../../../shared/schemas/tools/nutrition.ts';
import type { ToolContext } from '../tool.ts';
import { openToolContext } from '../../../../test/helpers/tool-support.ts';
import {
  DEFAULT_FOODS,
  NUTRIENTS,
  macroEnergy,
  ndbNumber,
  percentDv,
  pickMeasure,
  rankFoods,
  resolvePortion,
  scale,
  scoreFood,
  singular,
  unitKind,
  type FoodCandidate,
  type Weight,
} from './compute.ts';
import { matchFood, nutritionTool } from './tool.ts';

let db: Db;
let ctx: ToolContext;
beforeAll(() => {
  ({ content: db, ctx } = openToolContext());
});
afterAll(() => db.close());

function run(items: { food: string; amount: number; unit: string }[]) {
  const out = nutritionTool.run(ctx, NutritionRequest.parse({ items }));
  NutritionData.parse({ ...out, saved_result_id: null });
  return out;
}
const nutrient = (list: { key: string }[], key: string) =>
  list.find((n) => n.key === key) as ReturnType<typeof run>['totals']['nutrients'][number];

const APPLE_WEIGHTS: Weight[] = [
  { seq: 1, amount: 1, measure: 'cup, quartered or chopped', grams: 125 },
  { seq: 2, amount: 1, measure: 'cup slices', grams: 109 },
  { seq: 3, amount: 1, measure: 'large (3-1/4" dia)', grams: 223 },
  { seq: 4, amount: 1, measure: 'medium (3" dia)', grams: 182 },
  { seq: 5, amount: 1, measure: 'small (2-3/4" dia)', grams: 149 },
  { seq: 6, amount: 1, measure: 'extra small (2-1/2" dia)', grams: 101 },
  { seq: 7, amount: 1, measure: 'NLEA serving', grams: 242 },
];

describe('portions', () => {
  it('mass units directly: 1 oz = 28.349523125 g, 1 lb = 453.59237 g (NIST Handbook 44)', () => {
    expect(resolvePortion(100, 'g', [])).toMatchObject({ ok: true, grams: 100, measure: null });
    expect(resolvePortion(1, 'oz', [])).toMatchObject({ ok: true, grams: 28.35 });
    expect(resolvePortion(0.5, 'lb', [])).toMatchObject({ ok: true, grams: 226.8 });
    expect(resolvePortion(1.5, 'kg', [])).toMatchObject({ ok: true, grams: 1500 });
    expect(resolvePortion(250, 'mg', [])).toMatchObject({ ok: true, grams: 0.25 });
    expect(resolvePortion(3, 'ounces', [])).toMatchObject({ ok: true, grams: 85.05 });
  });
  it('household measures by their text: "medium" → "medium (3" dia)", not "extra small"', () => {
    expect(pickMeasure('medium', APPLE_WEIGHTS)?.grams).toBe(182);
    expect(pickMeasure('large', APPLE_WEIGHTS)?.grams).toBe(223);
    expect(pickMeasure('extra small', APPLE_WEIGHTS)?.grams).toBe(101);
    expect(pickMeasure('cup', APPLE_WEIGHTS)?.grams).toBe(125);
    expect(pickMeasure('cup slices', APPLE_WEIGHTS)?.grams).toBe(109);
    expect(pickMeasure('cups', APPLE_WEIGHTS)?.grams).toBe(125);
    expect(pickMeasure('slice', APPLE_WEIGHTS)).toBeNull();
    expect(resolvePortion(2, 'medium', APPLE_WEIGHTS)).toMatchObject({
      ok: true,
      grams: 364,
      measure: 'medium (3" dia)',
    });
  });
  it('measures with an amount other than 1 scale per unit', () => {
    expect(resolvePortion(1, 'cup', [{ seq: 1, amount: 0.5, measure: 'cup, chopped', grams: 44 }])).toMatchObject({
      ok: true,
      grams: 88,
    });
  });
  it('unit spellings: tablespoon = tbsp, fluid ounce = fl oz', () => {
    const oil: Weight[] = [
      { seq: 1, amount: 1, measure: 'tablespoon', grams: 13.5 },
      { seq: 2, amount: 1, measure: 'cup', grams: 216 },
    ];
    expect(resolvePortion(2, 'tbsp', oil)).toMatchObject({ ok: true, grams: 27, measure: 'tablespoon' });
    expect(resolvePortion(2, 'Tablespoons', oil)).toMatchObject({ ok: true, grams: 27 });
    expect(unitKind('fluid ounces')).toEqual({ kind: 'volume', key: 'fl oz' });
    expect(unitKind('fl. oz')).toEqual({ kind: 'volume', key: 'fl oz' });
    expect(unitKind('medium')).toBeNull();
  });
  it('a volume the food has no measure for goes through another volume measure (1 cup = 236.5882365 ml)', () => {
    const milk: Weight[] = [{ seq: 1, amount: 1, measure: 'cup', grams: 244 }];
    expect(resolvePortion(100, 'ml', milk)).toMatchObject({ ok: true, grams: 103.13, measure: 'cup' });
    expect(resolvePortion(1, 'tsp', milk)).toMatchObject({ ok: true, grams: 5.08 }); // 244 ÷ 48
  });
  it('refuses a measure the food does not list', () => {
    expect(resolvePortion(1, 'slice', APPLE_WEIGHTS)).toMatchObject({ ok: false });
    expect(resolvePortion(100, 'ml', [{ seq: 1, amount: 1, measure: 'medium', grams: 100 }])).toMatchObject({
      ok: false,
      reason: expect.stringContaining('no volume measure'),
    });
  });
});

describe('nutrient arithmetic', () => {
  it('scales per-100 g values, computes %DV against the FDA 2016 DVs', () => {
    expect(scale(52, 182)).toBe(94.64);
    expect(percentDv(4.6, 90)).toBe(5.1);
    expect(percentDv(2300, 2300)).toBe(100);
    expect(percentDv(null, 90)).toBeNull();
    expect(percentDv(10, null)).toBeNull();
    const dv = Object.fromEntries(NUTRIENTS.map((n) => [n.key, n.dv]));
    expect(dv).toMatchObject({
      energy: null,
      sugars: null,
      protein: 50,
      fat: 78,
      saturated_fat: 20,
      cholesterol: 300,
      carbohydrate: 275,
      fiber: 28,
      sodium: 2300,
      potassium: 4700,
      calcium: 1300,
      iron: 18,
      magnesium: 420,
      zinc: 11,
      vitamin_a_rae: 900,
      vitamin_c: 90,
      vitamin_d: 20,
      vitamin_b12: 2.4,
      folate_dfe: 400,
    });
  });
  it('the nutrient numbers and units match the SR28 nutrients table', () => {
    for (const n of NUTRIENTS) {
      const row = db
        .prepare<[string], { units: string }>('SELECT units FROM nutrients WHERE nutr_no = ?')
        .get(n.nutr_no);
      expect(row?.units, n.key).toBe(n.unit);
    }
  });
  it('Atwater split 4/9/4/7: 100 g raw apple → 1.8 % protein, 2.6 % fat, 95.6 % carbohydrate', () => {
    const m = macroEnergy({ protein: 0.26, fat: 0.17, carbohydrate: 13.81, alcohol: 0 }, 52);
    expect(m.total_from_factors).toEqual({ value: 57.8, unit: 'kcal' });
    expect([m.protein.percent, m.fat.percent, m.carbohydrate.percent, m.alcohol.percent]).toEqual([1.8, 2.6, 95.6, 0]);
    expect(m.energy_reported).toEqual({ value: 52, unit: 'kcal' });
    expect(m.factors).toContain('protein 4, fat 9, carbohydrate 4, alcohol 7');
    expect(macroEnergy({ protein: 0, fat: 0, carbohydrate: 0, alcohol: 0 }, null).protein.percent).toBeNull();
  });
});

describe('food matching', () => {
  const f = (
    ndb_no: string,
    description: string,
    food_group = 'Fruits and Fruit Juices',
    manufacturer: string | null = null,
  ): FoodCandidate => ({ ndb_no, description, common_name: null, food_group, manufacturer });
  it('the text score prefers the plain raw food named first', () => {
    const ranked = rankFoods(
      ['apple'],
      [
        f('03115', 'Babyfood, apples, dices, toddler', 'Baby Foods'),
        f('18240', 'Croissants, apple', 'Baked Products'),
        f('09312', 'Rose-apples, raw'),
        f('09004', 'Apples, raw, without skin'),
        f('09003', 'Apples, raw, with skin'),
      ],
    );
    expect(ranked.map((r) => r.food.ndb_no)).toEqual(['09003', '09004', '09312', '18240', '03115']);
    // coverage 1, position 1, one extra word (skin), raw: 0.4 + 0.3 + 0.2 / 1.15 + 0.1
    expect(ranked[0]!.score).toBe(0.974);
  });
  it('a compound modifier counts half ("Sugar-apples" is not sugar)', () => {
    expect(scoreFood(['sugar'], f('19335', 'Sugars, granulated', 'Sweets'))).toBeGreaterThan(
      scoreFood(['sugar'], f('09321', 'Sugar-apples, (sweetsop), raw')),
    );
  });
  it('brands and fast food rank below the generic food unless named', () => {
    const generic = f('01009', 'Cheese, cheddar', 'Dairy and Egg Products');
    const brand = f('18984', 'AUSTIN, Cheddar Cheese on Cheese Crackers, sandwich-type', 'Baked Products');
    expect(scoreFood(['cheddar', 'cheese'], generic)).toBeGreaterThan(scoreFood(['cheddar', 'cheese'], brand));
    expect(scoreFood(['austin', 'cheddar'], brand)).toBeGreaterThan(scoreFood(['cheddar'], brand));
  });
  it('text "apple" → an apple food (09003), by NDB number with or without the leading zero', () => {
    const m = matchFood(db, 'apple');
    expect(m).toMatchObject({ ok: true, food: { ndb_no: '09003', description: 'Apples, raw, with skin' } });
    const text = matchFood(db, 'apples raw');
    expect(text).toMatchObject({ ok: true, by: 'text' });
    expect(text.ok && text.food.description).toMatch(/^Apples, raw/);
    expect(matchFood(db, '09003')).toMatchObject({ ok: true, by: 'ndb_no', score: 1 });
    expect(matchFood(db, '9003')).toMatchObject({ ok: true, by: 'ndb_no', food: { ndb_no: '09003' } });
    expect(ndbNumber(' 1009 ')).toBe('01009');
    expect(ndbNumber('1 apple')).toBeNull();
  });
  it('free text beyond the curated defaults', () => {
    expect(matchFood(db, 'granny smith apple')).toMatchObject({ ok: true, by: 'text', food: { ndb_no: '09502' } });
    expect(matchFood(db, 'cheddar cheese')).toMatchObject({ ok: true, food: { ndb_no: '01009' } });
    expect(matchFood(db, 'broccoli')).toMatchObject({
      ok: true,
      by: 'text',
      food: { ndb_no: '11090', description: 'Broccoli, raw' },
    });
    expect(matchFood(db, 'orange juice')).toMatchObject({
      ok: true,
      by: 'text',
      food: { description: 'Orange juice, raw' },
    });
  });
  it('unknown foods give suggestions; an unknown NDB number or pure noise gives none', () => {
    const m = matchFood(db, 'xyzzy apple');
    expect(m.ok).toBe(false);
    expect(!m.ok && m.suggestions.length).toBeGreaterThan(0);
    expect(!m.ok && m.suggestions[0]!.description).toMatch(/apple/i);
    expect(matchFood(db, '99999')).toEqual({ ok: false, suggestions: [] });
    expect(matchFood(db, '!!!')).toEqual({ ok: false, suggestions: [] });
  });
  it('every curated default exists and names its food', () => {
    for (const [key, ndb] of Object.entries(DEFAULT_FOODS)) {
      const row = db
        .prepare<[string], { description: string }>('SELECT description FROM foods WHERE ndb_no = ?')
        .get(ndb);
      expect(row, `${key} → ${ndb}`).toBeDefined();
      const words = new Set((row!.description.toLowerCase().match(/[a-z]+/g) ?? []).map(singular));
      const head = key.split(' ').at(-1)!;
      expect(
        words.has(head) || words.has(singular(head)) || (key === 'yoghurt' && words.has('yogurt')),
        `${key}: ${row!.description}`,
      ).toBe(true);
    }
  });
});

describe('nutritionTool.run', () => {
  it('100 g raw apple with skin (NDB 09003) = 52 kcal', () => {
    const out = run([{ food: '09003', amount: 100, unit: 'g' }]);
    const item = out.items[0]!;
    expect(item.food).toEqual({
      ndb_no: '09003',
      description: 'Apples, raw, with skin',
      food_group: 'Fruits and Fruit Juices',
    });
    expect(item.portion).toEqual({ grams: 100, measure: null, method: 'grams as given' });
    expect(nutrient(item.nutrients, 'energy')).toMatchObject({
      amount: { value: 52, unit: 'kcal' },
      daily_value: null,
      percent_dv: null,
    });
    expect(nutrient(item.nutrients, 'protein')).toMatchObject({ amount: { value: 0.26, unit: 'g' }, percent_dv: 0.5 });
    expect(nutrient(item.nutrients, 'fiber')).toMatchObject({
      amount: { value: 2.4, unit: 'g' },
      daily_value: { value: 28, unit: 'g' },
      percent_dv: 8.6,
    });
    expect(nutrient(item.nutrients, 'vitamin_c')).toMatchObject({
      amount: { value: 4.6, unit: 'mg' },
      percent_dv: 5.1,
    });
    expect(nutrient(item.nutrients, 'potassium')).toMatchObject({
      amount: { value: 107, unit: 'mg' },
      percent_dv: 2.3,
    });
    expect(nutrient(item.nutrients, 'sugars')).toMatchObject({ amount: { value: 10.39, unit: 'g' }, percent_dv: null });
    expect(nutrient(item.nutrients, 'vitamin_d')).toMatchObject({ amount: { value: 0, unit: 'µg' }, percent_dv: 0 });
    expect(item.macro_energy.carbohydrate.percent).toBe(95.6);
    expect(out.totals.grams).toEqual({ value: 100, unit: 'g' });
    expect(nutrient(out.totals.nutrients, 'energy')).toMatchObject({
      amount: { value: 52, unit: 'kcal' },
      complete: true,
      not_analysed_in: [],
    });
    expect(out.daily_values_reference).toContain('81 Fed. Reg. 33742');
    expect(out.method.reference).toContain('Standard Reference, Release 28');
  });

  it('"1 medium apple" via household weights = 182 g = 94.64 kcal', () => {
    const out = run([{ food: 'apple', amount: 1, unit: 'medium' }]);
    expect(out.items[0]!.portion).toMatchObject({ grams: 182, measure: 'medium (3" dia)' });
    expect(nutrient(out.items[0]!.nutrients, 'energy').amount).toEqual({ value: 94.64, unit: 'kcal' });
  });

  it('"1 cup" whole milk (01077) = 244 g: 148.84 kcal, 7.686 g protein, 3.172 µg vitamin D (15.9 % DV)', () => {
    const out = run([{ food: 'whole milk', amount: 1, unit: 'cup' }]);
    const item = out.items[0]!;
    expect(item.food.ndb_no).toBe('01077');
    expect(item.portion).toMatchObject({ grams: 244, measure: 'cup' });
    expect(nutrient(item.nutrients, 'energy').amount!.value).toBe(148.84);
    expect(nutrient(item.nutrients, 'protein').amount!.value).toBe(7.686);
    expect(nutrient(item.nutrients, 'vitamin_d')).toMatchObject({
      amount: { value: 3.172, unit: 'µg' },
      percent_dv: 15.9,
    });
  });

  it('measure text, volumes and mass units on real foods', () => {
    const out = run([
      { food: '01009', amount: 1, unit: 'cup, shredded' },
      { food: '01009', amount: 1, unit: 'oz' },
      { food: 'olive oil', amount: 2, unit: 'tbsp' },
      { food: '01077', amount: 100, unit: 'ml' },
    ]);
    expect(out.items.map((i) => i.portion.grams)).toEqual([113, 28.35, 27, 103.13]);
    expect(nutrient(out.items[2]!.nutrients, 'energy').amount!.value).toBe(238.68);
    expect(out.items[2]!.macro_energy.fat.percent).toBe(100);
  });

  it('alcohol counts in the energy split where analysed (12 fl oz regular beer)', () => {
    const item = run([{ food: '14003', amount: 12, unit: 'fl oz' }]).items[0]!;
    expect(item.portion.grams).toBe(356.4);
    expect(nutrient(item.nutrients, 'energy').amount!.value).toBe(153.252);
    expect(item.macro_energy.alcohol.energy).toEqual({ value: 97.3, unit: 'kcal' }); // 3.9 g/100 g × 3.564 × 7
  });

  it('a value SR28 did not analyse is null, never zero, and totals say they are partial', () => {
    const out = run([
      { food: '09003', amount: 100, unit: 'g' },
      { food: '09001', amount: 100, unit: 'g' },
    ]);
    expect(nutrient(out.items[1]!.nutrients, 'vitamin_d')).toMatchObject({ amount: null, percent_dv: null });
    expect(nutrient(out.totals.nutrients, 'vitamin_d')).toMatchObject({
      amount: { value: 0, unit: 'µg' },
      complete: false,
      not_analysed_in: [1],
    });
    expect(nutrient(out.totals.nutrients, 'energy')).toMatchObject({
      amount: { value: 84, unit: 'kcal' },
      complete: true,
    });
    expect(nutrient(out.totals.nutrients, 'vitamin_c')).toMatchObject({
      amount: { value: 1682.2, unit: 'mg' },
      percent_dv: 1869.1,
    });
    expect(out.interpretation).toContain('Partial sums');
  });

  it('unknown foods and unavailable measures are reported, the rest still analysed', () => {
    const out = run([
      { food: 'apple', amount: 100, unit: 'g' },
      { food: 'xyzzy apple', amount: 1, unit: 'g' },
      { food: 'banana', amount: 1, unit: 'slice' },
    ]);
    expect(out.items.map((i) => i.index)).toEqual([0]);
    expect(out.unmatched).toMatchObject([{ index: 1, food: 'xyzzy apple' }]);
    expect(out.unmatched[0]!.suggestions.length).toBeGreaterThan(0);
    expect(out.unresolved).toMatchObject([{ index: 2, food: { ndb_no: '09040' }, unit: 'slice' }]);
    expect(out.unresolved[0]!.available_measures).toContainEqual({ measure: 'cup, sliced', amount: 1, grams: 150 });
    expect(out.interpretation).toMatch(/not identified/);
    expect(out.interpretation).toMatch(/not dietary advice/);
  });

  it('sums items: 100 g apple + 1 cup milk = 200.84 kcal', () => {
    const out = run([
      { food: '09003', amount: 100, unit: 'g' },
      { food: '01077', amount: 1, unit: 'cup' },
    ]);
    expect(out.totals.grams.value).toBe(344);
    expect(nutrient(out.totals.nutrients, 'energy').amount!.value).toBe(200.84);
  });
});

describe('request validation', () => {
  const ok = { items: [{ food: 'apple', amount: 1, unit: 'medium' }] };
  const fields = (body: unknown) => {
    const r = NutritionRequest.safeParse(body);
    expect(r.success).toBe(false);
    return r.error!.issues.map((i) => (i.code === 'unrecognized_keys' ? [...i.path, ...i.keys] : i.path).join('.'));
  };
  it('accepts a minimal request and defaults save to false', () => {
    expect(NutritionRequest.parse(ok).save).toBe(false);
  });
  it('names the offending field', () => {
    expect(fields({ items: [] })).toEqual(['items']);
    expect(fields({ items: Array.from({ length: 51 }, () => ok.items[0]) })).toEqual(['items']);
    expect(fields({})).toEqual(['items']);
    expect(fields({ items: [{ food: '', amount: 1, unit: 'g' }] })).toEqual(['items.0.food']);
    expect(fields({ items: [{ food: 'x'.repeat(201), amount: 1, unit: 'g' }] })).toEqual(['items.0.food']);
    expect(fields({ items: [{ food: 'apple', amount: 0, unit: 'g' }] })).toEqual(['items.0.amount']);
    expect(fields({ items: [{ food: 'apple', amount: -5, unit: 'g' }] })).toEqual(['items.0.amount']);
    expect(fields({ items: [{ food: 'apple', amount: 10_001, unit: 'g' }] })).toEqual(['items.0.amount']);
    expect(fields({ items: [{ food: 'apple', amount: Number.NaN, unit: 'g' }] })).toEqual(['items.0.amount']);
    expect(fields({ items: [{ food: 'apple', amount: 1, unit: ' ' }] })).toEqual(['items.0.unit']);
    expect(fields({ items: [{ food: 'apple', amount: 1 }] })).toEqual(['items.0.unit']);
    expect(fields({ items: [{ food: 'apple', amount: 1, unit: 'g', brand: 'x' }] })).toEqual(['items.0.brand']);
    expect(fields({ ...ok, save: 1 })).toEqual(['save']);
    expect(fields({ ...ok, extra: true })).toEqual(['extra']);
  });
});
