/**
 * The interaction checker, run whenever a question names two or more substances by any name the checker recognises
 * (names.ts), whatever else it asks. Its lines lead the answer: one line per pair, most severe first, the pair's
 * worst severity with the note of the source that explains it. Pairs that DDInter lists without any detail are folded
 * into one line, pairs with nothing recorded into another; a pair whose side the checker does not recognise is still
 * named, with what was and was not searched. (POST /v1/tools/interactions/check: the same check.)
 */
import { INTERACTION_SEVERITIES } from '../../../../shared/enums.ts';
import type { Analysis } from '../../analyze.ts';
import { sentence, sourceKey, type Source, type Statement } from '../../evidence.ts';
import type { Agent } from '../types.ts';
import { checkInteractions, type PairView } from './interaction-check.ts';

const rank = (s: string) => {
  const i = (INTERACTION_SEVERITIES as readonly string[]).indexOf(s);
  return i < 0 ? INTERACTION_SEVERITIES.length : i;
};
const LABEL: Record<string, string> = {
  contraindicated: 'contraindicated',
  major: 'major interaction',
  moderate: 'moderate interaction',
  minor: 'minor interaction',
  unknown: 'interaction of unknown severity',
};
const uniq = (xs: Source[]) => [...new Map(xs.map((s) => [sourceKey(s), s])).values()];

/** Substances handed to the checker: the names the question uses, at most 12. */
export const substancesIn = (a: Analysis) => a.substances.slice(0, 12);

export const interactionCheckerAgent: Agent = {
  id: 'tool_interactions',
  name: 'Interaction checker',
  group: 'tool',
  covers:
    'whether two or more named substances interact: runs whenever a question names two or more (by name, brand, synonym, another language or with a typo); one line per pair, most severe first',
  uses: [
    'interaction checker (pair model: DDInter, ONC, FDA labels, editorial records and class rules)',
    'DrugBank open vocabulary, brands and aliases (names)',
  ],
  example: 'Can I take BPC-157 with warfarin?',
  route: (a) => (substancesIn(a).length >= 2 ? 0.97 : 0),
  run(a, deps) {
    const subs = substancesIn(a);
    if (subs.length < 2) return { title: 'Interaction check', statements: [] };
    const r = checkInteractions(
      deps,
      subs.map((s) => s.input),
    );
    if (!r.ok)
      return {
        title: 'Interaction check',
        statements: [
          { text: `The interaction checker could not use these names: ${r.problems.join('; ')}.`, sources: [] },
        ],
      };
    const { inputs, pairs, method } = r.view;
    const display = (input: string) =>
      subs.find((s) => s.input === input)?.name ?? inputs.find((i) => i.input === input)?.name ?? input;
    const order = (p: { x: string; y: string }) => {
      const [i, j] = [inputs.findIndex((x) => x.input === p.x), inputs.findIndex((x) => x.input === p.y)].sort(
        (m, n) => m - n,
      );
      return i! * 100 + j!;
    };
    const line = (p: PairView) => `${display(p.x)} + ${display(p.y)}`;
    // a pair with an explanation, or major or worse, gets its own line; DDInter's bare levels below that share one
    const unknown = new Set(inputs.filter((i) => !i.known).map((i) => i.input));
    // a pair with an unrecognised side and nothing found is reported as unchecked below, not as a listed interaction
    const listed = pairs.filter((p) => p.text || !(unknown.has(p.x) || unknown.has(p.y)));
    const own = listed
      .filter((p) => p.text || rank(p.severity) <= rank('major'))
      .sort((p, q) => rank(p.severity) - rank(q.severity) || order(p) - order(q));
    const bare = listed
      .filter((p) => !own.includes(p))
      .sort((p, q) => rank(p.severity) - rank(q.severity) || order(p) - order(q));
    const statements: Statement[] = own.map((p) => ({
      text: `${line(p)}: ${LABEL[p.severity] ?? p.severity}. ${p.text ?? 'The sources list the pair without a mechanism or management text: check a full interaction reference.'}`
        .replace(/\s+/g, ' ')
        .trim(),
      sources: p.sources,
    }));
    if (bare.length) {
      statements.push({
        text: sentence(
          `Also listed without mechanism or management text (DDInter): ${bare.map((p) => `${line(p)} (${p.severity})`).join('; ')}`,
        ),
        sources: uniq([...bare.flatMap((p) => p.sources)]),
      });
    }
    const has = new Set(listed.map((p) => [p.x, p.y].sort().join('\u0000')));
    const none: [string, string][] = [];
    for (let i = 0; i < inputs.length; i++)
      for (let j = i + 1; j < inputs.length; j++) {
        if (!has.has([inputs[i]!.input, inputs[j]!.input].sort().join('\u0000')))
          none.push([inputs[i]!.input, inputs[j]!.input]);
      }
    const checked = none.filter(([x, y]) => !unknown.has(x) && !unknown.has(y));
    if (checked.length) {
      statements.push({
        text: sentence(
          `No interaction is recorded for ${checked.map(([x, y]) => `${display(x)} + ${display(y)}`).join('; ')} in the sources the checker reads; that means none is listed, not that the combination is proven safe`,
        ),
        sources: [method],
      });
    }
    for (const u of inputs.filter((i) => unknown.has(i.input))) {
      const partners = none
        .filter(([x, y]) => x === u.input || y === u.input)
        .map(([x, y]) => display(x === u.input ? y : x));
      if (partners.length)
        statements.push({
          text: sentence(
            `${u.name} + ${partners.join(', ')}: ${u.name} is not in the checker's drug sources, so only our records' interaction texts could be searched for it, and none mentions it; ask a pharmacist`,
          ),
          sources: [method],
        });
    }
    return {
      title: `Interaction check: ${inputs.map((i) => display(i.input)).join(' + ')}`,
      statements,
      keepAll: true,
      quiet: listed.length === 0 && !unknown.size,
    };
  },
};
