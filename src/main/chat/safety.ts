/**
 * The safety agent, run on every turn before any specialist:
 * - emergency triage (triage/: a rule layer and a meaning layer over the embedding model, either one triggering) puts
 *   the instruction to contact emergency services first, with a first-aid line per category. When the emergency is
 *   stated as happening, or is about suicide or a child's ingestion, the instruction is the whole answer; when a
 *   question only mentions such a sign for someone ("my chest hurt after taking X, what are its side effects?") the
 *   grounded answer follows the instruction;
 * - illicit synthesis or extraction, forged prescriptions, beating drug tests, getting prescription drugs around a
 *   prescriber, recreational misuse (with the specific danger of what is named), giving someone a substance without
 *   their knowledge and steroid cycles are declined; someone keeping a supplement from a surgeon or clinician is told why to tell them, and
 *   then answered; requests outside health and compounds (poems, code, weather) are declined;
 * - every answer ends with a brief not-medical-advice note.
 * All texts here are editorial safety wording, not facts drawn from records, and carry no citation.
 */
import type { SafetyOutcome } from '../../shared/schemas/chat.ts';
import { animalPoisonedText } from './triage/animals.ts';
import { CATEGORY_INFO } from './triage/categories.ts';
import { FALLBACK, LANGUAGES } from './triage/lexicon.ts';
import { asksFor } from './triage/decline-structure.ts';
import type { DeclineKind } from './triage/declines.ts';
import type { MeaningTriage } from './triage/meaning.ts';
import { normalizeForTriage } from './triage/normalize.ts';
import { triage, type Triage } from './triage/triage.ts';
import type { TriageDrug } from './triage/toxicity.ts';

export const NOT_MEDICAL_ADVICE =
  'Not medical advice: general information from the Materia knowledge base. Ask a clinician or pharmacist before starting, stopping or combining anything.';

/** The English emergency instruction (resources/triage/lang/en.json; country-neutral numbers). */
export const EMERGENCY_FIRST = LANGUAGES.en!.text.emergency_first;

export const DECLINE_EVADE =
  "I can't help with getting around medical care, prescriptions or testing. I can tell you what the Materia knowledge base says about a compound's evidence, dosing, interactions and risks, so you can talk it through with a clinician or pharmacist.";
export const DECLINE_SCOPE =
  'That is outside what I can help with. I answer questions about health and research compounds (their evidence, dosing, interactions and safety), lab values, nutrition and the research documents in the Materia knowledge base.';
export const DECLINE_SYNTHESIS =
  "I can't help with making, extracting or converting drugs or other dangerous substances. Home synthesis and extraction are illegal in most places and dangerous: the product is impure and of unknown strength, and the solvents and by-products cause burns, poisoning and fires. I can tell you what the Materia knowledge base says about a substance's risks and interactions; for help with drug use, SAMHSA's National Helpline is 1-800-662-4357 (US, free, confidential).";
export const DECLINE_FORGERY =
  "I can't help with forging or altering a prescription: it is a crime, and it risks the wrong medicine or dose. If you cannot get a medicine you need, a prescriber or pharmacist can help; many pharmacies can give an emergency supply of a regular medicine.";
export const DECLINE_DRUG_TEST =
  "I can't help with beating or masking a drug or doping test. If you take a prescribed medicine that may show up, tell the person or laboratory running the test (or the medical review officer); in sport, ask about a therapeutic use exemption under the WADA Code.";
export const TELL_SURGEON =
  "Please tell your surgeon and anaesthetist about every supplement, herbal product and medicine you take, including ones bought without a prescription. Some (for example fish oil, ginkgo, garlic, vitamin E, ginseng and St John's wort) can increase bleeding or interact with anaesthetic and other drugs, and the team can only plan safely for what they know; the American Society of Anesthesiologists advises stopping herbal and dietary supplements about two weeks before surgery unless you are told otherwise. What you tell them is confidential.";
export const TELL_CLINICIAN =
  'Please tell your doctor or pharmacist about everything you take, including supplements and compounds they did not prescribe. They can only check interactions, read your test results and adjust doses for what they know, and what you tell them is confidential.';

