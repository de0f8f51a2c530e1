/**
 * Organisms written the short way ("L. reuteri", "S. boulardii", "Reuteri drops", "L. rhamnosus GG"): a species epithet
 * with or without its genus's initial reads the one record of ours whose binomial it completes. Why from our records
 * and not a word list: a probiotic or a plant named by its Latin binomial is a record already (Lactobacillus reuteri,
 * Hypericum perforatum), so a record added later is read without an edit. Only Latin epithets (-i, -ii, -us, -um,
 * -is, -ae) of 5+ letters, only when one record completes them, and a strain the record names (GG, BB-12) must be
 * written too: "rhamnosus" alone is the species, not the strain.
 */
import type { Db } from '../db/connection.ts';

interface Binomial {
  genus: string;
  epithet: string;
  strain: string;
  name: string;
}
const byDb = new WeakMap<Db, Map<string, Binomial[]>>();

function binomials(db: Db): Map<string, Binomial[]> {
  let map = byDb.get(db);
  if (map) return map;
  map = new Map();
  for (const { name } of db.prepare<[], { name: string }>('SELECT name FROM compounds').all()) {
    const m = /^(\p{Lu}\p{Ll}{3,})\s+(\p{Ll}{5,}(?:i|us|um|is|ae))(?:\s+(.+))?$/u.exec(name.trim());
    if (!m) continue;
    const b = {
      genus: m[1]!.toLowerCase(),
      epithet: m[2]!,
      strain: (m[3] ?? '').toLowerCase().replace(/[^a-z0-9]/g, ''),
      name,
    };
    map.set(b.epithet, [...(map.get(b.epithet) ?? []), b]);
  }
  byDb.set(db, map);
  return map;
}

/** The record name a short binomial stands for ("L. reuteri" → "Lactobacillus reuteri"), or null. */
export function shortBinomial(db: Db, text: string): string | null {
  const m = /^(?:(\p{L})(?:\.\s*|\s+))?(\p{L}{5,})(?:\s+(.+))?$/u.exec(text.trim());
  if (!m) return null;
  const initial = m[1]?.toLowerCase();
  const strain = (m[3] ?? '').toLowerCase().replace(/[^a-z0-9]/g, '');
  const found = (binomials(db).get(m[2]!.toLowerCase()) ?? []).filter(
    (b) => (!initial || b.genus.startsWith(initial)) && b.strain === strain,
  );
  return found.length === 1 ? found[0]!.name : null;
}
