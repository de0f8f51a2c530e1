/**
 * Links compounds to the documents that mention them, by name and alternative names, word-bounded and case-aware
 * (compounds/names.ts). FTS5 finds candidates quickly; a regex over title and abstract confirms each one.
 *
 * A name in a text is not always the compound: "serine protease", "tyrosine kinase", "lysine 9", "progesterone
 * receptor", "glutamine synthetase" name an enzyme, a receptor or a protein residue; "2-methoxy-estradiol" and
 * "nicotinamide adenine dinucleotide" are other molecules; "serum cortisol" is a body's own hormone measured, not
 * hydrocortisone given. A mention counts only when its context is none of these (COLLISION_AFTER, COLLISION_BEFORE,
 * OTHER_SUBSTANCE_AFTER, ENDOGENOUS_*, REAGENT_*, TOOL_IN_BRACKETS_BEFORE, BACKGROUND_*, CRITERION_SENTENCE) and, in an
 * abstract, it is not one item of a long list (enumerationSize); a document is linked only when it is about the
 * compound (isTopical): a counting mention in the title that the abstract does not contradict, two in the abstract, or
 * one in its aim, conclusion, intervention or with a dose of what was given. Precision is measured on hand-labelled
 * links, among them an independent blind labelling, by `npm run eval:links` (docs/content.md).
 */
import type { Database } from 'better-sqlite3';
import { linkableNames } from '../../main/vocabulary/ambiguous.ts';
import { namePattern, normalizeName } from '../../main/vocabulary/normalize.ts';

/**
 * Words that, right after a name, make it part of the name of an enzyme, receptor, transporter, residue, modification
 * or another molecule ("serine protease", "serine/threonine kinase", "lysine-rich", "tyrosine phosphorylation").
 */
const COLLISION_AFTER = new RegExp(
  String.raw`^\)?(?:\s*/\s*[a-z]+)?[\s-]*(?:\(\w+\)\s*)?(?:` +
    [
      '(?:protein[\\s-]+)?kinases?',
      'phosphatases?',
      'proteases?',
      'proteinases?',
      'peptidases?',
      'synthases?',
      'synthetases?',
      'hydroxylases?',
      'dehydrogenases?',
      'decarboxylases?',
      'carboxylases?',
      '(?:amino|methyl|acetyl|glucuronosyl|phosphoribosyl|sulfo|s-|n-)?transferases?',
      'aminotransferases?',
      'oxidases?',
      'reductases?',
      'peroxidases?',
      'racemases?',
      'deiminases?',
      'deaminases?',
      'hydrolases?',
      'lyases?',
      'ammonia[\\s-]lyase',
      'isomerases?',
      'mutases?',
      'ligases?',
      'esterases?',
      'amidases?',
      'monooxygenases?',
      'dioxygenases?',
      'receptors?',
      'transporters?',
      'channels?',
      'carriers?',
      'exchangers?',
      'binding',
      'sensing',
      'riboswitch',
      'aptamer',
      'residues?',
      'codons?',
      'trna',
      'zippers?',
      'motifs?',
      'repeats?',
      'rich',
      'tracts?',
      'stretch',
      'to[\\s-]alanine',
      'phosphorylation',
      'phosphorylated',
      'acetylation',
      'acetylated',
      'methylation',
      'methylated',
      'ubiquitination',
      'ubiquitylation',
      'sumoylation',
      'glycosylation',
      'citrullination',
      'nitration',
      'hydroxylation',
      'crotonylation',
      'succinylation',
      'modifications?',
      'adenine',
      'dinucleotide',
      'mononucleotide',
      'riboside',
      'phosphoribosyl',
      'n-methyl',
      'auxotroph\\w*',
      'biosynthe\\w*',
      'antagonists?',
      'based',
      'dependent',
      'independent',
      'sensitive',
      'insensitive',
      'oxidoreductases?',
      '(?:suppression|stimulation|loading|challenge|tolerance|breath)[\\s-]+tests?',
      'proteoglycans?',
      'transfer protein',
      'porphyrins?',
      'triggered',
      'supplemented',
      'superoxide',
      'dismutase',
      'heparin',
      'edta',
      'variants?',
      'tagged',
      'disulfide',
      'recognition',
      'glycan',
      'tetrakis',
      'perovskites?',
      '-?1[23][135]\\b',
      'metabolism',
      'metabolic pathway',
      'pathway',
      'signal(?:l)?ing',
      'homeostasis',
      // The substance as the material of a device, not given ("activated charcoal hemoperfusion": blood passes over a
      // column of it; 2026-11-26, second pass, independent held-out labels).
      'ha?emoperfusion',
      'ha?emadsorption',
      'ad?sorbents?',
      'sorbent columns?',
      'cartridges?',
      'electrodes?',
    ].join('|') +
    String.raw`)\b`,
  'i',
);

/** Words that, right before a name, make it another molecule or a residue ("2-methoxy-estradiol", "poly-L-lysine", "phospho-tyrosine"). */
const COLLISION_BEFORE =
  /(?:\b(?:methyl|ethyl|phosphatidyl|methoxy|hydroxy|dihydro|tetrahydro|deoxy|desmethyl|acetyl|phospho|nitro|oxo|keto|dehydro|carboxy|sulfo|poly|oligo|homo|seleno|thio|pyro|nor|iso|epi|chloro|fluoro|bromo|iodo|amino|glucuronyl|s-adenosyl)[\s-]*(?:l-|d-)?|\b(?:mammalian|mechanistic) target of\s|\btarget of\s|\b(?:propidium|lead|silver|cesium|caesium|povidone|radioactive|radiolabell?ed|tritiated)[\s-]|(?<![\w.])\d+-|\((?:e\.g\.|eg|i\.e\.|for example|such as)[^)]{0,80}$|\bposition\s|\bresidues?\s|\b(?:acetylated|deacetylated|methylated|phosphorylated|modified|catalytic|conserved)[\s-]|\bN-methyl-(?:D-|L-)?|\bhistone\s+h\d\w*\s+|\bserine\/|\/|\b(?:analog(?:ue)?s?|derivatives?|congeners?) of\s+)$/i;

