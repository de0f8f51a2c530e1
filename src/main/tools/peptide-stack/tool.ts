/**
 * POST /v1/tools/peptide-stack/build. Reads the compound records (goal fit, grade, dosing, description), resolves
 * excluded compounds and current medications with the one name resolver, and screens every candidate with the one
 * pair model (src/main/interactions; screen.ts here).
 */
import type { Statement } from 'better-sqlite3';
import { resolveLine } from '../../vocabulary/med-list.ts';
import {
  EVIDENCE_GRADE_MEANING,
  type Category,
  type CompoundStatus,
  type EvidenceGrade,
} from '../../../shared/enums.ts';
import { PeptideStackData, PeptideStackRequest } from '../../../shared/schemas/tools/peptide-stack.ts';
import type { Db } from '../../db/connection.ts';
import { allowedEdits, editDistance } from '../../vocabulary/fuzzy.ts';
import { normalizeName } from '../../vocabulary/normalize.ts';
import { INTERACTIONS_METHOD } from '../../interactions/check.ts';
import { resolveName, substanceBySlug, suggestions } from '../../vocabulary/resolver.ts';
import { ToolInputError, type ToolRunner } from '../tool.ts';
import {
  dosingOf,
  emptyReasons,
  interpret,
  itemWarnings,
  normGoal,
  rationaleOf,
  timingSlots,
  type Candidate,
  type CandidateRecord,
  type Medication,
  type TypicalDosing,
} from './compute.ts';
import { checkBuilder, pairJudge } from './screen.ts';
import { buildStack } from './select.ts';
import { optInKinds } from './eligibility.ts';
import { groupsOfSubstance } from './substance-groups.ts';

interface Row {
  rowid: number;
  slug: string;
  name: string;
  category: string;
  status: string;
  evidence_grade: string;
  alt_names: string;
  interactions: string;
  subcategory: string;
  compound_type: string;
  research_count: number;
  benefits: string;
  description: string;
  typical_dosing: string;
  has_monograph: 0 | 1;
}

const statements = new WeakMap<
  Db,
  { all: Statement<[], Row>; subcategories: Statement<[], { subcategory: string }> }
>();
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
  slug: r.slug,
  name: r.name,
  category: r.category as Category,
  subcategory: r.subcategory,
  status: r.status,
  compound_type: r.compound_type,
  evidence_grade: r.evidence_grade as EvidenceGrade,
  research_count: r.research_count,
  benefits: JSON.parse(r.benefits) as string[],
  description: r.description,
  typical_dosing: JSON.parse(r.typical_dosing) as TypicalDosing,
  has_monograph: r.has_monograph === 1,
});

