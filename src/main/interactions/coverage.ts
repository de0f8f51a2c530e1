/**
 * What the sources behind a check cover and lack, stated with every answer so that "no interaction found" is never
 * read as "safe". Record counts come from the content database in use.
 */
import type { Db } from '../db/connection.ts';
import type { InteractionsData } from '../../shared/schemas/tools/interactions.ts';
import type { InteractionSource } from './pair-model.ts';
import type { Substance } from '../vocabulary/resolver.ts';

const LACKS: Record<InteractionSource, { name: string; lacks: string }> = {
  ddinter: {
    name: 'DDInter (download files for ATC classes A, B, D, H, L, P, R, V)',
    lacks:
      'the files for ATC C, G, J, M, N and S were not obtainable, so pairs where both drugs are cardiovascular, genito-urinary, anti-infective, ' +
      'musculo-skeletal, nervous-system or sensory-organ drugs are absent; no mechanism or management text; herbs and supplements only partly',
  },
  onc_high_priority: {
    name: 'ONC high-priority drug-drug interactions (Phansalkar 2012)',
    lacks: '15 interaction groups only; drugs approved after 2014 are absent; no mechanism or management text',
  },
  onc_non_interruptive: {
    name: 'ONC non-interruptive drug-drug interactions (Phansalkar 2013)',
    lacks: 'pairs judged not to need an interruptive alert; 2013 drugs only; no mechanism or management text',
  },
  nlm_spl: {
    name: 'NLM-annotated FDA label sentences (182 labels, 2014)',
    lacks:
      "mostly cardiovascular and renal labels of 2014; the severity is read from the sentence's wording and is often not stated (unknown)",
  },
  class_rule: {
    name: 'Materia editorial class rules',
    lacks:
      'only the classes and combinations listed in resources/content/interaction-rules.json (docs/interactions.md)',
  },
  editorial: {
    name: 'Materia compound records (editorial interaction lists)',
    lacks: 'only substances we carry a record for, and only the interactions their records list',
  },
};

/**
 * A substance with fewer pair records than this across DDInter, the ONC lists and the FDA label sentences is "little
 * covered": newer or non-US drugs (daridorexant, agomelatine, finerenone, dapoxetine, vonoprazan) have none at all, so
 * a "none" for them says almost nothing and the answer must say so first, not in the small print. Ten is well below
 * what a drug those sources do list carries (hundreds of DDInter pairs) and above the stray few a new drug picks up.
 */
export const FEW_PAIR_RECORDS = 10;

const counts = new WeakMap<Db, Record<InteractionSource, number>>();

function recordCounts(db: Db): Record<InteractionSource, number> {
  let c = counts.get(db);
  if (!c) {
    const lists = new Map(
      db
        .prepare<[], { source: InteractionSource; n: number }>(
          'SELECT source, count(*) AS n FROM ix_pairs GROUP BY source',
        )
        .all()
        .map((r) => [r.source, r.n]),
    );
    c = {
      ddinter: db.prepare<[], { n: number }>('SELECT count(*) AS n FROM ddinter_pairs').get()!.n,
      onc_high_priority: lists.get('onc_high_priority') ?? 0,
      onc_non_interruptive: lists.get('onc_non_interruptive') ?? 0,
      nlm_spl: lists.get('nlm_spl') ?? 0,
      class_rule: db.prepare<[], { n: number }>('SELECT count(*) AS n FROM ix_rules').get()!.n,
      editorial: db
        .prepare<[], { n: number }>('SELECT count(*) AS n FROM compounds WHERE interactions LIKE \'%"editorial"%\'')
        .get()!.n,
    };
    counts.set(db, c);
  }
  return c;
}

/** The coverage block of a check over these (non-duplicate) substances. */
export function coverage(db: Db, subs: readonly Substance[]): InteractionsData['coverage'] {
  const n = recordCounts(db);
  const inDdinter = db.prepare<[string], { n: number }>('SELECT count(*) AS n FROM ix_ddinter WHERE key = ?');
  const notInDdinter = subs
    .filter((s) => s.status === 'resolved' && s.kind !== 'class' && !s.keys.some((k) => inDdinter.get(k)!.n > 0))
    .map((s) => s.name);
  const unresolved = subs.filter((s) => s.status === 'unresolved').map((s) => s.input);
  const pairRecords = db.prepare<[string, string, string, string], { n: number }>(
    `SELECT (SELECT count(*) FROM ddinter_pairs WHERE a IN (SELECT ddinter_id FROM ix_ddinter WHERE key = ?))
          + (SELECT count(*) FROM ddinter_pairs WHERE b IN (SELECT ddinter_id FROM ix_ddinter WHERE key = ?))
          + (SELECT count(*) FROM ix_pairs WHERE a = ? OR b = ?) AS n`,
  );
  const littleCovered = subs
    .filter(
      (s) =>
        s.status === 'resolved' &&
        s.kind !== 'class' &&
        s.keys.some((k) => pairRecords.get(k, k, k, k)!.n < FEW_PAIR_RECORDS),
    )
    .map((s) => s.name);
  const them = littleCovered.length === 1 ? 'it' : 'them';
  const lead = littleCovered.length
    ? `Our sources hold few or no interactions for ${littleCovered.join(', ')} (a newer or non-US medicine, or a ` +
      `supplement), so "none listed" says little about ${them}: check the Contraindications and Interactions ` +
      `sections of ${littleCovered.length === 1 ? 'its' : 'their'} current label, or ask a pharmacist. `
    : '';
  const statement =
    lead +
    'Absence of a listed interaction is not proof of safety: DDInter here lacks pairs within cardiovascular, genito-urinary, ' +
    'anti-infective, musculo-skeletal, nervous-system and sensory-organ drugs (closed only in part by the ONC lists, FDA label sentences and our class rules)' +
    `${notInDdinter.length ? `; DDInter does not list ${notInDdinter.join(', ')}` : ''}${unresolved.length ? `; not recognised: ${unresolved.join(', ')}` : ''}.`;
  return {
    sources: (Object.keys(LACKS) as InteractionSource[]).map((id) => ({
      id,
      name: LACKS[id].name,
      records: n[id],
      lacks: LACKS[id].lacks,
    })),
    not_in_ddinter: notInDdinter,
    little_coverage: littleCovered,
    unresolved,
    statement,
  };
}
