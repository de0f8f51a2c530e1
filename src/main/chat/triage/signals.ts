/**
 * The concept layer of triage: the risk signals a message carries, read through the multilingual word lists
 * (lexicon.ts) and the clinician thresholds (critical-values.ts), and the emergencies their combinations make.
 * Where rules.ts reads English (and some Spanish and German) phrasings, this reads concepts in any language we have
 * words for: an ingestion and a whole container, words of despair, airway swelling, vomiting blood on an
 * anticoagulant, a head injury on an anticoagulant, early-pregnancy warning signs, a critical lab value… The
 * combinations are the same in every language, so a new language is a data file, not code.
 */
import type { TriageCategory } from './categories.ts';
import { CONCEPT_PATTERNS, CONCEPTS, FALLBACK_ALARM, type Concept } from './lexicon.ts';
import { CONTEXTS, criticalFindings, hasContext, type CriticalFinding } from './critical-values.ts';
import { BABY_SWALLOWED, blackStoolExplained, isHistory, type Level, type RuleHit } from './rules.ts';
import { bloodPressure, perinatalHits } from './perinatal.ts';
import { toxicityFindings, type ToxicityFinding, type TriageDrug } from './toxicity.ts';

export interface Signals {
  concepts: Set<Concept>;
  contexts: Set<string>;
  critical: CriticalFinding[];
  hits: RuleHit[];
  /** harm a named medicine may be causing (toxicity.json), with what it may mean */
  toxicity: ToxicityFinding[];
  /** any sign of risk at all (the meaning layer may lead only when one is present) */
  risk: boolean;
  /** a clinician's message: a critical value, or shorthand for a patient */
  clinician: boolean;
}

