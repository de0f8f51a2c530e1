/**
 * POST /v1/tools/protocol/build. Reads each compound's record and monograph, the LOINC-coded reference ranges of the
 * monitoring tests (lab_tests, NLM LHC flowsheet), and checks interactions with the one name resolver and pair model
 * (src/main/interactions). Everything it returns is an editorial outline, not a prescription.
 */
import type { Statement } from 'better-sqlite3';
import type { Category, CompoundStatus, EvidenceGrade } from '../../../shared/enums.ts';
import { resolveLine } from '../../vocabulary/med-list.ts';
import { ProtocolData, ProtocolRequest } from '../../../shared/schemas/tools/protocol.ts';
import type { Db } from '../../db/connection.ts';
import { normalizeName } from '../../vocabulary/normalize.ts';
import { INTERACTIONS_METHOD } from '../../interactions/check.ts';
import type { TypicalDosing } from '../peptide-stack/compute.ts';
import { checkBuilder } from '../peptide-stack/screen.ts';
import { duplicationWarnings, groupsOfSubstance } from '../peptide-stack/substance-groups.ts';
import { ToolInputError, type ToolRunner } from '../tool.ts';
import {
  compoundWarnings,
  dosePlan,
  monitoringOf,
  stopCriteriaOf,
  taperOf,
  titrationOf,
  washoutOf,
  type MonographLike,
  type Phase,
  type ProtocolCompoundInput,
} from './compute.ts';
import { phaseAt, phasesOf, type PhasePlan } from './phases.ts';
import { CKD_EPI_2021_REFERENCE, EGFR_LOINC, EGFR_TEST } from './kidney.ts';
import { kidneyFunction } from './kidney-report.ts';
import { COCKCROFT_GAULT_REFERENCE } from './cockcroft-gault.ts';
import { renalDose, renalOut, renalWarnings } from './renal-dose.ts';
import { labelTitrationFor, type LabelTitration } from './label-titrations.ts';
import { resolveCompounds } from './resolve.ts';

interface LabRow {
  loinc: string;
  name: string;
  units: string | null;
  ucum: string | null;
  low: number | null;
  high: number | null;
  range_text: string | null;
}
const labStatements = new WeakMap<Db, Statement<[string], LabRow>>();
function labStatement(db: Db): Statement<[string], LabRow> {
  let st = labStatements.get(db);
  if (!st) {
    st = db.prepare(
      'SELECT loinc, name, units, ucum, low, high, range_text FROM lab_tests WHERE loinc = ? ORDER BY rowid LIMIT 1',
    );
    labStatements.set(db, st);
  }
  return st;
}

export const DISCLAIMER =
  'Editorial planning outline drawn from Materia monographs and compound records. It is not a prescription or medical advice: ' +
  'doses, titration, tapering and monitoring must be set and supervised by a licensed clinician.';

const PHASE_LABEL: Record<Phase, string> = {
  start: 'Start',
  titration: 'Titration',
  maintenance: 'Maintenance',
  taper: 'Taper',
  washout: 'Washout',
};

function phaseEvent(p: PhasePlan, name: string): string {
  if (!p.dose) return `${PHASE_LABEL[p.phase]} begins: ${name}.`;
  return p.phase === 'titration'
    ? `Dose step (label schedule): ${name} ${p.dose.value} ${p.dose.unit}.`
    : `${PHASE_LABEL[p.phase]} begins: ${name} ${p.dose.value} ${p.dose.unit}.`;
}

/** The titration block: the label's schedule when we record one (with week numbers), else what the text says. */
function titrationOut(
  t: { detected: boolean; stepWeeks: number | null; text: string[] },
  label: LabelTitration | null,
) {
  if (!label)
    return {
      detected: t.detected,
      step_interval: t.stepWeeks ? { value: t.stepWeeks, unit: 'weeks' } : null,
      text: t.text,
      label: null,
    };
  let week = 1;
  const steps = label.steps.map((s) => {
    const step = { dose: s.dose, from_week: week, to_week: week + s.weeks - 1 };
    week += s.weeks;
    return step;
  });
  const interval = steps.length ? Math.min(...label.steps.map((s) => s.weeks)) : t.stepWeeks;
  return {
    detected: true,
    step_interval: interval ? { value: interval, unit: 'weeks' } : null,
    text: t.text,
    label: {
      product: label.product,
      route: label.route,
      frequency: label.frequency,
      steps,
      maintenance: { dose: label.maintenance, from_week: week },
      further: label.further,
      basis: label.basis,
    },
  };
}

