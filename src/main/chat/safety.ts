/**
 * The safety agent, run on every turn before any specialist:
 * - emergencies (chest pain, overdose, suicidal thoughts, anaphylaxis, stroke signs, seizures, not breathing,
 *   heavy bleeding) get the instruction to contact emergency services first. When the person states an acute
 *   emergency ("I took 30 pills", "I want to kill myself", "I can't breathe") that instruction is the whole answer;
 *   when a question only mentions such a symptom for someone ("my chest hurts after taking X") the grounded answer
 *   follows the instruction;
 * - requests to get around medical care (no prescription, hiding things from a doctor, beating a drug test,
 *   sourcing) and requests outside health and compounds (poems, code, weather) are declined politely;
 * - every answer ends with a brief not-medical-advice note.
 * All texts here are editorial safety wording, not facts drawn from records, and carry no citation.
 */
import type { SafetyOutcome } from '../../shared/schemas/chat.ts';

export const NOT_MEDICAL_ADVICE = 'Not medical advice: general information from the Materia knowledge base. Ask a clinician or pharmacist before starting, stopping or combining anything.';

export const EMERGENCY_FIRST = 'If this is happening now, call your local emergency number immediately (911 in the US and Canada, 112 in the EU, 999 in the UK) or go to the nearest emergency department. Do not wait for an answer here.';
const CRISIS = 'If you are thinking about suicide or harming yourself, call or text 988 (Suicide & Crisis Lifeline, US) or your local crisis line now. You do not have to face this alone.';
const POISON = 'For a possible overdose or poisoning, call emergency services first if the person is drowsy, unconscious, having trouble breathing or having a seizure; otherwise call a poison control centre (1-800-222-1222 in the US) right away.';
const ANAPHYLAXIS = 'If an adrenaline (epinephrine) auto-injector has been prescribed, use it as instructed while you wait for help.';

export const DECLINE_EVADE = 'I can\'t help with getting around medical care, prescriptions or testing. I can tell you what the Materia knowledge base says about a compound\'s evidence, dosing, interactions and risks, so you can talk it through with a clinician or pharmacist.';
export const DECLINE_SCOPE = 'That is outside what I can help with. I answer questions about health and research compounds (their evidence, dosing, interactions and safety), lab values, nutrition and the research documents in the Materia knowledge base.';

type Kind = 'suicide' | 'overdose' | 'anaphylaxis' | 'general';

