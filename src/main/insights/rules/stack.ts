/**
 * Rules over the profile's current compounds and medications, reusing the tools: every interacting pair in the stack
 * (the interaction checker's pair model: one verdict per pair, each source at its own level), an evidence note per compound (its grade and the
 * most recent linked documents), and per goal the best-graded knowledge-base compound that fits it (the stack builder),
 * is not already taken and has no listed interaction with what is.
 */
import { EVIDENCE_GRADE_MEANING, type EvidenceGrade } from '../../../shared/enums.ts';
import type { Citation, Profile } from '../../../shared/schemas/insights.ts';
import type { DocumentRepo } from '../../documents/document-repo.ts';
import { interactionsTool } from '../../tools/interactions/tool.ts';
import { normGoal } from '../../tools/peptide-stack/compute.ts';
import { peptideStackTool } from '../../tools/peptide-stack/tool.ts';
import { ToolInputError, type ToolContext } from '../../tools/tool.ts';
import type { InsightCandidate } from '../types.ts';

const INSIGHT_SEVERITY = {
  contraindicated: 'warning',
  major: 'warning',
  moderate: 'attention',
  minor: 'info',
  unknown: 'info',
} as const;

/** Runs a tool, treating input it cannot compute (e.g. fewer than two distinct substances) as "nothing to say". */
function quietly<T>(run: () => T): T | null {
  try {
    return run();
  } catch (err) {
    if (err instanceof ToolInputError) return null;
    throw err;
  }
}

export function stackInteractionInsights(tool: ToolContext, profile: Profile): InsightCandidate[] {
  const substances = [...profile.compounds, ...profile.medications];
  if (substances.length < 2) return [];
  const data = quietly(() => interactionsTool.run(tool, { substances, save: false }));
  if (!data) return [];
  const byInput = new Map(data.substances.map((s) => [s.input, s]));
  const keyOf = (input: string) => {
    const s = byInput.get(input);
    return s?.compound?.slug ?? (s?.ingredients.map((i) => i.key).join('+') || input.trim().toLowerCase());
  };
  const SOURCE_NAME: Record<string, string> = {
    ddinter: 'DDInter',
    onc_high_priority: 'the ONC high-priority list',
    onc_non_interruptive: 'the ONC non-interruptive list',
    nlm_spl: 'an FDA label',
    class_rule: 'a Materia class rule',
    editorial: 'the knowledge-base record',
  };
  const pairLevel = tool.content.prepare<[string, string], { level: string }>(
    'SELECT level FROM ddinter_pairs WHERE a = ? AND b = ?',
  );
  const out: InsightCandidate[] = [];
  // One pair model verdict per pair: the insight's level is the verdict's, and every source is quoted at its own level.
  for (const p of data.pairs) {
    const key = [keyOf(p.a.input), keyOf(p.b.input)].sort().join('|');
    const [a, b] = [byInput.get(p.a.input), byInput.get(p.b.input)];
    const evidence: Citation[] = [];
    for (const src of p.sources) {
      if (src.source === 'ddinter') {
        for (const x of a?.ddinter ?? []) {
          for (const y of b?.ddinter ?? []) {
            const [lo, hi] = x.id < y.id ? [x, y] : [y, x];
            const row = pairLevel.get(lo.id, hi.id);
            if (row && !evidence.some((c) => c.id === `${lo.id}+${hi.id}`)) {
              evidence.push({
                type: 'ddinter_pair',
                id: `${lo.id}+${hi.id}`,
                label: `DDInter: ${lo.name} + ${hi.name} (${row.level})`,
                url: null,
              });
            }
          }
        }
      } else if (
        src.source === 'editorial' &&
        src.record &&
        !evidence.some((c) => c.type === 'compound' && c.id === src.record)
      ) {
        evidence.push({
          type: 'compound',
          id: src.record,
          label: `interaction list of the ${src.record} record: "${src.listed_as}" (${src.severity})`,
          url: null,
        });
      }
    }
    const levels = p.sources.map((src) => `${SOURCE_NAME[src.source] ?? src.source}: ${src.severity}`).join('; ');
    const advice =
      p.severity === 'contraindicated' || p.severity === 'major'
        ? 'Review this combination with the prescriber or a pharmacist; do not stop or change a prescribed medicine on your own.'
        : 'Worth reviewing with a pharmacist, especially when doses change.';
    const text = [p.mechanism, p.management].filter(Boolean).join(' ');
    out.push({
      fingerprint: `stack_interaction|${key}|${p.severity}`,
      kind: 'stack_interaction',
      severity: INSIGHT_SEVERITY[p.severity],
      title: `${p.a.name} + ${p.b.name}: ${p.severity === 'contraindicated' ? 'contraindicated combination' : `${p.severity} interaction`}`,
      body:
        `${p.a.name} and ${p.b.name}, both in your profile: ${p.severity} (${levels}${p.sources_disagree ? '; the sources disagree, the most severe level is shown' : ''}).` +
        `${text ? ` ${text}` : ''} ${advice}`,
      related_compounds: [a?.compound?.slug, b?.compound?.slug].filter((s): s is string => !!s),
      evidence,
      source_results: [],
      rule: "every interacting pair among the profile's compounds and medications, one verdict per pair, as the interaction checker gives it",
    });
  }
  return out;
}

