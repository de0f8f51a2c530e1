/**
 * What a compound's renal decision (renal-decision.ts) does to its protocol entry: within a dose band the dose text is
 * the band's advice, with the rule and the usual dose it replaces; below a do-not-use threshold the compound is not
 * started and its dose says so; and the decision as the response shows it.
 */
import type { DosePlan } from './compute.ts';
import type { RenalDecision } from './renal-decision.ts';

export function renalDose(dose: DosePlan, renal: RenalDecision | null): DosePlan {
  if (renal?.action === 'adjust')
    return {
      ...dose,
      amount: null,
      text: `${renal.dose_advice} (renal dose: ${renal.dose_rule})`,
    };
  if (renal?.action === 'do_not_start')
    return {
      ...dose,
      amount: null,
      text: `Not started: kidney function is below the label's threshold (the usual dose would be ${dose.text})`,
    };
  return dose;
}

export function renalWarnings(renal: RenalDecision | null): string[] {
  if (!renal || renal.action === 'usual' || renal.action === 'no_rule') return [];
  return [renal.statement];
}

export function renalOut(renal: RenalDecision | null) {
  if (!renal) return null;
  return {
    rules_from: renal.rules_from,
    section_measure: renal.section_measure,
    weight: renal.weight
      ? { used: renal.weight.used, value: { value: renal.weight.kg, unit: 'kg' }, why: renal.weight.why }
      : null,
    action: renal.action,
    scheduled: renal.scheduled,
    statement: renal.statement,
    rules: renal.rules,
  };
}
