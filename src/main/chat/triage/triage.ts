/**
 * Emergency triage of one question: the rule layer (rules.ts) and the meaning layer (meaning.ts), either one
 * triggering, plus the requests that are declined (declines.ts). Recall of the two layers is measured on the
 * regression set by `npm run eval:triage`.
 */
import { TRIAGE_CATEGORIES, type TriageCategory } from './categories.ts';
import { declineKind, type DeclineKind } from './declines.ts';
import type { MeaningTriage } from './meaning.ts';
import { normalizeForTriage } from './normalize.ts';
import { emergencyRules, type Level } from './rules.ts';

export interface Triage {
  categories: TriageCategory[];
  /** acute: the instruction is the whole answer; lead: it opens the answer; null: no emergency */
  level: Level | null;
  /** which layers found an emergency */
  by: ('rules' | 'meaning')[];
  decline: DeclineKind | null;
  meaning: 'on' | 'off';
  /** why the meaning layer was off (null when it ran) */
  reason: string | null;
}

/** Categories whose instruction is always the whole answer when the rules find them. */
const ALWAYS_ACUTE = new Set<TriageCategory>(['self_harm', 'child_ingestion']);

export async function triage(question: string, opts: { namesDrug: boolean; meaning: MeaningTriage | null }): Promise<Triage> {
  const normalised = normalizeForTriage(question);
  const hits = emergencyRules(normalised, opts.namesDrug);
  const m = opts.meaning ? await opts.meaning.classify(question) : { state: 'off' as const, reason: 'no meaning layer configured, so emergency triage ran on the rules only' };
  const categories = new Set(hits.map((h) => h.category));
  let level: Level | null = hits.some((h) => h.level === 'acute') ? 'acute' : hits.length ? 'lead' : null;
  const by: Triage['by'] = hits.length ? ['rules'] : [];
  if (m.state === 'on' && m.hit) {
    by.push('meaning');
    if (!categories.has(m.hit.category)) {
      categories.add(m.hit.category);
      // found by meaning alone: the instruction (and crisis line) leads and the answer follows; only the rules, which
      // read what was actually said, replace an answer with the instruction
      level = level ?? 'lead';
    }
  }
  for (const h of hits) if (ALWAYS_ACUTE.has(h.category)) level = 'acute';
  return {
    categories: TRIAGE_CATEGORIES.filter((c) => categories.has(c)),
    level,
    by,
    decline: declineKind(normalised),
    meaning: m.state,
    reason: m.state === 'off' ? m.reason : null,
  };
}
