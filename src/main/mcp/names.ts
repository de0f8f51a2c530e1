/**
 * Agents pass what they have: a brand ("eliquis"), a capitalised name ("Warfarin"), a typo. Record tools that take a
 * slug read such a name through the one vocabulary resolver (src/main/vocabulary/resolver.ts) when it is not a slug
 * of ours, and say how they read it, so an agent need not search first.
 */
import type { Db } from '../db/connection.ts';
import { resolveName } from '../vocabulary/resolver.ts';

export interface SlugReading {
  input: string;
  slug: string;
  /** how the name was matched (name, alt name, brand, typo...) */
  matched_via: string | null;
  notice: string | null;
}

/** The catalogue slug a name stands for, or null when it names no compound of ours (or is that slug already). */
export function slugForName(db: Db, input: string): SlugReading | null {
  const s = resolveName(db, input, { typos: true });
  const slug = s.compound?.slug;
  if (s.status !== 'resolved' || !slug || slug === input) return null;
  return { input, slug, matched_via: s.matchedVia, notice: s.notice };
}