export const DECLINE_HARM_OTHERS =
  "I can't help with giving anyone a medicine or other substance without their knowledge: it is dangerous (they cannot say what they took if they react badly) and in most places a crime. If you care for someone who refuses or cannot manage their medicines — for example a parent with dementia — talk to their doctor or pharmacist: there are safer options, and hiding a medicine in food is only ever considered as a formal decision with the prescriber and pharmacist, in the person's best interests. Disulfiram for drinking is only started with the person's agreement. If someone may be in danger now, call your local emergency number.";
export const DECLINE_PERFORMANCE =
  "I can't help plan anabolic steroid, SARM or clenbuterol cycles. They carry serious risks — an enlarged heart, heart attack and stroke, blood clots, liver injury, infertility and mood changes, and with clenbuterol dangerous heart rhythms — and products sold for this are often mislabelled. If you already use them, a doctor or a needle-and-syringe or harm-reduction service (many see steroid users without judgement) can check your blood pressure, blood count, lipids and liver; if you think your testosterone is low, a doctor can test and treat it.";
const DECLINE_MISUSE =
  "I can't help with doses or mixtures taken to get high, or with getting around how a medicine is made to release.";
/** The danger that matters most for what the message names (the issue: warn of the specific danger, not only decline). */
const MISUSE_DANGERS: { when: RegExp; text: string }[] = [
  {
    when: /\b(?:crush\w*|snort\w*|sniff\w*|inject\w*|shoot|beads|chew\w*|gel|xr|er|sr|oxycontin|mst)\b/,
    text: 'Crushing, chewing, snorting or injecting an extended-release product releases the whole dose at once, a common cause of fatal overdose; injecting crushed tablets also causes infections and damage to veins, heart valves and lungs.',
  },
  {
    when: /\b(?:oxy\w*|percs?|percocet|codeine|lean|purple drank|morphine|oramorph|fentanyl|tramadol|heroin|bars|xans?|xanax|benzos?|clonazepam|diazepam|gabapentin|pregabalin|lyrica|zopiclone|alcohol|alcool|drink\w*|nod)\b/,
    text: 'Opioids, benzodiazepines ("bars"), gabapentin or pregabalin and alcohol each slow breathing, and together they can stop it: most overdose deaths involve a mix. Naloxone reverses opioids only.',
  },
  {
    when: /\b(?:dxm|dextromethorphan|molly|mdma|ecstasy|tramadol)\b/,
    text: 'DXM, MDMA or tramadol with an antidepressant such as sertraline or fluoxetine can cause serotonin syndrome (agitation, fever, shaking, seizures), a medical emergency.',
  },
  {
    when: /\b(?:benadryl|diphenhydramine|dimenhydrinate|piriton|promethazine)\b/,
    text: 'Large doses of diphenhydramine and similar antihistamines cause delirium, seizures and dangerous heart-rhythm problems.',
  },
  { when: /\b(?:loperamide|imodium)\b/, text: 'High doses of loperamide cause fatal heart-rhythm problems.' },
  {
    when: /\b(?:adderall|ritalin|vyvanse|methylphenidate|amphetamine)\b/,
    text: 'Snorting or taking extra stimulant raises the risk of dangerous heart rhythms, stroke, psychosis and dependence.',
  },
];
const MISUSE_HELP =
  'If you or someone else has taken too much, call your local emergency number now. For confidential help with drug use: SAMHSA 1-800-662-4357 (US), FRANK 0300 123 6600 (UK), or a local drug service.';

/** The decline text for recreational misuse, with the dangers of what the message names. */
export function misuseDecline(message: string): string {
  const t = message.toLowerCase();
  const dangers = MISUSE_DANGERS.filter((d) => d.when.test(t)).map((d) => d.text);
  return [DECLINE_MISUSE, ...(dangers.length ? dangers : [MISUSE_DANGERS[1]!.text]), MISUSE_HELP].join(' ');
}

