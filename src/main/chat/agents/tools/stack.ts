/** A goal-based stack, screened for interactions with the medications the question names (POST /v1/tools/peptide-stack/build). */
import { peptideStackTool } from '../../../tools/peptide-stack/tool.ts';
import { cite, sentence, type Statement } from '../../evidence.ts';
import type { Agent } from '../types.ts';
import { runTool } from './run-tool.ts';

export const stackAgent: Agent = {
  id: 'tool_peptide_stack',
  name: 'Stack builder',
  group: 'tool',
  covers:
    'a stack for one or more goals chosen by goal fit and evidence grade, screened for interactions with the medications named',
  uses: ['peptide-stack builder', 'compound records', 'DDInter and editorial interactions'],
  example: 'Build me a peptide stack for healing',
  route: (a) => (a.intents.has('stack') && a.goals.length ? 0.95 : 0),
  run(a, deps) {
    const goals = [...new Set(a.goals.map((g) => g.subcategories[0]!))].slice(0, 5);
    const categories = a.categories.length ? a.categories : /\bpeptides?\b/i.test(a.text) ? ['peptide'] : undefined;
    const meds = a.compounds.filter((c) => !c.family).map((c) => c.slug);
    const r = runTool(peptideStackTool, '/v1/tools/peptide-stack/build', deps.tools, {
      goals,
      constraints: { ...(categories ? { categories } : {}), current_medications: meds },
    });
    if (!r.ok)
      return {
        title: 'Stack',
        statements: [{ text: `The stack builder could not use this request: ${r.problems.join('; ')}.`, sources: [] }],
      };
    const d = r.data;
    const statements: Statement[] = d.stack.map((s) => ({
      text: sentence(
        `${s.rank}. ${s.name} for ${s.goal.replace(/_/g, ' ')}: evidence grade ${s.evidence_grade}, ${s.status.replace('_', ' ')}; dose ${s.dosing.amount ? `${s.dosing.amount.value} ${s.dosing.amount.unit}, ${s.dosing.frequency}` : `not established (${s.dosing.dose_status.replace(/_/g, ' ')})`}${s.warnings.length ? `; warnings: ${s.warnings.map((w) => w.message).join(' ')}` : ''}`,
      ),
      sources: [cite.compound(s.slug, s.name), r.method],
    }));
    for (const why of d.empty_reasons) statements.push({ text: sentence(why), sources: [r.method] });
    for (const w of d.warnings) statements.push({ text: sentence(w), sources: [r.method] });
    statements.push({ text: sentence(d.interpretation), sources: [r.method] });
    return { title: `Stack for ${goals.map((g) => g.replace(/_/g, ' ')).join(', ')}`, statements };
  },
};
