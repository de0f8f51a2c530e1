/**
 * Study design of a document from its title and abstract, and the evidence grade that design earns.
 * The rubric is documented in docs/content.md; its precision on a labelled sample is measured by
 * `npm run eval:study-design` (bench/eval-study-design.ts, data in bench/data/study-design-labels.jsonl).
 *
 * A transparent keyword classifier: conservative, explainable, and applied to every document the same way (bundled
 * or imported). Design words only count when they describe this study: mentions of trials that are wanted, planned,
 * pending or absent ("pending future randomized controlled trials", "no RCTs exist") are blanked out first, and a
 * protocol (a study that has not happened yet) or a narrative review that talks about trials is recognised before the
 * trial rules run.
 */
import type { StudyDesign } from '../../shared/enums.ts';

const HUMAN =
  /\b(patients?|participants?|subjects|volunteers|women|men|children|adults|infants|adolescents|individuals|healthy controls?|inpatients|outpatients|persons|people)\b/i;
const ANIMAL =
  /\b(mice|mouse|murine|rats?|rodents?|zebrafish|drosophila|porcine|piglets?|pigs|dogs|canine|rabbits?|primates?|macaques?|monkeys?|sheep|bovine|cattle|hamsters?|C\. elegans|caenorhabditis|xenopus|chick embryos?|ferrets?)\b/i;
const IN_VITRO =
  /\b(in vitro|cell lines?|cultured cells|cell cultures?|monolayers?|HeLa|HEK ?293|MDCK|organoids?|in silico|crystal structure|cryo-?EM|recombinant protein|yeast|Saccharomyces|Escherichia coli|bacterial strains?)\b/i;
/** Work in living animals, as opposed to animal cells in a dish ("canine kidney cells", "mouse fibroblasts"). */
const IN_VIVO =
  /\bin vivo\b|\b(mice|rats|animals|pigs|dogs|rabbits|monkeys) (were|was|received|treated|fed|given|lacking|deficient)\b|\b(knockout|knock-in|transgenic|deficient|mutant|null|wild-type|treated) (mice|rats|animals|zebrafish)\b|\b(mouse|rat|murine|animal) models?\b|\bxenografts?\b/i;

/**
 * An animal word that only says where cells, tissue or molecules came from ("mouse fibroblasts", "Chinese hamster
 * cells", "bovine lymph node tissues", "murine (B16F10) melanoma cells"): laboratory material, not work in animals.
 */
const CELL_SOURCE = new RegExp(
  String.raw`\b(?:mice|mouse|murine|rats?|porcine|pigs?|canine|dogs?|rabbits?|bovine|hamsters?|chinese hamster|monkeys?|primates?)\b(?:\s+\([^)]{1,20}\))?(?:\s+[\w-]+){0,3}?\s+(?:cells?|cell lines?|fibroblasts|lymphocytes|macrophages|hepatocytes|neurons|myocytes|cardiomyocytes|keratinocytes|oocytes|embryonic stem|ES cells|tissues?|cultures?|DNA|RNA|genomes?|proteins?|enzymes?|serum|plasma|membranes?|mitochondria|extracts?|homogenates?|microsomes)\b`,
  'gi',
);
const animalWork = (x: string) => ANIMAL.test(x.replace(CELL_SOURCE, ' '));

const TRIAL_WORD = String.raw`(?:randomi[sz]ed|randomly|controlled|clinical|placebo|double-blind(?:ed)?|RCTs?|trials?|studies|meta-analys[ie]s|cohorts?)`;

/**
 * Sentences fragments that mention a study design without this study having it: future or wanted studies, absent
 * evidence, and other studies cited in passing. Blanked before the design rules run.
 */
