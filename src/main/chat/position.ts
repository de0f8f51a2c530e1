/**
 * The yes / no / maybe position an answer takes on a research question, read from the conclusion of the study it
 * rests on by transparent word rules (never from a stored label):
 * - no: the conclusion reports a null or negative result ("no significant difference", "was not associated",
 *   "did not improve", "failed to", "comparable");
 * - maybe: it says the question is open ("unclear", "inconclusive", "remains controversial", "further studies are
 *   needed" together with a hedge such as "may");
 * - yes: otherwise.
 */
import type { Position } from './evidence.ts';
import { sentences } from '../../shared/sentences.ts';

const NO_RESULT = new RegExp(
  [
    String.raw`\bno (?:significant |statistically significant |clear |clinically (?:relevant |significant |important )?|major |meaningful |independent |additional |further |consistent )?(?:difference|differences|association|associations|correlation|relationship|effect|effects|benefit|benefits|improvement|impact|advantage|role|increase|reduction|change|changes|evidence|influence|value)\b`,
    String.raw`\bnot (?:significantly |statistically |independently |necessarily |clearly )?(?:associated|related|correlated|different|effective|superior|improved?|reduced?|increased?|predictive|predict|affected|influenced|necessary|justified|recommended|useful|beneficial|a (?:risk|predictive|prognostic) factor|an independent|supported|confirmed|significant)\b`,
    String.raw`\b(?:did|does|do|was|were|is|are|could|can|should|would) not\b`,
    String.raw`\b(?:didn't|doesn't|don't|wasn't|weren't|isn't|aren't|cannot)\b`,
    String.raw`\bfail(?:ed|s)? to\b`,
    String.raw`\bunlikely\b`,
    String.raw`\bcomparable\b`,
    String.raw`\bsimilar (?:to|in|between|rates|outcomes)\b`,
    String.raw`\bequivalent\b`,
    String.raw`\bneither\b`,
    String.raw`\bno longer\b`,
    String.raw`\bnot\b[^.]{0,30}\bany\b`,
  ].join('|'),
  'i',
);

const OPEN =
  /\b(?:unclear|uncertain|inconclusive|controversial|remains? to be (?:determined|established|elucidated|clarified)|debatable|not yet (?:clear|established|known))\b/i;
const FURTHER =
  /\b(?:further|larger|additional|more|prospective|randomi[sz]ed) (?:\w+ )?(?:studies|research|investigations?|trials|data|work)\b[^.]{0,40}\b(?:needed|required|necessary|warranted)\b/i;
const HEDGE = /\b(?:may|might|possibly|perhaps|could)\b/i;

export function positionOf(conclusion: string): Position {
  if (OPEN.test(conclusion)) return 'maybe';
  if (NO_RESULT.test(conclusion)) return 'no';
  if (FURTHER.test(conclusion) && HEDGE.test(conclusion)) return 'maybe';
  return 'yes';
}

export const POSITION_TEXT: Record<Position, string> = {
  yes: "yes: the study's conclusion supports it",
  no: "no: the study's conclusion reports no such effect or association",
  maybe: "unclear: the study's conclusion leaves the question open",
};

/** The conclusion of an abstract: its CONCLUSION(S) section, else its last two sentences. */
export function conclusionOf(abstract: string): string {
  const heads = [...abstract.matchAll(/\bconclusions?(?: and (?:clinical )?(?:relevance|implications))?\s*:\s*/gi)];
  const last = heads[heads.length - 1];
  if (last) {
    const rest = abstract.slice(last.index + last[0].length).trim();
    if (rest) return rest;
  }
  const parts = sentences(abstract);
  return parts.slice(-2).join(' ');
}