/**
 * A name followed by another word that makes it a different substance (2026-11-26, independent labels): "Aloe emodin"
 * is an anthraquinone, not aloe; "lithium chloride" is the laboratory salt (a GSK-3 inhibitor), not lithium carbonate;
 * "selenium sulphide nanoparticles" are a material. Not when that longer name is the compound's own ("lithium
 * carbonate", "magnesium oxide" for a compound that carries it): mentionCounts checks the compound's names first.
 */
const OTHER_SUBSTANCE_AFTER =
  /^[\s-]+(?:emodin|anthraquinones?|chloride|sulfide|sulphide|selenide|oxide|dioxide|nitrate|nitrite|hydride|cyanide|nano[\s-]?particles?|nanoparticulate|nano\w*|quantum dots?|NPs?)\b/i;

/** A body's own hormone or metabolite measured ("serum cortisol", "estradiol levels"): not the compound taken. */
const ENDOGENOUS_BEFORE =
  /\b(?:(?:concentrations?|levels?|rhythms?|secretion|production|synthesis|formation|metabolism|uptake|consumption|depletion|release|deficiency|restoration) of(?: \w+)?\s+$)|\bratios? of [\w-]+(?: acids?)? (?:to|and)\s+$|\b(?:serum|plasma|salivary|saliva|urinary|urine|blood|circulating|endogenous|intracellular|cellular|tissue|hair|csf|cerebrospinal|baseline|fasting|morning|evening|nocturnal|awakening|diurnal|hepatic|mitochondrial|cytosolic)\s+(?:\w+\s+)?$/i;
const ENDOGENOUS_AFTER =
  /^\)?(?:\s*\(\w+\))?,?[\s-]*(?:activity|activities|neurotransmission|transmission|tone|mediated|levels?|concentrations?|secretion|production|synthesis|status|depletion|content|ratios?|rhythms?|awakening|excretion|turnover|release|surge|profile|output|reactivity|deficien\w+|replete|restoration|formation|as an? (?:\w+\s+){0,3}targets?)\b/i;
/**
 * For a substance the body makes, a verb acting on it makes it the outcome, not what was given ("music did not
 * significantly reduce cortisol", "lowered melatonin"); 2026-11-26, independent labels.
 */
const ENDOGENOUS_OUTCOME_BEFORE =
  /\b(?:reduc\w*|lower\w*|rais\w*|increas\w*|decreas\w*|elevat\w*|suppress\w*|normali[sz]\w*|restor\w*|deplet\w*)\s+(?:(?:the|its|their|endogenous|circulating|serum|plasma)\s+)?$/i;

/**
 * Substances the body makes or every cell contains, and standard laboratory reagents: in the biomedical literature
 * their names mostly mean the body's own molecule (a neurotransmitter, a metabolite, a residue, a hormone level) or a
 * tool ("forskolin, a direct activator of adenylyl cyclase"), so a mention counts only near words that treat the
 * substance as something given or taken (INTAKE). Amino acids and probiotic species are all in this class.
 */
export const ENDOGENOUS_SLUGS = new Set([
  'gaba',
  'glutathione',
  'myo-inositol',
  'hydrocortisone',
  'estradiol',
  'progesterone',
  'tretinoin',
  'chondroitin',
  'hyaluronic-acid',
  'biotin',
  's-adenosylmethionine',
  'alpha-ketoglutarate',
  'melatonin',
  'choline',
  'creatine-monohydrate',
  'coenzyme-q10',
  'nicotinamide',
  'dhea',
  'pregnenolone',
  'vitamin-d3',
  'calcifediol',
  'calcitriol',
  'oxytocin',
  'epinephrine',
  'vasoactive-intestinal-peptide',
  'taurine',
  'carnosine',
  'glycine',
  'betaine',
  'l-carnitine',
  'acetyl-l-carnitine',
  'phosphatidylserine',
  'testosterone-cypionate',
  'testosterone-enanthate',
  'testosterone-undecanoate',
  'heparin',
  'polyethylene-glycol-3350',
  'hydroxocobalamin',
  'liothyronine',
  'levothyroxine',
  'forskolin',
  'spermidine',
]);
const INTAKE =
  /\b(supplement\w*|administ\w*|oral(?:ly)?|intakes?|dietary|diets?|doses?|dosed|dosing|\d+(?:\.\d+)?\s*(?:mg|g|µg|μg|mcg|iu|mmol)\b|mg\/|g\/day|treat(?:ed|ment|ing)?|therap\w*|infus\w*|inject\w*|given|receiv\w*|deficien\w*|toxicity|ingest\w*|replacement|prescri\w*|capsules?|tablets?|pretreat\w*|exogenous|randomi[sz]\w*|drugs?|medications?|probiotics?|ferment\w*|yog(?:h)?urts?)\b/i;

/**
 * "forskolin, a direct activator of adenylyl cyclase"; since the second pass of 2026-11-26 also with a defined abbreviation between
 * ("forskolin (FSK), an activator of"). Not "prazosin, an alpha1 receptor blocker," without "of": rats were given it.
 */
const LAB_TOOL_AFTER =
  /^\)?(?:\s*\(\w+\))?,?\s+(?:an?|the)\s+(?:[\w-]+\s+){0,3}(?:inhibitor|activator|agonist|antagonist|blocker|inducer|chelator|donor|ionophore|stimulator)s?\s+of\b/i;