/** Every goal must be a known subcategory (a ToolInputError names the others, with close matches). Also used by PUT /v1/profile. */
export function checkGoals(db: Db, goals: readonly string[]): void {
  const known = [
    ...new Set(
      stmts(db)
        .subcategories.all()
        .map((r) => normGoal(r.subcategory)),
    ),
  ].sort();
  const details: { field: string; message: string }[] = [];
  goals.forEach((g, i) => {
    const n = normGoal(g);
    if (known.includes(n)) return;
    const max = allowedEdits(n.length);
    const close = known.filter(
      (k) => (max > 0 && editDistance(n, k, max) <= max) || k.startsWith(n) || n.startsWith(k),
    );
    details.push({
      field: `goals.${i}`,
      message: close.length
        ? `unknown goal; did you mean ${close.join(', ')}?`
        : `unknown goal; known goals: ${known.join(', ')}`,
    });
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

    const excluded = k.exclude_compounds.map((name, i) => {
      const field = `constraints.exclude_compounds.${i}`;
      const s = resolveName(db, name);
      if (!s.compound) {
        const sug = suggestions(db, name)
          .filter((h) => h.slug)
          .map((h) => h.name);
        throw new ToolInputError(`${field} is not a compound we carry`, [
          { field, message: `not a compound we carry${sug.length ? `; did you mean ${sug.join(', ')}?` : ''}` },
        ]);
      }
      return s;
    });
    const meds = k.current_medications.map((name, i) => {
      const field = `constraints.current_medications.${i}`;
      if (!normalizeName(name))
        throw new ToolInputError(`${field} has no letters or digits`, [
          { field, message: 'must contain letters or digits' },
        ]);
      // Read as a medication line: "Zoloft 50 mg" is sertraline, whatever the dose written with it.
      return resolveLine(db, name);
    });

    const goals = input.goals.map(normGoal);
    const rows = stmts(db).all.all();
    const candidates: Candidate[] = rows
      .filter((r) => goals.includes(normGoal(r.subcategory)))
      .map((r) => {
        const record = toRecord(r);
        const substance = substanceBySlug(db, r.slug)!;
        const groups = groupsOfSubstance(db, substance);
        return { record, substance, groups, kinds: optInKinds(record, groups) };
      });
    const medications: Medication[] = meds.map((m) => ({ substance: m, groups: groupsOfSubstance(db, m) }));

    const r = buildStack({
      goals: input.goals,
      candidates,
      constraints: { ...k, exclude_slugs: excluded.map((s) => s.compound!.slug) },
      medications,
      interaction: pairJudge(db),
    });
    const check = checkBuilder(
      db,
      r.chosen.map((a) => a.candidate.substance),
      meds,
    );

    const warnings: string[] = [
      ...check.notices,
      ...excluded.filter((s) => s.matchedVia === 'typo').map((s) => s.notice!),
    ];
    if (check.unresolved.length) {
      warnings.push(
        `Not recognised, so not checked for interactions or duplication: ${check.unresolved.map((u) => u.input).join(', ')}. The stack's highest severity is therefore at least "unknown".`,
      );
    }
    if (r.chosen.length && r.chosen.length < k.max_compounds)
      warnings.push(
        `Only ${r.chosen.length} of the ${k.max_compounds} compounds asked for could be chosen under these constraints.`,
      );
    if (r.chosen.some((a) => a.candidate.record.status === 'research_only'))
      warnings.push(
        'The stack contains research-only compounds: not approved for human use, with unverified products.',
      );
    if (r.chosen.some((a) => a.candidate.kinds.includes('veterinary_only')))
      warnings.push(
        'The stack contains veterinary-only compounds: never approved for human use; human products are illicit and unverified.',
      );
    warnings.push(check.coverage.statement);

    const pairsOf = (i: number) =>
      check.pairs
        .filter((p) => p.a === i || p.b === i)
        .map((p) => ({ pair: p.out, other: p.a === i ? p.out.b.name : p.out.a.name }));
    return {
      goals: r.goals.map((g) => ({
        goal: g.goal,
        subcategories: g.subcategories,
        candidates: g.candidates,
        chosen: g.chosen,
      })),
      stack: r.chosen.map((a, i) => {
        const c = a.candidate.record;
        return {
          rank: i + 1,
          slug: c.slug,
          name: c.name,
          category: c.category,
          subcategory: c.subcategory,
          status: c.status as CompoundStatus,
          evidence_grade: c.evidence_grade,
          evidence_meaning: EVIDENCE_GRADE_MEANING[c.evidence_grade],
          goal: a.goal,
          dosing: dosingOf(c.typical_dosing),
          timing: { slots: timingSlots(c.typical_dosing.frequency), text: c.typical_dosing.frequency },
          rationale: rationaleOf(a),
          warnings: itemWarnings(a, pairsOf(i)),
          has_monograph: c.has_monograph,
          duplication_groups: a.candidate.groups.map((g) => g.id),
        };
      }),
      not_selected: r.notSelected.map((n) => ({
        slug: n.candidate.record.slug,
        name: n.candidate.record.name,
        goal: n.goal,
        evidence_grade: n.candidate.record.evidence_grade,
        reason: n.reason,
        detail: n.detail,
      })),
      interactions: check.pairs.map((p) => p.out),
      highest_severity: check.highest,
      medications: check.medications,
      unmatched_medications: check.unresolved,
      coverage: check.coverage,
      warnings,
      empty_reasons: emptyReasons(r),
      method: {
        name: 'Materia stack selection: goal fit, then evidence grade (docs/content.md rubric); no therapeutic duplication; screened with the Materia pair model (moderate or worse excluded)',
        reference: `Materia compound records and evidence-grade rubric (docs/content.md); duplication groups (docs/builders.md). ${INTERACTIONS_METHOD.reference}`,
      },
      interpretation: interpret(
        r,
        check.pairs.map((p) => p.out),
        meds.length,
      ),
    };
  },
};
