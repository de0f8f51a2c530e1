/**
 * The duplication groups of a resolved substance (a candidate record or a medication as the user named it): the
 * interaction model's classes of its ingredients (or the class a class word names), and for our records the
 * category and description. Shared by both builders.
 */
import type { Db } from '../../db/connection.ts';
import { classesOfKey, type Substance } from '../../vocabulary/resolver.ts';
import { groupsOf, type DuplicationGroup } from './duplication.ts';

const recordStatements = new WeakMap<Db, (slug: string) => { category: string; description: string } | undefined>();

function recordOf(db: Db, slug: string) {
  let get = recordStatements.get(db);
  if (!get) {
    const st = db.prepare<[string], { category: string; description: string }>(
      'SELECT category, description FROM compounds WHERE slug = ?',
    );
    get = (s: string) => st.get(s);
    recordStatements.set(db, get);
  }
  return get(slug);
}

/** Class ids of the substance's ingredients, and the class a class word names. */
export function classIdsOf(db: Db, s: Substance): string[] {
  return [...new Set([...(s.classId ? [s.classId] : []), ...s.keys.flatMap((k) => classesOfKey(db, k))])];
}

export function groupsOfSubstance(db: Db, s: Substance): DuplicationGroup[] {
  const row = s.compound ? recordOf(db, s.compound.slug) : undefined;
  return groupsOf({
    classes: classIdsOf(db, s),
    category: row?.category ?? null,
    description: row?.description ?? null,
  });
}

/**
 * Every pair in the list that shares a group (among the pairs `relevant` keeps), once per pair and group, as a
 * sentence with the group's basis.
 */
export function duplicationWarnings(
  subs: readonly { substance: Substance; groups: readonly DuplicationGroup[] }[],
  relevant: (i: number, j: number) => boolean = () => true,
): string[] {
  const out: string[] = [];
  for (let i = 0; i < subs.length; i++) {
    for (let j = i + 1; j < subs.length; j++) {
      if (!relevant(i, j)) continue;
      for (const g of subs[i]!.groups) {
        if (!subs[j]!.groups.some((x) => x.id === g.id)) continue;
        out.push(
          `Therapeutic duplication: ${subs[i]!.substance.name} and ${subs[j]!.substance.name} are both ${g.name}. Basis: ${g.basis}`,
        );
      }
    }
  }
  return out;
}
