/** Lab values written in the question, read against LOINC-coded reference ranges (POST /v1/tools/bloodwork/analyze). */
import { bloodworkTool } from '../../../tools/bloodwork/tool.ts';
import { cite, sentence, type Statement } from '../../evidence.ts';
import type { Agent } from '../types.ts';
import type { Analysis } from '../../analyze.ts';
import { parseAge, parseSex, valueAfter } from './parse.ts';
import { runTool } from './run-tool.ts';
import { thresholdFor } from './lab-thresholds.ts';

/** Each named test followed by a number: "ferritin 12 ng/mL", "my TSH was 6.1". */
export function labValues(a: Analysis): { test: string; value: number; unit: string; loinc: string }[] {
  return a.labs.flatMap((l) => {
    // the name as written may run on past the matched one ("ferritina")
    let end = l.at + l.length;
    while (end < a.text.length && /\p{L}/u.test(a.text[end]!)) end++;
    const v = valueAfter(a.text, l.at, end - l.at);
    return v ? [{ test: l.alias, value: v.value, unit: v.unit, loinc: l.loinc }] : [];
  });
}

/** A person's own results ("my ferritin is 8", "results came back"), not a dose or a study's figure. */
const OWN_RESULTS =
  /\b(?:my|mine|mi|mis|mein|meine|i have|i've got|i got|results?|came back|lab (?:report|work)|blood ?(?:test|work))\b/i;

export const asksAboutOwnResults = (a: Analysis) => OWN_RESULTS.test(a.text) && labValues(a).length > 0;

export const bloodworkAgent: Agent = {
  id: 'tool_bloodwork',
  name: 'Bloodwork analyzer',
  group: 'tool',
  covers:
    'lab results written in the question (test, value, unit): unit conversion and status against the reference range and critical limits',
  uses: ['bloodwork analyzer', 'NLM lab reference ranges (LOINC)'],
  example: 'My ferritin is 8 ng/mL and my TSH is 6.2 mIU/L, what does that mean?',
  route: (a) => (!a.intents.has('bioage') && asksAboutOwnResults(a) ? 0.9 : 0),
  run(a, deps) {
    const unitOf = deps.content.prepare<[string], { units: string | null }>(
      'SELECT units FROM lab_tests WHERE loinc = ? AND units IS NOT NULL ORDER BY rowid LIMIT 1',
    );
    const notes: Statement[] = [];
    // a value written without a unit is read in the unit of the test's reference range, and the answer says so
    const panel = labValues(a).map((v) => {
      if (v.unit) return { test: v.test, value: v.value, unit: v.unit };
      const unit = unitOf.get(v.loinc)?.units ?? '';
      if (unit)
        notes.push({
          text: sentence(
            `No unit was given for ${v.test} ${v.value}, so it was read as ${v.value} ${unit}, the unit of the reference range; if your report uses another unit, say which`,
          ),
          sources: [cite.labTest(v.loinc, v.test)],
        });
      return { test: v.test, value: v.value, unit };
    });
    const sex = parseSex(a.text);
    const age = parseAge(a.text);
    // The reference source has no sex- or age-specific ranges: the tool records both but does not use them, so a
    // question without them is read exactly as with them (the answer says the ranges are not adjusted).
    const r = runTool(bloodworkTool, '/v1/tools/bloodwork/analyze', deps.tools, {
      sex: sex ?? 'female',
      age: age ?? 40,
      panel,
    });
    if (!r.ok)
      return {
        title: 'Bloodwork',
        statements: [
          { text: `The bloodwork analyzer could not read these values: ${r.problems.join('; ')}.`, sources: [] },
        ],
      };
    const crossed = r.data.results.flatMap((x) => {
      const t = thresholdFor(x.input.test, x.input.value, x.input.unit);
      // the analyzer may name the threshold itself; then it is not said twice
      if (t && /\bthreshold\b/i.test(x.interpretation)) return [];
      return t
        ? [
            {
              text: sentence(
                `${x.input.test[0]!.toUpperCase()}${x.input.test.slice(1)} ${x.input.value} ${x.input.unit} is ${t.says}`,
              ),
              sources: [cite.vocabulary(`lab_threshold/${t.id}`, t.basis)],
            },
          ]
        : [];
    });
    const statements: Statement[] = [
      ...crossed,
      ...r.data.results.map((x) => ({
        text: sentence(
          `${x.input.test} ${x.input.value} ${x.input.unit}: ${x.status.replace('_', ' ')} (reference ${x.reference_range.text}). ${x.interpretation}`,
        ),
        sources: [cite.labTest(x.test.loinc, x.test.source_name), r.method],
      })),
      ...notes,
    ];
    for (const u of r.data.unmatched)
      statements.push({
        text: `"${u.test}" is not a test I can find in the reference ranges${u.suggestions.length ? `; similar: ${u.suggestions.map((s) => s.name).join(', ')}` : ''}.`,
        sources: [],
      });
    statements.push({ text: sentence(r.data.range_note), sources: [r.method] });
    if (age !== null && age < 18)
      statements.push({
        text: 'These are adult ranges; many values differ in children and adolescents.',
        sources: [r.method],
      });
    return { title: 'Bloodwork', statements };
  },
};
