/** Compounds and monographs: authored text plus everything derived (grade, DrugBank names, linked documents, counts). */
import { createHash } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { compoundEvidenceGrade } from '../../main/compounds/evidence-grade.ts';
import { normalizeName } from '../../main/vocabulary/normalize.ts';
import { HUMAN_DESIGNS, PRECLINICAL_DESIGNS } from '../../main/documents/study-design.ts';
import type { StudyDesign } from '../../shared/enums.ts';
import type { CompoundSource, MonographSource } from '../source-schema.ts';
import type { DrugBankEntry } from './drugbank.ts';
import { ENDOGENOUS_SLUGS, longerNamesOf, makeLinker } from './link.ts';

const MAX_ALT_NAMES = 30;
import { EDITORIAL_NOTE } from '../../main/content/editorial.ts';

export function compoundId(slug: string): string {
  return `cmp_${createHash('sha256').update(slug).digest('hex').slice(0, 12)}`;
}

function withDrugBankNames(
  c: CompoundSource,
  entry: DrugBankEntry | undefined,
): { alt: string[]; fromDrugBank: string[] } {
  const seen = new Set([normalizeName(c.name)]);
  const alt: string[] = [];
  for (const n of c.alt_names)
    if (!seen.has(normalizeName(n))) {
      seen.add(normalizeName(n));
      alt.push(n);
    }
  const fromDrugBank: string[] = [];
  if (entry) {
    const excluded = new Set((c.drugbank_exclude ?? []).map(normalizeName));
    for (const n of [entry.name, ...entry.synonyms]) {
      if (excluded.has(normalizeName(n))) continue;
      if (alt.length >= MAX_ALT_NAMES) break;
      const norm = normalizeName(n);
      if (!norm || seen.has(norm)) continue;
      seen.add(norm);
      alt.push(n);
      fromDrugBank.push(n);
    }
  }
  return { alt, fromDrugBank };
}

/** A development code ("VIT-45", "LY2452473", "GW 501516") or a systematic chemical name (digits with punctuation, brackets). */
export function isCodeOrSystematicName(n: string): boolean {
  return (
    /^[A-Za-z]{1,6}[- ]?\d{2,}/.test(n) ||
    /[()[\]{},]/.test(n) ||
    /\d[-,]\d|\d-[A-Za-z]|[A-Za-z]-\d/.test(n) ||
    n.length > 40
  );
}

export interface BuiltCompounds {
  count: number;
  warnings: string[];
  linkedDocuments: number;
}