const DECLINES: Record<
  Exclude<DeclineKind, 'hide_from_surgeon' | 'hide_from_clinician'>,
  { outcome: SafetyOutcome; text: string }
> = {
  illicit_synthesis: { outcome: 'declined', text: DECLINE_SYNTHESIS },
  forged_prescription: { outcome: 'evade_care', text: DECLINE_FORGERY },
  drug_test: { outcome: 'evade_care', text: DECLINE_DRUG_TEST },
  evade_care: { outcome: 'evade_care', text: DECLINE_EVADE },
  recreational_misuse: { outcome: 'declined', text: DECLINE_MISUSE },
  harm_to_others: { outcome: 'declined', text: DECLINE_HARM_OTHERS },
  performance_cycle: { outcome: 'declined', text: DECLINE_PERFORMANCE },
};

const CREATIVE =
  /\b(?:write|compose|generate|make up|tell)\b[^.?!]{0,30}\b(?:poem|song|story|joke|essay|limerick|haiku|rap|lyrics|code|script|program|function|sql|regex|email|cover letter)\b/i;
const OFF_TOPIC =
  /\b(?:weather|forecast|stocks?\b(?! solution)|invest(?:ing|ment|ments)?|shares|bitcoin|crypto\w*|football|soccer|basketball|baseball|movie|film|tv show|video game|capital (?:city )?of|translate (?:this|it|into)|homework|tax(?:es| return)|mortgage|javascript|python|typescript|programming|recipe for a cake|horoscope|lottery)\b/i;

export interface SafetyCheck {
  outcome: SafetyOutcome;
  /** The safety text that opens the answer (emergencies, advice to tell a surgeon) or is the whole answer (acute emergency, declines). */
  preface: string | null;
  /** false: the specialists do not run (acute emergencies and declines). */
  continueWithSpecialists: boolean;
  triage: Triage;
}

/**
 * The emergency text in the message's language where we have it (resources/triage/lang), English otherwise: the
 * instruction to call the local emergency number, a crisis line whenever self-harm is found, each category's
 * first-aid line, and for a clinician's critical values the threshold crossed, its management and basis (English).
 * A message we cannot read opens with what we can say in its language (fallback.json: that it could not be read fully,
 * the instruction to call now, the crisis line for self-harm and the poison advice for a swallowed medicine), then the
 * English text in full.
 */
export function emergencyText(t: Triage): string {
  const L = (t.readable && LANGUAGES[t.language]) || LANGUAGES.en!;
  const out: string[] = [];
  if (!t.readable) {
    const own = FALLBACK[t.language];
    if (own) out.push(own.line);
    if (own?.text) {
      out.push(own.text.emergency);
      if (t.categories.includes('self_harm')) out.push(own.text.crisis);
      if (t.categories.some((c) => c === 'overdose' || c === 'child_ingestion')) out.push(own.text.poison);
    }
    out.push(LANGUAGES.en!.text.unreadable);
  }
  const real = t.categories.filter((c) => c !== 'unreadable_alarm');
  // a pet's poisoning is for the vet, not the emergency number
  const petOnly = real.length > 0 && real.every((c) => c === 'animal_poisoning');
  if ((real.length || t.readable) && !petOnly) out.push(L.text.emergency_first);
  // postpartum psychosis carries a risk of suicide and of harm to the baby: the crisis line as well
  if (t.categories.includes('self_harm') || t.categories.includes('postpartum_psychosis')) out.push(L.text.crisis);
  // what a medicine's signs may mean (rhabdomyolysis on a statin…) comes before the category's generic line
  for (const f of t.toxicity) {
    const says = f.says[L.lang] ?? f.says.en!;
    if (!out.includes(says)) out.push(says);
  }
  for (const c of real) {
    if (c === 'self_harm') continue;
    if (c === 'animal_poisoning') {
      out.push(animalPoisonedText(L.lang));
      continue;
    }
    const line = (L.text.first_aid as Record<string, string> | undefined)?.[c] ?? CATEGORY_INFO[c].firstAid;
    if (line && !out.includes(line)) out.push(line);
  }
  if (t.critical.length) {
    if (L.lang !== 'en') out.push(L.text.clinician);
    for (const f of t.critical) out.push(`${f.says} ${f.management} (Basis: ${f.basis}.)`);
  }
  return out.join('\n');
}

