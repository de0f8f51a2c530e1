/** Every interacting pair among the substances a question names (POST /v1/tools/interactions/check: DDInter + records). */
import { normalizeName } from '../../../compounds/names.ts';
import type { Db } from '../../../db/connection.ts';
import { interactionsTool } from '../../../tools/interactions/tool.ts';
import type { Analysis } from '../../analyze.ts';
import { cite, sentence, type Source, type Statement } from '../../evidence.ts';
import type { Agent } from '../types.ts';
import { runTool } from './run-tool.ts';

const ddinterNames = new WeakMap<Db, Set<string>>();

/** Substances the question names: our compounds (by slug, or the family word) and drugs only DDInter knows. */
export function substancesIn(db: Db, a: Analysis): string[] {
  let names = ddinterNames.get(db);
  if (!names) {
    names = new Set(db.prepare<[], { name_norm: string }>('SELECT name_norm FROM ddinter_drugs WHERE length(name_norm) >= 4').all().map((r) => r.name_norm));
    ddinterNames.set(db, names);
  }
  const out = [...new Set(a.compounds.map((c) => (c.family ? c.matched.toLowerCase() : c.slug)))];
  const covered = a.compounds.map((c) => [c.at, c.at + c.matched.length] as const);
  const words = [...a.text.matchAll(/[\p{L}\p{N}'-]+/gu)];
  for (let i = 0; i < words.length; i++) {
    for (let n = 3; n >= 1; n--) {
      const span = words.slice(i, i + n);
      if (span.length < n) continue;
      const s = span[0]!.index;
      const e = span[n - 1]!.index + span[n - 1]![0].length;
      if (covered.some(([x, y]) => s < y && e > x)) continue;
      const text = a.text.slice(s, e);
      if (names.has(normalizeName(text))) { out.push(text); covered.push([s, e]); break; }
    }
  }
  return out;
}

export const interactionCheckerAgent: Agent = {
  id: 'tool_interactions', name: 'Interaction checker', group: 'tool',
  covers: 'whether two or more named substances interact: every pair checked against DDInter and the knowledge base\'s interaction lists',
  uses: ['interaction checker', 'DDInter (160,235 pairs)', 'compound records (editorial interactions)', 'DrugBank open vocabulary (names)'],
  example: 'Can I take BPC-157 with warfarin?',
  route: (a) => (a.intents.has('interactions') && a.compounds.length >= 1 ? 0.95 : 0),
  run(a, deps) {
    const subs = substancesIn(deps.content, a).slice(0, 30);
    if (subs.length < 2) return { title: 'Interaction check', statements: [] };
    const r = runTool(interactionsTool, '/v1/tools/interactions/check', deps.tools, { substances: subs });
    if (!r.ok) return { title: 'Interaction check', statements: [{ text: `The interaction checker could not use these names: ${r.problems.join('; ')}.`, sources: [] }] };
    const d = r.data;
    const byInput = new Map(d.substances.map((s) => [s.input, s]));
    const recordSources = (input: string): Source[] => {
      const s = byInput.get(input);
      return s?.compound ? [cite.compound(s.compound.slug, s.compound.name)] : [];
    };
    const pairSource = (x: string, y: string): Source[] => {
      const a1 = byInput.get(x)?.ddinter ?? [];
      const b1 = byInput.get(y)?.ddinter ?? [];
      for (const p of a1) for (const q of b1) {
        const [lo, hi] = p.id < q.id ? [p.id, q.id] : [q.id, p.id];
        if (deps.content.prepare('SELECT 1 FROM ddinter_pairs WHERE a = ? AND b = ?').get(lo, hi)) return [cite.ddinterPair(p, q)];
      }
      return [];
    };
    const statements: Statement[] = d.interactions.map((i) => ({
      text: sentence(`${i.a.name} + ${i.b.name}: ${i.severity} (${i.source === 'ddinter' ? `DDInter: ${i.listed_as}` : `listed in the ${i.record} record as "${i.listed_as}"`}). ${i.notes}`),
      sources: [...(i.source === 'ddinter' ? pairSource(i.a.input, i.b.input) : i.record ? [cite.compound(i.record, byInput.get(i.a.input)?.compound?.slug === i.record ? i.a.name : i.b.name)] : []), r.method],
    }));
    if (!d.interactions.length) {
      const named = d.substances.map((s) => s.compound?.name ?? s.ddinter[0]?.name ?? s.input);
      statements.push({ text: sentence(`No interaction is listed between ${named.slice(0, -1).join(', ')} and ${named[named.length - 1]} in DDInter or in the knowledge base's interaction lists (${d.pairs_checked} pair${d.pairs_checked === 1 ? '' : 's'} checked); that means none is recorded, not that the combination is proven safe`), sources: [...d.substances.flatMap((s) => recordSources(s.input)), r.method] });
    }
    for (const u of d.unmatched) statements.push({ text: `"${u.input}" is neither in the knowledge base nor in DDInter${u.suggestions.length ? `; did you mean ${u.suggestions.map((s) => s.name).join(', ')}?` : ''}.`, sources: [] });
    return { title: `Interaction check: ${d.substances.map((s) => s.compound?.name ?? s.ddinter[0]?.name ?? s.input).join(' + ')}`, statements };
  },
};
