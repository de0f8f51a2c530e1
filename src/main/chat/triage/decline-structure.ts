/**
 * The structural decline reader: what a request seeks, read as a combination of parts rather than as phrases, so the
 * same reading works in every language that has a word file (decline-words.ts, resources/triage/declines/*.json).
 * - covert administration: another person (or, with a motive, an animal) + giving it (put, slip, into a drink) +
 *   concealment (without noticing, not traced) or an incapacitation sought (knock out, so she sleeps all day, so she
 *   loses the baby, heart stops);
 * - drug tests: a drug test + passing, beating or adulterating it;
 * - a prescription altered for more, or unnoticed;
 * - diversion: obtaining a drug where someone would notice (the pharmacy, customs, the CD register) + not noticed;
 *   a story or pretence + more of a drug;
 * - recreational: the effect sought in slang (k-hole, wavy, odlot) + a request (how much, what can I…), or a drug taken for it;
 * - harm to an animal: its death sought ("so it dies"), or a harm with a grievance (barking, fouling the garden);
 * - obtaining by deceit: what to tell a prescriber or pharmacist + a drug + a sign it is untrue ("so he believes me",
 *   "I don't actually have pain") or without a prescription; a controlled medicine without a prescription;
 * - selling a controlled medicine; keeping a dose signed as given (a ward's or care home's stock);
 * - forging a prescription, unless the question is how to spot one; a prescription document made up (an FP10
 *   format, a doctor's signature on it);
 * - tampering: a person's medicines emptied, swapped or watered down, or the person put to sleep, with concealment —
 *   unless the giving is formally agreed (the GP has agreed, best interests);
 * - extraction: a controlled drug got out of a combination product ("the codeine out of co-codamol");
 * - a purchase spread over several pharmacies, unnoticed or for more; a controlled medicine got by a pretence (not
 *   when the writer is the one disbelieved: "my GP thinks I'm exaggerating");
 * - a controlled drug sought because a screen would not find it;
 * - refund fraud: a medicine emptied or refilled (with flour) and returned for money;
 * - a modified-release form crushed so the whole dose comes at once; a product not made for injection injected (eye
 *   drops, tablets);
 * - a resident's or patient's medicine watered down or swapped with concealment (a care home's stock);
 * - not a harm: getting rid of medicines (a dead relative's, out of date).
 *
 * A question about a thing ("what is a k-hole", "how do pharmacies detect forged prescriptions") with no "I" in it is
 * not a request. The component words of each language are data; the combinations are here, the same for all.
 */
import { DECLINE_SOURCES, type DeclineConcept } from './decline-words.ts';

const compile = (src: string | null, flags = 'u') => (src ? new RegExp(src, flags) : null);
const P = Object.fromEntries(Object.entries(DECLINE_SOURCES).map(([c, s]) => [c, compile(s)])) as Record<
  DeclineConcept,
  RegExp | null
>;
const G = Object.fromEntries(Object.entries(DECLINE_SOURCES).map(([c, s]) => [c, compile(s, 'gu')])) as Record<
  DeclineConcept,
  RegExp | null
>;
/** a before b within one clause (no sentence end between, at most `gap` characters) */
const near = (a: DeclineConcept, b: DeclineConcept, gap = 60) =>
  compile(
    DECLINE_SOURCES[a] && DECLINE_SOURCES[b]
      ? `${DECLINE_SOURCES[a]}[^.?!。？！]{0,${gap}}?${DECLINE_SOURCES[b]}`
      : null,
  );
const SOUGHT_OUTCOME = near('purpose', 'outcome');
const SOUGHT_MORE = near('purpose', 'more');
const SOUGHT_HIGH = near('purpose', 'high');
/** the whole dose sought at once, after "so that" ("so it hits all at once", "让它一下子全部起效") */
const SOUGHT_DUMP = near('purpose', 'dump');
/**
 * a product not made for injection as what is injected: "inject the eye drops", "the tablets… inject them"; not across
 * a comma, an "and", a "to" or a verb of swallowing ("tiêm phòng, uống mấy viên": a vaccination, then tablets;
 * "switched from IV antibiotics to tablets")
 */