/**
 * A compound used as a laboratory reagent in an experiment on cells or tissue ("in the presence of dexamethasone",
 * "inhibited by apigenin", "cells incubated with lithium chloride", "doxycycline-inducible vectors"), or given to every
 * participant as background care ("all patients received bupivacaine plus morphine"): not the topic of the document.
 */
const REAGENT_BEFORE =
  /\b(?:in the (?:presence|absence) of|(?:disruption|inhibition|blockade|suppression|inactivation) of [\w\s-]{2,40} by|presence or absence of|(?:pre-?|co-?)?incubat(?:ed|ion) with|(?:pre)?treatment of (?:the )?cells with|inhibited by|blocked by|abolished by|prevented by|reversed by|(?:kinase|channel|pathway|receptor|enzyme|protein kinase \w+) (?:inhibitors?|activators?|agonists?|antagonists?|blockers?)|(?:an?|the|selective|specific|potent) (?:inhibitors?|activators?|agonists?|antagonists?|blockers?))\s+(?:\w+\s+){0,1}$/i;
const REAGENT_AFTER =
  /^(?:\s*\(\w+\))?[\s-]+(?:inducible|responsive)\b|^[\s-]+(?:induced|stimulated|evoked|elicited|treated|pretreated|exposed|activated)\s+(?:\w+\s+){0,2}(?:cells?|cultures?|islets?|neurons?|slices?|tissues?|hepatocytes?|fibroblasts?|macrophages?|myocytes?|cardiomyocytes?|adipocytes?|lines?|[A-Z]{2,6}s)\b|^[^.;]{0,40}\bto (?:induce|synchroni[sz]e|activate|inhibit|block|stimulate|mimic|select)\b|^[^.;]{0,20}\bsynchroni[sz]\w*/;
/**
 * A drug named in brackets after the mechanism it is used to block, in an experiment of any kind: "in the presence or
 * absence of inhibitors of cyclooxygenase (aspirin), cytochrome P450 … (fluconazole)": a tool of the experiment, not
 * the substance studied (2026-11-26, independent labels).
 */
