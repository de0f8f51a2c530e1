/**
 * The builders' use of the one pair model (src/main/interactions): a cached pair judge for screening candidates, and
 * the final check of a stack or protocol with the user's medications. Pairs of medications among themselves are left
 * out (they are the interaction checker's business), as are names that repeat an earlier one.
 */
import type { InteractionsData } from '../../../shared/schemas/tools/interactions.ts';
import { checkSubstances, findDuplicates, highestSeverity, pairOut } from '../../interactions/check.ts';
import { coverage } from '../../interactions/coverage.ts';
import { pairVerdicts, prepare, verdict, type PairVerdict, type Prepared } from '../../interactions/pair-model.ts';
import type { Substance } from '../../vocabulary/resolver.ts';
import type { Db } from '../../db/connection.ts';

/** The pair model's verdict for two substances, each prepared once. */
export function pairJudge(db: Db): (x: Substance, y: Substance) => PairVerdict | null {
  const prepared = new WeakMap<Substance, Prepared>();
  const prep = (s: Substance) => {
    let p = prepared.get(s);
    if (!p) {
      p = prepare(db, s);
      prepared.set(s, p);
    }
    return p;
  };
  return (x, y) => verdict(db, prep(x), prep(y), 0, 1);
}

export interface BuilderCheck {
  /** pairs involving at least one of `own`, most severe first, with indices into [...own, ...meds] */
  pairs: { a: number; b: number; out: InteractionsData['pairs'][number] }[];
  highest: InteractionsData['highest_severity'];
  medications: InteractionsData['substances'];
  unresolved: InteractionsData['unresolved'];
  coverage: InteractionsData['coverage'];
  /** medications naming one of `own`: [medication index, own index] */
  sameAsOwn: [number, number][];
  /** how names were read ("Zoloft" as sertraline, a typo, a class word) */
  notices: string[];
}

export function checkBuilder(db: Db, own: readonly Substance[], meds: readonly Substance[]): BuilderCheck {
  const all = [...own, ...meds];
  const dups = findDuplicates(all);
  const skip = new Set(dups.flatMap((d, i) => (d === null ? [] : [i])));
  const k = own.length;
  const { verdicts } = pairVerdicts(db, all, skip);
  const pairs = verdicts.filter((v) => v.a < k || v.b < k).map((v) => ({ a: v.a, b: v.b, out: pairOut(all, v) }));
  const medCheck = meds.length ? checkSubstances(db, meds) : null;
  const unresolved = medCheck?.unresolved ?? [];
  return {
    pairs,
    highest: highestSeverity(
      pairs.map((p) => p.out),
      unresolved.length,
    ),
    medications: medCheck?.substances ?? [],
    unresolved,
    coverage: coverage(
      db,
      all.filter((_, i) => !skip.has(i)),
    ),
    sameAsOwn: meds.flatMap((_, i) =>
      dups[k + i] !== null && dups[k + i]! < k ? [[i, dups[k + i]!] as [number, number]] : [],
    ),
    notices: [...new Set(all.filter((s) => s.notice && s.matchedVia !== 'slug').map((s) => s.notice!))],
  };
}
