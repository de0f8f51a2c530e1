/** Nutrients of foods written in the question, with amounts (POST /v1/tools/nutrition/analyze, USDA SR28). */
import { nutritionTool } from '../../../tools/nutrition/tool.ts';
import { cite, sentence, type Source, type Statement } from '../../evidence.ts';
import type { Agent } from '../types.ts';
import { runTool } from './run-tool.ts';

const WORD_NUMBERS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  half: 0.5,
};
const UNITS: [RegExp, string][] = [
  [/^(?:g|grams?|gr)$/, 'g'],
  [/^kg$/, 'kg'],
  [/^mg$/, 'mg'],
  [/^(?:oz|ounces?)$/, 'oz'],
  [/^(?:lbs?|pounds?)$/, 'lb'],
  [/^(?:ml|millilit(?:er|re)s?)$/, 'ml'],
  [/^(?:l|lit(?:er|re)s?)$/, 'l'],
  [/^cups?$/, 'cup'],
  [/^(?:tbsp|tablespoons?)$/, 'tbsp'],
  [/^(?:tsp|teaspoons?)$/, 'tsp'],
  [/^slices?$/, 'slice'],
  [/^pieces?$/, 'piece'],
  [/^(?:medium|large|small|extra large)$/, '$&'],
];
const ITEM =
  /\b(\d+(?:[.,]\d+)?|an?|one|two|three|four|five|six|half)\s+(?:(g|grams?|gr|kg|mg|oz|ounces?|lbs?|pounds?|ml|millilit(?:er|re)s?|l|lit(?:er|re)s?|cups?|tbsp|tablespoons?|tsp|teaspoons?|slices?|pieces?|medium|large|small)\s+)?(?:of\s+)?([a-z][a-z' -]*?)(?=\s*(?:,|;|\band\b|\bplus\b|\bwith\b|\?|\.|!|$))/gi;

export interface FoodItem {
  food: string;
  amount: number;
  unit: string | null;
}

export function foodItems(text: string): FoodItem[] {
  const out: FoodItem[] = [];
  for (const m of text.matchAll(ITEM)) {
    const n = m[1]!.toLowerCase();
    const amount = WORD_NUMBERS[n] ?? Number(n.replace(',', '.'));
    const rawUnit = m[2]?.toLowerCase();
    const unit = rawUnit ? (UNITS.find(([re]) => re.test(rawUnit))?.[1].replace('$&', rawUnit) ?? rawUnit) : null;
    const food = m[3]!.trim().replace(/^(?:the|some)\s+/i, '');
    if (
      food.length < 3 ||
      /^(?:day|days|week|weeks|time|times|serving|servings|person|people|year|years|month|months|kg|cm)$/i.test(food)
    )
      continue;
    out.push({ food, amount, unit });
  }
  return out;
}

export const nutritionAgent: Agent = {
  id: 'tool_nutrition',
  name: 'Nutrition of foods',
  group: 'tool',
  covers: 'energy, macronutrients and micronutrients with % Daily Value for foods and amounts written in the question',
  uses: ['nutrition analyzer (USDA SR28, FDA 2016 Daily Values)'],
  example: 'How much protein is in 2 large eggs and 1 cup of milk?',
  route: (a) =>
    a.intents.has('nutrition') && !a.intents.has('macros') && !a.intents.has('foodSources') && foodItems(a.text).length
      ? 0.9
      : 0,
  run(a, deps) {
    const items = foodItems(a.text).slice(0, 10);
    const notes: Statement[] = [];
    const resolved = items.map((it) => {
      if (it.unit) return { food: it.food, amount: it.amount, unit: it.unit };
      // No unit: the food's first USDA household measure, said so in the answer.
      const probe = runTool(nutritionTool, '/v1/tools/nutrition/analyze', deps.tools, {
        items: [{ food: it.food, amount: 100, unit: 'g' }],
      });
      const food = probe.ok ? probe.data.items[0]?.food : undefined;
      const w = food
        ? deps.content
            .prepare<[string], { amount: number; measure: string; grams: number }>(
              'SELECT amount, measure, grams FROM food_weights WHERE ndb_no = ? ORDER BY seq LIMIT 1',
            )
            .get(food.ndb_no)
        : undefined;
      if (!food || !w) return { food: it.food, amount: it.amount, unit: 'piece' };
      notes.push({
        text: sentence(
          `No unit was given for "${it.amount} ${it.food}", so USDA's first household measure for ${food.description} was used: ${w.amount} ${w.measure} = ${w.grams} g`,
        ),
        sources: [cite.food(food.ndb_no, food.description)],
      });
      return { food: food.ndb_no, amount: it.amount * w.amount, unit: w.measure };
    });
    const r = runTool(nutritionTool, '/v1/tools/nutrition/analyze', deps.tools, { items: resolved });
    if (!r.ok)
      return {
        title: 'Nutrition',
        statements: [
          { text: `The nutrition analyzer could not read these foods: ${r.problems.join('; ')}.`, sources: [] },
        ],
      };
    const d = r.data;
    const foods: Source[] = d.items.map((i) => cite.food(i.food.ndb_no, i.food.description));
    const statements: Statement[] = [
      ...notes,
      ...d.items.map((i) => ({
        text: sentence(
          `${i.input.amount} ${i.input.unit} ${i.input.food} read as ${i.food.description}, ${Math.round(i.portion.grams * 10) / 10} g`,
        ),
        sources: [cite.food(i.food.ndb_no, i.food.description)],
      })),
    ];
    const pick = (key: string) => d.totals.nutrients.find((n) => n.key === key);
    const fmt = (key: string) => {
      const n = pick(key);
      return n?.amount
        ? `${n.name.toLowerCase()} ${Math.round(n.amount.value * 10) / 10} ${n.amount.unit}${n.percent_dv !== null ? ` (${n.percent_dv}% DV)` : ''}${n.complete ? '' : ' (partial: not analysed for every food)'}`
        : null;
    };
    const keys = ['energy', 'protein', 'fat', 'carbohydrate', 'fiber', 'sugars'];
    const asked = d.totals.nutrients
      .filter(
        (n) => !keys.includes(n.key) && new RegExp(`\\b${n.name.split(/[ (]/)[0]!.toLowerCase()}\\b`, 'i').test(a.text),
      )
      .map((n) => n.key);
    if (d.items.length)
      statements.push({
        text: sentence(`Total: ${[...keys, ...asked].map(fmt).filter(Boolean).join(', ')}`),
        sources: [...foods, r.method],
      });
    for (const u of d.unmatched)
      statements.push({ text: `"${u.food}" is not a food I can find in USDA SR28.`, sources: [] });
    for (const u of d.unresolved)
      statements.push({
        text: sentence(`${u.food.description}: ${u.reason}`),
        sources: [cite.food(u.food.ndb_no, u.food.description)],
      });
    return { title: 'Nutrition', statements };
  },
};