export function evidenceNoteInsights(tool: ToolContext, documents: DocumentRepo, profile: Profile): InsightCandidate[] {
  const rows = tool.compounds.bySlugs(profile.compounds);
  return profile.compounds.flatMap((slug) => {
    const c = rows.get(slug);
    if (!c) return [];
    const grade = c.evidence_grade as EvidenceGrade;
    const docs = documents.list({ compoundRowid: c.rowid }, { limit: 3, offset: 0 }).rows;
    const docLabel = (d: (typeof docs)[number]) => d.title ?? (d.pmid ? `PubMed ${d.pmid}` : d.id);
    const caution = grade === 'D' || grade === 'E' || c.status === 'research_only' || c.status === 'withdrawn';
    const statusNote =
      c.status === 'research_only'
        ? ' It is sold as a research chemical: not approved for human use.'
        : c.status === 'withdrawn'
          ? ' Its approval has been withdrawn or the product removed from the market.'
          : '';
    const recent = docs.length
      ? ` Most recent linked documents: ${docs.map((d) => `${docLabel(d)}${d.publication_year ? ` (${d.publication_year})` : ''}`).join('; ')}.`
      : '';
    return [
      {
        fingerprint: `evidence_note|${slug}|${grade}|${docs.map((d) => d.id).join(',')}`,
        kind: 'evidence_note' as const,
        severity: caution ? ('attention' as const) : ('info' as const),
        title: `${c.name}: evidence grade ${grade}`,
        body:
          `${c.name} has evidence grade ${grade} (${EVIDENCE_GRADE_MEANING[grade].toLowerCase()}) for its main use (${c.subcategory.replace(/_/g, ' ')}), ` +
          `with ${c.research_count} linked research document${c.research_count === 1 ? '' : 's'} in the library.${recent}${statusNote} ` +
          "The grade is derived from the record's evidence profile (docs/content.md), not from your situation.",
        related_compounds: [slug],
        evidence: [
          { type: 'compound', id: slug, label: c.name, url: null },
          ...(c.has_monograph
            ? [{ type: 'monograph' as const, id: slug, label: `${c.name} monograph`, url: null }]
            : []),
          ...docs.map((d) => ({ type: 'document' as const, id: d.id, label: docLabel(d), url: d.url })),
        ],
        source_results: [],
        rule: 'one note per compound in the profile: its evidence grade and its three most recent linked documents',
      },
    ];
  });
}

/** Warnings that rule a stack-builder choice out of a suggestion. */
const DISQUALIFYING = new Set(['interaction', 'research_only', 'investigational', 'wada']);

export function goalSuggestionInsights(tool: ToolContext, profile: Profile): InsightCandidate[] {
  const known = [...tool.compounds.bySlugs(profile.compounds).keys()];
  return profile.goals.flatMap((goal) => {
    const data = quietly(() =>
      peptideStackTool.run(tool, {
        goals: [goal],
        constraints: {
          max_compounds: 6,
          min_evidence_grade: 'B',
          exclude_categories: ['sarm', 'steroid'],
          exclude_compounds: known,
          current_medications: [...known, ...profile.medications],
          include_approved_medicines: false,
          include_research_only: false,
          include_veterinary_only: false,
          include_sarms: false,
          include_anabolic_steroids: false,
        },
        save: false,
      }),
    );
    const pick = data?.stack.find(
      (i) =>
        (i.status === 'supplement' || i.status === 'approved') && !i.warnings.some((w) => DISQUALIFYING.has(w.kind)),
    );
    if (!pick) return [];
    return [
      {
        fingerprint: `goal_suggestion|${normGoal(goal)}|${pick.slug}`,
        kind: 'goal_suggestion' as const,
        severity: 'info' as const,
        title: `For your goal "${goal.replace(/_/g, ' ')}": ${pick.name} (grade ${pick.evidence_grade})`,
        body:
          `${pick.rationale} It is the best-graded knowledge-base compound for this goal that is not in your profile and has no listed ` +
          'interaction with what you take. Information from the knowledge base, not a recommendation: discuss any addition with a clinician.',
        related_compounds: [pick.slug],
        evidence: [
          { type: 'compound', id: pick.slug, label: pick.name, url: null },
          ...(pick.has_monograph
            ? [{ type: 'monograph' as const, id: pick.slug, label: `${pick.name} monograph`, url: null }]
            : []),
        ],
        source_results: [],
        rule: 'per profile goal: the first stack-builder choice (grade B or better, no SARMs or steroids) that is a supplement or approved product without interaction warnings',
      },
    ];
  });
}