const TOOL_IN_BRACKETS_BEFORE =
  /\b(?:inhibitors?|blockers?|antagonists?|agonists?|activators?|inducers?) of [\w\s,-]{2,40}\(\s*$/i;
/**
 * A compound as a factor of a laboratory procedure on cells: reprogramming them to pluripotency ("Vitamin C enhances the
 * reprogramming process", "VPA also enables efficient induction of pluripotent stem cells"); 2026-11-26, second pass, independent
 * held-out labels. Only in a text about cells with no human subjects, like the other reagents.
 */
const LAB_PROCEDURE_SENTENCE = /\b(?:reprogramm\w+|induced pluripotent|induction of pluripotent|iPSCs?)\b/i;
const CELL_WORK =
  /\b(?:cells?|cultures?|cultured|in vitro|islets|slices|hepatocytes|fibroblasts|macrophages|neurons|assays?|isolates|strains?|yeast)\b/i;
// 2026-11-26, second pass (independent held-out labels): a qualifier between "all participants" and the verb ("All participants
// reporting calcium intakes of 1000 mg/d or less received a supplement containing … cholecalciferol") and "all were
// receiving oral calcitriol" are the same background care.
const BACKGROUND_CARE =
  /\ball (?:the )?(?:patients|participants|subjects|children|infants|women|men|groups)\s+(?:[^.;]{0,80}?\s)?(?:received|were given|were treated|were injected|were premedicated|were anaesthetized|were anesthetized|were receiving|were taking)\b|\ball (?:were receiving|were taking|were given|received)\b|\bas (?:postoperative |rescue |standard |concomitant |background )?(?:analgesia|premedication|rescue medication|standard (?:care|therapy|treatment))\b/i;
/**
 * The compound as something the participants had before or besides the study's own question (2026-11-26, independent
 * labels): a treatment they failed or had before ("who failed to conceive with clomiphene citrate", "previously treated
 * with vitamin D2", "refractory to methotrexate"), the background every arm keeps ("in addition to losartan", "adding
 * aliskiren to treatment with the maximal recommended dose of losartan"), rescue medication or its amount as an outcome
 * ("the need for ibuprofen", "received significantly less ibuprofen", "morphine consumption"). Resistance to a drug is
 * not in this class: the labellers counted studies of resistance to erythromycin or pyrazinamide as about the drug.
 */
const BACKGROUND_BEFORE = new RegExp(
  [
    String.raw`\bfail(?:ed|ure|ing)?\s+(?:to\s+\w+\s+)?(?:with|on|of)\s+$`,
    String.raw`\bpreviously\s+(?:been\s+)?(?:treated|managed|exposed)\s+(?:with|to)\s+$`,
    String.raw`\bprior\s+(?:treatment|therapy|use|exposure)\s+(?:with|of|to)\s+$`,
    String.raw`\b(?:previous|prior)\s+$`,
    String.raw`\b(?:refractory|intolerant|unresponsive|non-?responsive|inadequate response)\s+to\s+$`,
    String.raw`\bafter failure of\s+$`,
    String.raw`\b(?:in addition to|on top of|added to|add-on to|background)\s+(?:(?:treatment|therapy)\s+with\s+)?(?:the\s+)?$`,
    String.raw`\badd(?:ing|ed)\b[^.;]{0,120}\bto\s+(?:(?:treatment|therapy)\s+with\s+)?(?:the\s+)?(?:[\w-]+\s+){0,4}$`,
    String.raw`\b(?:need|needs|requirements?|demand)\s+(?:for|of)\s+(?:rescue\s+)?$`,
    String.raw`\brescue\s+$`,
    String.raw`\b(?:received|required|needed|used|consumed|took)\s+(?:significantly\s+|statistically\s+)?(?:less|more|fewer|lower|higher)\s+(?:doses?\s+of\s+)?$`,
    // 2026-11-26, second pass, independent held-out labels: the treatment the disease persists on or is uncontrolled by ("persistent
    // hyperparathyroidism despite treatment with calcitriol", "symptoms remain uncontrolled by inhaled fluticasone"),
    // the partner of the drug studied ("nateglinide … in combination with metformin"), and a drug named only as the
    // benchmark of another's effect ("a magnitude of effect similar to that for bupropion", "similar to the combination
    // treatment with glibenclamide and metformin"); not "similar to those with naproxen", a comparison of the study's own.
    String.raw`\bdespite\s+(?:(?:treatment|therapy)\s+with\s+)?(?:the\s+)?$`,
    String.raw`\b(?:uncontrolled|(?:inadequately|insufficiently|poorly|not)\s+(?:adequately\s+)?controlled)\s+(?:by|on|with)\s+$`,
    String.raw`\bin combination with\s+$`,
    String.raw`\b(?:similar|comparable)\s+to\s+(?:(?:that|those)\s+for\s+|the\s+(?:combination\s+)?(?:treatment|therapy)\s+with\s+(?:[\w-]+\s+and\s+)?)$`,
  ].join('|'),
  'i',
);
const BACKGROUND_AFTER =
  /^(?:\s*\(\w+\))?[\s-]+(?:failures?|refractory|naive|naïve|consumption|requirements?|rescue|sparing)\b/i;
/** A sentence that says who could take part or what everyone had before randomisation: eligibility, a run-in. */
const CRITERION_SENTENCE =
  /\b(?:were (?:included|eligible|enrolled|selected|identified) (?:if|when|based on|because|on the basis of)|inclusion criteri\w*|eligibility criteri\w*|eligible (?:if|when)|run-in period)\b/i;
const HUMAN_SUBJECTS =
  /\b(patients?|participants?|volunteers|women|men|children|adults|infants|people|individuals|subjects)\b/i;

/** Categories whose compounds are nutrients: their status in the body ("vitamin D levels") is what clinicians look them up for. */
const NUTRIENT_CATEGORIES = new Set(['vitamin', 'mineral']);

export interface LinkResult {
  documentRowids: number[];
  matchedNames: Map<number, string>;
}
export interface LinkOptions {
  /** Longer names of other compounds that contain this one's name ("nicotinamide riboside" for nicotinamide): a mention inside them is theirs. */
  longerNames?: string[];
  /** The name being matched (set by the linker). */
  name?: string;
  /** The compound's category: body-status mentions still count for vitamins and minerals. */
  category?: string;
  /**
   * A substance the body makes (ENDOGENOUS_SLUGS, amino acids) or a microbe that is also a laboratory organism
   * (probiotics): a mention counts only in a sentence about taking or giving it.
   */
  endogenous?: boolean;
  /** All of the compound's names (set by the linker): "lithium carbonate" is its own name, "lithium chloride" another salt. */
  ownNames?: string[];
  /** The text is an abstract: an item of a long list counts there, not in a title, which lists what it is about. */
  inAbstract?: boolean;
}

/** True when one mention, at [start, end) of text, names the compound itself rather than something named after it. */
export function mentionCounts(
  text: string,
  start: number,
  end: number,
  opts: LinkOptions = {},
  longer: readonly [number, number][] = [],
): boolean {
  const before = text.slice(Math.max(0, start - 40), start);
  const after = text.slice(end, end + 60);
  if (/^(?:[\s-]+(?:phospho)?kinase\b)/i.test(after)) return false;
  // "CONCOR registry", "SPRINT": an acronym in capitals is not the brand or name written in ordinary case.
  const written = text.slice(start, end);
  if (
    opts.name &&
    opts.name !== opts.name.toUpperCase() &&
    written.length >= 4 &&
    written === written.toUpperCase() &&
    /[A-Z]/.test(written)
  )
    return false;
  if (COLLISION_AFTER.test(after) || COLLISION_BEFORE.test(before)) return false;
  if (
    OTHER_SUBSTANCE_AFTER.test(after) &&
    !(opts.ownNames ?? []).some(
      (n) => n.length > written.length && text.slice(start, start + n.length).toLowerCase() === n.toLowerCase(),
    )
  )
    return false;
  if (TOOL_IN_BRACKETS_BEFORE.test(before)) return false;
  if (BACKGROUND_BEFORE.test(text.slice(Math.max(0, start - 160), start)) || BACKGROUND_AFTER.test(after)) return false;
  if (opts.endogenous && !NUTRIENT_CATEGORIES.has(opts.category ?? '') && ENDOGENOUS_OUTCOME_BEFORE.test(before))
    return false;
  // "lysine 9", "K27": a residue position; only amino acids are numbered that way (a drug's number is a dose).
  if (opts.category === 'amino_acid' && /^[\s-]*k?\d+\b(?![.,]\d|\s*(?:mg|g|µg|mcg|mmol|%|iu)\b)/i.test(after))
    return false;
  if (!NUTRIENT_CATEGORIES.has(opts.category ?? '') && (ENDOGENOUS_BEFORE.test(before) || ENDOGENOUS_AFTER.test(after)))
    return false;
  // "forskolin, a direct activator of adenylyl cyclase" in a laboratory paper: a tool, not the substance studied.
  if (LAB_TOOL_AFTER.test(after) && !HUMAN_SUBJECTS.test(text)) return false;
  // A reagent in a laboratory experiment: only in a text about cells or tissue with no human subjects.
  const labText = !HUMAN_SUBJECTS.test(text) && CELL_WORK.test(text);
  if (
    labText &&
    (REAGENT_BEFORE.test(before) ||
      REAGENT_AFTER.test(after) ||
      LAB_PROCEDURE_SENTENCE.test(sentenceAround(text, start, end)))
  )
    return false;
  // "doxycycline-inducible", "doxycycline (Dox)-inducible": an expression system, a tool in any text.
  if (/^(?:\s*\(\w+\))?[\s-]+inducible\b/i.test(after)) return false;
  // A covariate list ("adjusted for age, smoking and aspirin use") is not a study of the compound.
  const sentence = sentenceAround(text, start, end);
  // Not when the same sentence randomises ("all patients received either X or placebo"): that is the study's own arm.
  if (
    (BACKGROUND_CARE.test(sentence) && !/\b(?:either|placebo|randomi[sz]\w*)\b/i.test(sentence)) ||
    CRITERION_SENTENCE.test(sentence)
  )
    return false;
  if (
    /\badjust(?:ed|ing|ment) for\b|\bcontroll(?:ed|ing) for\b|\bstratified by\b|\bcovariates?\b|\bconfounders?\b/i.test(
      sentence,
    )
  )
    return false;
  if (opts.endogenous) {
    // The intake word must be near the mention: "treatment with BSO … glutathione disulfide" is not glutathione given.
    if (!INTAKE.test(text.slice(Math.max(0, start - 70), end + 70)) || !INTAKE.test(sentence)) return false;
  }
  for (const [a, b] of longer) if (a <= start && b >= end) return false;
  return true;
}

function sentenceAround(text: string, start: number, end: number): string {
  const from = Math.max(text.lastIndexOf('. ', start) + 1, 0);
  const stop = text.indexOf('. ', end);
  return text.slice(from, stop === -1 ? text.length : stop + 1);
}

/**
 * A sentence that states what the study is about: its objective, aim, hypothesis or conclusion ("OBJECTIVE To assess
 * whether dexamethasone…", "We aimed to…", "In conclusion, …"). A heading alone is not enough (2026-11-26, independent
 * labels): "OBJECTIVE Folate and vitamin B12 are two vital regulators of…" is background under an aim heading, so after
 * OBJECTIVE, AIM, PURPOSE or HYPOTHESIS the sentence must say what was done ("To assess…", "We…", "This study…").
 */
const KEY_SENTENCE =
  /^\s*(?:\(?[A-Z][A-Z ]{0,30}:?\s+)?(?:(?:OBJECTIVES?|AIMS?|PURPOSE|HYPOTHESIS)\b\s*[:.]?\s*(?:To \w+|We\b|The (?:aim|objective|purpose)|This (?:study|trial|review))|(?:CONCLUSIONS?|INTERPRETATION)\b)|\b(?:we aimed|(?:the )?aims? (?:of|was|were)|(?:the )?objectives? (?:of|was|were)|(?:the )?purpose (?:of|was)|this study (?:aimed|sought|was designed)|we (?:hypothesi[sz]ed|tested|sought|conclude)|in conclusion|we investigated (?:whether|if)|to (?:determine|assess|evaluate|investigate|examine|compare|test) (?:whether|if|the (?:effects?|efficacy|safety|association|role|impact)))\b/i;

/** The sentence that says what the participants were given: the study's intervention or exposure arm. */
const INTERVENTION =
  /^\s*INTERVENTIONS?\b|\b(?:randomi[sz]ed|randomly (?:assigned|allocated)|allocated|assigned) to (?:receive |take |either |one of )?|\bwere (?:randomi[sz]ed|assigned) (?:to|between)\b/i;
/** A dose right after the name ("atenolol at the dosage of 100 mg", "esomeprazole (10 or 40 mg"): it was given. */
const DOSE_AFTER = /^[^.;]{0,35}?\b\d+(?:[.,]\d+)?\s*(?:mg|g|µg|μg|mcg|micrograms?|milligrams?|iu|IU|mmol|mL)\b/;

/** The compound as what was used or given in this study ("treated with esomeprazole", "regular aspirin use"), not one item of a list. */
// "were asked to take Amitriptyline (50 mg/d": the comparator arm with its dose (2026-11-26, second pass: a relevant held-out link lost).
const USE_BEFORE =
  /\b(?:use of|users? of|treated with|treatment with|therapy with|receiv(?:ed|ing)|taking|took|(?:asked|instructed) to take|administration of|administered|exposure to|supplementation with|supplemental|intake of|prescriptions? (?:of|for))\s+(?:\w+\s+){0,1}$/i;
const USE_AFTER =
  /^\s+(?:use|users|therapy|treatment|administration|supplementation|supplements?|intake|exposure|prescriptions?|(?:was|were) (?:associated|given|administered|effective|superior|inferior|compared))\b/i;
const LISTED = (text: string, start: number, end: number) =>
  /,\s*(?:\w+\s+){0,2}$|\b(?:or|and)\s+$/i.test(text.slice(Math.max(0, start - 40), start)) ||
  /^\s*(?:\([^)]{0,30}\)\s*)?(?:,|and\b|or\b)/i.test(text.slice(end, end + 40));

/**
 * One item of an enumeration of five or more ("co-codamol, paracetamol, codeine, tramadol, oxycodone, and morphine",
 * "vitamins E and C, folic acid, iodine, and selenium", "sunflower seed, ginger and ginger products, beef"): the
 * document is about the list (a class, a diet, a survey, a regimen), and in the abstract such a mention does not count
 * toward topicality (2026-11-26, independent labels: lists were the largest class of links the labellers called passing
 * mentions). Shorter lists are often the study's own arms or the drugs it compares ("pioglitazone (45 mg/day),
 * rosiglitazone (8 mg/day), or placebo", "propranolol, metoprolol, atenolol and butoxamine"), so they still count. An
 * item is one to three words that are not prepositions, articles or verbs of being, optionally with a bracket
 * ("vancomycin (50.7 %)"); at least one separator must be a comma. (A leading phrase, "Among individual drugs,
 * trazodone, mirtazapine, and venlafaxine", is miscounted as an item; five leaves room for that.)
 */
const LONG_LIST = 5;
const WORD = String.raw`(?!(?:to|between|in|into|of|for|with|from|by|among|the|a|an|and|or|nor|but|were|was|is|are|be|been|that|this|these|than|as|at|on|who|which|including|such|also)\b)[\w'’/-]+`;
const BRACKET = String.raw`(?:\s*[([][^()[\]]{0,30}[)\]])?`;
const ITEM_END = new RegExp(String.raw`(?:${WORD}\s+){0,2}${WORD}${BRACKET}$`, 'i');
const SEP_END = /(?:,\s*(?:and\s+|or\s+)?|,?\s+(?:and|or)\s+)$/i;
const SEP_START = new RegExp(String.raw`^${BRACKET}(?:,\s*(?:and\s+|or\s+)?|,?\s+(?:and|or)\s+)`, 'i');
const ITEM_START = new RegExp(
  String.raw`^${WORD}(?:\s+${WORD}){0,2}(?=${BRACKET}\s*(?:,|\band\b|\bor\b|$|[.;:)]))`,
  'i',
);
export function enumerationSize(text: string, start: number, end: number): number {
  let before = text.slice(Math.max(0, start - 200), start).replace(/^[\s\S]*[.;:]\s/, '');
  let after = text.slice(end, end + 200).replace(/[.;:](?:\s[\s\S]*)?$/, '');
  let items = 1;
  let commas = 0;
  for (let s = SEP_END.exec(before); s; s = SEP_END.exec(before)) {
    const item = ITEM_END.exec(before.slice(0, s.index));
    if (!item || item[0].trim() === '') break;
    if (s[0].includes(',')) commas++;
    items++;
    before = before.slice(0, s.index - item[0].length);
  }
  for (let s = SEP_START.exec(after); s; s = SEP_START.exec(after)) {
    // The last item runs into the rest of the sentence ("and butoxamine in anaesthetized cats"): its first word.
    const item =
      ITEM_START.exec(after.slice(s[0].length)) ?? new RegExp(`^${WORD}`, 'i').exec(after.slice(s[0].length));
    if (!item) break;
    if (s[0].replace(/[([][^()[\]]*[)\]]/, '').includes(',')) commas++;
    items++;
    after = after.slice(s[0].length + item[0].length);
  }
  return commas ? items : 1;
}

/**
 * A document about a product's manufacture or a plant's cultivation (2026-11-26, independent labels: "Twin-Screw Melt
 * Granulation of Acetaminophen", "foliar selenium application on growth and rhizospheric soil"): not the compound
 * given to or taken by people, animals or cells, unless the text also has such subjects.
 */
const NON_BIOLOGICAL =
  /\b(?:granulation|extrusion|extrudates?|tablet(?:t?ing)? press|compaction|excipients?|co-?crystals?|polymorphs?|crystalli[sz]ation|foliar|rhizosphere|rhizospheric|soils?|crops?|cultivars?|seedlings?|fertili[sz]ers?|agronomic)\b/i;
const LIVING_SUBJECTS =
  /\b(?:patients?|participants?|volunteers|women|men|children|adults|infants|people|subjects|mice|rats?|rodents|animals|dogs|pigs|rabbits|cells?|in vitro|in vivo|clinical|plasma|serum|oral(?:ly)?)\b/i;

/**
 * A review of named trials of a class ("… in the VALUE (Valsartan Antihypertensive Long-term Use Evaluation) trial with
 * valsartan compared with amlodipine … the NAVIGATOR (Nateglinide And Valsartan …) trial …"): three or more trial
 * acronyms spelled out. Each drug of the class is one item of the review; only a mention in the title makes it the
 * topic (2026-11-26, independent labels).
 */
const TRIAL_ACRONYM = /\b[A-Z][A-Z0-9-]{2,}\s*\((?:[A-Z][\w-]*\s+){1,}[^)]{0,120}\)(?:\s+\w+)?/g;
const isTrialReview = (text: string) =>
  [...text.matchAll(TRIAL_ACRONYM)].filter((m) => /\b(?:trials?|study)\b/i.test(m[0])).length >= 3;

