/**
 * Records sized for an agent (the `detail` argument): lists are cut to the first items after ordering interaction rows
 * most severe first, long texts are shortened, and `sizing` says what was left out and where the rest is
 * (the record's materia:// resource, or the same call with detail "full"). Nothing is rewritten: a kept item is as
 * the /v1 answer has it.
 */
import type { McpDetail } from '../../shared/schemas/mcp.ts';

interface Sizing {
  items: number;
  severeItems: number;
  text: number;
  drop: readonly string[];
}

/** Search results and lists: every item stays (their own limit pages them); long texts (abstracts) are shortened. */
const LISTING: Record<Exclude<McpDetail, 'full'>, Sizing> = {
  summary: { items: Infinity, severeItems: Infinity, text: 300, drop: [] },
  standard: { items: Infinity, severeItems: Infinity, text: 1200, drop: [] },
};

const SIZING: Record<Exclude<McpDetail, 'full'>, Sizing> = {
  // Sections an agent rarely needs first: the molecule, the cost, the claims list, the raw related list.
  summary: {
    items: 2,
    severeItems: 4,
    text: 160,
    drop: [
      'mechanism_of_action',
      'structure',
      'cost_estimate',
      'point_of_care',
      'related_compounds',
      'claims',
      'alt_names',
      'pubmed_ids',
    ],
  },
  standard: { items: 25, severeItems: 50, text: 2000, drop: [] },
};

const SEVERITY_RANK: Record<string, number> = { contraindicated: 0, major: 1, moderate: 2, minor: 3 };
const rank = (x: unknown) => SEVERITY_RANK[(x as { severity?: unknown } | null)?.severity as string] ?? 4;

interface Cuts {
  lists: Record<string, string>;
  sections: string[];
  texts: number;
}

function trim(value: unknown, path: string, s: Sizing, cuts: Cuts): unknown {
  if (typeof value === 'string') {
    if (value.length <= s.text) return value;
    cuts.texts++;
    return `${value.slice(0, s.text - 1)}…`;
  }
  if (Array.isArray(value)) {
    const severe = value.some((x) => typeof x === 'object' && x !== null && 'severity' in x);
    const ordered = severe
      ? value
          .map((x, i) => [x, i] as const)
          .sort((a, b) => rank(a[0]) - rank(b[0]) || a[1] - b[1])
          .map(([x]) => x)
      : value;
    const keep = severe ? s.severeItems : s.items;
    if (ordered.length > keep) cuts.lists[path] = `${keep} of ${ordered.length}`;
    return ordered.slice(0, keep).map((x, i) => trim(x, `${path}.${i}`, s, cuts));
  }
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const p = path ? `${path}.${k}` : k;
      if (s.drop.includes(k)) {
        cuts.sections.push(p);
        continue;
      }
      out[k] = trim(v, p, s, cuts);
    }
    return out;
  }
  return value;
}

/** The record at the asked detail, with `sizing` (what was cut, and where the whole record is) when anything was cut. */
export function sized(
  data: unknown,
  detail: McpDetail,
  fullAt: { uri?: string; call: string },
  kind: 'record' | 'listing' = 'record',
): { data: unknown; sizing?: Record<string, unknown> } {
  if (detail === 'full') return { data };
  const cuts: Cuts = { lists: {}, sections: [], texts: 0 };
  const out = trim(data, '', (kind === 'record' ? SIZING : LISTING)[detail], cuts);
  const listed = Object.keys(cuts.lists).length;
  if (!listed && !cuts.sections.length && !cuts.texts) return { data: out };
  return {
    data: out,
    sizing: {
      detail,
      ...(listed ? { lists_cut: cuts.lists } : {}),
      ...(cuts.sections.length ? { sections_left_out: cuts.sections } : {}),
      ...(cuts.texts ? { texts_shortened: cuts.texts } : {}),
      full: { ...(fullAt.uri ? { resource: fullAt.uri } : {}), call: fullAt.call },
    },
  };
}
