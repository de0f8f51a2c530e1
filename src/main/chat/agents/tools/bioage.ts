/** PhenoAge from nine biomarkers written in the question (POST /v1/tools/bioage/calculate). */
import { BIOAGE_BIOMARKERS, BIOAGE_UNITS, type BioageBiomarker } from '../../../../shared/schemas/tools/bioage.ts';
import { bioageTool } from '../../../tools/bioage/tool.ts';
import { sentence } from '../../evidence.ts';
import type { Agent } from '../types.ts';
import { missingText, parseAge, valueAfter } from './parse.ts';
import { runTool } from './run-tool.ts';

const LABELS: Record<BioageBiomarker, RegExp> = {
  albumin: /\balbumin\b/i,
  creatinine: /\bcreatinine\b/i,
  glucose: /\b(?:fasting )?glucose\b/i,
  crp: /\b(?:hs-?crp|crp|c-reactive protein)\b/i,
  lymphocyte_percent: /\blymphocytes?(?: percent(?:age)?| %)?\b/i,
  mcv: /\bmcv\b/i,
  rdw: /\brdw\b/i,
  alkaline_phosphatase: /\b(?:alkaline phosphatase|alp)\b/i,
  wbc: /\b(?:wbc|white (?:blood )?cells?(?: count)?)\b/i,
};

/** The unit as the tool spells it, from what the user wrote ("umol/l", "µmol/L", "x10^9/L"); null when unrecognised. */
function unitFor(b: BioageBiomarker, written: string): string | null {
  const w = written.toLowerCase().replace(/µ|μ/g, 'u').replace(/^x/, '').replace(/\*/g, '^');
  const units = BIOAGE_UNITS[b] as readonly string[];
  const hit = units.find((u) => u.toLowerCase() === w);
  if (hit) return hit;
  if (!written && units.length === 1) return units[0]!;
  return null;
}

export const bioageAgent: Agent = {
  id: 'tool_bioage',
  name: 'Biological age (PhenoAge)',
  group: 'tool',
  covers:
    'phenotypic age, age acceleration and mortality score from age and nine blood biomarkers written in the question',
  uses: ['bio-age calculator (Levine 2018 PhenoAge)', 'NLM lab reference ranges'],
  example:
    'What is my biological age? I am 50; albumin 45 g/L, creatinine 80 umol/L, glucose 5 mmol/L, CRP 1 mg/L, lymphocytes 30%, MCV 90 fL, RDW 13%, ALP 70 U/L, WBC 6 10^9/L',
  route: (a) => (a.intents.has('bioage') ? 0.95 : 0),
  run(a, deps) {
    const input: Record<string, unknown> = { age: parseAge(a.text) ?? undefined };
    const missing: string[] = input.age === undefined ? ['your age'] : [];
    for (const b of BIOAGE_BIOMARKERS) {
      const m = LABELS[b].exec(a.text);
      const v = m ? valueAfter(a.text, m.index, m[0].length) : null;
      const unit = v ? unitFor(b, v.unit) : null;
      if (!v || !unit) {
        missing.push(`${b.replace('_', ' ')} (${(BIOAGE_UNITS[b] as readonly string[]).join(' or ')})`);
        continue;
      }
      input[b] = { value: v.value, unit };
    }
    if (missing.length)
      return {
        title: 'Biological age (PhenoAge)',
        statements: [{ text: `PhenoAge needs age and all nine biomarkers. ${missingText(missing)}`, sources: [] }],
      };
    const r = runTool(bioageTool, '/v1/tools/bioage/calculate', deps.tools, input);
    if (!r.ok)
      return {
        title: 'Biological age (PhenoAge)',
        statements: [
          { text: `The bio-age calculator could not use these values: ${r.problems.join('; ')}.`, sources: [] },
        ],
      };
    return {
      title: 'Biological age (PhenoAge)',
      statements: [{ text: sentence(r.data.interpretation), sources: [r.method] }],
    };
  },
};