/** Stated by the person themselves: the emergency instruction is the whole answer. */
const ACUTE: [Kind, RegExp][] = [
  ['suicide', /\b(?:kill(?:ing)? myself|end(?:ing)? my (?:own )?life|take my (?:own )?life|want(?:ed)? to die|don'?t want to (?:live|be alive)|better off dead|hurt(?:ing)? myself|harm(?:ing)? myself|cut(?:ting)? myself|suicidal (?:thoughts|feelings|ideation))\b/i],
  ['overdose', /\b(?:i|i'?ve|he|she|they|my \w+|someone)\s+(?:just\s+)?(?:took|taken|swallowed|ate|drank)\s+(?:too many|too much|a (?:whole )?bottle|the whole|all (?:of )?(?:my|the|his|her)|\d{2,}\s+(?:pills|tablets|capsules))/i],
  ['overdose', /\b(?:i(?:'ve| have)?|he|she|they|someone|my \w+)\s+(?:just\s+)?overdosed\b/i],
  ['anaphylaxis', /\b(?:my|his|her|their) (?:throat|tongue|lips?|face) (?:is |are )?(?:closing|swelling|swollen)\b/i],
  ['general', /\b(?:i|he|she|they) (?:can'?t|cannot|can not) breathe\b|\b(?:isn'?t|is not|not|stopped) breathing\b|\bwon'?t wake up\b|\b(?:is|was) unresponsive\b/i],
  ['general', /\b(?:i am|i'?m|he is|she is|he'?s|she'?s) having (?:a )?(?:heart attack|stroke|seizure)\b/i],
];

/** A symptom or event that is an emergency when it concerns someone now; needs a personal cue to count. */
const MENTIONS: [Kind, RegExp][] = [
  ['general', /\b(?:chest (?:pain|pains|tightness|pressure)|chest (?:hurt|hurts|hurting|is hurting)|crushing (?:pain|chest))\b/i],
  ['overdose', /\b(?:overdos\w*|poison(?:ed|ing))\b/i],
  ['suicide', /\b(?:suicid\w*|self[- ]harm)\b/i],
  ['anaphylaxis', /\b(?:anaphyla\w*|severe allergic reaction|throat (?:is )?(?:closing|swelling))\b/i],
  ['general', /\b(?:face (?:is )?drooping|slurred speech|sudden (?:weakness|numbness) on one side)\b/i],
  ['general', /\b(?:seizure|seizures|convuls\w*|fitting|passed out|fainted|unconscious)\b/i],
  ['general', /\b(?:short(?:ness)? of breath|trouble breathing|difficulty breathing|struggling to breathe)\b/i],
  ['general', /\b(?:vomiting blood|coughing up blood|bleeding (?:heavily|a lot)|won'?t stop bleeding|black tarry stools?)\b/i],
];
const PERSONAL = /\b(?:i|i'?m|i'?ve|im|me|my|we'?re|our|someone|somebody)\b|\bright now\b|\b(?:he|she|they) (?:is|are|has|have|just|took|can'?t)\b/i;

/** Said as happening now: the instruction is the whole answer. */
const HAPPENING = /\b(?:right now|now|currently|at the moment|this minute|i have|i'?ve got|i'?m having|i am having|is having|are having|keeps? having|just (?:took|had|started))\b/i;

const EVADE: RegExp[] = [
  /\bwithout (?:a |any )?(?:prescription|script|rx|doctor'?s? (?:note|approval|knowledge|visit)|seeing (?:a |my |the )?(?:doctor|gp|physician|clinician))\b/i,
  /\b(?:no|non)[- ]prescription (?:source|supplier|pharmacy|pharmacies)\b/i,
  /\b(?:avoid|skip|instead of) (?:seeing|going to|visiting|calling) (?:a |the |my )?(?:doctor|gp|physician|hospital|er|a&e|emergency(?: room| department)?|clinic)\b/i,
  /\b(?:hide|conceal|keep)\b[^.?!]{0,40}\bfrom (?:my|the|his|her) (?:doctor|gp|physician|pharmacist|surgeon|anaesthetist|anesthesiologist)\b/i,
  /\b(?:don'?t|not|never) (?:tell|telling|inform|informing) (?:my|the) (?:doctor|gp|physician|pharmacist)\b/i,
  /\bwithout (?:my|the) (?:doctor|gp|physician|pharmacist) (?:knowing|finding out)\b/i,
  /\b(?:fake|forge|forged|falsif\w+) (?:a |my )?(?:prescription|script|doctor'?s note|lab result)\b/i,
  /\b(?:pass|beat|cheat|fool|mask\w*|hide\w*)\b[^.?!]{0,30}\b(?:drug|doping|urine) (?:test|tests|screen|control)\b/i,
  /\bwhere (?:can|do|could|should) (?:i|we|you) (?:buy|get|order|source|find)\b/i,
  /\b(?:buy|order|purchase|source)\b[^.?!]{0,40}\b(?:online|dark ?web|without)\b/i,
  /\b(?:stop|quit)\b[^.?!]{0,30}\bwithout (?:telling|asking|my (?:doctor|gp))\b/i,
];

const CREATIVE = /\b(?:write|compose|generate|make up|tell)\b[^.?!]{0,30}\b(?:poem|song|story|joke|essay|limerick|haiku|rap|lyrics|code|script|program|function|sql|regex|email|cover letter)\b/i;
const OFF_TOPIC = /\b(?:weather|forecast|stock(?:s| price| market)|bitcoin|crypto\w*|football|soccer|basketball|baseball|movie|film|tv show|video game|capital (?:city )?of|translate (?:this|it|into)|homework|tax(?:es| return)|mortgage|javascript|python|typescript|programming|recipe for a cake|horoscope|lottery)\b/i;

export interface SafetyCheck {
  outcome: SafetyOutcome;
  /** The safety text that opens the answer (emergencies) or is the whole answer (acute emergency, declines). */
  preface: string | null;
  /** false: the specialists do not run (acute emergencies and declines). */
  continueWithSpecialists: boolean;
}

function emergencyText(kinds: Set<Kind>): string {
  return [EMERGENCY_FIRST, kinds.has('suicide') ? CRISIS : null, kinds.has('overdose') ? POISON : null, kinds.has('anaphylaxis') ? ANAPHYLAXIS : null]
    .filter(Boolean).join('\n');
}

/**
 * `inScope` says whether the question named anything the knowledge base knows (compounds, categories, goals, labs,
 * health words): an off-topic pattern only declines a question that names nothing of the kind.
 */
export function checkSafety(question: string, inScope: boolean): SafetyCheck {
  const acute = new Set(ACUTE.filter(([, re]) => re.test(question)).map(([k]) => k));
  if (acute.size) return { outcome: 'emergency', preface: emergencyText(acute), continueWithSpecialists: false };
  const mentioned = MENTIONS.filter(([, re]) => re.test(question)).map(([k]) => k);
  if (mentioned.length && PERSONAL.test(question)) {
    // "I have chest pain right now" is happening; "my chest hurt after taking X" may be a question about X as well.
    return { outcome: 'emergency', preface: emergencyText(new Set(mentioned)), continueWithSpecialists: !HAPPENING.test(question) };
  }
  if (EVADE.some((re) => re.test(question))) return { outcome: 'evade_care', preface: DECLINE_EVADE, continueWithSpecialists: false };
  if (CREATIVE.test(question) || (!inScope && OFF_TOPIC.test(question))) return { outcome: 'out_of_scope', preface: DECLINE_SCOPE, continueWithSpecialists: false };
  return { outcome: 'ok', preface: null, continueWithSpecialists: true };
}
