/**
 * POST /v1/tools/peptide-stack/build. Reads the compound records (goal fit, grade, dosing, description), resolves
 * excluded compounds and current medications with the interaction tool's resolver, and screens every candidate with
 * the interaction tool's compute (compute.ts here; ../interactions/compute.ts).
 */
import type { Statement } from 'better-sqlite3';
import { EVIDENCE_GRADE_MEANING, type Category, type CompoundStatus, type EvidenceGrade } from '../../../shared/enums.ts';
import { PeptideStackData, PeptideStackRequest } from '../../../shared/schemas/tools/peptide-stack.ts';
import type { Db } from '../../db/connection.ts';
import { allowedEdits, editDistance } from '../../search/fuzzy-names.ts';
import { classesOf, highestSeverity } from '../interactions/compute.ts';
import {
  INTERACTIONS_REFERENCE, ddinterPairs, interactionEntries, resolveSubstance, resolvedSubstances, substanceFromCompound,
  suggestionsFor, type CompoundLookupRow,
} from '../interactions/tool.ts';
import { ToolInputError, type ToolRunner } from '../tool.ts';
import {
  buildStack, dosingOf, emptyReasons, interpret, itemWarnings, normGoal, rationaleOf, timingSlots,
  type Candidate, type CandidateRecord, type Medication, type TypicalDosing,
} from './compute.ts';
import { optInKinds } from './eligibility.ts';
import { groupsOfSubstance } from './substance-groups.ts';

interface Row extends CompoundLookupRow {
  subcategory: string; compound_type: string; research_count: number; benefits: string; description: string;
  typical_dosing: string; has_monograph: 0 | 1;
}

const statements = new WeakMap<Db, { all: Statement<[], Row>; subcategories: Statement<[], { subcategory: string }> }>();
function stmts(db: Db) {
  let s = statements.get(db);
  if (!s) {
    s = {
      all: db.prepare(`SELECT c.rowid, c.slug, c.name, c.category, c.subcategory, c.status, c.compound_type, c.evidence_grade,
        c.research_count, c.benefits, c.description, c.typical_dosing, c.alt_names, c.interactions, (m.slug IS NOT NULL) AS has_monograph
        FROM compounds c LEFT JOIN monographs m ON m.slug = c.slug ORDER BY c.slug`),
      subcategories: db.prepare('SELECT DISTINCT subcategory FROM compounds ORDER BY subcategory'),
    };
    statements.set(db, s);
  }
  return s;
}

const toRecord = (r: Row): CandidateRecord => ({
  slug: r.slug, name: r.name, category: r.category as Category, subcategory: r.subcategory, status: r.status,
  compound_type: r.compound_type, evidence_grade: r.evidence_grade as EvidenceGrade, research_count: r.research_count,
  benefits: JSON.parse(r.benefits) as string[], description: r.description,
  typical_dosing: JSON.parse(r.typical_dosing) as TypicalDosing, has_monograph: r.has_monograph === 1,
});

/** Every goal must be a known subcategory (a ToolInputError names the others, with close matches). Also used by PUT /v1/profile. */
export function checkGoals(db: Db, goals: readonly string[]): void {
  const known = [...new Set(stmts(db).subcategories.all().map((r) => normGoal(r.subcategory)))].sort();
  const details: { field: string; message: string }[] = [];
  goals.forEach((g, i) => {
    const n = normGoal(g);
    if (known.includes(n)) return;
    const max = allowedEdits(n.length);
    const close = known.filter((k) => (max > 0 && editDistance(n, k, max) <= max) || k.startsWith(n) || n.startsWith(k));
    details.push({ field: `goals.${i}`, message: close.length ? `unknown goal; did you mean ${close.join(', ')}?` : `unknown goal; known goals: ${known.join(', ')}` });
  });
  if (details.length) throw new ToolInputError(`unknown goal: ${details.map((d) => d.field).join(', ')}`, details);
}

