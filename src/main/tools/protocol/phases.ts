/**
 * Protocol phases: start or titration, maintenance, then taper or washout, week by week. Doses and steps come from the
 * label schedule when we record one (label-titrations.ts), else from the record's and monograph's text (compute.ts).
 * Phase lengths that no source gives are a scheduling convention, set out in compute.ts's header.
 */
import type { DosePlan, Phase, taperOf, titrationOf, washoutOf } from './compute.ts';
import type { LabelDose, LabelTitration } from './label-titrations.ts';

export interface PhasePlan {
  phase: Phase;
  from: number;
  to: number;
  instructions: string;
  dose: LabelDose | null;
}

const doseText = (d: LabelDose) => `${d.value} ${d.unit}`;

/**
 * Start, titration and maintenance phases from a label schedule, within the first `body` weeks: one titration phase
 * per fixed step, then maintenance. A label with no fixed steps starts at its dose for a week, then maintenance.
 */
export function labelPhases(
  body: number,
  label: LabelTitration,
  name: string,
): { phases: PhasePlan[]; warnings: string[] } {
  const phases: PhasePlan[] = [];
  const warnings: string[] = [];
  const cite = `Label: ${label.product}.`;
  let week = 1;
  label.steps.forEach((s, i) => {
    if (week > body) return;
    const to = Math.min(week + s.weeks - 1, body);
    const next = label.steps[i + 1]?.dose ?? label.maintenance;
    phases.push({
      phase: 'titration',
      from: week,
      to,
      dose: s.dose,
      instructions: `${doseText(s.dose)} ${s.frequency ?? label.frequency} for ${s.weeks} week${s.weeks === 1 ? '' : 's'}, then ${doseText(next)}. ${cite}`,
    });
    week += s.weeks;
  });
  if (week > body) {
    const reached = 1 + label.steps.reduce((sum, x) => sum + x.weeks, 0);
    warnings.push(
      `${name}: the label's escalation reaches the ${doseText(label.maintenance)} maintenance dose in week ${reached}, after the ${body} week${body === 1 ? '' : 's'} this outline has for dosing; it ends during titration.`,
    );
    return { phases, warnings };
  }
  const further = label.further ? ` ${label.further}` : '';
  if (!label.steps.length) {
    phases.push({
      phase: 'start',
      from: 1,
      to: 1,
      dose: label.maintenance,
      instructions: `Begin: ${doseText(label.maintenance)} ${label.frequency}. ${cite}`,
    });
    week = 2;
  }
  if (week <= body) {
    phases.push({
      phase: 'maintenance',
      from: week,
      to: body,
      dose: label.maintenance,
      instructions: `${doseText(label.maintenance)} ${label.frequency}.${further} ${cite}`,
    });
  }
  return { phases, warnings };
}

/** Weeks of a taper and of a washout at the end of an N-week protocol (scheduling convention; see the header). */
export const taperWeeks = (n: number) => (n >= 8 ? 2 : n >= 3 ? 1 : 0);
export const washoutWeeks = (n: number) => (n >= 4 ? 1 : 0);

export function phasesOf(
  n: number,
  dose: DosePlan,
  titration: ReturnType<typeof titrationOf>,
  taper: ReturnType<typeof taperOf>,
  washout: ReturnType<typeof washoutOf>,
  label: { titration: LabelTitration; name: string } | null = null,
  renalDose = false,
): { phases: PhasePlan[]; warnings: string[] } {
  const warnings: string[] = [];
  const endPhase: Phase | null = taper.required ? 'taper' : washout.detected ? 'washout' : null;
  const endWeeks = endPhase === 'taper' ? taperWeeks(n) : endPhase === 'washout' ? washoutWeeks(n) : 0;
  if (endPhase === 'taper' && endWeeks === 0)
    warnings.push(
      `A taper is needed when stopping, but a ${n}-week protocol leaves no room for it: any taper follows the protocol and must be planned with the prescriber.`,
    );
  if (endPhase === 'washout' && endWeeks === 0)
    warnings.push('The record suggests breaks or cycles; the protocol is too short to include one.');
  const body = n - endWeeks;
  const phases: PhasePlan[] = [];
  if (label) {
    const fromLabel = labelPhases(body, label.titration, label.name);
    phases.push(...fromLabel.phases);
    warnings.push(...fromLabel.warnings);
  } else {
    phases.push(...textPhases(body, dose, titration, renalDose));
  }
  if (endPhase === 'taper' && endWeeks > 0) {
    phases.push({
      phase: 'taper',
      from: body + 1,
      to: n,
      dose: null,
      instructions: `Reduce gradually as the prescriber directs; do not stop abruptly. Why: ${taper.reasons[0]}. The ${endWeeks}-week window is a planning placeholder; tapers after long or high-dose use take longer.`,
    });
  }
  if (endPhase === 'washout' && endWeeks > 0) {
    phases.push({
      phase: 'washout',
      from: body + 1,
      to: n,
      dose: null,
      instructions: `Pause dosing (a break, as the source suggests: ${washout.text.join(' ')}).`,
    });
  }
  return { phases, warnings };
}

/**
 * Start or titration, then maintenance, from the record's and monograph's text (no label schedule). Under a renal dose
 * the text's usual steps (which go beyond it) are not repeated: steps stay within the renal dose.
 */
function textPhases(
  body: number,
  dose: DosePlan,
  titration: ReturnType<typeof titrationOf>,
  renalDose: boolean,
): PhasePlan[] {
  const startLen = Math.max(1, Math.min(titration.detected ? (titration.stepWeeks ?? 1) : 1, body));
  const phases: PhasePlan[] = [];
  const loading = dose.loading_dose ? ` Loading dose per the monograph: ${dose.loading_dose}` : '';
  if (titration.detected) {
    phases.push({
      phase: 'titration',
      from: 1,
      to: startLen,
      dose: null,
      instructions: renalDose
        ? `Start low and step up only within the renal dose: ${dose.text}.${loading} The usual steps go beyond it; dose steps are the prescriber's decision.`
        : `Start at the lower or starting dose and step up only as the source describes: ${titration.text.join(' ')} Target: ${dose.text}.${loading} Dose steps are the prescriber's decision.`,
    });
  } else {
    phases.push({ phase: 'start', from: 1, to: startLen, dose: null, instructions: `Begin: ${dose.text}.${loading}` });
  }
  if (body > startLen) {
    const step =
      titration.detected && titration.stepWeeks
        ? ` Further dose steps, if any, no sooner than every ${titration.stepWeeks} week${titration.stepWeeks === 1 ? '' : 's'}, as the prescriber directs.`
        : '';
    phases.push({
      phase: 'maintenance',
      from: startLen + 1,
      to: body,
      dose: null,
      instructions: `Continue: ${dose.text}.${step}`,
    });
  }
  return phases;
}

export function phaseAt(phases: readonly PhasePlan[], week: number): Phase | null {
  return phases.find((p) => week >= p.from && week <= p.to)?.phase ?? null;
}
