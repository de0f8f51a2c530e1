/**
 * Typo-tolerant compound names: "metfromin" finds metformin, "ashwaganda" finds ashwagandha. Trigrams narrow the
 * candidates, and an optimal-string-alignment (Damerau-Levenshtein) distance decides: at most 1 edit for names of
 * 5-8 letters, 2 for longer ones. Shorter words must match exactly; a typo in "zinc" is too ambiguous to guess.
 * Vowels are where people go wrong most ("xeralto" for Xarelto, "amlodapine"): a name of 6 letters or more whose
 * consonants are the same, in the same order, may differ in two vowels (a vowel swap shares almost no trigrams).
 */
import { normalizeName } from './normalize.ts';

export interface FuzzyHit {
  compoundRowid: number;
  name: string;
  distance: number;
}

function trigrams(s: string): Set<string> {
  const padded = `  ${s} `;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  return out;
}

/** Optimal string alignment distance, stopping early past `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    let rowMin = Infinity;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
      rowMin = Math.min(rowMin, v);
    }
    if (rowMin > max) return max + 1;
  }
  return d[a.length]![b.length]!;
}

/** The first letter and the consonants after it: "xeralto" and "xarelto" are both "xrlt". */
const skeleton = (norm: string) => norm[0] + norm.slice(1).replace(/[aeiouy]/g, '');

export const allowedEdits = (length: number) => (length < 5 ? 0 : length <= 8 ? 1 : 2);

export class FuzzyNames {
  private readonly entries: { norm: string; name: string; compoundRowid: number }[] = [];
  private readonly byTrigram = new Map<string, number[]>();
  private readonly bySkeleton = new Map<string, number[]>();

  constructor(names: { name: string; compoundRowid: number }[]) {
    for (const n of names) {
      const norm = normalizeName(n.name);
      if (norm.length < 5) continue;
      const idx = this.entries.push({ norm, name: n.name, compoundRowid: n.compoundRowid }) - 1;
      const sk = skeleton(norm);
      const same = this.bySkeleton.get(sk);
      if (same) same.push(idx);
      else this.bySkeleton.set(sk, [idx]);
      for (const t of trigrams(norm)) {
        const list = this.byTrigram.get(t);
        if (list) list.push(idx);
        else this.byTrigram.set(t, [idx]);
      }
    }
  }

  /** Compounds whose name is within the allowed edits of `text` (the whole text, normalised), closest first. */
  match(text: string): FuzzyHit[] {
    const q = normalizeName(text);
    const max = allowedEdits(q.length);
    if (max === 0) return [];
    const shared = new Map<number, number>();
    for (const t of trigrams(q)) for (const i of this.byTrigram.get(t) ?? []) shared.set(i, (shared.get(i) ?? 0) + 1);
    // An edit changes at most 3 trigrams, so a true match shares at least |trigrams| - 3 * max of them.
    const need = Math.max(1, trigrams(q).size - 3 * max);
    const best = new Map<number, FuzzyHit>();
    for (const [i, n] of shared) {
      if (n < need) continue;
      const e = this.entries[i]!;
      const distance = editDistance(q, e.norm, max);
      if (distance > max) continue;
      const prev = best.get(e.compoundRowid);
      if (!prev || distance < prev.distance)
        best.set(e.compoundRowid, { compoundRowid: e.compoundRowid, name: e.name, distance });
    }
    if (q.length >= 6)
      for (const i of this.bySkeleton.get(skeleton(q)) ?? []) {
        const e = this.entries[i]!;
        if (Math.abs(e.norm.length - q.length) > 1 || best.has(e.compoundRowid)) continue;
        const distance = editDistance(q, e.norm, 2);
        if (distance <= 2) best.set(e.compoundRowid, { compoundRowid: e.compoundRowid, name: e.name, distance });
      }
    return [...best.values()].sort((a, b) => a.distance - b.distance || a.name.localeCompare(b.name));
  }
}
