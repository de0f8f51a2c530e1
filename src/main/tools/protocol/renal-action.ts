/**
 * What a renal rule tells the prescriber to do, read from its advice (a monograph band's advice, or the clause of our
 * text that names the threshold):
 *
 * - avoid: do not start — "Contraindicated", "Not recommended", "Do not start/use", "Avoid", or a clause of the first
 *   sentence that says so after "Not studied" ("Not adequately studied; avoid"). A contraindications entry is avoid,
 *   unless it holds only with another medicine ("Co-administration with aliskiren …": caution). "Avoid doses above
 *   1 g" and "do not use the 875 mg tablet" are limits, not stops.
 * - usual: "No adjustment", "Usual dose", "No dose adjustment".
 * - adjust: a dose, interval or limit ("75 mg twice daily", "every 24 hours", "maximum 200 mg/day", "reduce", "half
 *   the usual dose", "start 2.5 mg").
 * - caution: anything else ("Not studied; use with caution", "monitor closely").
 *
 * Order: the first clause of the first sentence decides when it starts with avoid or usual words or names a dose
 * ("10 mg once daily; not recommended for glycaemic control" is adjust, the dose given for this range); otherwise any
 * clause that says avoid makes it avoid, then any dose makes it adjust. A region prefix ("US:", "Current US label:")
 * is read past.
 */

export type RenalAction = 'avoid' | 'adjust' | 'caution' | 'usual';

/** "Avoid doses above 1 g", "avoid extended-interval dosing", "do not use the 875 mg tablet": a limit, not a stop. */
const NOT_A_STOP = String.raw`(?!\s+(?:doses?|extended|high|the \d|use of the|the modified|codeine))`;
const AVOID_START = new RegExp(
  String.raw`^(?:contraindicated|not recommended|do not (?:use|start|initiate|give|take)${NOT_A_STOP}|don't use|avoid\b${NOT_A_STOP}|must not be used|should not be used|not to be used)`,
  'i',
);
const AVOID_ANY = new RegExp(
  String.raw`\b(?:contraindicat\w*|not recommended|do not (?:use|start|initiate|give)${NOT_A_STOP}|avoid\b${NOT_A_STOP}|must not be used|should not be used)`,
  'i',
);
/** "Usual dose" alone; "Usual dose every 12 hours" changes the interval, so it is an adjustment. */
const USUAL =
  /^(?:no (?:dose )?(?:adjustment|change)|usual (?:dose|dosing)(?!\s+every)|no change|full (?:dose|loading))/i;
/** A contraindication that holds only with another medicine ("Co-administration with aliskiren … eGFR below 60"). */
const WITH_ANOTHER = /^(?:co-?administration|concomitant|combined|combination|use with|with)\b/i;
const DOSE =
  /\d+(?:\.\d+)?\s*(?:mg(?!\/dL)|g|µg|micrograms?|units?|mL(?!\/))\b|\bevery \d|\bevery (?:other|\d+(?:–\d+)?) (?:day|hour)|\b(?:once|twice|three times) (?:daily|a day|weekly)|\bmaximum\b|\bdo not exceed\b|\breduc\w+|\bhalf\b|\bhalve\b|\bone (?:third|quarter)\b|\blengthen\w*|\binterval\b|\bstart (?:at|low|\d)|\badjust the dose\b|\b\d+\s*%/i;
const REGION = /^(?:(?:current |earlier )?(?:US|UK|EU|UK\/EU)(?: label| SmPCs?| labelling)?:\s*)/i;

function clauses(advice: string): string[] {
  const first = advice.split(/(?<=[.!?])\s+(?=[A-Z])/)[0] ?? advice;
  return first
    .split(/;\s*|:\s+(?=[A-Z])/)
    .map((c) =>
      c
        .trim()
        .replace(REGION, '')
        .replace(/^\(|\)$/g, ''),
    )
    .filter(Boolean);
}

export function actionOf(advice: string, field: string | null = null): RenalAction {
  if (field === 'contraindications') return WITH_ANOTHER.test(advice.trim()) ? 'caution' : 'avoid';
  const cs = clauses(advice);
  const c0 = cs[0] ?? '';
  if (AVOID_START.test(c0)) return 'avoid';
  if (USUAL.test(c0)) return 'usual';
  if (DOSE.test(c0)) return 'adjust';
  if (cs.some((c) => AVOID_START.test(c) || AVOID_ANY.test(c))) return 'avoid';
  if (cs.some((c) => DOSE.test(c))) return 'adjust';
  return 'caution';
}
