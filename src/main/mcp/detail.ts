/**
 * Answers sized for an agent (the `detail` argument): lists are cut to their first items after ordering interaction
 * rows most severe first, long texts are shortened, some sections are left out, and `sizing` says what was left out
 * and where the rest is (the record's materia:// resource, or the same call with detail "full"). Nothing is
 * rewritten: a kept item is as the /v1 answer has it. Records, listings and the calculators' answers each have their
 * own rules below; `full` is always the /v1 answer.
 */
import type { McpDetail } from '../../shared/schemas/mcp.ts';

interface Sizing {
  /** Items kept of a list (of a list whose items carry a `severity`: severeItems), unless `lists` names it. */
  items: number;
  severeItems: number;
  /** Per list, by its path without indexes ("pairs", "pairs.sources"): items kept. */
  lists?: Readonly<Record<string, number>>;
  /** Per list path: items at these severities are kept whatever the cap (the checker never leaves out a major pair). */
  alwaysKeep?: Readonly<Record<string, readonly string[]>>;
  text: number;
  /** Only texts inside list items are shortened: an answer's own statements (interpretation, warnings) stay whole. */
  nestedTextsOnly?: boolean;
  /** Keys, or paths without indexes, left out. */
  drop: readonly string[];
}

/** Search results and lists: every item stays (their own limit pages them); long texts (abstracts) are shortened. */
const LISTING: Record<Exclude<McpDetail, 'full'>, Sizing> = {
  summary: { items: Infinity, severeItems: Infinity, text: 300, drop: [] },
  standard: { items: Infinity, severeItems: Infinity, text: 1200, drop: [] },
};

const RECORD: Record<Exclude<McpDetail, 'full'>, Sizing> = {
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

/**
 * The calculators and the interaction checker. A summary keeps every finding a user has to hear (every interacting
 * pair of major or contraindicated severity, every lab result, every warning and the interpretation) and leaves out
 * what repeats or explains the method: each source's full reference, the per-food nutrient and energy rows (the
 * totals carry them), echoes of the input, the coverage list of every source consulted, the method's bibliography.
 */
const TOOL_COMMON: Sizing = {
  items: Infinity,
  severeItems: Infinity,
  text: 200,
  nestedTextsOnly: true,
  drop: ['coverage.sources', 'method.reference'],
};
const TOOL_SUMMARY: Record<string, Partial<Sizing>> = {
  check_interactions: {
    lists: { pairs: 20, 'pairs.sources': 1 },
    alwaysKeep: { pairs: ['contraindicated', 'major'] },
    drop: [
      ...TOOL_COMMON.drop,
      'substances.ingredients',
      'substances.ddinter',
      'substances.read_as',
      'pairs.sources.reference',
      'pairs.sources.basis',
    ],
  },
  analyze_nutrition: {
    lists: { 'totals.nutrients.not_analysed_in': 3 },
    drop: [...TOOL_COMMON.drop, 'items.input', 'items.match.alternatives', 'items.nutrients', 'items.macro_energy'],
  },
  analyze_bloodwork: {
    drop: [
      ...TOOL_COMMON.drop,
      'results.input',
      'results.test.short_name',
      'results.test.source_name',
      'results.critical_limits.source',
      'results.related_compounds',
      'results.decision_thresholds',
      'results.reference_range.source_text',
    ],
  },
  build_peptide_stack: { lists: { not_selected: 5 } },
};
const TOOL_STANDARD: Sizing = { items: Infinity, severeItems: Infinity, text: 1000, nestedTextsOnly: true, drop: [] };

function toolSizing(tool: string, detail: Exclude<McpDetail, 'full'>): Sizing {
  return detail === 'standard' ? TOOL_STANDARD : { ...TOOL_COMMON, ...TOOL_SUMMARY[tool] };
}

const SEVERITY_RANK: Record<string, number> = { contraindicated: 0, major: 1, moderate: 2, minor: 3 };
const severityOf = (x: unknown) => (x as { severity?: unknown } | null)?.severity as string;
const rank = (x: unknown) => SEVERITY_RANK[severityOf(x)] ?? 4;

interface Cuts {
  /** By list path without indexes: [items kept, items in all, lists cut]. */
  lists: Map<string, [number, number, number]>;
  sections: Set<string>;
  texts: number;
}

function trim(value: unknown, path: string, inItem: boolean, s: Sizing, cuts: Cuts): unknown {
  if (typeof value === 'string') {
    if (value.length <= s.text || (s.nestedTextsOnly && !inItem)) return value;
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
    const kept = ordered.filter((x) => s.alwaysKeep?.[path]?.includes(severityOf(x))).length;
    const keep = Math.max(s.lists?.[path] ?? (severe ? s.severeItems : s.items), kept);
    if (ordered.length > keep) {
      const seen = cuts.lists.get(path) ?? [keep, 0, 0];
      cuts.lists.set(path, [keep, seen[1] + ordered.length, seen[2] + 1]);
    }
    // A list's own items are kept as they are (a warning is a sentence); texts inside its items may be shortened.
    return ordered
      .slice(0, keep)
      .map((x) => (typeof x === 'string' && s.nestedTextsOnly ? x : trim(x, path, true, s, cuts)));
  }
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const p = path ? `${path}.${k}` : k;
      if (s.drop.includes(k) || s.drop.includes(p)) {
        cuts.sections.add(p);
        continue;
      }
      out[k] = trim(v, p, inItem, s, cuts);
    }
    return out;
  }
  return value;
}

/** What was cut from a list: "4 of 279", or for a list inside each item "1 of each (150 lists, 412 items)". */
function describeCut([keep, total, lists]: [number, number, number]): string {
  return lists === 1 ? `${keep} of ${total}` : `at most ${keep} of each (${lists} lists cut, ${total} items in them)`;
}

export type SizingKind = 'record' | 'listing' | { tool: string };

/** The answer at the asked detail, with `sizing` (what was cut, and where the whole is) when anything was cut. */
export function sized(
  data: unknown,
  detail: McpDetail,
  fullAt: { uri?: string; call: string },
  kind: SizingKind = 'record',
): { data: unknown; sizing?: Record<string, unknown> } {
  if (detail === 'full') return { data };
  const cuts: Cuts = { lists: new Map(), sections: new Set(), texts: 0 };
  const rules =
    kind === 'record' ? RECORD[detail] : kind === 'listing' ? LISTING[detail] : toolSizing(kind.tool, detail);
  const out = trim(data, '', false, rules, cuts);
  if (!cuts.lists.size && !cuts.sections.size && !cuts.texts) return { data: out };
  return {
    data: out,
    sizing: {
      detail,
      ...(cuts.lists.size
        ? { lists_cut: Object.fromEntries([...cuts.lists].map(([p, c]) => [p, describeCut(c)])) }
        : {}),
      ...(cuts.sections.size ? { sections_left_out: [...cuts.sections] } : {}),
      ...(cuts.texts ? { texts_shortened: cuts.texts } : {}),
      full: { ...(fullAt.uri ? { resource: fullAt.uri } : {}), call: fullAt.call },
    },
  };
}
