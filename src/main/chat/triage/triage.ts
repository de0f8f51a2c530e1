/**
 * Emergency triage of one question: the rule layer (rules.ts, English with some Spanish and German), the concept layer
 * (signals.ts: multilingual word lists and clinician thresholds as data) and the meaning layer (meaning.ts), any one
 * triggering, plus the requests that are declined (declines.ts). The message's language is detected (language.ts) so
 * that the answer can be given in it; a message in a language we cannot read whose fallback alarm words make an
 * emergency (fallback.ts) gets the fail-safe: it could not be read fully, and the emergency lines in its language.
 * Recall is measured on the regression set by `npm run eval:triage` and on blind sets by `npm run eval:triage-blind`.
 */
import { animalSwallowed } from './animals.ts';
import { TRIAGE_CATEGORIES, type TriageCategory } from './categories.ts';
import type { CriticalFinding } from './critical-values.ts';
import { declineKind, type DeclineKind } from './declines.ts';
import { detectLanguage } from './language.ts';
import type { MeaningTriage } from './meaning.ts';
import { normalizeForTriage } from './normalize.ts';
import { emergencyRules, type Level } from './rules.ts';
import { fallbackHits } from './fallback.ts';
import { FALLBACK_ALARM } from './lexicon.ts';
import { minimalTopical, readSignals } from './signals.ts';
import type { ToxicityFinding, TriageDrug } from './toxicity.ts';

export interface Triage {
  categories: TriageCategory[];
  /** acute: the instruction is the whole answer; lead: it opens the answer; null: no emergency */
  level: Level | null;
  /** which layers found an emergency */
  by: ('rules' | 'meaning')[];
  decline: DeclineKind | null;
  meaning: 'on' | 'off';
  /** why the meaning layer was off (null when it ran) */
  reason: string | null;
  /** the message's language (ISO 639-1, or 'und'), and whether we have word lists and texts for it */
  language: string;
  readable: boolean;
  /** clinician thresholds the message crosses (with their management line and basis) */
  critical: CriticalFinding[];
  /** the message reads as a clinician's (shorthand, a patient, a critical value) */
  clinician: boolean;
  /** harm a named medicine may be causing, with what it may mean (toxicity.json) */
  toxicity: ToxicityFinding[];
}