export const peptideStackTool: ToolRunner<typeof PeptideStackRequest, typeof PeptideStackData> = {
  name: 'peptide_stack',
  request: PeptideStackRequest,
  data: PeptideStackData,
  run(ctx, input) {
    const db = ctx.content;
    checkGoals(db, input.goals);
    const k = input.constraints;

    const excludeSlugs = k.exclude_compounds.map((name, i) => {
      const field = `constraints.exclude_compounds.${i}`;
      const s = resolveSubstance(db, name, field);
      if (!s.compound) {
        const sug = suggestionsFor(db, name).filter((h) => h.slug).map((h) => h.name);
        throw new ToolInputError(`${field} is not a compound we carry`, [{ field, message: `not a compound we carry${sug.length ? `; did you mean ${sug.join(', ')}?` : ''}` }]);
      }
      return s.compound.slug;
    });
    const meds = k.current_medications.map((name, i) => resolveSubstance(db, name, `constraints.current_medications.${i}`));

    const goals = input.goals.map(normGoal);
    const rows = stmts(db).all.all();
    const candidates: Candidate[] = rows
      .filter((r) => goals.includes(normGoal(r.subcategory)))
      .map((r) => {
        const record = toRecord(r);
        const substance = substanceFromCompound(db, r, r.slug, 'slug');
        const groups = groupsOfSubstance(db, substance);
        return { record, substance, groups, kinds: optInKinds(record, groups, classesOf(substance)) };
      });
    const medications: Medication[] = meds.map((m) => ({ substance: m, groups: groupsOfSubstance(db, m) }));
    const pairs = ddinterPairs(db, [...candidates.map((c) => c.substance), ...meds]);

    const r = buildStack({
      goals: input.goals,
      candidates,
      constraints: { ...k, exclude_slugs: excludeSlugs },
      medications,
      pairs,
    });

    const unmatched = meds.filter((m) => m.status === 'unmatched');
    const warnings: string[] = [];
    if (unmatched.length) warnings.push(`Not recognised, so checked only against our editorial interaction texts: ${unmatched.map((m) => m.input).join(', ')}.`);
    if (r.chosen.length && r.chosen.length < k.max_compounds) warnings.push(`Only ${r.chosen.length} of the ${k.max_compounds} compounds asked for could be chosen under these constraints.`);
    if (r.chosen.some((a) => a.candidate.record.status === 'research_only')) warnings.push('The stack contains research-only compounds: not approved for human use, with unverified products.');
    if (r.chosen.some((a) => a.candidate.kinds.includes('veterinary_only'))) warnings.push('The stack contains veterinary-only compounds: never approved for human use; human products are illicit and unverified.');
    warnings.push('Absence of a listed interaction is not proof of safety: DDInter and our records are incomplete.');

    const interactionSubs = r.subs;
    const interactionResult = { interactions: r.interactions, duplicates: interactionSubs.map(() => null), pairsChecked: 0 };
    return {
      goals: r.goals.map((g) => ({ goal: g.goal, subcategories: g.subcategories, candidates: g.candidates, chosen: g.chosen })),
      stack: r.chosen.map((a, i) => {
        const c = a.candidate.record;
        return {
          rank: i + 1,
          slug: c.slug, name: c.name, category: c.category, subcategory: c.subcategory, status: c.status as CompoundStatus,
          evidence_grade: c.evidence_grade, evidence_meaning: EVIDENCE_GRADE_MEANING[c.evidence_grade],
          goal: a.goal,
          dosing: dosingOf(c.typical_dosing),
          timing: { slots: timingSlots(c.typical_dosing.frequency), text: c.typical_dosing.frequency },
          rationale: rationaleOf(a),
          warnings: itemWarnings(a, i, r),
          has_monograph: c.has_monograph,
          duplication_groups: a.candidate.groups.map((g) => g.id),
        };
      }),
      not_selected: r.notSelected.map((n) => ({
        slug: n.candidate.record.slug, name: n.candidate.record.name, goal: n.goal,
        evidence_grade: n.candidate.record.evidence_grade, reason: n.reason, detail: n.detail,
      })),
      interactions: interactionEntries(interactionSubs, interactionResult),
      highest_severity: highestSeverity(r.interactions),
      medications: resolvedSubstances(meds, meds.map(() => null)),
      unmatched_medications: unmatched.map((m) => ({ input: m.input, suggestions: suggestionsFor(db, m.input) })),
      warnings,
      empty_reasons: emptyReasons(r),
      method: {
        name: 'Materia stack selection: goal fit, then evidence grade (docs/content.md rubric); no therapeutic duplication; screened with DDInter and editorial interactions (moderate or worse excluded)',
        reference: `Materia compound records and evidence-grade rubric (docs/content.md). ${INTERACTIONS_REFERENCE}`,
      },
      interpretation: interpret(r, meds.length),
    };
  },
};