/**
 * The drug both arms share: "benazepril (20 mg) plus amlodipine (5 mg) or benazepril (20 mg) plus hydrochlorothiazide"
 * compares amlodipine with hydrochlorothiazide on a benazepril backbone (2026-11-26, second pass, independent held-out labels). When
 * a text pairs the name with "plus" and two or more different partners, a mention followed by "plus" is the backbone.
 */
const PLUS_PARTNER = /^\s*(?:[([][^()[\]]{0,30}[)\]]\s*)?(?:plus|\+)\s+([A-Za-z][\w-]*)/i;
function backboneIn(text: string, re: RegExp): boolean {
  const partners = new Set<string>();
  for (const m of text.matchAll(new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`))) {
    const p = PLUS_PARTNER.exec(text.slice(m.index + m[0].length, m.index + m[0].length + 60));
    if (p) partners.add(p[1]!.toLowerCase());
  }
  return partners.size >= 2;
}

/**
 * One drug of a combination regimen spelled out with doses and semicolons ("2EHRZ(3)/4HR(3) [ethambutol, 1,200 mg;
 * isoniazid, 600 mg; rifampicin, 450 or 600 mg …; and pyrazinamide, 1,500 mg]", 2026-11-26, second pass, independent held-out
 * labels): the study is about the regimen (here its duration), so in an abstract such an item does not count, like an
 * item of a long list. Three or more "name, dose" items make a regimen.
 */
const DOSE = String.raw`[\d.,]+(?:\s+or\s+[\d.,]+)?\s*(?:mg|g|µg|μg|mcg|iu)\b`;
const REGIMEN_ITEM = new RegExp(String.raw`(?:[[(;]\s*(?:and\s+)?)[A-Za-z][\w-]*(?:\s+[\w-]+)?,\s*${DOSE}`, 'gi');
const inRegimen = (text: string, start: number, end: number) =>
  new RegExp(String.raw`^,\s*${DOSE}`, 'i').test(text.slice(end, end + 30)) &&
  [...text.slice(Math.max(0, start - 250), end + 250).matchAll(REGIMEN_ITEM)].length >= 3;

/**
 * A nutrient as one of many in a diet assessment (2026-11-26, second pass, independent held-out labels; one development error of
 * the same kind): "25–50% of total daily requirements for protein, riboflavin and copper; 50–75% for thiamin, calcium
 * and manganese; and 75–100% for phosphorus, zinc and iron", "correlation coefficients ranged from 0.32 for vitamin E to
 * 0.81 for vitamin C (mean: 0.65 for 21 nutrients)". An abstract that names eight or more different nutrients, or
 * counts them ("21 nutrients"), is about a diet, a food or an assessment method; a vitamin or mineral links to it only
 * from the title.
 */
const NUTRIENT_WORDS =
  /\b(?:protein|carbohydrates?|fat|fib(?:re|er)|calcium|iron|zinc|copper|manganese|magnesium|phosphorus|selenium|iodine|potassium|sodium|thiamine?|riboflavin|niacin|fola(?:te|cin)|folic acid|pyridoxine|cobalamin|pantothenic acid|biotin|ascorbic acid|vitamins? (?:[A-EK]\d{0,2})(?:\s*(?:,|and)\s*[A-EK]\d{0,2})*)\b/gi;
function nutrientPanel(text: string): boolean {
  if (/\b(?:[89]|[1-9]\d)\s+(?:different\s+)?(?:micro)?nutrients\b/i.test(text)) return true;
  const found = new Set<string>();
  for (const m of text.matchAll(NUTRIENT_WORDS)) {
    const w = m[0].toLowerCase();
    const vitamins = /^vitamins? (.*)$/.exec(w);
    if (vitamins) for (const v of vitamins[1]!.split(/\s*(?:,|and)\s*/)) found.add(`vitamin ${v}`);
    else
      found.add(
        w
          .replace(/s$/, '')
          .replace(/^thiamine$/, 'thiamin')
          .replace(/^fiber$/, 'fibre')
          .replace(/^(?:folacin|folic acid)$/, 'folate'),
      );
  }
  return found.size >= 8;
}

interface MentionTally {
  count: number;
  key: boolean;
  seen: number;
}

/**
 * The mentions in one text that name the compound itself (mentionCounts) and are not one item of a list of several
 * (inEnumeration), with an abbreviation the text defines for it ("clomiphene citrate (CC)") counted as a mention too
 * where it counts as well, and whether one says what the study is about: its aim or conclusion, its intervention, or a
 * dose of what was used ("treated with esomeprazole (10 or 40 mg").
 */
export function tally(
  text: string | null,
  re: RegExp,
  opts: LinkOptions,
  longer: RegExp[],
  trace?: string[],
): MentionTally {
  const out = { count: 0, key: false, seen: 0 };
  if (!text) return out;
  const g = new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`);
  let spans: [number, number][] | null = null;
  const abbreviations = new Set<string>();
  const backbone = backboneIn(text, re);
  for (let m = g.exec(text); m; m = g.exec(text)) {
    out.seen++;
    // Where the longer names of other compounds sit in this text, found once per text and only when needed.
    spans ??= longer.flatMap((l) =>
      [...text.matchAll(l)].map((x): [number, number] => [x.index, x.index + x[0].length]),
    );
    const end = m.index + m[0].length;
    const counts =
      mentionCounts(text, m.index, end, opts, spans) &&
      !(opts.inAbstract && enumerationSize(text, m.index, end) >= LONG_LIST) &&
      !(backbone && PLUS_PARTNER.test(text.slice(end, end + 60))) &&
      !(opts.inAbstract && inRegimen(text, m.index, end));
    trace?.push(
      `${counts ? 'COUNTS' : 'no    '} …${text.slice(Math.max(0, m.index - 70), m.index)}[[${m[0]}]]${text.slice(end, end + 50)}…`,
    );
    if (!counts) continue;
    out.count++;
    const sentence = sentenceAround(text, m.index, end);
    const use =
      !LISTED(text, m.index, end) &&
      (USE_BEFORE.test(text.slice(Math.max(0, m.index - 40), m.index)) || USE_AFTER.test(text.slice(end, end + 40)));
    // A single mention says what the study is about only as its aim or conclusion, its intervention, or a dose of what
    // was used; "treated with X" or "X treatment" alone was mostly a passing remark (2026-11-26, independent labels:
    // 3 of 14 such links relevant).
    if (KEY_SENTENCE.test(sentence)) {
      out.key = true;
      trace?.push('   key:sentence');
    }
    if (INTERVENTION.test(sentence)) {
      out.key = true;
      trace?.push('   key:intervention');
    }
    if (use && DOSE_AFTER.test(text.slice(end, end + 50))) {
      out.key = true;
      trace?.push('   key:dose');
    }
    const abbr = /^(?:\s+[a-z]+)?\s+\(([A-Z][A-Za-z0-9]{2,5})\)/.exec(text.slice(end, end + 30));
    if (abbr && abbr[1] !== m[0] && abbreviates(abbr[1]!, m[0] + (/^\s+[a-z]+/.exec(text.slice(end))?.[0] ?? '')))
      abbreviations.add(abbr[1]!);
  }
  // Each use of a defined abbreviation counts when it would count as the name there ("GSH deficiency" is the body's own).
  for (const a of abbreviations) {
    for (const x of text.matchAll(new RegExp(String.raw`(?<![\w-])${a}(?![\w-])`, 'g'))) {
      if (text.slice(x.index - 1, x.index) === '(') continue;
      if (
        mentionCounts(text, x.index, x.index + a.length, { ...opts, name: a }, spans ?? []) &&
        !(opts.inAbstract && enumerationSize(text, x.index, x.index + a.length) >= LONG_LIST)
      )
        out.count++;
    }
  }
  return out;
}

/**
 * An abbreviation stands for the name when it starts with the name's first letter and its letters appear in the name
 * in order ("CC" for clomiphene citrate, "Dox" for doxycycline, "ATRA" for all-trans retinoic acid); "IFA" after
 * "folic acid" stands for a longer phrase (iron–folic acid), another product (2026-11-26, independent labels).
 */
function abbreviates(abbr: string, name: string): boolean {
  const n = name.toLowerCase();
  const a = abbr.toLowerCase();
  if (a[0] !== n[0]) return false;
  let i = 0;
  for (const ch of a) {
    i = n.indexOf(ch, i);
    if (i < 0) return false;
    i++;
  }
  return true;
}

/**
 * A document is about the compound, rather than naming it in passing ("all patients received aspirin", one drug in a
 * list of antibiotics used), when the compound is in the title, is named at least twice, or is named once where it
 * says what the study is about (tally). A title mention counts only when the abstract, if it names the compound, names
 * it at least once as the compound (2026-11-26: the abstract shows what the title's word meant: "Hyaluronan impairs
 * vascular function" is the tumour's own hyaluronan, "Aliskiren combined with losartan" adds aliskiren to background
 * losartan). Not at all in a document about manufacture or cultivation (NON_BIOLOGICAL), and in a review of named trials
 * only in the title.
 */
export function isTopical(
  title: string | null,
  abstract: string | null,
  re: RegExp,
  opts: LinkOptions,
  longer: RegExp[] = [],
): boolean {
  const whole = `${title ?? ''} ${abstract ?? ''}`;
  if (NON_BIOLOGICAL.test(whole) && !LIVING_SUBJECTS.test(whole)) return false;
  const t = tally(title, re, opts, longer);
  const a =
    abstract && NUTRIENT_CATEGORIES.has(opts.category ?? '') && nutrientPanel(abstract)
      ? { count: 0, key: false, seen: 0 }
      : tally(abstract, re, { ...opts, inAbstract: true }, longer);
  if (t.count > 0 && (a.seen === 0 || a.count > 0)) return true;
  if (abstract && isTrialReview(abstract)) return false;
  return a.count >= 2 || a.key;
}

export function makeLinker(db: Database) {
  const candidates = db.prepare<[string], { rowid: number; title: string | null; abstract: string | null }>(
    `SELECT d.rowid, d.title, d.abstract FROM documents_fts f JOIN documents d ON d.rowid = f.rowid WHERE documents_fts MATCH ?`,
  );
  const cache = new Map<string, LinkResult>();
  return function link(names: string[], opts: LinkOptions = {}): LinkResult {
    const keyOf = (name: string) =>
      `${name}\0${opts.category ?? ''}\0${opts.endogenous ? 1 : 0}\0${(opts.longerNames ?? []).join('\0')}\0${names.join('\0')}`;
    const matched = new Map<number, string>();
    const fullNames = (ns: string[]) => linkableNames(ns).filter((n) => !/^[A-Z0-9-]{2,5}$/.test(n.trim()));
    const isLinkedBy = (n: string, id: number) => cache.get(keyOf(n))?.documentRowids.includes(id) ?? false;
    const longer = (opts.longerNames ?? []).map((n) => {
      const p = namePattern(n);
      return new RegExp(p.source, `${p.flags}g`);
    });
    for (const name of linkableNames(names)) {
      const tokens = name.toLowerCase().match(/[\p{L}\p{N}]+/gu);
      if (!tokens) continue;
      const key = keyOf(name);
      let hit = cache.get(key);
      if (!hit) {
        const re = namePattern(name);
        const o = { ...opts, name, ownNames: names };
        const rows = candidates
          .all(`"${tokens.join(' ')}"`)
          .filter((r) => isTopical(r.title, r.abstract, re, o, longer));
        hit = { documentRowids: rows.map((r) => r.rowid), matchedNames: new Map(rows.map((r) => [r.rowid, name])) };
        cache.set(key, hit);
      }
      const abbreviation = /^[A-Z0-9-]{2,5}$/.test(name.trim());
      for (const id of hit.documentRowids) if (!matched.has(id)) matched.set(id, abbreviation ? `\0${name}` : name);
    }
    // An abbreviation ("ASA", "MPA", "FCM") means many things: it counts only in a document that also names the
    // compound in full, where it is usually defined.
    for (const [id, name] of matched) {
      if (!name.startsWith('\0')) continue;
      if (fullNames(names).some((n) => isLinkedBy(n, id))) matched.set(id, name.slice(1));
      else matched.delete(id);
    }
    return { documentRowids: [...matched.keys()].sort((a, b) => a - b), matchedNames: matched };
  };
}

/**
 * For each compound, the names of other compounds that contain one of its names as a whole-word part ("nicotinamide"
 * inside "nicotinamide riboside"). Computed once per build.
 */
export function longerNamesOf(compounds: { slug: string; names: string[] }[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const all = compounds.flatMap((c) =>
    linkableNames(c.names).map((n) => ({ slug: c.slug, name: n, norm: ` ${normalizeName(n)} ` })),
  );
  for (const c of compounds) {
    const own = linkableNames(c.names).map((n) => ` ${normalizeName(n)} `);
    const longer = all
      .filter((o) => o.slug !== c.slug && own.some((n) => o.norm.length > n.length && o.norm.includes(n)))
      .map((o) => o.name);
    if (longer.length) out.set(c.slug, [...new Set(longer)]);
  }
  return out;
}