const NOT_THIS_STUDY: readonly RegExp[] = [
  // "pending future randomized controlled trials", "further large, well-designed RCTs", "larger controlled studies".
  new RegExp(
    String.raw`\b(?:future|further|additional|larger|large-scale|well-designed|adequately powered|more rigorous|pending|upcoming|planned|subsequent|definitive|confirmatory|previous|previously|prior|earlier|published|existing|other)\b[^.;:]{0,60}?\b${TRIAL_WORD}[^.;]*`,
    'gi',
  ),
  // "randomized trials are needed", "RCTs should be conducted", "trials would be required".
  new RegExp(
    String.raw`\b${TRIAL_WORD}\b[^.;]{0,50}?\b(?:are|is|will be|would be|should be|must be|remain|were)\s+(?:still\s+)?(?:needed|warranted|required|necessary|lacking|awaited|scarce|limited|few)\b[^.;]*`,
    'gi',
  ),
  // "no randomized trials", "lack of RCTs", "in the absence of controlled trials", "has never been tested in a trial".
  new RegExp(
    String.raw`\b(?:no|lack of|lacking|absence of|without|few|paucity of|not yet been|never been|not been|need for|calls? for|warrants?|justify|justifies|merits?|reconsideration of|rationale for|await(?:ing)?|we await)\b[^.;]{0,40}?\b${TRIAL_WORD}[^.;]*`,
    'gi',
  ),
];

function thisStudyText(text: string): string {
  let out = text;
  for (const re of NOT_THIS_STUDY) out = out.replace(re, (m) => ' '.repeat(m.length));
  return out;
}

const PROTOCOL_TITLE =
  /\b(study|trial|review) protocol\b|\bprotocol (for|of)\b|\bprotocol\s*$|\brationale and design\b|\bdesign and rationale\b|\bstudy design and methods\b/i;
const PROTOCOL_TEXT =
  /\bthis (study |trial |review )?protocol\b|\b(participants|patients|subjects|women|children|adults) will be (randomi[sz]ed|recruited|enrolled|allocated)|\b(we|this trial|this study) will (randomi[sz]e|recruit|enrol|assess|evaluate|search)\b|\bwill be searched\b|\bprimary (outcome|end ?point) will be\b/i;

const META_TITLE =
  /\bmeta-?analy[sz][ie]s\b|\bsystematic (literature )?review\b|\bpooled analysis\b|\bumbrella review\b|\bCochrane review\b/i;
const META_TEXT =
  /\b(we|this|our|the present|a) (conducted |performed |undertook |carried out )?(an? )?(updated )?(systematic (literature )?review|meta-?analy[sz]is)\b|\bsystematic review and meta-?analy[sz]is\b|\bmeta-?analy[sz]is (of|including|pooling) (\w+[ ,-]+){0,4}(trials|studies|RCTs)\b|\b(MEDLINE|PubMed|Embase|EMBASE|CENTRAL|Cochrane Library|Web of Science)\b[^.]{0,80}\b(searched|search)\b|\b(searched|search of|searches of)\b[^.]{0,40}\b(MEDLINE|PubMed|Embase|EMBASE|Cochrane|databases?)\b|\bpooled analysis\b/i;

const NARRATIVE_REVIEW_TITLE =
  /\b(review|overview|(?<!(?:patients?'?|users?'?|students?'?|nurses?'?|families'?|parents?'?|clients?'?|participants?'?)\s)perspectives?|commentary|editorial|viewpoint|update on|state of the art|lessons learned|current status|future (directions|opportunities|perspectives|prospects)|challenges and opportunities|guidelines?|consensus statement|position statement)\b/i;
/** Phrases that only a review uses; "we discuss" or "we summarise" also close many original papers, so they count late. */
const NARRATIVE_REVIEW_TEXT =
  /\b(this|the present|our|in this) (narrative |brief |mini-? ?|short |critical |comprehensive |literature |systematic )?(review|overview)\b|\b(narrative|literature|critical) review\b|\b(we|here,? we|this article) (review|provide an overview)\b|\bthis (article|paper) (reviews|summari[sz]es)\b|\bI (will )?review\b/i;
