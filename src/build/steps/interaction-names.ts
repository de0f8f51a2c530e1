/**
 * The name index of the interaction pair model: every way a substance is written (DrugBank names and synonyms, DDInter,
 * ONC, NLM, Drugs@FDA brands, editorial aliases) mapped to ingredient keys (src/main/interactions/keys.ts). The other
 * interaction steps add their names through the same `IxNames`, so each source is keyed exactly as the resolver reads.
 */
import type { Database } from 'better-sqlite3';
import { normalizeName } from '../../main/vocabulary/normalize.ts';
import { canonicalKey, type KeyMaps } from '../../main/vocabulary/keys.ts';
import type { DrugBankEntry } from './drugbank.ts';

export type NameVia =
  | 'drugbank'
  | 'drugbank_synonym'
  | 'ddinter'
  | 'onc'
  | 'nlm'
  | 'atc'
  | 'brand'
  | 'alias'
  | 'abbreviation'
  | 'food'
  | 'rule'
  | 'compound';

/** Which source's spelling names a key in answers: DDInter's (clinical) first, a brand last. */
const DISPLAY_RANK: Record<NameVia, number> = {
  ddinter: 0,
  drugbank: 1,
  compound: 2,
  rule: 2,
  onc: 3,
  nlm: 4,
  atc: 4,
  drugbank_synonym: 5,
  alias: 6,
  abbreviation: 7,
  food: 7,
  brand: 7,
};

export class IxNames {
  readonly maps: KeyMaps;
  private readonly display = new Map<string, { name: string; rank: number }>();
  private readonly seen = new Set<string>();
  private readonly keys = new Set<string>();
  private readonly insert;

  constructor(
    private readonly db: Database,
    drugbank: Map<string, DrugBankEntry>,
    aliases: Record<string, string>,
  ) {
    const single = new Map<string, string>();
    for (const [from, to] of Object.entries(aliases)) if (!to.includes(';')) single.set(normalizeName(from), to);
    // A synonym maps to its entry's common name only when it names one entry and is not another entry's common name.
    const commons = new Set([...drugbank.values()].map((e) => normalizeName(e.name)));
    // Stereo and salt-prefixed spellings ("(-)-Albuterol" of levosalbutamol) normalise like the plain name; the plain
    // spelling decides when it names one entry.
    const targets = new Map<string, { plain: Set<string>; other: Set<string> }>();
    for (const e of drugbank.values()) {
      for (const syn of e.synonyms) {
        const n = normalizeName(syn);
        if (n.length < 3 || commons.has(n)) continue;
        const t = targets.get(n) ?? { plain: new Set<string>(), other: new Set<string>() };
        (/^[\p{L}\p{N}][\p{L}\p{N} '.-]*$/u.test(syn.trim()) ? t.plain : t.other).add(e.name);
        targets.set(n, t);
      }
    }
    const synonyms = new Map<string, string>();
    for (const [n, t] of targets) {
      const pick = t.plain.size ? t.plain : t.other;
      if (pick.size === 1) synonyms.set(n, [...pick][0]!);
    }
    this.maps = { aliases: single, drugbank: synonyms };
    this.insert = db.prepare('INSERT OR IGNORE INTO ix_names (name_norm, key, name, via) VALUES (?, ?, ?, ?)');

    for (const e of drugbank.values()) this.add(e.name, 'drugbank');
    for (const [n, common] of synonyms) this.addAs(n, common, [this.key(common)], 'drugbank_synonym');
    for (const [from, to] of Object.entries(aliases))
      this.add(
        from,
        'alias',
        to.split(';').map((t) => this.key(t.trim())),
      );
  }

  key(name: string): string {
    return canonicalKey(name, this.maps);
  }

  /** Whether any source has named this key so far. */
  hasKey(key: string): boolean {
    return this.keys.has(key);
  }

  /** Every key named so far (for class members given as prefixes, "insulin*"). */
  allKeys(): string[] {
    return [...this.keys];
  }

  /** Records `name` as a spelling of `keys` (default: its own key) and returns the keys. */
  add(name: string, via: NameVia, keys?: string[]): string[] {
    return this.addAs(name, name, keys ?? [this.key(name)], via);
  }

  private addAs(name: string, shown: string, keys: string[], via: NameVia): string[] {
    const norm = normalizeName(name);
    const out = keys.filter(Boolean);
    if (!norm) return out;
    for (const key of out) {
      const id = `${norm}\0${key}\0${via}`;
      this.keys.add(key);
      if (!this.seen.has(id)) {
        this.seen.add(id);
        this.insert.run(norm, key, shown, via);
      }
      // A key's display name comes from a source that spells that key alone, not from a combination brand.
      if (out.length === 1 && via !== 'brand' && via !== 'drugbank_synonym') {
        const prev = this.display.get(key);
        // A source spelling the moiety itself ("Potassium", not "Potassium iodide") names it best.
        const rank = DISPLAY_RANK[via] - (normalizeName(shown) === key && via !== 'rule' && via !== 'alias' ? 10 : 0);
        if (!prev || rank < prev.rank || (rank === prev.rank && shown.length < prev.name.length))
          this.display.set(key, { name: shown, rank });
      }
    }
    return out;
  }

  /** Writes ix_keys: every key with its display name. */
  finish(): number {
    for (const r of this.db
      .prepare<[], { key: string; name: string }>('SELECT key, min(name) AS name FROM ix_names GROUP BY key')
      .all()) {
      if (!this.display.has(r.key)) this.display.set(r.key, { name: r.name, rank: 99 });
    }
    const insert = this.db.prepare('INSERT INTO ix_keys (key, name) VALUES (?, ?)');
    for (const [key, d] of [...this.display].sort(([a], [b]) => (a < b ? -1 : 1))) insert.run(key, d.name);
    return this.display.size;
  }
}