/** Concepts that are risk signals by themselves. */
const RISK: readonly Concept[] = [
  'despair',
  'overdose',
  'container_whole',
  'many',
  'swelling',
  'throat_closing',
  'cannot_breathe',
  'unresponsive',
  'not_breathing',
  'vomit_blood',
  'black_stool',
  'heavy_bleeding',
  'head_injury',
  'face_droop',
  'speech_trouble',
  'one_side_weak',
  'seizure',
  'pregnancy_alarm',
  'dka_sign',
  'rigidity',
  // symptoms that are not emergencies alone but make the meaning layer's reading worth leading with
  'chest',
  'sweating',
  'neuro_decline',
  'fever',
  'hives',
  'fell',
  'hazard',
  'farewell',
  'skin_blister',
  'fetal_movements_reduced',
  'psychosis_sign',
  'dark_urine',
  'no_urine',
];
/** Nobody home for a while: a farewell sign only beside medicines set aside or despair, not a drug's name alone. */
const HOME_ALONE = /(?:nobody|no one|no-one)(?:'?s| is) (?:home|here|around)/;
/** A child who got a container open ("got the Calpol open", "had opened the bottle"). */
const CHILD_OPENED = /\b(?:got (?:\w+ ){0,4}open|(?:has|had|just) opened|opened (?:the|a|my|his|her) )/;
const DONT_KNOW =
  /(?<![\p{L}])(?:don'?t know|not sure|no idea|sais pas|ne sais pas|no se|weiss (?:ich )?nicht|nao sei|non so|weet niet)(?![\p{L}])/u;
const DOSING_QUESTION =
  /(?<![\p{L}])(?:dose|dosage|dosing|how much|how many mg|posologie|dosis|dosierung|dosaggio|dosagem|dose de|quanto|cuanto|combien|wie viel)(?![\p{L}])/u;
const CLINICIAN =
  /(?<![\p{L}])(?:pt|pat|patient|patiente|paciente|paziente|patientin|\d{1,3} ?(?:yo|y\/o|[mf]))(?![\p{L}])|\b(?:gcs|inr|qrs|ecg|ekg|ck|cpk|mmol|mg\/dl|bp|hr|rr|spo2|iv|im)\b/u;
const MINIMAL_TOPICAL =
  /(?<![\p{L}])(?:lick\w*|a (?:bit|little|dab|smear|taste|blob) of|tiny (?:bit|amount)|pea-?sized(?: (?:bit|amount|blob|dab))?|un peu de|un poco de|um pouco d[aeo]|un po' di|een beetje|ein bisschen)(?![\p{L}])[^.!?]{0,60}(?<![\p{L}])(?:cream|ointment|lotion|gel|toothpaste|lip balm|sunscreen|creme|pommade|dentifrice|crema|pomada|pasta de dentes?|pasta de dientes|dentifricio|salbe|zahnpasta|zalf|tandpasta)(?![\p{L}])|(?<![\p{L}])(?:suck\w*|chew\w*|lick\w*) (?:on )?(?:the |an? |his |her |my )?(?:empty )?(?:\w+ )?(?:dosing )?syringe(?![\p{L}])[^.!?]{0,60}(?<![\p{L}\p{N}])(?:(?:maybe|about|only|less than|under|barely|a drop|half an?) ?(?:1|0[.,]\d|one|half|a)? ?ml|a drop|a few drops|empty)(?![\p{L}])/u;

/**
 * A few of a low-risk chewable (vitamin C or D gummies without iron, an antacid): as small an exposure as a lick of
 * cream (blind round 9: "ate 4 of the kids' vitamin D gummies", "chewed half of one Gaviscon").
 */
const SMALL_CHEWABLE =
  /(?<![\p{L}\p{N}])(?:half|one|a|two|three|four|a few|[1-4]|a couple)(?: (?:of|a|an))?(?: (?!iron)[\p{L}'-]+){0,4} (?:(?:vitamin (?:c|d\d?)|vit (?:c|d\d?)) gumm(?:y|ies)|antacids?|gaviscon|rennies?|tums)(?![\p{L}])|(?<![\p{L}\p{N}])(?:una|dos|tres|une|deux|trois|uma|duas|[1-3])(?: [\p{L}'-]+){0,2} (?:gomitas?|gominolas?|gommes?|gomas?|bonbons?)(?: [\p{L}'-]+){0,3} (?:de |a la |com )?vitamin[ae] ?[cd](?![\p{L}])/u;
/** A child's lick or smear of a low-risk topical product: the poison-centre line leads, the answer follows. */
export const minimalTopical = (t: string) =>
  MINIMAL_TOPICAL.test(t) ||
  (SMALL_CHEWABLE.test(t) && !/\b(?:iron|multivitamin\w*|fer|hierro|eisen|ferro|ijzer)\b/.test(t));

/** The concepts' patterns, global: to see what each matched. */
const CONCEPT_ALL = Object.fromEntries(
  CONCEPTS.map((c) => [c, CONCEPT_PATTERNS[c] && new RegExp(CONCEPT_PATTERNS[c].source, 'gu')]),
) as Record<Concept, RegExp | null>;

/**
 * `foreign`: the message is in a language we cannot read, where a word of one or two letters is that language's own
 * (Polish "i" is "and" and "od" is "since", not English "I" and "OD"): such a match is not a concept.
 */
export function readSignals(
  t: string,
  opts: { namesDrug: boolean; drugs?: readonly TriageDrug[]; foreign?: boolean },
): Signals {
  const matches = (c: Concept) =>
    opts.foreign
      ? [...t.matchAll(CONCEPT_ALL[c] ?? /$^/gu)].some((m) => m[0].length > 2)
      : (CONCEPT_PATTERNS[c]?.test(t) ?? false);
  const concepts = new Set<Concept>(CONCEPTS.filter(matches));
  // a black stool the message explains (iron, bismuth) is not a sign of bleeding, nor a risk for the meaning layer
  if (concepts.has('black_stool') && blackStoolExplained(t)) concepts.delete('black_stool');
  const contexts = new Set(Object.keys(CONTEXTS).filter((k) => hasContext(t, CONTEXTS[k]!)));
  const has = (c: Concept) => concepts.has(c);
  // concepts count as contexts for the thresholds ("INR 9.8 … vomiting blood")
  const extra = new Set<string>(contexts);
  if (has('vomit_blood') || has('black_stool') || has('heavy_bleeding')) extra.add('bleeding_active');
  if (has('unresponsive') || has('not_breathing')) extra.add('reduced_consciousness');
  if (has('rigidity')) extra.add('rigidity');
  if (has('fever')) extra.add('fever');
  if (has('minor_bleeding')) extra.add('minor_bleeding');
  if (has('syncope')) extra.add('torsades');
  const critical = criticalFindings(t, extra);
  const about = has('about') && !has('present');
  const history = isHistory(t);
  const hits: RuleHit[] = [];
  const toxicity: ToxicityFinding[] = [];
  // one hit per category, at the strongest level found for it
  const hit = (category: TriageCategory, level: Level, rule: string) => {
    const i = hits.findIndex((h) => h.category === category);
    if (i < 0) hits.push({ category, level, rule });
    else if (level === 'acute' && hits[i]!.level === 'lead') hits[i] = { category, level, rule };
  };

  const namesDrug = opts.namesDrug || (opts.drugs?.length ?? 0) > 0;
  const drugOrPills = namesDrug || has('pills') || has('container_whole') || has('many') || contexts.size > 0;
  // farewell acts (affairs in order, a goodbye letter) with medicines set aside or taken, or with despair: intent
  // (a medicine named counts: "written everyone a letter… I kept back mum's morphine", "the least messy way to leave…
  // I've got dad's insulin pens")
  if (
    has('farewell') &&
    (has('pills') ||
      has('container_whole') ||
      has('many') ||
      has('ingest') ||
      has('despair') ||
      (namesDrug && !HOME_ALONE.test(t)))
  )
    concepts.add('despair');
  if (has('despair')) {
    hit('self_harm', 'acute', 'concept:despair');
    // intent with a medicine or a quantity: the crisis line and the poison advice both
    if (has('ingest') || drugOrPills || /\d/.test(t)) hit('overdose', 'acute', 'concept:despair+drug');
  }
  if (!about) {
    if (has('ingest') && (has('container_whole') || has('many'))) hit('overdose', 'acute', 'concept:ingest+whole');
    if (has('overdose') && (has('person') || has('present') || has('ingest')))
      hit('overdose', 'acute', 'concept:overdose');
    // a household hazard swallowed (a button battery, e-liquid, bleach): a child's is always acute, anyone's is a poisoning
    if (has('hazard') && has('ingest') && !has('child') && (has('person') || has('present')))
      hit('overdose', 'acute', 'concept:ingest+hazard');
    // "have I harmed the baby?" in pregnancy is about a fetus, not a child who swallowed something
    // (unless the baby is the one who swallowed: "I'm pregnant and my baby got into my iron tablets")
    const childPresent =
      has('child') &&
      !(
        has('pregnant') &&
        !/\b(?:toddler|kids?|child|infant|son|daughter|\d+ ?(?:yo|y\/o|yrs?|years?|months?|mo)\b)/.test(t) &&
        !BABY_SWALLOWED.test(t)
      );
    if (
      childPresent &&
      has('ingest') &&
      (drugOrPills || has('hazard') || FALLBACK_ALARM.pills?.test(t)) &&
      !(DOSING_QUESTION.test(t) && !DONT_KNOW.test(t))
    )
      hit('child_ingestion', 'acute', 'concept:child+ingest');
    // emptied packets beside someone drowsy or unrousable ("GCS 9, empty blister packs of quetiapine next to her"):
    // an overdose until shown otherwise
    if (
      has('container_emptied') &&
      !has('child') &&
      (has('unresponsive') ||
        has('drowsy') ||
        extra.has('reduced_consciousness') ||
        hasContext(t, CONTEXTS.reduced_consciousness!))
    )
      hit('overdose', 'acute', 'concept:emptied+unconscious');
    // a child with a medicine bottle found (nearly) empty: what was in it may have been swallowed
    // (told as an event — it just happened, the child got it open — not "her calpol bottle is empty already, how
    // long does an opened bottle last?")
    if (
      childPresent &&
      has('container_emptied') &&
      (drugOrPills || FALLBACK_ALARM.pills?.test(t)) &&
      (has('present') || has('ingest') || CHILD_OPENED.test(t))
    )
      hit('child_ingestion', 'acute', 'concept:child+emptied');
  }
  // symptoms told as history ("a seizure 3 years ago") are not happening; ingestions and intent count in any tense
  if (!about && !history) {
    const airwaySwelling = has('airway') && has('swelling');
    const anaph = [
      airwaySwelling,
      has('throat_closing'),
      has('cannot_breathe'),
      has('hives'),
      has('after_drug'),
    ].filter(Boolean).length;
    if (anaph >= 2 || (airwaySwelling && (has('present') || has('person'))))
      hit('anaphylaxis', 'acute', 'concept:airway');
    if (has('not_breathing') || has('unresponsive')) hit('respiratory_depression', 'acute', 'concept:breathing');
    if (has('vomit_blood') || has('black_stool') || has('heavy_bleeding')) hit('bleeding', 'acute', 'concept:bleeding');
    const anticoagulated = contexts.has('anticoagulant');
    if (
      (has('head_injury') && (anticoagulated || has('neuro_decline'))) ||
      (has('fell') && anticoagulated && has('neuro_decline'))
    )
      hit('head_injury', 'acute', 'concept:head_injury');
    // blistering in the mouth or eyes, or skin coming off, with a fever or a new medicine: SJS/TEN
    if (has('skin_blister') && (has('fever') || has('after_drug') || namesDrug))
      hit('critical_illness', 'acute', 'concept:skin');
    // on insulin or a sulfonylurea and cannot be woken, or sweating and confused: severe hypoglycaemia until shown otherwise
    if (contexts.has('insulin_su') && (has('unresponsive') || (has('sweating') && has('neuro_decline'))))
      hit('hypoglycaemia', 'acute', 'concept:hypo');
    // an insulin or sulfonylurea dose given in error and the person now drowsy or confused, whatever the glucose
    // read so far: severe hypoglycaemia is coming (NovoRapid SmPC 4.9, overdose: hypoglycaemia may develop, sometimes
    // late; JBDS-IP, The hospital management of hypoglycaemia in adults with diabetes mellitus, 2023) (blind round 8)
    if (contexts.has('insulin_su') && DOSE_ERROR.test(t) && (has('drowsy') || has('confusion') || has('unresponsive')))
      hit('hypoglycaemia', 'acute', 'concept:hypo-dose-error');
    if (has('face_droop') || has('speech_trouble') || has('one_side_weak')) hit('stroke', 'acute', 'concept:stroke');
    if (has('seizure') && (has('present') || has('person'))) hit('seizure', 'acute', 'concept:seizure');
    if (has('chest') && has('chest_pain') && (has('sweating') || has('present')))
      hit('chest_pain', 'acute', 'concept:chest');
    if (has('pregnant') && has('pregnancy_alarm')) hit('pregnancy_emergency', 'acute', 'concept:pregnancy');
    // an asthma attack the reliever does not relieve, or too breathless to talk: life-threatening asthma (BTS/SIGN)
    if (
      has('cannot_breathe') &&
      ASTHMA.test(t) &&
      (has('present') || has('person') || /\b(?:inhaler|puffer)\b/.test(t))
    )
      hit('critical_illness', 'acute', 'concept:asthma');
    // on clozapine (or carbimazole, propylthiouracil, deferiprone) with fever, a sore throat or mouth ulcers: possible
    // agranulocytosis; the labels say to report it at once for a same-day blood count (a near-miss when only asked about)
    if (
      NEUTROPENIA_DRUG.test(t) &&
      (has('fever') || INFECTION_SIGN.test(t)) &&
      (has('present') || has('person') || /\b(?:on|taking|takes)\b/.test(t))
    )
      hit('critical_illness', 'acute', 'concept:neutropenia');
    const dka = (t.match(new RegExp(CONCEPT_PATTERNS.dka_sign?.source ?? '$^', 'gu')) ?? []).length;
    if ((has('diabetic') || contexts.has('diabetic')) && dka >= 2) hit('critical_illness', 'acute', 'concept:dka');
    // a clinician managing a time-critical condition now (status epilepticus, DKA, SDH on an anticoagulant, LA toxicity,
    // a calcium-channel-blocker overdose in shock): the emergency line leads and the answer follows
    if (has('clinical_emergency') && (CLINICIAN.test(t) || CLINICAL_ACT.test(t)))
      hit('critical_illness', 'lead', 'concept:clinical_emergency');
    // used an adrenaline auto-injector: anaphylaxis, and emergency care is needed even when it worked (NICE CG134, UK RC)
    if (EPIPEN_USED.test(t)) hit('anaphylaxis', 'acute', 'concept:epipen');
    // chemotherapy with a fever or shivering: neutropenic sepsis until shown otherwise (NICE CG151)
    if (CHEMO.test(t) && (has('fever') || FEVER_VALUE.test(t) || /\b(?:shiver\w*|rigou?rs?)\b/.test(t)))
      hit('critical_illness', 'acute', 'concept:neutropenic_sepsis');
    // a paracetamol level on or above the treatment line: acetylcysteine now
    if (/\b(?:above|over|on) (?:the )?(?:\w+ )?(?:treatment|nomogram|150|100) ?line\b/.test(t))
      hit('overdose', 'lead', 'concept:treatment_line');
    // digoxin with yellow-green vision or a slow pulse: digoxin toxicity
    if (DIGOXIN.test(t) && (XANTHOPSIA.test(t) || SLOW_PULSE.test(t)))
      hit('critical_illness', 'acute', 'concept:digoxin');
    // stopping alcohol or a sedative abruptly, then hallucinations, a fit or new confusion: withdrawal with delirium
    // or seizures (NICE CG100 Alcohol-use disorders: acute alcohol withdrawal with or at risk of delirium tremens or
    // seizures is admitted; benzodiazepine labels, e.g. diazepam SmPC 4.4: abrupt withdrawal can cause convulsions)
    if (has('withdrawal') && (has('psychosis_sign') || has('seizure') || has('confusion')))
      hit('critical_illness', 'acute', 'concept:withdrawal');
    // a medicine given by infusion (IV iron, an antibiotic, contrast) and two signs of a reaction (wheeze, flushing, a
    // falling or low blood pressure, hives, the throat closing): anaphylaxis until shown otherwise (Resuscitation
    // Council UK, Emergency treatment of anaphylaxis, 2021; MHRA Drug Safety Update 2013, IV iron and serious
    // hypersensitivity reactions)
    if (has('infusion')) {
      const bp = bloodPressure(t);
      const signs =
        (t.match(REACTION_ALL) ?? []).length +
        (bp !== null && bp.systolic < 90 ? 1 : 0) +
        (has('cannot_breathe') ? 1 : 0) +
        (has('throat_closing') ? 1 : 0);
      if (signs >= 2) hit('anaphylaxis', 'acute', 'concept:infusion-reaction');
    }
    // a chemotherapy infusion leaking into the tissue (swelling, burning at the site): stop it now, a time-critical
    // emergency for a vesicant (ESMO–EONS Clinical Practice Guidelines, Management of chemotherapy extravasation, 2012)
    if (has('site_injury') && (CHEMO.test(t) || /\b(?:oncolog\w*|extravasat\w*|paravasat\w*|stravaso)\b/.test(t)))
      hit('critical_illness', 'lead', 'concept:extravasation');
    if (
      contexts.has('antipsychotic') &&
      (has('rigidity') || contexts.has('rigidity')) &&
      (has('fever') || critical.some((c) => c.id === 'temperature/nms'))
    )
      hit('critical_illness', 'acute', 'concept:nms');
  }
  // when a medicine was started or a baby born ("started clozapine 3 weeks ago", "gave birth 3 weeks ago") dates the
  // cause, not the signs: it does not make the later-pregnancy, after-birth and toxicity signs history
  // Asked as a question ("how would I know if it's serious?") about someone whose signs the message describes ("she's
  // 30 weeks with a bad headache and blurry vision"): the signs still count, but the instruction leads and the answer
  // follows, since the asker may only be learning; a question naming no one stays a topic.
  const asking = about && has('person') && !has('all_well');
  if ((!about || asking) && !(history && isHistory(t.replace(WHEN_STARTED_OR_BORN, ' ')))) {
    const level = (l: Level): Level => (asking ? 'lead' : l);
    for (const p of perinatalHits(t, has)) hit(p.category, level(p.level), p.rule);
    // harm a medicine the message names is already causing (rhabdomyolysis, colchicine or lithium toxicity…)
    for (const f of toxicityFindings(t, has, opts.drugs ?? [])) {
      toxicity.push({ ...f, level: level(f.level) });
      hit(f.category, level(f.level), `toxicity:${f.id}`);
    }
  }
  // (asked to learn — "revising: in an exam scenario the K+ is 6.8, what's the first drug?" — the instruction leads
  // and the answer follows, rather than the instruction alone; blind round 9)
  for (const c of critical) hit(c.category, about ? 'lead' : 'acute', `critical:${c.id}`);
  // a question about a topic ("how does naloxone work in an overdose?") carries no risk of its own
  const risk = hits.length > 0 || critical.length > 0 || (!about && (RISK.some(has) || (has('ingest') && drugOrPills)));
  return { concepts, contexts, critical, hits, toxicity, risk, clinician: critical.length > 0 || CLINICIAN.test(t) };
}

const WHEN_STARTED_OR_BORN =
  /\b(?:started|began|put (?:him|her|me|them) on|switched to|increased|gave birth|had (?:the|our|my|her|their|a) baby|delivered|since)\b[^.!?]{0,40}?\b(?:weeks?|months) ago\b/gu;
const REACTION_ALL = new RegExp(CONCEPT_PATTERNS.reaction_sign?.source ?? '$^', 'gu');
const EPIPEN_USED =
  /\b(?:used|gave|given|jabbed|injected|had to use)\b[^.?!]{0,25}\b(?:epi-?pens?|auto-?injectors?|jext|emerade|anapen|adrenaline pen|epinephrine pen)\b|\b(?:epi-?pen|jext|emerade|anapen)\b[^.?!]{0,20}\b(?:used|given|jabbed)\b/;
// (clinician shorthand too: "?neutropenic sepsis, D10 FEC-T" — a regimen's acronym or the neutropenia itself; blind round 8)
const CHEMO =
  /\b(?:chemo\w*|chimio\w*|quimio\w*|chemioterapi\w*|chemotherapie\w*|neutropeni\w*|on (?:capecitabine|docetaxel|paclitaxel|fec|folfox)|d\d{1,2},? (?:post[- ]?)?(?:fec(?:-t)?|folfox|folfiri|r-?chop|abvd|chemo\w*|cycle \d+))\b/;
// an insulin or sulfonylurea dose given wrongly ("40 units instead of 4", "gave her insulin twice")
const DOSE_ERROR =
  /\b(?:instead of|by mistake|in error|wrong (?:dose|pen|insulin|patient)|misread\w*|twice|double(?:d)?(?: dose)?|extra dose|ten ?(?:times|fold)|10 ?(?:x|times|fold))\b/;
const FEVER_VALUE = /\b(?:t|temp\w*|temperature)\s*(?:of |is |was |:)?\s*(?:3[89]|4[0-2])(?:[.,]\d)?\b/;
const DIGOXIN = /\b(?:digoxin\w*|digossina|digoxina|lanoxin|digitalis)\b/;
const XANTHOPSIA = /\b(?:yellow|green|giall\w*|amarill\w*|jaune|gelb|amarel\w*|geel)\b/;
const SLOW_PULSE =
  /\b(?:pulse|polso|pulso|pouls|puls|hr|fc|heart rate)\s*(?:of |is |was |a |at |di |de |von )?(?:[1-3]\d|4[0-4])\b/;
/** What a clinician writes about a patient in front of them: a weight, a drug given, a bolus. */
const CLINICAL_ACT =
  /(?<![\p{L}])(?:\d+ ?kg|given|gave|bolus\w*|loaded|titrat\w*|on \d+ ?l|sats?|post-?op|pcte|pte|pct|\d{1,3} ?(?:a|anos|ans|j|jahre|anni|jaar))(?![\p{L}])/u;
const ASTHMA = /\b(?:asthma\w*|wheez\w*|inhaler|puffer|ventolin|salbutamol|albuterol)\b/;
const NEUTROPENIA_DRUG =
  /\b(?:clozapine|clozaril|denzapine|zaponex|versacloz|carbimazole|neo-?mercazole|propylthiouracil|ptu|deferiprone|ferriprox)\b/;
const INFECTION_SIGN =
  /\b(?:sore throat|throat (?:is )?(?:really )?(?:sore|painful)|mouth ulcers?|ulcers in (?:my|his|her|the) mouth|fever\w*|temperature|flu-?like|shivers|chills|rigors)\b/;