/** An ingestion told as a mistake, in the languages we read and the fallback ones: no crisis line is added for it. */
const ACCIDENT =
  /(?<![\p{L}])(?:by (?:mistake|accident)|accident\w*|mistaken\w*|double(?:d)? (?:up|dose\w*)|twice|two doses|extra dose|forgot\w*|wrong (?:dose|medicine|meds|tablets?|pills?|bottle|one|syringe)|misread\w*|mis-?measur\w*|misheard|mix(?:ed)? up|instead of|not realising|without realising|didn'?t realise|par erreur|par accident|sans faire expres|por error|por equivocacion|sin querer|por engano|sem querer|aus versehen|versehentlich|per sbaglio|per errore|per ongeluk|per vergissing|galti se|din greseala|przez pomylk\w*|yanlislikla)(?![\p{L}])/u;
/** A teenager (whose ingestion may be deliberate), not a toddler: "my 15 yr old", "teenage son". */
const TEEN =
  /(?<![\p{L}\p{N}])(?:1[0-9] ?(?:yo|y\/o|yrs?|years?|yr old|ans|anos|años|jahre|anni)|teen\w*|adolescen\w*|ado|(?:she|he|ze|zij|hij|elle|il|ella|el|er|sie|lei|lui|ela|ele) (?:is|est|es|ist|e|tem|ha|has) 1[0-9])(?![\p{L}\p{N}])/u;

/** Time told as years past, and words that bring it back to now. */
const DISTANT_PAST =
  /\b(?:(?:\d+|a few|several|many|two|three) years? ago|years ago|(?:last|a) year ago|last year|when i was (?:a )?(?:teen\w*|young\w*|kid|child|\d+|at (?:school|uni|college))|as a (?:teen\w*|child|kid)|back in (?:19|20)\d\d|(?:\d+|a few|several|two|three|four|five|six) (?:weeks?|months?) ago|hace (?:\d+|dos|tres|cuatro|unas?|varias|varios|un par de) (?:semanas|meses|anos)|il y a (?:\d+|deux|trois|quatre|quelques) (?:semaines|mois|ans)|vor (?:\d+|zwei|drei|vier|einigen|ein paar) (?:wochen|monaten|jahren)|(?:\d+|due|tre|quattro|alcune|alcuni|qualche) (?:settimane|mesi|anni) fa|ha (?:\d+|duas|tres|quatro|umas?|algumas|alguns) (?:semanas|meses|anos)|(?:\d+|twee|drie|vier|een paar|enkele) (?:weken|maanden|jaar) geleden)\b/;
const NOW =
  /\b(?:now|today|tonight|just|still|this (?:morning|evening|afternoon)|minutes? ago|hours? ago|an hour ago|again)\b/;
/** "Now" said of being well again ("I'm in a much better place now", "she's fine now"): not the ingestion's present. */
const WELL_NOW =
  /\b(?:(?:much |a lot |so much )?better(?: place)?|fine|well|ok|okay|good|stable|recovered|in therapy) now\b|\bnow (?:i'?m|i am|she'?s|he'?s|they'?re) (?:much |a lot )?(?:better|fine|well|ok|okay|good|stable)\b/g;

/** Categories whose instruction is always the whole answer when the rules find them. */
const ALWAYS_ACUTE = new Set<TriageCategory>(['self_harm', 'child_ingestion']);

export async function triage(
  question: string,
  opts: { namesDrug: boolean; meaning: MeaningTriage | null; drugs?: readonly TriageDrug[] },
): Promise<Triage> {
  const normalised = normalizeForTriage(question);
  const lang = detectLanguage(question);
  const signals = readSignals(normalised, { namesDrug: opts.namesDrug, drugs: opts.drugs, foreign: !lang.readable });
  const hits = [...emergencyRules(normalised, opts.namesDrug)];
  for (const h of signals.hits) if (!hits.some((x) => x.category === h.category)) hits.push(h);
  // despair beside an ingestion the rules read as an overdose: the crisis line as well as the poison advice
  // … and beside distress (taken after a row, "so upset"): an ingestion in distress gets the crisis line as well
  if (
    hits.some((h) => h.category === 'overdose') &&
    (signals.concepts.has('despair') || signals.concepts.has('distress')) &&
    !hits.some((h) => h.category === 'self_harm')
  )
    hits.push({ category: 'self_harm', level: 'acute', rule: 'concept:despair' });
  // fail-safe (before the crisis-line checks below, which hold for these languages too): a message we cannot read, with alarm words we know in its language, a drug name or a number
  if (!lang.readable)
    for (const h of fallbackHits(normalised, question, opts.namesDrug))
      if (!hits.some((x) => x.category === h.category)) hits.push(h);
  // a pet that swallowed a human medicine ("dog ate about 6 ibuprofen 400"): a poisoning for the vet, not a person's
  // overdose or a child's ingestion (despair said as well still counts)
  if (
    animalSwallowed(
      normalised,
      opts.namesDrug ||
        (opts.drugs?.length ?? 0) > 0 ||
        ['pills', 'many', 'container_whole', 'container_emptied'].some((c) =>
          signals.concepts.has(c as Parameters<typeof signals.concepts.has>[0]),
        ),
    )
  ) {
    for (let i = hits.length - 1; i >= 0; i--)
      if (hits[i]!.category === 'overdose' || hits[i]!.category === 'child_ingestion') hits.splice(i, 1);
    hits.push({ category: 'animal_poisoning', level: 'acute', rule: 'animal:swallowed' });
  }
  // An overdose not told as an accident ("took a whole strip after we argued", "took a lot of her antidepressants and
  // locked the door"): intent cannot be ruled out from a message, so the crisis line comes with the poison advice. Its
  // text is conditional ("if you are thinking about…"), so it costs little where the overdose was a mistake.
  // an ingestion told as years past ("years ago I took an overdose… does it damage the liver?") is history, not an
  // emergency; despair said now still counts
  if (DISTANT_PAST.test(normalised) && !NOW.test(normalised.replace(WELL_NOW, ' ')))
    for (let i = hits.length - 1; i >= 0; i--)
      if (hits[i]!.category === 'overdose' || hits[i]!.category === 'child_ingestion') hits.splice(i, 1);
  const youngChild = hits.some((h) => h.category === 'child_ingestion') && !TEEN.test(normalised);
  // a teenager's ingestion not told as an accident ("took a few of my tramadol after we had a row") may be
  // deliberate: the crisis line comes with the poison advice, as for an adult's
  if (
    hits.some((h) => h.category === 'child_ingestion') &&
    !youngChild &&
    !ACCIDENT.test(normalised) &&
    !hits.some((h) => h.category === 'self_harm')
  )
    hits.push({ category: 'self_harm', level: 'acute', rule: 'teen-ingestion:not-accidental' });
  if (
    // (too much for too long of a medicine taken for its purpose — paracetamol for flu, weekly methotrexate daily — is
    // not told as an intent; an accident is told in the fallback languages' words too; a question for a school talk
    // or an essay — "what would happen if someone took a whole packet?" — is a topic, not an intent)
    hits.some(
      (h) => h.category === 'overdose' && h.rule !== 'dose_excess' && h.rule !== 'fallback:methotrexate-daily',
    ) &&
    !hits.some((h) => h.category === 'self_harm') &&
    !youngChild &&
    !ACCIDENT.test(normalised) &&
    !FALLBACK_ALARM.accident?.test(normalised) &&
    !(signals.concepts.has('about') && !signals.concepts.has('present') && hits.every((h) => h.level === 'lead'))
  )
    hits.push({ category: 'self_harm', level: 'acute', rule: 'overdose:not-accidental' });
  const m = opts.meaning
    ? await opts.meaning.classify(question)
    : { state: 'off' as const, reason: 'no meaning layer configured, so emergency triage ran on the rules only' };
  const categories = new Set(hits.map((h) => h.category));
  let level: Level | null = hits.some((h) => h.level === 'acute') ? 'acute' : hits.length ? 'lead' : null;
  const by: Triage['by'] = hits.length ? ['rules'] : [];
  // the meaning layer leads only where the message carries some sign of risk: without one, nearness to an exemplar
  // ("the difference between paracetamol and ibuprofen" near an overdose) is not a reason to interrupt an answer
  if (m.state === 'on' && m.hit && (signals.risk || hits.length)) {
    by.push('meaning');
    if (!categories.has(m.hit.category)) {
      categories.add(m.hit.category);
      // found by meaning alone: the instruction (and crisis line) leads and the answer follows; only the rules, which
      // read what was actually said, replace an answer with the instruction
      level = level ?? 'lead';
    }
  }
  for (const h of hits) if (ALWAYS_ACUTE.has(h.category)) level = 'acute';
  // a child's lick of a low-risk cream, or a thing that is not poisonous swallowed (a silica-gel sachet) with nothing
  // else taken and no sign: the poison-centre line leads, and the question is still answered
  const has = (c: Parameters<typeof signals.concepts.has>[0]) => signals.concepts.has(c);
  const notPoisonous =
    has('low_risk_item') &&
    !opts.namesDrug &&
    !(opts.drugs?.length ?? 0) &&
    !has('many') &&
    !has('container_whole') &&
    !has('drowsy') &&
    !has('unresponsive') &&
    !has('vomiting') &&
    !has('cannot_breathe');
  if (
    level === 'acute' &&
    hits.every((h) => h.category === 'child_ingestion') &&
    (minimalTopical(normalised) || notPoisonous)
  )
    level = 'lead';
  // another person's despair told as past, who is now getting help or doing better, and the asker wants to support
  // them ("a friend told me last month she'd rather not wake up… she's seeing a counsellor now, how can I support
  // her?"): the crisis line leads and the question is answered, rather than the crisis script alone
  if (
    level === 'acute' &&
    hits.every((h) => h.category === 'self_harm') &&
    has('recovering') &&
    has('support_question') &&
    !has('ingest') &&
    !has('overdose')
  )
    level = 'lead';
  return {
    categories: TRIAGE_CATEGORIES.filter((c) => categories.has(c)),
    level,
    by,
    decline: declineKind(normalised),
    meaning: m.state,
    reason: m.state === 'off' ? m.reason : null,
    language: lang.lang,
    readable: lang.readable,
    critical: signals.critical,
    clinician: signals.clinician,
    toxicity: signals.toxicity,
  };
}
