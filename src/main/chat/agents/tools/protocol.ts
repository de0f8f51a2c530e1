/** A phased protocol outline for the compounds the question names (POST /v1/tools/protocol/build). */
import { protocolTool } from '../../../tools/protocol/tool.ts';
import { cite, sentence, type Statement } from '../../evidence.ts';
import type { Agent } from '../types.ts';
import { parseWeeks } from './parse.ts';
import { runTool } from './run-tool.ts';

const DEFAULT_WEEKS = 12;

export const protocolAgent: Agent = {
  id: 'tool_protocol',
  name: 'Protocol outline',
  group: 'tool',
  covers:
    'phases, week-by-week schedule, monitoring labs and stop criteria for up to six named compounds over a duration',
  uses: ['protocol builder', 'monographs', 'NLM lab reference ranges', 'DDInter and editorial interactions'],
  example: 'Make a 12-week protocol for sertraline for depression',
  route: (a) => (a.intents.has('protocol') && a.compounds.some((c) => !c.family) ? 0.95 : 0),
  run(a, deps) {
    const compounds = a.compounds.filter((c) => !c.family).slice(0, 6);
    const weeks = parseWeeks(a.text);
    const withoutNames = compounds.reduce((t, c) => t.split(c.matched).join(' '), a.text);
    const stated = /\bfor ([a-z][a-z' -]{2,60}?)\s*(?:[?.,;!]|$)/i.exec(withoutNames)?.[1]?.trim();
    const goal = stated ?? a.goals[0]?.label ?? compounds[0]!.name;
    const r = runTool(protocolTool, '/v1/tools/protocol/build', deps.tools, {
      compounds: compounds.map((c) => c.slug),
      duration_weeks: weeks ?? DEFAULT_WEEKS,
      goal,
    });
    if (!r.ok)
      return {
        title: 'Protocol',
        statements: [
          { text: `The protocol builder could not use this request: ${r.problems.join('; ')}.`, sources: [] },
        ],
      };
    const d = r.data;
    const statements: Statement[] = [];
    if (weeks === null)
      statements.push({ text: `No duration was given, so this outline covers ${DEFAULT_WEEKS} weeks.`, sources: [] });
    for (const c of d.compounds) {
      const src = c.source === 'monograph' ? cite.monograph(c.slug, c.name) : cite.compound(c.slug, c.name);
      statements.push({ text: sentence(`${c.name}: ${c.dose.text}`), sources: [src, r.method] });
      statements.push({
        text: sentence(
          `Phases: ${c.phases.map((p) => `${p.phase} weeks ${p.from_week}–${p.to_week}${p.dose ? ` at ${p.dose.value} ${p.dose.unit}` : ''}`).join('; ')}`,
        ),
        sources: [src, r.method],
      });
    }
    for (const m of d.monitoring)
      statements.push({
        text: sentence(`Monitor ${m.panel} (${m.timing})`),
        sources: [
          ...m.reasons.slice(0, 1).map((x) => {
            const name = d.compounds.find((c) => c.slug === x.slug)?.name ?? x.slug;
            return x.field === 'side_effects' ? cite.compound(x.slug, name) : cite.monograph(x.slug, name);
          }),
          r.method,
        ],
      });
    for (const s of d.stop_criteria.slice(0, 4))
      statements.push({
        text: sentence(`Stop and seek care if: ${s.criterion}`),
        sources: [
          s.source === 'compound_side_effect' ? cite.compound(s.slug, s.name) : cite.monograph(s.slug, s.name),
          r.method,
        ],
      });
    for (const w of d.warnings) statements.push({ text: sentence(w), sources: [r.method] });
    statements.push({ text: sentence(d.disclaimer), sources: [r.method] });
    return { title: `Protocol: ${d.compounds.map((c) => c.name).join(', ')}, ${d.duration.value} weeks`, statements };
  },
};
