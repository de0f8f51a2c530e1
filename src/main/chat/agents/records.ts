/** Compound records and monographs as agents read them, with the citations that go with each part. */
import type { CompoundRecord } from '../../../shared/schemas/compounds.ts';
import type { Monograph } from '../../../shared/schemas/monographs.ts';
import { EVIDENCE_GRADE_MEANING, type EvidenceGrade } from '../../../shared/enums.ts';
import { toCompoundRecord } from '../../compounds/compound-repo.ts';
import { cite, type AgentOutput, type Source, type Statement } from '../evidence.ts';
import type { Analysis } from '../analyze.ts';
import type { CompoundMention } from '../mentions.ts';
import type { AgentDeps } from './types.ts';

export interface Facts {
  record: CompoundRecord;
  monograph: Monograph | null;
  /** citation of the compound record */
  rec: Source;
  /** citation of the monograph (null without one) */
  mono: Source | null;
}

export function facts(deps: AgentDeps, slug: string): Facts | null {
  const row = deps.compounds.bySlug(slug);
  if (!row) return null;
  const record = toCompoundRecord(row);
  const monograph = deps.monographs.get(slug);
  return {
    record,
    monograph,
    rec: cite.compound(slug, record.name),
    mono: monograph ? cite.monograph(slug, record.name) : null,
  };
}

/**
 * The run of a per-compound agent: one section titled "<title>: <names>" with `fn`'s statements for each compound
 * the question names (the subjects are read once).
 */
export function perCompound(title: string, fn: (f: Facts, deps: AgentDeps) => Statement[]) {
  return (a: Analysis, deps: AgentDeps): AgentOutput => {
    const subs = subjects(deps, a.compounds);
    return {
      title: `${title}: ${subs.map((f) => f.record.name).join(', ')}`,
      statements: subs.flatMap((f) => fn(f, deps)),
      subjects: subs.length,
    };
  };
}

/** The compounds an agent speaks about: named ones first; a family mention counts for at most `familyMax`. */
export function subjects(deps: AgentDeps, mentions: readonly CompoundMention[], max = 3, familyMax = 3): Facts[] {
  const named = mentions.filter((m) => !m.family);
  const family = mentions.filter((m) => m.family).slice(0, familyMax);
  return [...named, ...family]
    .slice(0, max)
    .map((m) => facts(deps, m.slug))
    .filter((f): f is Facts => f !== null);
}

export const gradeText = (g: string) => `${g} (${EVIDENCE_GRADE_MEANING[g as EvidenceGrade] ?? 'unknown'})`;

export const STATUS_TEXT: Record<string, string> = {
  approved: 'an FDA- or EMA-approved drug product',
  investigational: 'investigational (in clinical trials, not approved)',
  supplement: 'sold as a dietary supplement in the US',
  research_only: 'research-only (sold as a research chemical; neither an approved drug nor a lawful supplement)',
  withdrawn: 'withdrawn (approval withdrawn or product removed from the market)',
};

export const list = (items: readonly string[], max = 6) => {
  const shown = items.slice(0, max);
  const more = items.length > max ? `; and ${items.length - max} more` : '';
  return `${shown.join('; ')}${more}`;
};
