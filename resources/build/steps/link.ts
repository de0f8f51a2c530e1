/**
 * Links compounds to the documents that mention them, by name and alternative names, word-bounded and case-aware
 * (compounds/names.ts). FTS5 finds candidates quickly; a regex over title and abstract confirms each one, so the
 * link is exactly "this text names this compound" and never a stemming accident.
 */
import type { Database } from 'better-sqlite3';
import { isCaseSensitiveName, namePattern, normalizeName } from '../../../src/main/compounds/names.ts';

/** Names too generic to say a document is about one compound (checked after normalisation). */
const TOO_GENERIC = new Set(['vitamin', 'iron', 'calcium', 'sodium', 'potassium', 'oxygen', 'water', 'protein', 'sugar', 'salt', 'fat', 'fiber', 'fibre', 'acid', 'oil', 'extract', 'tea', 'coffee', 'align', 'sam']);

export interface LinkResult { documentRowids: number[]; matchedNames: Map<number, string> }

export function linkableNames(names: string[]): string[] {
  const out = new Map<string, string>();
  for (const n of names) {
    const norm = normalizeName(n);
    if (norm.length < 3 || TOO_GENERIC.has(norm) || /^\d+$/.test(norm)) continue;
    // Three-letter words in ordinary case ("Met", "Tyr", "Tau") are residue codes or English words, not names.
    if (norm.length <= 3 && !isCaseSensitiveName(n)) continue;
    if (!out.has(n.toLowerCase())) out.set(n.toLowerCase(), n);
  }
  return [...out.values()];
}

export function makeLinker(db: Database) {
  const candidates = db.prepare<[string], { rowid: number; title: string | null; abstract: string | null }>(
    `SELECT d.rowid, d.title, d.abstract FROM documents_fts f JOIN documents d ON d.rowid = f.rowid WHERE documents_fts MATCH ?`);
  const cache = new Map<string, LinkResult>();
  return function link(names: string[]): LinkResult {
    const matched = new Map<number, string>();
    for (const name of linkableNames(names)) {
      const tokens = name.toLowerCase().match(/[\p{L}\p{N}]+/gu);
      if (!tokens) continue;
      const key = name;
      let hit = cache.get(key);
      if (!hit) {
        // "creatine kinase" is an enzyme, not a mention of creatine (nor "phosphocreatine kinase" of anything we carry).
        const base = namePattern(name);
        const re = new RegExp(`${base.source}(?![\\s-]+(?:phospho)?kinase\\b)`, base.flags);
        const rows = candidates.all(`"${tokens.join(' ')}"`).filter((r) => (r.title !== null && re.test(r.title)) || (r.abstract !== null && re.test(r.abstract)));
        hit = { documentRowids: rows.map((r) => r.rowid), matchedNames: new Map(rows.map((r) => [r.rowid, name])) };
        cache.set(key, hit);
      }
      for (const id of hit.documentRowids) if (!matched.has(id)) matched.set(id, name);
    }
    return { documentRowids: [...matched.keys()].sort((a, b) => a - b), matchedNames: matched };
  };
}
