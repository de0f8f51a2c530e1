/** Energy and macronutrient targets from details written in the question (POST /v1/tools/macros/calculate). */
import { macrosTool } from '../../../tools/macros/tool.ts';
import { sentence } from '../../evidence.ts';
import type { Agent } from '../types.ts';
import {
  missingText,
  parseActivity,
  parseAge,
  parseBodyFat,
  parseHeight,
  parseSex,
  parseWeeklyRate,
  parseWeight,
} from './parse.ts';
import { runTool } from './run-tool.ts';

const goalOf = (t: string) =>
  /\b(?:lose|losing|cut|cutting|fat loss|weight loss|deficit)\b/i.test(t)
    ? 'lose'
    : /\b(?:gain|gaining|bulk|bulking|build muscle|surplus)\b/i.test(t)
      ? 'gain'
      : 'maintain';

export const macrosAgent: Agent = {
  id: 'tool_macros',
  name: 'Calories and macros',
  group: 'tool',
  covers: 'BMR, daily energy needs and protein, fat, carbohydrate, fibre and water targets for a goal',
  uses: ['macro calculator (Mifflin-St Jeor or Katch-McArdle, activity factors, IOM/EFSA references)'],
  example: 'How many calories should I eat to lose weight? 35-year-old woman, 70 kg, 165 cm, moderately active',
  route: (a) => (a.intents.has('macros') ? 0.95 : 0),
  run(a, deps) {
    const weight = parseWeight(a.text);
    const height = parseHeight(a.text);
    const sex = parseSex(a.text);
    const age = parseAge(a.text);
    const activity = parseActivity(a.text);
    const missing = [
      weight ? null : 'weight (kg or lb)',
      height ? null : 'height (cm or ft/in)',
      sex ? null : 'sex',
      age ? null : 'age',
      activity ? null : 'activity level (sedentary, light, moderate, very or extra active)',
    ].filter((x): x is string => x !== null);
    if (missing.length)
      return { title: 'Calories and macros', statements: [{ text: missingText(missing), sources: [] }] };
    const bf = parseBodyFat(a.text);
    const rate = parseWeeklyRate(a.text);
    const goal = goalOf(a.text);
    const r = runTool(macrosTool, '/v1/tools/macros/calculate', deps.tools, {
      sex,
      age,
      weight,
      height,
      activity_level: activity,
      goal,
      ...(bf !== null ? { body_fat_percent: bf } : {}),
      ...(rate !== null && goal !== 'maintain' ? { weekly_rate_kg: rate } : {}),
    });
    if (!r.ok)
      return {
        title: 'Calories and macros',
        statements: [
          { text: `The macro calculator could not use these values: ${r.problems.join('; ')}.`, sources: [] },
        ],
      };
    return {
      title: 'Calories and macros',
      statements: [{ text: sentence(r.data.interpretation), sources: [r.method] }],
    };
  },
};
