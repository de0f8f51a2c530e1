/**
 * The checker's answer for a pair of names, for callers that judge many pairs: the content build grades every entry of
 * every compound page and monograph with it. Each name is read exactly as POST /v1/tools/interactions/check reads it
 * (`readName`: the medication line, its route, form and dose), the same duplicate rule applies, and the same pair model
 * judges — so what a page shows for "warfarin + Timolol eye drops" is what the checker answers for those two names, by
 * construction. Reads and prepared substances are cached per name (a page names the same partners again and again).
 */
import type { Db } from '../db/connection.ts';
import type { Substance } from '../vocabulary/resolver.ts';
import { findDuplicates, readName, type ReadName } from './check.ts';
import { prepare, verdict, type PairVerdict, type Prepared } from './pair-model.ts';

export type NamePairAnswer =
  /** verdict null: no source lists the pair (the checker's "none") */
  | { kind: 'pair'; verdict: PairVerdict | null; a: Substance; b: Substance }
  /** the checker reads both names as one substance, or one as a note line: it answers 400, not a verdict */
  | { kind: 'same' }
  | { kind: 'not_medicine' };

export class NamePairJudge {
  private readonly reads = new Map<string, { read: ReadName; prepared: Prepared }>();

  constructor(private readonly db: Db) {}

  private of(name: string): { read: ReadName; prepared: Prepared } {
    let r = this.reads.get(name);
    if (!r) {
      const read = readName(this.db, name);
      r = { read, prepared: prepare(this.db, read.s, read.ctx) };
      this.reads.set(name, r);
    }
    return r;
  }

  judge(x: string, y: string): NamePairAnswer {
    const a = this.of(x);
    const b = this.of(y);
    if (a.read.note || b.read.note) return { kind: 'not_medicine' };
    if (findDuplicates([a.read.s, b.read.s])[1] !== null) return { kind: 'same' };
    return { kind: 'pair', verdict: verdict(this.db, a.prepared, b.prepared, 0, 1), a: a.read.s, b: b.read.s };
  }
}
