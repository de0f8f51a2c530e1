/**
 * Each renal rule compared with its own measure, and what the protocol does with the compound:
 *
 * - a CrCl rule with Cockcroft–Gault clearance (by the weight the label names, else the weight rule in
 *   cockcroft-gault.ts); an eGFR rule with CKD-EPI 2021 eGFR; "CrCl or eGFR" with the lower of the two (the label
 *   accepts either; the lower is the cautious reading), or eGFR alone without weight; serum-creatinine bands with the
 *   creatinine. Values are compared as shown, to one decimal (creatinine two).
 * - Without weight a CrCl rule is unassessed (`applies: null`), never compared with eGFR.
 * - A value that falls between two of the label's bands ("above 30 to 59" and "60 or more" at 59.6) takes the lower
 *   band, the more cautious one, and says so.
 * - Among the rules that apply, those whose qualifier matches the goal ("(hypertension)", "atrial fibrillation")
 *   decide when there are any; otherwise all that apply decide.
 * - Action: a dose for this range (adjust) wins over a "do not use" that applies too — the avoid is then qualified
 *   (another product, route or indication) and is stated as a warning; avoid alone means do not start (not
 *   scheduled); else caution, else the usual dose. No applying rule and an unassessed one: not assessed.
 */
import { matchIndication, type ProtocolCompoundInput } from './compute.ts';
import { CRCL_UNIT, WEIGHT_NAME, weightOf, type BodyWeights, type WeightKind } from './cockcroft-gault.ts';
import { EGFR_UNIT } from './kidney.ts';
import type { RenalAction } from './renal-action.ts';
import { within, type RenalCondition, type RenalMeasure } from './renal-conditions.ts';
import type { RenalRule, RenalRuleSet } from './renal-rules.ts';

export interface KidneyMeasures {
  egfr: number;
  creatinineMgDl: number;
  weights: BodyWeights | null;
  /** Cockcroft–Gault clearance with the given weight; null without weight (or without height for ideal/adjusted). */
  crcl: (kind: WeightKind) => number | null;
}

export interface ComparedValue {
  measure: 'CrCl' | 'eGFR' | 'serum creatinine';
  value: number;
  unit: string;
}

export interface EvaluatedCondition extends RenalCondition {
  compared_with: ComparedValue | null;
  applies: boolean | null;
}

export interface EvaluatedRule extends Omit<RenalRule, 'conditions'> {
  conditions: EvaluatedCondition[];
  applies: boolean | null;
  /** True for the rules the action comes from. */
  decides: boolean;
  note: string | null;
}

export type ProtocolRenalAction = 'do_not_start' | 'adjust' | 'caution' | 'usual' | 'not_assessed' | 'no_rule';

export interface RenalDecision {
  rules_from: RenalRuleSet['from'];
  section_measure: RenalMeasure | null;
  weight: { used: WeightKind; kg: number; why: string } | null;
  rules: EvaluatedRule[];
  action: ProtocolRenalAction;
  scheduled: boolean;
  /** The advice that sets the dose when the action is adjust, and which rule it is. */
  dose_advice: string | null;
  dose_rule: string | null;
  statement: string;
  /** Applying avoid rules that did not decide (another indication, product or route): each a warning. */
  qualified_avoid: { rule: EvaluatedRule; at: string }[];
}

const round = (x: number, d: number) => Math.round(x * 10 ** d) / 10 ** d;

function valueFor(
  measure: RenalMeasure,
  m: KidneyMeasures,
  weight: WeightKind,
): { compared: ComparedValue | null; note: string | null } {
  const egfr: ComparedValue = { measure: 'eGFR', value: round(m.egfr, 1), unit: EGFR_UNIT };
  const crclRaw = m.crcl(weight);
  const crcl: ComparedValue | null =
    crclRaw === null ? null : { measure: 'CrCl', value: round(crclRaw, 1), unit: CRCL_UNIT };
  switch (measure) {
    case 'eGFR':
      return { compared: egfr, note: null };
    case 'CrCl':
      return {
        compared: crcl,
        note: crcl
          ? null
          : 'Creatinine clearance (Cockcroft–Gault) needs weight: give kidney.weight_kg. eGFR is a different measure and is not used for this threshold.',
      };
    case 'CrCl or eGFR':
      if (!crcl)
        return {
          compared: egfr,
          note: 'The label accepts CrCl or eGFR; without weight only eGFR is available, so eGFR is used.',
        };
      return {
        compared: crcl.value <= egfr.value ? crcl : egfr,
        note: `The label accepts CrCl or eGFR; the lower (CrCl ${crcl.value} ${CRCL_UNIT}, eGFR ${egfr.value} ${EGFR_UNIT}) is used.`,
      };
    case 'serum creatinine':
      return {
        compared: { measure: 'serum creatinine', value: round(m.creatinineMgDl, 2), unit: 'mg/dL' },
        note: null,
      };
  }
}