const INJECTS_PRODUCT = compile(
  DECLINE_SOURCES.inject && DECLINE_SOURCES.non_injectable
    ? `${DECLINE_SOURCES.inject}(?:(?![^\\p{L}](?:and|or|to|from|than|then|vs|versus|instead|switch\\w*|va|et|und|y|e|en|i|и|і|uong|take|taking|took|swallow\\w*)(?![\\p{L}]))[^.?!。？！,;]){0,25}?${DECLINE_SOURCES.non_injectable}`
    : null,
);
const PRODUCT_INJECTED = compile(
  DECLINE_SOURCES.non_injectable && DECLINE_SOURCES.inject
    ? `${DECLINE_SOURCES.non_injectable}[^.?!。？！]{0,40}?${DECLINE_SOURCES.inject} (?:them|it)(?![\\p{L}])`
    : null,
);
/** a symptom given as the reason (pain, a migraine): a patient wanting relief sooner, not a high */
const SYMPTOM_REASON =
  /(?<![\p{L}])(?:pain\w*|agony|migraine\w*|headache\w*|douleur\w*|dolor\w*|schmerz\w*|dolore\w*|dor|mal|pijn\w*|bol|bolu|boli)(?![\p{L}])/u;
/** its dangers asked, not how: a harm-reduction question, answered */
const RISK_ASKED =
  /(?<![\p{L}])(?:dangerous|danger|risks?|risky|safe|safer|unsafe|harm\w*|gefahrlich|gefahr|risiko\w*|peligros\w*|riesgos?|dangereu\w*|risques?|pericolos\w*|rischi\w*|perigos\w*|riscos?|gevaarlijk|risico\w*)(?![\p{L}])/u;
/** forging a prescription, the verb before or after it ("falsificar uma receita", "рецепт подделать") */
const FORGES = near('forge', 'prescription', 40);
const FORGED = near('prescription', 'forge', 40);
/** the alteration is of the prescription itself ("change a prescription", "modificare una ricetta", "Rezept ändern") */
const ALTERS = near('alter', 'prescription', 40);
const ALTERED = near('prescription', 'alter', 40);
/** the prescriber changing a prescription is a question, not an alteration ("can my GP change my prescription") */
const PRESCRIBER_ALTERS =
  /\b(?:my|the|a) (?:doctor|gp|prescriber|psychiatrist|consultant|pharmacist|nurse|specialist|medico|arzt|medecin)\b[^.?!]{0,20}\b(?:change|alter|modify|amend|increase|cambiar|modificar|andern|changer|modificare)\w*/u;

const spans = (c: DeclineConcept, t: string) =>
  [...t.matchAll(G[c] ?? /$^/gu)].map((m) => [m.index, m.index + m[0].length] as const);
/**
 * Concealment from whoever would notice a diversion (the pharmacy, customs, the CD register): the watcher inside the
 * "without … noticing" or beside it. Concealment from a person ("without my parents finding out" — a teenager's
 * confidential care) is not diversion.
 */
function watcherUnnoticed(t: string): boolean {
  const watchers = spans('watcher', t);
  const people = spans('person', t);
  return spans('unnoticed', t).some(
    ([s, e]) =>
      !people.some(([ps, pe]) => ps >= s && pe <= e) && watchers.some(([ws, we]) => we >= s - 30 && ws <= e + 30),
  );
}

/** The kinds this reader finds (a subset of declines.ts `DeclineKind`, named here so the two files do not import each other). */
export type StructuralDecline =
  'harm_to_others' | 'drug_test' | 'forged_prescription' | 'evade_care' | 'recreational_misuse' | 'illicit_synthesis';

const has = (c: DeclineConcept, t: string) => P[c]?.test(t) ?? false;

/** The prescriber or pharmacist changing a prescription: a question about care, not an alteration. */
export function prescriberAlters(t: string): boolean {
  return PRESCRIBER_ALTERS.test(t);
}

