/**
 * The chat's view of one run of the interaction checker (POST /v1/tools/interactions/check, called through its
 * exported tool): per pair of substances, the worst severity, the text that explains it and the records behind it.
 * It reads the pair model's response: one verdict per pair (docs/interactions.md).
 */
import { interactionsTool } from '../../../tools/interactions/tool.ts';
import type { AgentDeps } from '../types.ts';
import { cite, sentence, sourceKey, type Source } from '../../evidence.ts';
import { runTool } from './run-tool.ts';

export interface PairView {
  x: string;
  y: string;
  severity: string;
  text: string | null;
  sources: Source[];
}
export interface CheckView {
  /** inputs in order, without duplicates, with how the answer names each */
  inputs: { input: string; name: string; known: boolean; notice: string | null }[];
  /** pairs with a finding; pairs not listed here have none */
  pairs: PairView[];
  method: Source;
  /** the checker's own sentence on what it covered, when it gives one */
  coverage: string | null;
}

interface Sub {
  input: string;
  name?: string;
  status: string;
  notice?: string | null;
  compound: { slug: string; name: string } | null;
  ddinter: { id: string; name: string }[];
  duplicate_of: string | null;
}
interface Pair {
  a: { input: string };
  b: { input: string };
  severity: string;
  sources: { source: string; severity: string; record: string | null; reference: string }[];
  mechanism: string | null;
  management: string | null;
}
interface Data {
  substances: Sub[];
  pairs: Pair[];
  coverage?: { statement: string };
}

const uniq = (xs: Source[]) => [...new Map(xs.map((s) => [sourceKey(s), s])).values()];

export function checkInteractions(
  deps: AgentDeps,
  inputs: string[],
): { ok: true; view: CheckView } | { ok: false; problems: string[] } {
  const r = runTool(interactionsTool, '/v1/tools/interactions/check', deps.tools, { substances: inputs });
  if (!r.ok) return r;
  const d = r.data as unknown as Data;
  const subs = new Map(d.substances.map((s) => [s.input, s]));
  const name = (input: string) => {
    const s = subs.get(input);
    return s?.compound?.name ?? s?.name ?? s?.ddinter[0]?.name ?? input;
  };
  const ddinterCite = (x: string, y: string): Source[] => {
    for (const p of subs.get(x)?.ddinter ?? [])
      for (const q of subs.get(y)?.ddinter ?? []) {
        const [lo, hi] = p.id < q.id ? [p.id, q.id] : [q.id, p.id];
        if (deps.content.prepare('SELECT 1 FROM ddinter_pairs WHERE a = ? AND b = ?').get(lo, hi))
          return [cite.ddinterPair(p, q)];
      }
    return [];
  };
  const recordCite = (slug: string | null, x: string, y: string): Source[] => {
    if (!slug) return [];
    const owner = [x, y].find((i) => subs.get(i)?.compound?.slug === slug);
    return [cite.compound(slug, owner ? name(owner) : slug)];
  };
  const pairs: PairView[] = d.pairs.map((p) => {
    const [x, y] = [p.a.input, p.b.input];
    const text =
      [p.mechanism, p.management]
        .filter((t): t is string => !!t)
        .map(sentence)
        .join(' ') || null;
    const sources = p.sources.flatMap((src) =>
      src.source === 'ddinter' ? ddinterCite(x, y) : src.source === 'editorial' ? recordCite(src.record, x, y) : [],
    );
    return { x, y, severity: p.severity, text, sources: uniq([...sources, r.method]) };
  });
  const known = (s: Sub) => s.status !== 'unmatched' && s.status !== 'unresolved';
  return {
    ok: true,
    view: {
      inputs: d.substances
        .filter((s) => s.duplicate_of === null)
        .map((s) => ({ input: s.input, name: name(s.input), known: known(s), notice: s.notice ?? null })),
      pairs,
      method: r.method,
      coverage: d.coverage?.statement ?? null,
    },
  };
}