const REVIEW_CLOSING = /\bwe (discuss|summari[sz]e|highlight)\b/i;
/** What an original study says about itself; a text without any of it that speaks of recent advances is a review. */
const OWN_WORK =
  /\b(we|our)\s+(?:have\s+|had\s+|then\s+|also\s+|further\s+)?(found|find|show|showed|shown|demonstrate[ds]?|observed?|investigated?|examined?|measured?|identified?|used|use|performed?|analy[sz]ed?|studied|tested?|developed?|report|reported|assessed?|evaluated?|compared?|conducted?|generated?|determined?|results?|data|findings?|study|analysis)\b|\bhere,? we\b|\bthis (study|trial|analysis)\b|\b(methods?|results?|design|participants|patients and methods)\s*:|\bwere (randomi[sz]ed|assigned|enrolled|recruited|measured|treated|analy[sz]ed|included|followed)\b/i;
const REVIEW_CUES =
  /\b(recent (advances|studies|findings|evidence|data|work|progress|insights|developments)|emerging (evidence|data|concepts)|current (understanding|knowledge|concepts|evidence)|(is|are) (discussed|reviewed|summari[sz]ed|outlined)|state of the art)\b/i;
const reviewWithoutTheWord = (x: string) => REVIEW_CUES.test(x) && !OWN_WORK.test(x);

const RCT =
  /\brandomi[sz]ed\b[^.]{0,60}\b(trial|study|controlled|crossover|cross-over|fashion|manner)\b|\b(were|was) randomi[sz]ed\b|\brandomly (assigned|allocated)\b|\bplacebo-controlled\b|\bdouble-blind(ed)?\b|\bRCT\b/i;

const MODELLING =
  /\b(decision[- ]analytic(al)?|Markov|microsimulation|simulation|mathematical|compartmental|transmission|agent-based|dynamic|forecasting) models?\b|\bcost-effectiveness (analysis|model)\b|\bcost-effective\b|\bmodel(l)?ing study\b|\bin silico\b|\bmachine learning\b/i;
const QUALITATIVE =
  /\bqualitative (study|research|interviews?)\b|\bsemi-structured interviews\b|\bfocus groups?\b|\bthematic analysis\b/i;
const ANIMAL_WORK = (x: string) => animalWork(x) && !HUMAN.test(x) && !(IN_VITRO.test(x) && !IN_VIVO.test(x));
/** A decision or economic model stated as the method ("DESIGN Decision analytical model", "a Markov state-transition model was used"). */
const MODEL_METHOD =
  /\b(?:decision[- ]analytic(?:al)?|decision[- ]tree|Markov(?: state[- ]transition)?|microsimulation|discrete[- ]event simulation) models?\b|\bcost[- ](?:effectiveness|utility) (?:analysis|model)\b[^.]{0,80}\bmodel\b/i;
/** An observational design word that says nothing of time ("retrospective study", "registry"): a cohort only with follow-up. */
const FOLLOW_UP =
  /\bfollow(?:ed)?[- ]?up\b|\bwere followed\b|\bincidence\b|\bsurvival\b|\bmortality\b|\brecurrence\b|\brelapse\b|\blong-term outcomes?\b|\bover (?:a )?(?:\d+|one|two|three|four|five|ten)[- ](?:years?|months?)\b|\bsubsequent(?:ly)?\b|\bdeveloped\b|\brisk of\b/i;