/** Conditions compared with their own measure; the notes say what could not be compared and why. */
export function evaluateConditions(
  conds: readonly RenalCondition[],
  m: KidneyMeasures,
  weight: WeightKind,
): { conditions: EvaluatedCondition[]; applies: boolean | null; notes: string[] } {
  const notes: string[] = [];
  const conditions = conds.map((c) => {
    const { compared, note } = valueFor(c.measure, m, weight);
    if (note && !notes.includes(note)) notes.push(note);
    return { ...c, compared_with: compared, applies: compared ? within(c, compared.value) : null };
  });
  const applies = conditions.some((c) => c.applies)
    ? true
    : conditions.some((c) => c.applies === null) || !conditions.length
      ? null
      : false;
  return { conditions, applies, notes };
}

function evaluate(rule: RenalRule, m: KidneyMeasures, weight: WeightKind): EvaluatedRule {
  const { conditions, applies, notes } = evaluateConditions(rule.conditions, m, weight);
  if (!conditions.length)
    notes.push(
      /dialysis/i.test(rule.text)
        ? 'Applies on dialysis; dialysis is not an input here.'
        : 'The label states no number for this band, so it is not compared: check it against the figures above.',
    );
  return { ...rule, conditions, applies, decides: false, note: notes.length ? notes.join(' ') : null };
}

/** A value between two of the label's bands takes the lower band (see the header). */
function betweenBands(rules: EvaluatedRule[]): EvaluatedRule | null {
  const numeric = rules.filter((r) => r.source === 'label_band' && r.conditions.length && r.applies === false);
  if (!numeric.length || rules.some((r) => r.applies)) return null;
  const below = numeric.filter((r) =>
    r.conditions.every((c) => c.high !== null && c.compared_with && c.compared_with.value >= c.high),
  );
  const above = numeric.filter((r) =>
    r.conditions.every((c) => c.low !== null && c.compared_with && c.compared_with.value <= c.low),
  );
  if (!below.length || !above.length) return null;
  return below.reduce((a, b) =>
    Math.max(...b.conditions.map((c) => c.high!)) > Math.max(...a.conditions.map((c) => c.high!)) ? b : a,
  );
}

/** The words of a rule besides its thresholds and common renal words: its indication, product or route. */
function qualifier(rule: EvaluatedRule): string {
  let t = rule.text;
  for (const c of rule.conditions) t = t.replace(c.text, ' ');
  return t.replace(
    /\b(?:renal|kidney|impairment|severe|moderate|mild|label|labels|SmPCs?|US|UK|EU|dialysis|haemodialysis|disease|end-stage|function|including|without|regular|with|below|above)\b/gi,
    ' ',
  );
}

function valueText(c: ComparedValue, weight: RenalDecision['weight']): string {
  if (c.measure === 'CrCl')
    return `CrCl ${c.value} ${c.unit} (Cockcroft–Gault, ${weight ? `${WEIGHT_NAME[weight.used]} ${weight.kg} kg` : 'weight'})`;
  if (c.measure === 'eGFR') return `eGFR ${c.value} ${c.unit} (CKD-EPI 2021)`;
  return `serum creatinine ${c.value} ${c.unit}`;
}

const sourceText = (r: EvaluatedRule) =>
  r.source === 'label_band' ? `label band "${r.text}"` : `${r.field} "${r.text}"`;

/** Where two fields of our text state the same threshold, the monograph's dosing notes speak for both. */
const FIELD_ORDER = ['dosing.notes', 'dosing.typical_dose', 'contraindications', 'typical_dosing.frequency'];
function distinct(rules: EvaluatedRule[]): EvaluatedRule[] {
  const key = (r: EvaluatedRule) =>
    r.source === 'label_band'
      ? r.field
      : r.conditions.map((c) => `${c.measure}:${c.low}:${c.low_inclusive}:${c.high}:${c.high_inclusive}`).join('|');
  const rank = (r: EvaluatedRule) => {
    const i = FIELD_ORDER.indexOf(r.field);
    return i < 0 ? FIELD_ORDER.length : i;
  };
  const best = new Map<string, EvaluatedRule>();
  for (const r of rules) {
    const k = key(r);
    const b = best.get(k);
    if (!b || rank(r) < rank(b)) best.set(k, r);
  }
  return rules.filter((r) => best.get(key(r)) === r);
}

function comparedOf(r: EvaluatedRule): ComparedValue | null {
  return (
    r.conditions.find((c) => c.applies)?.compared_with ??
    r.conditions.find((c) => c.compared_with)?.compared_with ??
    null
  );
}

