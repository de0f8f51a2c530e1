/**
 * The medicines a message names, as the triage reads them: each compound found in the message (by any name, brand
 * or language the vocabulary knows) turned into its ingredient keys and their interaction classes, so a toxicity
 * finding written for "statin" or "lithium" holds for Zocor, Plenur or Priadel without a word list of its own.
 */
import type { Db } from '../db/connection.ts';
import { classesOfKey, substanceBySlug } from '../vocabulary/resolver.ts';
import type { TriageDrug } from './triage/toxicity.ts';

export function triageDrugs(db: Db, compounds: readonly { slug: string }[]): TriageDrug[] {
  const out: TriageDrug[] = [];
  for (const c of compounds)
    for (const key of substanceBySlug(db, c.slug)?.keys ?? [])
      if (!out.some((d) => d.key === key)) out.push({ key, classes: classesOfKey(db, key) });
  return out;
}
