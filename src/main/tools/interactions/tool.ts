/**
 * POST /v1/tools/interactions/check runs the pair model (src/main/interactions, docs/interactions.md).
 *
 * Legacy, below the runner's imports: the pre-pair-model resolution (our records and DDInter only) and its helpers,
 * kept solely because the stack/protocol builders and the chat's name handling still import them; they move to
 * src/main/interactions (resolveName, checkSubstances) in the builders' part of issue 13. Resolves each name to our compound records (compound_names, by
 * normalizeName; or an exact slug) and to DDInter drugs (ddinter_drugs.name_norm, the compound's ddinter_compounds
 * mapping, or a DrugBank open-vocabulary synonym whose common name is a DDInter drug), then checks every pair
 * (compute.ts). The resolution helpers are exported for the peptide-stack and protocol tools.
 */
import type { Statement } from 'better-sqlite3';
import type { Category, CompoundStatus, EvidenceGrade } from '../../../shared/enums.ts';
import { InteractionsData, InteractionsRequest } from '../../../shared/schemas/tools/interactions.ts';
import { checkInteractions } from '../../interactions/check.ts';
import { normalizeName } from '../../compounds/names.ts';
import type { Db } from '../../db/connection.ts';
import { FuzzyNames } from '../../search/fuzzy-names.ts';
import { ToolInputError, type ToolRunner } from '../tool.ts';
import {
  displayName, mergeSuggestions, pairKey, type CheckResult, type DdinterLevel, type MatchKind, type RecordInteraction, type SubstanceInfo, type SuggestionHit,
} from './compute.ts';

export const INTERACTIONS_REFERENCE = 'Xiong G, Yang Z, Yi J, et al. DDInter: an online drug–drug interaction database towards improving '
  + 'clinical decision-making and patient safety. Nucleic Acids Res. 2022;50(D1):D1200–D1207 (CC BY-NC-SA 4.0). Names: DrugBank open '
  + 'vocabulary (CC0; Wishart DS et al., DrugBank 5.0, Nucleic Acids Res. 2018;46(D1):D1074–D1082). Editorial interaction lists of '
  + 'the Materia compound records.';

export interface CompoundLookupRow {
  rowid: number; slug: string; name: string; category: string; status: string; evidence_grade: string; alt_names: string; interactions: string;
}
const COMPOUND_COLUMNS = 'c.rowid, c.slug, c.name, c.category, c.status, c.evidence_grade, c.alt_names, c.interactions';

interface Statements {
  bySlug: Statement<[string], CompoundLookupRow>;
  byNorm: Statement<[string], CompoundLookupRow & { kind: 'name' | 'alt_name' | 'drugbank' }>;
  ddinterOfCompound: Statement<[number], { id: string; name: string }>;
  ddinterByNorm: Statement<[string], { id: string; name: string }>;
  pair: Statement<[string, string], { level: DdinterLevel }>;
}

interface NameIndex {
  fuzzyCompounds: FuzzyNames;
  fuzzyDdinter: FuzzyNames;
  compounds: Map<number, { slug: string; name: string }>;
  ddinter: { id: string; name: string; norm: string }[];
  /** every compound name and alternative name, normalised, for prefix suggestions */
  compoundNames: { norm: string; rowid: number }[];
  /** normalised DrugBank name or synonym → DDInter drugs whose name is that DrugBank entry's common name */
  drugbankToDdinter: Map<string, { id: string; name: string }[]>;
}

const statements = new WeakMap<Db, Statements>();
const indexes = new WeakMap<Db, NameIndex>();

function stmts(db: Db): Statements {
  let s = statements.get(db);
  if (!s) {
    s = {
      bySlug: db.prepare(`SELECT ${COMPOUND_COLUMNS} FROM compounds c WHERE c.slug = ?`),
      byNorm: db.prepare(`SELECT ${COMPOUND_COLUMNS}, n.kind FROM compound_names n JOIN compounds c ON c.rowid = n.compound_rowid
        WHERE n.name_norm = ? ORDER BY CASE n.kind WHEN 'name' THEN 0 WHEN 'alt_name' THEN 1 ELSE 2 END, c.name COLLATE NOCASE, c.slug LIMIT 1`),
      ddinterOfCompound: db.prepare(`SELECT d.id, d.name FROM ddinter_compounds dc JOIN ddinter_drugs d ON d.id = dc.ddinter_id
        WHERE dc.compound_rowid = ? ORDER BY d.id`),
      ddinterByNorm: db.prepare('SELECT id, name FROM ddinter_drugs WHERE name_norm = ? ORDER BY id'),
      pair: db.prepare('SELECT level FROM ddinter_pairs WHERE a = ? AND b = ?'),
    };
    statements.set(db, s);
  }
  return s;
}