export function decideRenal(
  c: Pick<ProtocolCompoundInput, 'name'>,
  set: RenalRuleSet,
  m: KidneyMeasures,
  goal: string,
  weightChoice: { used: WeightKind; why: string },
): RenalDecision {
  const rules = set.rules.map((r) => evaluate(r, m, weightChoice.used));
  const gap = betweenBands(rules);
  if (gap) {
    gap.applies = true;
    gap.note = `${gap.note ? `${gap.note} ` : ''}The value lies between the label's bands; the lower band, the more cautious, is used.`;
  }
  const usesCrcl = rules.some((r) => r.conditions.some((x) => x.compared_with?.measure === 'CrCl'));
  const kg = m.weights ? round(weightOf(m.weights, weightChoice.used), 1) : null;
  const weight = usesCrcl && kg !== null ? { used: weightChoice.used, kg, why: weightChoice.why } : null;
  const base = { rules_from: set.from, section_measure: set.section_measure, weight, rules };

  const applying = rules.filter((r) => r.applies);
  const goalMatched = applying.filter((r) => matchIndication(goal, [{ condition: qualifier(r) }]));
  const deciding = goalMatched.length ? goalMatched : applying;
  for (const r of deciding) r.decides = true;
  const unassessed = rules.filter((r) => r.applies === null && r.conditions.length);
  const unassessedNote = unassessed.length
    ? ` Not assessed without weight: ${unassessed.map((r) => `"${r.text}"`).join(', ')} (creatinine clearance needs kidney.weight_kg).`
    : '';

  // Bands without a number ("Severe renal impairment: contraindicated") are named whenever function is reduced.
  const crclNow = m.crcl(weightChoice.used);
  const reduced = Math.min(m.egfr, crclNow ?? Infinity) < 90;
  const unnumbered = reduced
    ? rules.filter((r) => !r.conditions.length && r.action !== 'usual' && !/dialysis/i.test(r.text))
    : [];
  const unnumberedNote = unnumbered.length
    ? ` Label bands without a number, not compared: ${unnumbered.map((r) => `"${r.text}" (${r.advice})`).join('; ')} — check them against these figures.`
    : '';
  const none = { scheduled: true, dose_advice: null, dose_rule: null, qualified_avoid: [] };

  if (!deciding.length) {
    const numeric = rules.filter((r) => r.conditions.length);
    const v = numeric.length ? comparedOf(numeric[0]!) : null;
    if (unassessed.length)
      return {
        ...base,
        ...none,
        action: 'not_assessed',
        statement: `${c.name}: its renal rules use creatinine clearance (Cockcroft–Gault), which needs weight — give kidney.weight_kg; eGFR is a different measure and is not compared with them. Rules: ${unassessed.map((r) => `"${r.text}"`).join(', ')}.${unnumberedNote}`,
      };
    if (unnumbered.length)
      return {
        ...base,
        ...none,
        action: 'caution',
        statement: `${c.name}: ${numeric.length ? `none of its numbered renal rules applies${v ? ` at ${valueText(v, weight)}` : ''}` : 'its renal rules give no number'}.${unnumberedNote}`,
      };
    if (!numeric.length)
      return {
        ...base,
        ...none,
        action: 'no_rule',
        statement: rules.length
          ? `${c.name}: its renal rules give no number (${rules.map((r) => `"${r.text}"`).join(', ')}) and none calls for a change at this kidney function.`
          : `${c.name}: no kidney threshold in the label bands or our texts.`,
      };
    return {
      ...base,
      ...none,
      action: 'usual',
      statement: `${c.name}: none of its renal rules applies${v ? ` at ${valueText(v, weight)}` : ''}; the usual dose stands.`,
    };
  }

  const actions = new Set<RenalAction>(deciding.map((r) => r.action));
  const action: ProtocolRenalAction = actions.has('adjust')
    ? 'adjust'
    : actions.has('avoid')
      ? 'do_not_start'
      : actions.has('caution')
        ? 'caution'
        : 'usual';
  const leadAction: RenalAction = action === 'do_not_start' ? 'avoid' : action;
  const lead = distinct(deciding.filter((r) => r.action === leadAction));
  const at = (r: EvaluatedRule) => {
    const v = comparedOf(r);
    return v ? valueText(v, weight) : 'the given values';
  };
  const shown = lead.map(
    (r) => `${sourceText(r)} applies at ${at(r)}${r.source === 'label_band' ? `: ${r.advice}` : ''}`,
  );
  const where = lead.map((r) => (r.source === 'label_band' ? `label band "${r.text}"` : r.field) + ` at ${at(r)}`);
  const qualifiedAvoid = applying
    .filter((r) => r.action === 'avoid' && (action === 'adjust' || !r.decides))
    .map((rule) => ({ rule, at: at(rule) }));
  const goalNote = goalMatched.length ? ` Chosen for the goal "${goal}".` : '';
  const gapNote = gap?.decides
    ? ` The value lies between the label's bands; the lower band, the more cautious, is used.`
    : '';
  const head =
    action === 'do_not_start'
      ? `Not scheduled: ${c.name} is not started because its`
      : action === 'adjust'
        ? `Renal dose for ${c.name}: its`
        : action === 'caution'
          ? `Renal caution for ${c.name}: its`
          : `Usual dose for ${c.name}: its`;
  return {
    ...base,
    action,
    scheduled: action !== 'do_not_start',
    dose_advice: action === 'adjust' ? lead.map((r) => r.advice).join(' / ') : null,
    dose_rule: action === 'adjust' ? where.join('; ') : null,
    qualified_avoid: qualifiedAvoid,
    statement: `${head} ${shown.join('; ')}.${gapNote}${goalNote}${unassessedNote}${unnumberedNote}`,
  };
}