const RULES: readonly [StudyDesign, (title: string, text: string) => boolean][] = [
  ['protocol', (t, x) => PROTOCOL_TITLE.test(t) || PROTOCOL_TEXT.test(x)],
  ['meta_analysis', (t, x) => META_TITLE.test(t) || META_TEXT.test(x)],
  ['review', (t, x) => NARRATIVE_REVIEW_TITLE.test(t) || NARRATIVE_REVIEW_TEXT.test(x) || reviewWithoutTheWord(x)],
  ['modelling', (t) => MODELLING.test(t)],
  ['cross_sectional', (t, x) => QUALITATIVE.test(t) || QUALITATIVE.test(x)],
  // Animals randomised to groups make an animal study, not a randomised trial; animal cells in a dish are in vitro.
  ['in_vitro', (t, x) => ANIMAL.test(t) && IN_VITRO.test(t) && !IN_VIVO.test(x)],
  // "… in vitro" in the title, with no animal work named there: the work in living animals the abstract cites is earlier work.
  ['in_vitro', (t) => /\bin vitro\b/i.test(t) && !/\bin vivo\b/i.test(t) && !animalWork(t)],
  // Animal cells, tissue or molecules named in the title ("mouse fibroblasts") with no work in living animals: in vitro.
  ['in_vitro', (t, x) => ANIMAL.test(t) && !animalWork(t) && !IN_VIVO.test(x)],
  ['animal', (t, x) => animalWork(t) || (RCT.test(x) && animalWork(x) && !HUMAN.test(x))],
  ['randomized_trial', (_t, x) => RCT.test(x)],
  ['modelling', (_t, x) => MODEL_METHOD.test(x)],
  ['case_control', (_t, x) => /\bcase-?control\b/i.test(x)],
  ['cross_sectional', (_t, x) => /\bcross[- ]sectional\b/i.test(x)],
  [
    'cohort',
    (_t, x) =>
      /\bcohort stud(y|ies)\b|\b(prospective|retrospective|population-based|birth|inception|historical) cohort\b|\b(were|was) followed\b|\bfollowed (up )?for\b|\blongitudinal (study|cohort)\b|\bfollow-up study\b/i.test(
        x,
      ),
  ],
  ['cross_sectional', (_t, x) => /\bsurvey\b|\bquestionnaires?\b|\bprevalence study\b|\bself-report(ed)?\b/i.test(x)],
  [
    'cohort',
    (_t, x) =>
      /\bchart review\b|\bretrospective(ly)? cohort\b/i.test(x) ||
      (/\bcohort\b|\bprospective(ly)? (study|followed|observational)\b|\bretrospective(ly)? (study|analysis)\b|\bregistry\b/i.test(
        x,
      ) &&
        FOLLOW_UP.test(x)),
  ],
  [
    'controlled_trial',
    (_t, x) =>
      /\b(clinical trial|controlled trial|single-arm|open-label|phase (I{1,3}|[1-3])\b|pilot (study|trial)|non-?randomi[sz]ed (study|trial))\b/i.test(
        x,
      ),
  ],
  // "We present a web service" is not a case: the thing presented must be a patient or a case.
  [
    'case_report',
    (_t, x) =>
      /\bcase (report|series)\b|\bwe (report|describe|present) (?:a|an|the|two|three|four|five)\s+(?:\w+\s+){0,3}(?:case|cases|patients?|m[ae]n|wom[ae]n|boy|girl|child|infant|neonate|family|twins?)\b|\ba \d{1,3}-year-old\b/i.test(
        x,
      ),
  ],
  ['animal', (_t, x) => ANIMAL_WORK(x)],
  ['in_vitro', (_t, x) => IN_VITRO.test(x) && !HUMAN.test(x)],
  ['review', (_t, x) => REVIEW_CLOSING.test(x)],
  ['modelling', (_t, x) => MODELLING.test(x) || /\bsimulations?\b/i.test(x)],
];

export function classifyStudyDesign(title: string, abstract: string | null): StudyDesign {
  const t = thisStudyText(title);
  const text = `${t}\n${thisStudyText(abstract ?? '')}`;
  for (const [design, test] of RULES) if (test(t, text)) return design;
  return 'unclassified';
}

export const HUMAN_DESIGNS: ReadonlySet<StudyDesign> = new Set([
  'meta_analysis',
  'randomized_trial',
  'controlled_trial',
  'cohort',
  'case_control',
  'cross_sectional',
  'case_report',
]);
export const PRECLINICAL_DESIGNS: ReadonlySet<StudyDesign> = new Set(['animal', 'in_vitro']);