/** Built once per content database: fuzzy name indexes and the DrugBank synonym → DDInter map. */
function nameIndex(db: Db): NameIndex {
  let idx = indexes.get(db);
  if (idx) return idx;
  const compoundRows = db.prepare<[], { rowid: number; slug: string; name: string; alt_names: string }>('SELECT rowid, slug, name, alt_names FROM compounds ORDER BY rowid').all();
  const names: { name: string; compoundRowid: number }[] = [];
  const compoundNames: { norm: string; rowid: number }[] = [];
  for (const r of compoundRows) {
    for (const n of [r.name, ...(JSON.parse(r.alt_names) as string[])]) {
      names.push({ name: n, compoundRowid: r.rowid });
      compoundNames.push({ norm: normalizeName(n), rowid: r.rowid });
    }
  }
  const ddinter = db.prepare<[], { id: string; name: string; name_norm: string }>('SELECT id, name, name_norm FROM ddinter_drugs ORDER BY id').all()
    .map((d) => ({ id: d.id, name: d.name, norm: d.name_norm }));
  const ddByNorm = Map.groupBy(ddinter, (d) => d.norm);
  const drugbankToDdinter = new Map<string, { id: string; name: string }[]>();
  for (const v of db.prepare<[], { name: string; synonyms: string }>('SELECT name, synonyms FROM drugbank_vocabulary ORDER BY drugbank_id').all()) {
    const hits = ddByNorm.get(normalizeName(v.name));
    if (!hits) continue;
    for (const syn of [v.name, ...(JSON.parse(v.synonyms) as string[])]) {
      const norm = normalizeName(syn);
      if (!norm) continue;
      const list = drugbankToDdinter.get(norm) ?? [];
      for (const h of hits) if (!list.some((x) => x.id === h.id)) list.push({ id: h.id, name: h.name });
      drugbankToDdinter.set(norm, list);
    }
  }
  idx = {
    fuzzyCompounds: new FuzzyNames(names),
    fuzzyDdinter: new FuzzyNames(ddinter.map((d, i) => ({ name: d.name, compoundRowid: i }))),
    compounds: new Map(compoundRows.map((r) => [r.rowid, { slug: r.slug, name: r.name }])),
    ddinter,
    compoundNames,
    drugbankToDdinter,
  };
  indexes.set(db, idx);
  return idx;
}

/** A compound row as the interaction compute sees it, with the DDInter drugs it is mapped to. */
export function substanceFromCompound(db: Db, row: CompoundLookupRow, input: string, matchedVia: MatchKind): SubstanceInfo {
  return {
    input,
    status: 'compound',
    matchedVia,
    compound: {
      slug: row.slug, name: row.name, category: row.category, status: row.status, evidence_grade: row.evidence_grade,
      alt_names: JSON.parse(row.alt_names) as string[],
      interactions: JSON.parse(row.interactions) as RecordInteraction[],
    },
    ddinter: stmts(db).ddinterOfCompound.all(row.rowid),
  };
}

/** A compound by slug, for tools that take slugs (null when unknown). */
export function substanceBySlug(db: Db, slug: string): SubstanceInfo | null {
  const row = stmts(db).bySlug.get(slug);
  return row ? substanceFromCompound(db, row, slug, 'slug') : null;
}

/** Resolve one name. `field` names the request field for the error when the name has no letters or digits. */
export function resolveSubstance(db: Db, input: string, field: string): SubstanceInfo {
  const s = stmts(db);
  const norm = normalizeName(input);
  if (!norm) throw new ToolInputError(`${field} has no letters or digits`, [{ field, message: 'must contain letters or digits' }]);
  const trimmed = input.trim();
  if (/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(trimmed)) {
    const row = s.bySlug.get(trimmed);
    if (row) return withDirectDdinter(s, substanceFromCompound(db, row, input, 'slug'), norm);
  }
  const named = s.byNorm.get(norm);
  if (named) return withDirectDdinter(s, substanceFromCompound(db, named, input, named.kind), norm);
  const direct = s.ddinterByNorm.all(norm);
  if (direct.length) return { input, status: 'ddinter', matchedVia: 'ddinter_name', compound: null, ddinter: direct };
  const viaDrugbank = nameIndex(db).drugbankToDdinter.get(norm);
  if (viaDrugbank?.length) return { input, status: 'ddinter', matchedVia: 'drugbank_synonym', compound: null, ddinter: [...viaDrugbank] };
  return { input, status: 'unmatched', matchedVia: null, compound: null, ddinter: [] };
}

/** A compound whose own mapping misses the DDInter drug the user literally named still gets that drug. */
function withDirectDdinter(s: Statements, sub: SubstanceInfo, norm: string): SubstanceInfo {
  for (const d of s.ddinterByNorm.all(norm)) if (!sub.ddinter.some((x) => x.id === d.id)) sub.ddinter.push(d);
  return sub;
}