export const protocolTool: ToolRunner<typeof ProtocolRequest, typeof ProtocolData> = {
  name: 'protocol',
  request: ProtocolRequest,
  data: ProtocolData,
  run(ctx, input) {
    const db = ctx.content;
    const n = input.duration_weeks;
    const resolved = resolveCompounds(ctx, input.compounds);
    const rows = resolved.map((r) => r.row);
    const inputs: ProtocolCompoundInput[] = rows.map((r) => ({
      slug: r.slug,
      name: r.name,
      category: r.category,
      subcategory: r.subcategory,
      status: r.status,
      evidence_grade: r.evidence_grade,
      description: r.description,
      typical_dosing: JSON.parse(r.typical_dosing) as TypicalDosing,
      side_effects: JSON.parse(r.side_effects) as string[],
      monograph: (ctx.monographs.get(r.slug) as MonographLike | null) ?? null,
    }));

    // Kidney function first: a compound below its label's do-not-use threshold is not scheduled, and one within a
    // dose band takes the band's dose instead of the usual dose and the label's standard escalation.
    const kidney = kidneyFunction(input.kidney, inputs, input.goal);

    const compounds = inputs.map((c, i) => {
      const renal = kidney.decisions[i] ?? null;
      const dose = renalDose(dosePlan(c, input.goal), renal);
      const titration = titrationOf(c);
      const taper = taperOf(c);
      const washout = washoutOf(c);
      const row = rows[i]!;
      const standard = labelTitrationFor(
        [row.name, ...(JSON.parse(row.alt_names) as string[])],
        resolved[i]!.input,
        input.goal,
      );
      const renalSets = renal?.action === 'adjust' || renal?.action === 'do_not_start';
      const label = renalSets ? null : standard;
      const planned = phasesOf(
        n,
        dose,
        titration,
        taper,
        washout,
        label ? { titration: label, name: c.name } : null,
        renal?.action === 'adjust',
      );
      const { phases, warnings } = renal?.scheduled === false ? { phases: [], warnings: [] } : planned;
      if (renal?.action === 'adjust' && standard)
        warnings.push(
          `The label's standard escalation (${standard.product}) is not followed: the renal rule sets the dose.`,
        );
      return {
        input: resolved[i]!.input,
        slug: c.slug,
        name: c.name,
        category: c.category as Category,
        status: c.status as CompoundStatus,
        evidence_grade: c.evidence_grade as EvidenceGrade,
        source: c.monograph ? ('monograph' as const) : ('compound_record' as const),
        limited: !c.monograph,
        limitation: c.monograph
          ? null
          : 'No monograph: built from the compound record only (typical dose, side effects, interactions). Serious side effects are not graded and there are no contraindications or dosing notes, so this part of the protocol is limited.',
        dose: {
          text: dose.text,
          amount: dose.amount,
          dose_status: dose.dose_status,
          frequency: dose.frequency,
          route: dose.route,
          basis: dose.basis,
          indication: dose.indication
            ? { ...dose.indication, evidence_grade: dose.indication.evidence_grade as EvidenceGrade }
            : null,
          loading_dose: dose.loading_dose,
        },
        goal_match: dose.goal_match,
        titration: titrationOut(titration, label),
        taper,
        washout,
        phases: phases.map((p) => ({
          phase: p.phase,
          from_week: p.from,
          to_week: p.to,
          length: { value: p.to - p.from + 1, unit: 'weeks' },
          dose: p.dose,
          instructions: p.instructions,
        })),
        studied_duration: c.monograph?.dosing.duration ?? c.typical_dosing.duration,
        contraindications: c.monograph?.safety_profile.contraindications ?? [],
        warnings: [...renalWarnings(renal), ...compoundWarnings(c, dose, taper), ...warnings],
        renal: renalOut(renal),
        _row: row,
        _phases: phases,
        _titration: titration,
        _label: label,
      };
    });

    // Interactions: within the protocol and with the medications (medication pairs among themselves are not reported).
    const meds = input.current_medications.map((name, i) => {
      const field = `current_medications.${i}`;
      if (!normalizeName(name))
        throw new ToolInputError(`${field} has no letters or digits`, [
          { field, message: 'must contain letters or digits' },
        ]);
      // Read as a medication line: a dose or frequency written with the name never hides it.
      return resolveLine(db, name);
    });
    const own = resolved.map((r) => r.substance);
    const subs = [...own, ...meds];
    const check = checkBuilder(db, own, meds);
    const k = compounds.length;
    const warnings: string[] = [...check.notices];
    for (const p of check.pairs.filter((x) => x.out.severity === 'contraindicated' || x.out.severity === 'major')) {
      const o = p.out;
      warnings.push(
        `${o.severity === 'contraindicated' ? 'Contraindicated' : 'Major'} interaction: ${o.a.name} + ${o.b.name} ` +
          `(${o.sources.map((x) => `${x.listed_as}: ${x.level}`).join('; ')}).${o.mechanism ? ` ${o.mechanism}` : ''} Do not combine without the prescriber's review.`,
      );
    }
    for (const [m, c] of check.sameAsOwn)
      warnings.push(`${meds[m]!.input} is already in the protocol as ${compounds[c]!.name}.`);
    // Two substances with one action (two serotonergic agents, two androgens): the stack builder's duplication groups.
    // Medications among themselves are not the protocol's business, as with interactions; a medication that is a
    // protocol compound is reported as already in the protocol instead.
    const grouped = subs.map((x) => ({ substance: x, groups: groupsOfSubstance(db, x) }));
    const repeats = new Set(check.sameAsOwn.map(([m]) => k + m));
    warnings.push(...duplicationWarnings(grouped, (i, j) => i < k && !repeats.has(j)));
    if (check.unresolved.length) {
      warnings.push(
        `Not recognised, so not checked for interactions: ${check.unresolved.map((u) => u.input).join(', ')}. The highest severity is therefore at least "unknown".`,
      );
    }
    const limited = compounds.filter((c) => c.limited).map((c) => c.name);
    if (limited.length)
      warnings.push(
        `Limited protocol for ${limited.join(', ')}: no monograph, so built from the compound record only.`,
      );

    const labs = monitoringOf(inputs);
    const lab = labStatement(db);
    const monitoring = labs.map((h) => ({
      panel: h.panel.panel,
      tests: h.panel.loinc.flatMap((loinc) => {
        if (loinc === EGFR_LOINC) {
          return [
            {
              test: EGFR_TEST.test,
              loinc,
              unit: EGFR_TEST.unit,
              low: { value: EGFR_TEST.low, unit: EGFR_TEST.unit },
              high: null,
              text: EGFR_TEST.text,
            },
          ];
        }
        const r = lab.get(loinc);
        const unit = r?.units || r?.ucum;
        // A test without a source range or unit is left out rather than shown with a bare number.
        if (!r || !unit) return [];
        return [
          {
            test: r.name,
            loinc,
            unit,
            low: r.low !== null ? { value: r.low, unit } : null,
            high: r.high !== null ? { value: r.high, unit } : null,
            text: r.range_text,
          },
        ];
      }),
      reasons: h.reasons,
      timing:
        'Baseline (week 1) and at the end of the protocol; sooner if symptoms appear or as the monograph text and prescriber direct.',
    }));
    const panels = monitoring.map((m) => m.panel);

    const schedule = Array.from({ length: n }, (_, w) => {
      const week = w + 1;
      const items = compounds.flatMap((c) => {
        const phase = phaseAt(c._phases, week);
        return phase ? [{ slug: c.slug, phase }] : [];
      });
      const events: string[] = [];
      if (week === 1) {
        events.push(
          `Before starting: check contraindications${panels.length ? ` and baseline labs (${panels.join('; ')})` : ''}.`,
        );
        const started = compounds.filter((c) => c.renal?.scheduled !== false);
        const held = compounds.filter((c) => c.renal?.scheduled === false);
        if (started.length) events.push(`Start: ${started.map((c) => c.name).join(', ')}.`);
        if (held.length)
          events.push(
            `Not started (kidney function below the label's threshold): ${held.map((c) => c.name).join(', ')}.`,
          );
      }
      for (const c of compounds) {
        for (const p of c._phases) if (p.from === week && week > 1) events.push(phaseEvent(p, c.name));
        const step = c._titration.stepWeeks;
        if (
          !c._label &&
          c._titration.detected &&
          step &&
          step >= 2 &&
          week > 1 &&
          (week - 1) % step === 0 &&
          ['titration', 'maintenance'].includes(phaseAt(c._phases, week) ?? '')
        ) {
          events.push(`Earliest dose review point: ${c.name} (steps no sooner than every ${step} weeks).`);
        }
      }
      if (week === n)
        events.push(
          `End of protocol: review benefit and side effects${panels.length ? `; repeat labs (${panels.join('; ')})` : ''}.`,
        );
      return { week, items, events };
    });

    const stop = inputs.flatMap(stopCriteriaOf);
    const tapering = compounds.filter((c) => c.taper.required && c.renal?.scheduled !== false).map((c) => c.name);
    const notStarted = compounds.filter((c) => c.renal?.scheduled === false).map((c) => c.name);
    const sev = check.highest;
    const interpretation = [
      `Editorial ${n}-week outline for "${input.goal}" with ${compounds.map((c) => c.name).join(', ')}.`,
      notStarted.length
        ? `Not started because kidney function is below the label's threshold: ${notStarted.join(', ')}.`
        : '',
      tapering.length ? `Taper rather than stop abruptly: ${tapering.join(', ')}.` : '',
      panels.length
        ? `Monitoring suggested by the monographs: ${panels.join('; ')}.`
        : 'The sources name no specific lab monitoring.',
      sev === 'contraindicated' || sev === 'major'
        ? `A ${sev} interaction is listed: review before combining.`
        : sev === 'none'
          ? `No interaction is listed between these substances (not proof of safety: ${check.coverage.statement})`
          : `Highest interaction severity: ${sev}.`,
      limited.length ? `Limited (no monograph): ${limited.join(', ')}.` : '',
      'Not a prescription: a clinician sets the real doses and schedule.',
    ]
      .filter(Boolean)
      .join(' ');

    return {
      goal: input.goal,
      duration: { value: n, unit: 'weeks' },
      editorial: true as const,
      disclaimer: DISCLAIMER,
      compounds: compounds.map(({ _row: _r, _phases: _p, _titration: _t, _label: _l, ...c }) => c),
      schedule,
      monitoring,
      stop_criteria: stop,
      interactions: check.pairs.map((p) => p.out),
      highest_severity: sev,
      medications: check.medications,
      unmatched_medications: check.unresolved,
      coverage: check.coverage,
      warnings: [...warnings, ...kidney.warnings],
      kidney_function: kidney.block,
      method: {
        name: 'Materia monographs and compound records (editorial), US label dose schedules, NLM lab reference ranges, CKD-EPI 2021, Cockcroft–Gault, the Materia interaction pair model',
        reference:
          'Materia monographs and compound records (docs/content.md); label schedules (docs/builders.md). Reference ranges: NLM LHC Flowsheet (LOINC-coded). ' +
          `${CKD_EPI_2021_REFERENCE} ${COCKCROFT_GAULT_REFERENCE} ${INTERACTIONS_METHOD.reference}`,
      },
      interpretation,
    };
  },
};