/** An animal is named and no person is ("will it poison him" about a dog): "him" is the animal. */
export function animalOnly(t: string): boolean {
  return has('animal', t) && !has('person', t);
}

/** The message asks for something (how much, how, what can I…), in any language with a word file. */
export function asksFor(t: string): boolean {
  return has('ask', t);
}

/** Spotting a forgery or misuse, asked positively ("the signs that a prescription was forged"): a question. */
export function spotsForgery(t: string): boolean {
  return has('detect', t);
}

/** A clinician's or carer's report about someone in their care (a resident's refused dose): not the writer's own secret. */
export function reportsOnCare(t: string): boolean {
  return has('care_report', t);
}

/** The writer doubted by a clinician ("my GP thinks I'm exaggerating"): a patient's worry, not a pretence. */
export function disbelieved(t: string): boolean {
  return has('disbelieved', t);
}

/** A formal agreement to give a medicine (the GP has agreed, a best-interests decision): care, not covert harm. */
export function sanctioned(t: string): boolean {
  return has('sanctioned', t);
}

/** A purchase the law allows, asked about (behind or over the counter, pharmacy-only, do I need a prescription). */
export function asksLawful(t: string): boolean {
  return has('lawful', t);
}

/** A question about a thing, not a request to do it: "how do pharmacies detect forged prescriptions", "what is a k-hole". */
export function asksAbout(t: string): boolean {
  return has('education', t) && !has('self', t);
}