/** DDInter levels for every pair of DDInter drugs among the substances, keyed by pairKey. */
export function ddinterPairs(db: Db, subs: readonly SubstanceInfo[]): Map<string, DdinterLevel> {
  const st = stmts(db).pair;
  const ids = [...new Set(subs.flatMap((x) => x.ddinter.map((d) => d.id)))].sort();
  const out = new Map<string, DdinterLevel>();
  for (let i = 0; i < ids.length; i++) {
    for (let j = i + 1; j < ids.length; j++) {
      const [a, b] = ids[i]! < ids[j]! ? [ids[i]!, ids[j]!] : [ids[j]!, ids[i]!];
      const row = st.get(a, b);
      if (row) out.set(pairKey(a, b), row.level);
    }
  }
  return out;
}

/** Close names for an unrecognised input: typos (FuzzyNames: 1 edit for 5–8 letters, 2 beyond) and prefixes. */
export function suggestionsFor(db: Db, input: string, limit = 5): SuggestionHit[] {
  const idx = nameIndex(db);
  const norm = normalizeName(input);
  const typo: SuggestionHit[] = [
    ...idx.fuzzyCompounds.match(input).map((h) => {
      const c = idx.compounds.get(h.compoundRowid)!;
      return { name: c.name, slug: c.slug, source: 'compound' as const, match: 'typo' as const, distance: h.distance };
    }),
    ...idx.fuzzyDdinter.match(input).map((h) => ({ name: idx.ddinter[h.compoundRowid]!.name, slug: null, source: 'ddinter' as const, match: 'typo' as const, distance: h.distance })),
  ];
  const prefix: SuggestionHit[] = [];
  if (norm.length >= 4) {
    for (const n of idx.compoundNames) {
      if (n.norm !== norm && n.norm.startsWith(norm)) {
        const c = idx.compounds.get(n.rowid)!;
        prefix.push({ name: c.name, slug: c.slug, source: 'compound', match: 'prefix', distance: null });
      }
    }
    for (const d of idx.ddinter) if (d.norm !== norm && d.norm.startsWith(norm)) prefix.push({ name: d.name, slug: null, source: 'ddinter', match: 'prefix', distance: null });
  }
  // A DDInter drug we also carry is suggested once, as our compound.
  const carried = new Set([...typo, ...prefix].filter((h) => h.source === 'compound').map((h) => normalizeName(h.name)));
  const keep = (h: SuggestionHit) => h.source === 'compound' || !carried.has(normalizeName(h.name));
  return mergeSuggestions(typo.filter(keep), prefix.filter(keep), limit);
}

/** The response shape of one interaction, shared with the tools that reuse this check. */
export function interactionEntries(subs: readonly SubstanceInfo[], r: CheckResult) {
  return r.interactions.map((i) => ({
    a: { input: subs[i.a]!.input, name: displayName(subs[i.a]!) },
    b: { input: subs[i.b]!.input, name: displayName(subs[i.b]!) },
    severity: i.severity,
    source: i.source,
    listed_as: i.listedAs,
    record: i.record,
    matched_class: i.matchedClass ?? null,
    notes: i.notes,
  }));
}

export function resolvedSubstances(subs: readonly SubstanceInfo[], duplicates: readonly (number | null)[]) {
  return subs.map((s, i) => ({
    input: s.input,
    status: s.status,
    matched_via: s.matchedVia,
    compound: s.compound ? {
      slug: s.compound.slug, name: s.compound.name,
      category: s.compound.category as Category,
      status: s.compound.status as CompoundStatus,
      evidence_grade: s.compound.evidence_grade as EvidenceGrade,
    } : null,
    ddinter: s.ddinter.map((d) => ({ id: d.id, name: d.name })),
    duplicate_of: duplicates[i] === null || duplicates[i] === undefined ? null : subs[duplicates[i]]!.input,
  }));
}

/** POST /v1/tools/interactions/check: the pair model (src/main/interactions) over the names given. */
export const interactionsTool: ToolRunner<typeof InteractionsRequest, typeof InteractionsData> = {
  name: 'interactions',
  request: InteractionsRequest,
  data: InteractionsData,
  run(ctx, input) {
    input.substances.forEach((name, i) => {
      if (!normalizeName(name)) throw new ToolInputError(`substances.${i} has no letters or digits`, [{ field: `substances.${i}`, message: 'must contain letters or digits' }]);
    });
    const out = checkInteractions(ctx.content, input.substances);
    if (out.substances.filter((s) => s.duplicate_of === null).length < 2) {
      throw new ToolInputError('substances names fewer than two different substances', [{ field: 'substances', message: 'all entries name the same substance; give at least two different ones' }]);
    }
    return out;
  },
};