export function insertCompounds(
  db: Database,
  compounds: CompoundSource[],
  monographs: MonographSource[],
  drugbank: Map<string, DrugBankEntry>,
  lastUpdated: string,
): BuiltCompounds {
  const warnings: string[] = [];
  const link = makeLinker(db);
  const docInfo = db.prepare<[number], { pmid: string | null; study_design: StudyDesign }>(
    'SELECT pmid, study_design FROM documents WHERE rowid = ?',
  );
  const insert =
    db.prepare(`INSERT INTO compounds (id, slug, name, category, subcategory, status, compound_type, evidence_grade,
    description, research_count, drugbank_id, last_updated, alt_names, benefits, typical_dosing, side_effects, interactions,
    pubmed_ids, evidence_profile, basis) VALUES (@id, @slug, @name, @category, @subcategory, @status, @compound_type,
    @evidence_grade, @description, @research_count, @drugbank_id, @last_updated, @alt_names, @benefits, @typical_dosing,
    @side_effects, @interactions, @pubmed_ids, @evidence_profile, @basis)`);
  const insertFts = db.prepare(
    'INSERT INTO compounds_fts (rowid, name, alt_names, description, benefits) VALUES (?, ?, ?, ?, ?)',
  );
  const insertName = db.prepare(
    'INSERT OR IGNORE INTO compound_names (name_norm, compound_rowid, kind) VALUES (?, ?, ?)',
  );
  const insertLink = db.prepare(
    'INSERT INTO compound_documents (compound_rowid, document_rowid, matched_name) VALUES (?, ?, ?)',
  );
  const insertMonograph =
    db.prepare(`INSERT INTO monographs (slug, name, full_name, category, evidence_grade, last_updated, data)
    VALUES (?, ?, ?, ?, ?, ?, ?)`);

  const slugs = new Set(compounds.map((c) => c.slug));
  const monographBySlug = new Map(monographs.map((m) => [m.slug, m]));
  let linkedDocuments = 0;

  const namesOf = new Map(
    compounds.map((c) => [c.slug, withDrugBankNames(c, c.drugbank_id ? drugbank.get(c.drugbank_id) : undefined)]),
  );
  const longer = longerNamesOf(compounds.map((c) => ({ slug: c.slug, names: [c.name, ...namesOf.get(c.slug)!.alt] })));

  for (const c of compounds) {
    const entry = c.drugbank_id ? drugbank.get(c.drugbank_id) : undefined;
    if (c.drugbank_id && !entry)
      throw new Error(`${c.slug}: DrugBank id ${c.drugbank_id} is not in the DrugBank vocabulary`);
    if (entry) {
      const ours = new Set([c.name, ...c.alt_names].map(normalizeName));
      if (![entry.name, ...entry.synonyms].some((n) => ours.has(normalizeName(n)))) {
        warnings.push(
          `${c.slug}: DrugBank ${entry.id} is "${entry.name}", which shares no name with the compound; check the id`,
        );
      }
    }
    const { alt, fromDrugBank } = namesOf.get(c.slug)!;
    const links = link([c.name, ...alt], {
      category: c.category,
      longerNames: longer.get(c.slug),
      endogenous: c.category === 'amino_acid' || c.category === 'probiotic' || ENDOGENOUS_SLUGS.has(c.slug),
    });
    const docs = links.documentRowids.map((rowid) => ({ rowid, ...docInfo.get(rowid)! }));
    linkedDocuments += docs.length;
    const pubmedIds = [...new Set(docs.map((d) => d.pmid).filter((p): p is string => p !== null))].sort(
      (a, b) => Number(a) - Number(b),
    );
    const grade = compoundEvidenceGrade(c.evidence_profile);

    const { lastInsertRowid } = insert.run({
      id: compoundId(c.slug),
      slug: c.slug,
      name: c.name,
      category: c.category,
      subcategory: c.subcategory,
      status: c.status,
      compound_type: c.compound_type,
      evidence_grade: grade,
      description: c.description,
      research_count: docs.length,
      drugbank_id: c.drugbank_id,
      last_updated: lastUpdated,
      alt_names: JSON.stringify(alt),
      benefits: JSON.stringify(c.benefits),
      typical_dosing: JSON.stringify(c.typical_dosing),
      side_effects: JSON.stringify(c.side_effects),
      interactions: JSON.stringify(c.interactions.map((i) => ({ ...i, source: 'editorial' }))),
      pubmed_ids: JSON.stringify(pubmedIds),
      evidence_profile: JSON.stringify(c.evidence_profile),
      basis: JSON.stringify(c.basis),
    });
    const rowid = Number(lastInsertRowid);
    const drugbankOnly = new Set(fromDrugBank);
    // Research codes and systematic chemical names stay findable by exact name (compound_names) but out of the ranked
    // text: "VIT-45" or "(3,4-d)pyrimidine" would otherwise match everyday query words ("vit", "d").
    insertFts.run(
      rowid,
      c.name,
      alt.filter((n) => !drugbankOnly.has(n) || !isCodeOrSystematicName(n)).join(' ; '),
      c.description,
      c.benefits.join(' ; '),
    );
    insertName.run(normalizeName(c.name), rowid, 'name');
    for (const n of alt) insertName.run(normalizeName(n), rowid, drugbankOnly.has(n) ? 'drugbank' : 'alt_name');
    for (const d of docs) insertLink.run(rowid, d.rowid, links.matchedNames.get(d.rowid)!);

    const m = monographBySlug.get(c.slug);
    if (m) {
      for (const r of m.related_compounds)
        if (!slugs.has(r)) throw new Error(`monograph ${m.slug}: related compound ${r} does not exist`);
      const data = {
        slug: c.slug,
        name: c.name,
        full_name: m.full_name,
        classification: { type: m.classification.type, category: c.category, subcategory: c.subcategory },
        structure: m.structure,
        mechanism_of_action: m.mechanism_of_action,
        clinical_evidence: {
          evidence_grade: grade,
          human_studies: docs.filter((d) => HUMAN_DESIGNS.has(d.study_design)).length,
          preclinical_studies: docs.filter((d) => PRECLINICAL_DESIGNS.has(d.study_design)).length,
          clinical_outcomes: m.clinical_outcomes,
        },
        indications: m.indications,
        dosing: m.dosing,
        safety_profile: m.safety_profile,
        interactions: {
          drug_interactions: m.interactions.drug_interactions.map((i) => ({ ...i, source: 'editorial' })),
          supplement_interactions: m.interactions.supplement_interactions.map((i) => ({ ...i, source: 'editorial' })),
          food_interactions: m.interactions.food_interactions.map((i) => ({ ...i, source: 'editorial' })),
        },
        cost_estimate: m.cost_estimate,
        related_compounds: m.related_compounds,
        point_of_care: m.point_of_care ?? null,
        research_papers: docs.length,
        sources: { editorial: true, basis: m.basis, note: EDITORIAL_NOTE, claims: m.claim_basis ?? null },
        last_updated: lastUpdated,
      };
      insertMonograph.run(c.slug, c.name, m.full_name, c.category, grade, lastUpdated, JSON.stringify(data));
    }
  }
  return { count: compounds.length, warnings, linkedDocuments };
}