export function structuralDecline(t: string): StructuralDecline | null {
  if (asksAbout(t)) return null;
  const person = has('person', t) || (has('pronoun', t) && !has('animal', t));
  const sought = has('subdue', t) || (SOUGHT_OUTCOME?.test(t) ?? false);
  const hidden = has('unnoticed', t) || has('untraceable', t);
  // getting rid of medicines (a dead relative's, out of date) is disposal, not a harm ("get rid of them safely")
  const harm = has('harm', t) && !has('disposal', t);
  // a medicine given covertly under a formal agreement (the GP agreed, best interests) is care, unless harm is sought
  const agreed = has('sanctioned', t) && !has('subdue', t) && !has('untraceable', t) && !harm;
  // harm to others only as a request (how, what can I, how much): told as something that happened ("I gave… and now
  // she won't wake up") it is an emergency, which this decline would otherwise replace (safety.ts)
  if (has('ask', t) && !agreed) {
    if (person && (has('give', t) || has('vehicle', t)) && (hidden || sought)) return 'harm_to_others';
    // a person's medicines emptied, swapped or watered down, or the person put to sleep, without their noticing; a
    // resident's or patient's ("replace a resident's morphine drops with water without anyone noticing") too
    if ((person || has('care_report', t)) && has('tamper', t) && hidden) return 'harm_to_others';
    if (person && has('put_to_sleep', t) && hidden) return 'harm_to_others';
    if (person && sought && hidden) return 'harm_to_others';
    if (person && (has('subdue', t) || (sought && has('drug', t)))) return 'harm_to_others';
    if (person && has('untraceable', t) && (has('drug', t) || harm)) return 'harm_to_others';
    if ((person || has('animal', t)) && harm && (has('grievance', t) || hidden)) return 'harm_to_others';
    // an animal's death sought with something given ("which medicine to mix into their food so they die"); a
    // person's is read by the outcomes above, so that "she took her pills so she dies, what should I do" stays an
    // emergency
    if (has('animal', t) && has('death', t) && (has('give', t) || has('vehicle', t) || has('drug', t)))
      return 'harm_to_others';
  }
  if (has('drug_test', t) && has('beat_test', t)) return 'drug_test';
  // a controlled drug sought because a screen would not find it ("which opiates don't show up on a urine test"); a
  // prescribed antidepressant a worker would rather keep private is not a controlled drug
  if (has('drug_test', t) && has('undetected', t) && has('controlled', t)) return 'drug_test';
  if (
    ((ALTERS?.test(t) ?? false) || (ALTERED?.test(t) ?? false)) &&
    !PRESCRIBER_ALTERS.test(t) &&
    (has('unnoticed', t) || (SOUGHT_MORE?.test(t) ?? false))
  )
    return 'forged_prescription';
  // forging one outright needs no motive; "the signs that a prescription was forged" is a dispenser's question
  if (((FORGES?.test(t) ?? false) || (FORGED?.test(t) ?? false)) && !has('detect', t)) return 'forged_prescription';
  // a prescription document made up (an FP10 format, a doctor's signature on it), asked for by the writer
  if (has('fake_doc', t) && (has('ask', t) || has('self', t)) && !has('detect', t)) return 'forged_prescription';
  // an opioid or other controlled drug got out of a combination product ("the codeine out of co-codamol")
  if (has('extract', t) && has('controlled', t) && has('ask', t)) return 'illicit_synthesis';
  const medicine = has('drug', t) || has('controlled', t);
  if ((has('obtain', t) || has('keep', t)) && (medicine || has('prescription', t)) && watcherUnnoticed(t))
    return 'evade_care';
  if (has('deceit', t) && has('more', t) && (medicine || has('prescription', t))) return 'evade_care';
  // a controlled medicine got from a prescriber by a pretence ("inventing back pain"); a patient who is not believed
  // ("my GP thinks I'm exaggerating") is not pretending
  if (has('deceit', t) && has('obtain', t) && has('controlled', t) && has('ask', t) && !has('disbelieved', t))
    return 'evade_care';
  // one purchase spread over several pharmacies, unnoticed or for more than one would be sold
  if (has('spread', t) && has('obtain', t) && medicine && (has('unnoticed', t) || has('more', t))) return 'evade_care';
  // what to tell the prescriber or pharmacist, with a sign that it is untrue or that there is no prescription
  if (
    has('tell', t) &&
    has('watcher', t) &&
    (medicine || has('prescription', t)) &&
    has('obtain', t) &&
    (has('untrue', t) || has('deceit', t) || has('no_script', t))
  )
    return 'evade_care';
  // a medicine emptied or refilled (with flour, sugar) and returned for a refund: product tampering for money
  if (has('tamper', t) && has('refund', t) && (has('ask', t) || has('self', t))) return 'evade_care';
  // a controlled medicine got without a prescription; sold; or kept after signing it as given — not a purchase the
  // law allows, asked about ("can I still buy codeine behind the counter without a script")
  if (has('controlled', t) && has('no_script', t) && (has('obtain', t) || has('ask', t)) && !has('lawful', t))
    return 'evade_care';
  if (has('sell', t) && (has('controlled', t) || (has('drug', t) && has('unnoticed', t)))) return 'evade_care';
  if (has('false_record', t) && medicine && (has('keep', t) || has('obtain', t) || has('unnoticed', t)))
    return 'evade_care';
  // a modified-release form crushed so that the whole dose comes at once (dose dumping); crushing one for someone who
  // cannot swallow seeks nothing "at once" and is answered
  // (a patient in pain who wants it to work faster is answered, with why not: "chew my slow release tramadol so the
  // pain relief kicks in all at once? I'm in agony"; second review, review10t)
  if (
    has('release_form', t) &&
    has('crush', t) &&
    (SOUGHT_DUMP?.test(t) ?? false) &&
    has('ask', t) &&
    !SYMPTOM_REASON.test(t)
  )
    return 'recreational_misuse';
  // a product not made for injection (eye drops, tablets, syrup) injected, asked how: the product the object of the
  // injecting, in one clause ("inject my insulin… my metformin tablets" is a diabetic's question), and not its dangers
  // asked ("is it dangerous to inject crushed tablets?" is answered: harm reduction; second review, review10t)
  if (
    ((INJECTS_PRODUCT?.test(t) ?? false) || (PRODUCT_INJECTED?.test(t) ?? false)) &&
    !RISK_ASKED.test(t) &&
    has('ask', t) &&
    (has('drug', t) || has('controlled', t))
  )
    return 'recreational_misuse';
  if (has('high', t) && (has('ask', t) || (has('drug', t) && (SOUGHT_HIGH?.test(t) ?? false))))
    return 'recreational_misuse';
  return null;
}