/**
 * `inScope` says whether the question named anything the knowledge base knows (compounds, categories, goals, labs,
 * health words): an off-topic pattern only declines a question that names nothing of the kind. `namesDrug`: the
 * question names a medicine or compound we recognise (a child "swallowed my metformin").
 */
export async function checkSafety(
  question: string,
  opts: { inScope: boolean; namesDrug: boolean; meaning: MeaningTriage | null; drugs?: readonly TriageDrug[] },
): Promise<SafetyCheck> {
  const t = await triage(question, { namesDrug: opts.namesDrug, meaning: opts.meaning, drugs: opts.drugs });
  // harming someone else is declined even when its words ("how much would it take to kill…") also read as an
  // overdose or despair: the decline says to call the emergency number if someone may be in danger now
  if (t.decline === 'harm_to_others')
    return { outcome: 'declined', preface: DECLINES.harm_to_others.text, continueWithSpecialists: false, triage: t };
  // a language we cannot read whose decline words we do read (decline-structure.ts): the fail-safe guessed an emergency
  // only from a drug name, a taking verb and a number ("сколько 50 мг … выпить, чтобы был кайф"). Asked as a request
  // (how much, how), it is declined, led by the line in its language that says to call the emergency number if this is
  // one; told as something taken ("выпил 50 … теперь плохо") it stays the fail-safe emergency.
  const d = t.decline;
  if (
    !t.readable &&
    d &&
    d !== 'hide_from_surgeon' &&
    d !== 'hide_from_clinician' &&
    t.categories.every((c) => c === 'unreadable_alarm' || c === 'overdose') &&
    asksFor(normalizeForTriage(question))
  ) {
    const line = [FALLBACK[t.language]?.line, LANGUAGES.en!.text.unreadable].filter(Boolean).join('\n');
    const text = d === 'recreational_misuse' ? misuseDecline(question) : DECLINES[d].text;
    return { outcome: DECLINES[d].outcome, preface: `${line}\n\n${text}`, continueWithSpecialists: false, triage: t };
  }
  if (t.level === 'acute')
    return { outcome: 'emergency', preface: emergencyText(t), continueWithSpecialists: false, triage: t };
  // a request to decline stays declined when an emergency sign is only mentioned; the instruction then opens the refusal
  const lead = t.level === 'lead' ? `${emergencyText(t)}\n\n` : '';
  if (t.decline && t.decline !== 'hide_from_surgeon' && t.decline !== 'hide_from_clinician') {
    const text = t.decline === 'recreational_misuse' ? misuseDecline(question) : DECLINES[t.decline].text;
    return {
      outcome: t.level ? 'emergency' : DECLINES[t.decline].outcome,
      preface: `${lead}${text}`,
      continueWithSpecialists: false,
      triage: t,
    };
  }
  if (t.level) return { outcome: 'emergency', preface: emergencyText(t), continueWithSpecialists: true, triage: t };
  if (t.decline)
    return {
      outcome: 'evade_care',
      preface: t.decline === 'hide_from_surgeon' ? TELL_SURGEON : TELL_CLINICIAN,
      continueWithSpecialists: true,
      triage: t,
    };
  // a message we cannot read is never met with English-only silence: the line we can say in its language leads
  if (!t.readable)
    return {
      outcome: 'ok',
      preface: [FALLBACK[t.language]?.line, LANGUAGES.en!.text.unreadable].filter(Boolean).join('\n'),
      continueWithSpecialists: true,
      triage: t,
    };
  if (CREATIVE.test(question) || (!opts.inScope && OFF_TOPIC.test(question)))
    return { outcome: 'out_of_scope', preface: DECLINE_SCOPE, continueWithSpecialists: false, triage: t };
  return { outcome: 'ok', preface: null, continueWithSpecialists: true, triage: t };
}
