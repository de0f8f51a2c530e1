/** Body composition from measurements written in the question (POST /v1/tools/inbody/analyze). */
import { inbodyTool } from '../../../tools/inbody/tool.ts';
import { bmi, ffmi, round, whoBmiClass } from '../../../tools/inbody/compute.ts';
import { cite, sentence, type Statement } from '../../evidence.ts';
import type { Agent } from '../types.ts';
import { missingText, parseAge, parseBodyFat, parseHeight, parseSex, parseWeight } from './parse.ts';
import { runTool } from './run-tool.ts';

export const inbodyAgent: Agent = {
  id: 'tool_inbody',
  name: 'Body composition',
  group: 'tool',
  covers:
    'BMI class, body-fat category, fat-free mass index and waist ratios from measurements written in the question',
  uses: ['body composition analyzer (WHO BMI, ACE body fat, Kouri 1995 FFMI, WHO waist cut-offs)'],
  example: 'What is my BMI? I am a 40-year-old man, 80 kg, 180 cm, 22% body fat',
  // needs a measurement or a personal question ("what is my BMI?"); a study's mention of BMI is not a request
  route: (a) =>
    a.intents.has('inbody') &&
    !a.intents.has('macros') &&
    (parseWeight(a.text) || parseHeight(a.text) || /\bmy\b/i.test(a.text))
      ? 0.9
      : 0,
  run(a, deps) {
    const weight = parseWeight(a.text);
    const height = parseHeight(a.text);
    const sex = parseSex(a.text);
    const age = parseAge(a.text);
    const missing = [
      weight ? null : 'weight (kg or lb)',
      height ? null : 'height (cm or ft/in)',
      sex ? null : 'sex',
      age ? null : 'age',
    ].filter((x): x is string => x !== null);
    const bf = parseBodyFat(a.text);
    // BMI and FFMI need only weight and height (and body fat): answer them, and ask for the rest
    if (missing.length && weight && height) {
      const kg = weight.unit === 'lb' ? weight.value * 0.45359237 : weight.value;
      const cm = height.unit === 'in' ? height.value * 2.54 : height.value;
      const b = bmi(kg, cm);
      const cls = whoBmiClass(b);
      const method = cite.method(
        '/v1/tools/inbody/analyze',
        'WHO BMI classification (WHO Technical Report Series 894, 2000); FFMI: Kouri EM et al., Clin J Sport Med 1995;5:223-228',
      );
      const out: Statement[] = [
        { text: sentence(`BMI ${round(b, 1)} kg/m² (${cls.label}, WHO classification)`), sources: [method] },
      ];
      if (bf !== null) {
        const f = ffmi(kg, cm, bf);
        out.push({
          text: sentence(
            `FFMI ${round(f.ffmi, 1)} kg/m² (height-normalised ${round(f.normalized, 1)}); fat-free mass ${round(f.ffm, 1)} kg`,
          ),
          sources: [method],
        });
      }
      out.push({
        text: missingText(missing).replace(
          'to run this',
          'for the rest of the analysis (body-fat category, waist ratios)',
        ),
        sources: [],
      });
      return { title: 'Body composition', statements: out };
    }
    if (missing.length) return { title: 'Body composition', statements: [{ text: missingText(missing), sources: [] }] };
    const r = runTool(inbodyTool, '/v1/tools/inbody/analyze', deps.tools, {
      weight,
      height,
      sex,
      age,
      ...(bf !== null ? { body_fat_percent: bf } : {}),
    });
    if (!r.ok)
      return {
        title: 'Body composition',
        statements: [
          { text: `The body composition analyzer could not use these values: ${r.problems.join('; ')}.`, sources: [] },
        ],
      };
    return { title: 'Body composition', statements: [{ text: sentence(r.data.interpretation), sources: [r.method] }] };
  },
};
