/**
 * Study design of a document from its title and abstract, and the evidence grade that design earns.
 * The rubric is documented in docs/content.md. It is a transparent keyword classifier: conservative, explainable,
 * and applied to every document the same way (bundled or imported).
 */
import type { EvidenceGrade, StudyDesign } from '../../shared/enums.ts';

const HUMAN = /\b(patients?|participants?|subjects|volunteers|women|men|children|adults|infants|adolescents|individuals|healthy controls?)\b/i;
const ANIMAL = /\b(mice|mouse|murine|rats?|rodents?|zebrafish|drosophila|porcine|piglets?|pigs|dogs|canine|rabbits?|primates?|macaques?|monkeys?|sheep|bovine|hamsters?|C\. elegans|caenorhabditis|yeast)\b/i;
const IN_VITRO = /\b(in vitro|cell lines?|cultured cells|cell culture|HeLa|HEK293|organoids?|in silico)\b/i;

const RULES: readonly [StudyDesign, (title: string, text: string) => boolean][] = [
  ['meta_analysis', (_t, x) => /\bmeta-?analy[sz][ie]s\b|\bsystematic review\b|\bpooled analysis\b/i.test(x)],
  ['randomized_trial', (_t, x) => /\brandomi[sz]ed\b[^.]{0,60}\b(trial|study|controlled|crossover)\b|\bplacebo-controlled\b|\bdouble-blind(ed)?\b|\bRCT\b/i.test(x)],
  ['animal', (t) => ANIMAL.test(t)],
  ['case_control', (_t, x) => /\bcase-?control\b/i.test(x)],
  ['cohort', (_t, x) => /\bcohort\b|\bprospective(ly)? (study|followed|observational)\b|\blongitudinal study\b|\bfollow-up study\b/i.test(x)],
  ['controlled_trial', (_t, x) => /\b(clinical trial|controlled trial|single-arm|open-label|phase (I{1,3}|[1-3])\b|pilot (study|trial))\b/i.test(x)],
  ['cross_sectional', (_t, x) => /\bcross-sectional\b|\bsurvey\b/i.test(x)],
  ['case_report', (_t, x) => /\bcase (report|series)\b|\bwe (report|describe|present) (a|an|the case)\b|\ba \d{1,3}-year-old\b/i.test(x)],
  ['animal', (_t, x) => ANIMAL.test(x) && !HUMAN.test(x)],
  ['in_vitro', (_t, x) => IN_VITRO.test(x) && !HUMAN.test(x)],
  ['review', (t, x) => /\b(review|overview|perspective|commentary|editorial|viewpoint)\b/i.test(t) || /\bwe (review|discuss|summari[sz]e)\b|\bthis review\b/i.test(x)],
  ['modelling', (_t, x) => /\b(mathematical|computational|simulation|agent-based) model|\bmodel(l)?ing study\b|\bin silico\b/i.test(x)],
];

export function classifyStudyDesign(title: string, abstract: string | null): StudyDesign {
  const text = `${title}\n${abstract ?? ''}`;
  for (const [design, test] of RULES) if (test(title, text)) return design;
  return 'unclassified';
}

export const DESIGN_GRADE: Record<StudyDesign, EvidenceGrade> = {
  meta_analysis: 'A',
  randomized_trial: 'A',
  controlled_trial: 'B',
  cohort: 'B',
  case_control: 'B',
  animal: 'C',
  in_vitro: 'C',
  cross_sectional: 'D',
  case_report: 'D',
  unclassified: 'D',
  review: 'E',
  modelling: 'E',
};

export const HUMAN_DESIGNS: ReadonlySet<StudyDesign> = new Set(['meta_analysis', 'randomized_trial', 'controlled_trial', 'cohort', 'case_control', 'cross_sectional', 'case_report']);
export const PRECLINICAL_DESIGNS: ReadonlySet<StudyDesign> = new Set(['animal', 'in_vitro']);
