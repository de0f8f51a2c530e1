/**
 * The rule layer of emergency triage, on the normalised text (normalize.ts: folded accents, number words as digits).
 * Each category is a sign (a symptom, an ingestion, an intent) that counts when it concerns someone (a person cue),
 * is happening (a time cue), or is unmistakable on its own ("face drooping and slurred speech"). English, Spanish and
 * German phrasings; words in any order within a sentence. A rule answers with a level:
 * - acute: stated as happening to someone; the emergency instruction is the whole answer;
 * - lead: the sign is mentioned for someone but may be a question as well ("my chest hurt after X, what are its side
 *   effects?"); the instruction leads and the answer follows.
 * Questions that only name an alarming topic ("how does acetaminophen overdose damage the liver?") match nothing here.
 */
import type { TriageCategory } from './categories.ts';
import { PARACETAMOL_DAILY_MAX_G, REPORTED_WARNING, dailyTotal, namesParacetamol } from './near-miss.ts';

export type Level = 'acute' | 'lead';
export interface RuleHit {
  category: TriageCategory;
  level: Level;
  rule: string;
}

const re = (s: string) => new RegExp(s, 'i');
const any = (...xs: string[]) => `(?:${xs.join('|')})`;
/** two patterns in either order within `gap` characters, not across a sentence end */
const near = (a: string, b: string, gap = 60) =>
  re(`(?:${a})[^.!?]{0,${gap}}(?:${b})|(?:${b})[^.!?]{0,${gap}}(?:${a})`);

const PERSON = any(
  'i',
  "i'm",
  'im',
  "i've",
  'ive',
  "i'd",
  'me',
  'my',
  'myself',
  'we',
  "we're",
  'our',
  'us',
  'he',
  "he's",
  'she',
  "she's",
  'they',
  "they're",
  'his',
  'her',
  'him',
  'them',
  'their',
  'someone',
  'somebody',
  'husband',
  'wife',
  'partner',
  'son',
  'daughter',
  'mum',
  'mom',
  'dad',
  'father',
  'mother',
  'brother',
  'sister',
  'friend',
  'grandma',
  'grandmother',
  'grandpa',
  'grandfather',
  'baby',
  'toddler',
  'patient',
  'pt',
  'pts',
  // a clinician's age and sex ("72M", "68 F", "45yo F"), not a duration ("30m ago")
  '(?:1[6-9]|[2-9]\\d|1[01]\\d) ?(?:yo ?)?[mf](?! ?(?:ago|in|min\\w*)\\b)',
  'roommate',
  'boyfriend',
  'girlfriend',
  'colleague',
  'neighbou?r',
  'yo',
  'mi',
  'mis',
  'esposo',
  'esposa',
  'marido',
  'hijo',
  'hija',
  'amigo',
  'amiga',
  'madre',
  'padre',
  'abuela',
  'abuelo',
  'novio',
  'novia',
  'ich',
  'mir',
  'mich',
  'mein',
  'meine',
  'meinem',
  'meinen',
  'meiner',
  'mann',
  'frau',
  'sohn',
  'tochter',
  'freund',
  'freundin',
  'mutter',
  'vater',
  'oma',
  'opa',
  // Spanish drops the pronoun: the verb says who
  'tengo',
  'estoy',
  'tomo',
  'tome',
  'siento',
  'tiene',
  'toma',
  'tomo',
  'noto',
  'creo',
);
/** A person cue, or a sentence that starts with the verb (English drops "I": "took 30 tablets", "feeling faint"). */
const PERSONAL = re(
  `\\b${PERSON}\\b|(?:^|[.!?;,] )(?:just |now )?(?:took|taken|taking|had|having|feeling|feel|felt|got|getting|started|been|on|ate|drank|swallowed|injected|used|woke|waking|can'?t|cannot)\\b`,
);
const FIRST_PERSON = re(
  `\\b${any('i', "i'm", 'im', "i've", 'ive', "i'd", 'me', 'myself', 'yo', 'ich', 'mich', 'mir')}\\b|\\bme (?:quiero|voy|siento)\\b|\\bquiero\\b|\\bwill (?:ich|mich)\\b`,
);

/** "having" an event now, not "having an operation next month" or "having a baby". */
const APPOINTMENT =
  ' (?:an? |my |the |his |her )?(?:operation|surgery|procedure|op|scan|appointment|baby|test|tests|blood tests?|colonoscopy|endoscopy|biopsy|tooth out|teeth out)\\b';

const PRESENT = re(
  `\\b${any(
    'now',
    'right now',
    'currently',
    'at the moment',
    'just',
    'minutes? ago',
    'mins? ago',
    'an? hour ago',
    '\\d+ (?:minutes?|mins?|hours?|hrs?) ago',
    'half an hour',
    'this (?:morning|afternoon|evening)',
    'tonight',
    'started',
    'starting',
    'suddenly',
    'all of a sudden',
    'keeps?',
    "won'?t stop",
    'getting worse',
    'for the last \\d+',
    'ahora',
    'ahora mismo',
    'hace (?:\\d+|un|una|unos|unas) (?:minutos?|horas?|rato)',
    'acaba de',
    'acabo de',
    'de repente',
    'esta (?:manana|noche|tarde)',
    'jetzt',
    'gerade',
    'seit (?:\\d+|einer|einem) (?:minuten?|stunden?)',
    'vor (?:\\d+|einer|einem) (?:minuten?|stunden?)',
    'plotzlich',
    'heute',
    'is this',
    'could this be',
    'is it a',
    // "having" an event now, not "having an operation next month"
    `having(?!${APPOINTMENT})`,
    'feeling',
    'es esto',
    'ist das',
    'still there',
    'still going',
    'depuis (?:\\d+\\w*|ce|hier)',
    'da (?:\\d+|ieri|stamattina)',
    'pz',
    'paziente',
    'patiente',
  )}\\b|\\b(?:is|are|am|i'm|he's|she's|they're|it's|been) (?!having${APPOINTMENT})(?:\\w+ing)\\b`,
);

/** Something that happened in the past and is not happening now ("had a stroke in 2019", "hives years ago"). */
const PAST = re(
  `\\b${any(
    'years? ago',
    'months ago',
    'weeks ago',
    'last (?:year|month|summer|winter|spring|autumn)',
    'as a (?:child|kid|teenager|baby)',
    'in (?:19|20)\\d\\d',
    'history of',
    // clinicians' shorthand for a past event: "hx GI bleed", "h/o MI"
    'hx(?: of)?',
    'h/o',
    'used to',
    'previously',
    'in the past',
    'once had',
    'had (?:a|an) \\w+ (?:once|before)',
    'hace (?:\\d+ )?anos',
    // the same past told in Portuguese, French, Italian and Dutch (folded: "há 3 anos" is "ha 3 anos")
    'ha (?:\\d+|uns|alguns|muitos) anos',
    'ano passado',
    'il y a (?:\\d+|quelques|plusieurs) ans',
    "l'annee derniere",
    '(?:\\d+|qualche|alcuni|molti) anni fa',
    "l'anno scorso",
    '(?:\\d+|een paar|jaren) jaar geleden',
    'vorig jaar',
    'el ano pasado',
    'vor (?:\\d+ )?jahren',
    'letztes jahr',
  )}\\b`,
);

/** Asking about a topic rather than telling of an event. */
const ABOUT = re(
  `\\b${any(
    'what (?:are|is) (?:the )?(?:signs?|symptoms?|treatment|management|antidote|mechanism|causes?|risk|first aid)',
    'signs? of',
    'symptoms? of',
    'warning signs',
    'can (?:you|u|one|someone|people) (?:overdose|od) on',
    'is it (?:possible|easy) to (?:overdose|od)',
    "what(?:'s| is) the (?:\\w+ )?dose (?:for|in) (?:an? )?(?:\\w+ )?(?:od|overdose)",
    'treatment (?:of|for)',
    'how (?:is|are) .{0,30} (?:treated|managed|diagnosed|reversed)',
    'how (?:does|do|can|could) .{0,40} (?:cause|damage|lead|work|affect|increase|lower)',
    '(?:can|could|does|do|may|might|will) .{0,50} cause',
    // a label's warning text quoted ("MAY CAUSE DROWSINESS. ALCOHOL MAY INTENSIFY THIS EFFECT"; blind round 9)
    'may (?:cause|intensify|increase)',
    'risk of',
    'associated with',
    'side effects?',
    'guidelines?',
    'in (?:patients|adults|children|people)',
    'what (?:is|does) .{0,30} mean',
    // curiosity after reading or watching something, not an event
    '(?:read|reading|saw|seen|watched|watching) (?:an? |this |that )?(?:article|story|post|video|documentary)',
    'just curious',
    'out of curiosity',
  )}\\b`,
);

/**
 * Asking what to look out for or about a threshold, whoever asks and whenever ("what hypo symptoms should I look out for
 * now that she's diagnosed?", "the overdose threshold of paracetamol for a leaflet I'm writing"): a topic, even with
 * a person or a time word in it.
 */
const WATCH_FOR = re(
  `\\b${any(
    '(?:watch|look) (?:out )?for',
    'keep an eye (?:out )?for',
    'signs? to (?:watch|look)',
    '(?:what|which) (?:\\w+ ){0,3}(?:signs|symptoms) (?:should|do|to|would|might|can)',
    'thresholds?',
    'for a (?:leaflet|talk|lecture|poster|presentation|class|essay|exam)',
    'toxic dose of',
    'how much .{0,30} is an overdose',
    // learning ahead of time: "how would I tell if mum was having a hypo? nothing wrong right now, just want to know"
    'how (?:would|do|can|could|will|should) (?:i|you|we|one|they) (?:\\w+ )?(?:tell|know|recogni[sz]e|spot|notice)',
    'nothing (?:is )?(?:wrong|happening) (?:right )?now',
    // whether one medicine hides another's danger: "do beta blockers hide the signs of a hypo?" (blind round 8)
    '(?:hide|hides|hiding|mask|masks|masking|cover|covers) (?:up )?(?:the )?(?:warning )?(?:signs?|symptoms?)',
    'just (?:want|wanted|wanting) to (?:know|be prepared|be ready)',
  )}\\b`,
);

// ---- overdose and poisoning
const UNIT = any(
  'pills?',
  'tablets?',
  'tabs',
  'capsules?',
  'caps',
  'doses',
  'gel ?caps',
  'pastillas?',
  'pildoras?',
  'tabletas?',
  'comprimidos?',
  'capsulas?',
  'tabletten',
  'pillen',
  'kapseln',
);
const NOT_A_COUNT_UNIT = any(
  'mg',
  'mcg',
  'ug',
  'µg',
  'g',
  'grams?',
  'gramm',
  'gramos?',
  'ml',
  'iu',
  'ie',
  'units?',
  'kg',
  'lbs?',
  'pounds?',
  'min',
  'minutes?',
  'minutos?',
  'minuten',
  'hours?',
  'hrs?',
  'horas?',
  'stunden?',
  'mins',
  'secs?',
  'seconds?',
  "o'?clock",
  'ish',
  'days?',
  'dias?',
  'tage',
  'weeks?',
  'years?',
  'anos',
  'jahre',
  'months?',
  '%',
  'am',
  'pm',
  'times',
  'veces',
  'mal',
  'mmol',
  'cm',
  'kcal',
  // a strength before how often it was taken ("my sertraline 50 twice today") is not a count of tablets
  'twice',
  'once',
  'daily',
  'a day',
  'per day',
  'today',
  'bd',
  'bid',
  'tds',
  'od',
  'instead',
);
const INGESTED = any(
  'took',
  'taken',
  'swallowed',
  'ate',
  'eaten',
  'drank',
  'drunk',
  'popped',
  'downed',
  'had',
  'consumed',
  'ingested',
  'overdosed',
  'necked',
  'chugged',
  'scoffed',
  'gulped',
  'knocked back',
  'wolfed',
  'polished off',
  'snorted',
  'injected',
  'tome',
  'tomo',
  'tomado',
  'tomaron',
  'trague',
  'trago',
  'tragado',
  'ingeri',
  'ingirio',
  'bebio',
  'bebi',
  'comio',
  'genommen',
  'geschluckt',
  'eingenommen',
  'nahm',
  'schluckte',
  'getrunken',
  'gegessen',
  // Dutch participles of taking a medicine ("ik heb 20 paracetamol ingenomen")
  'ingenomen',
  'geslikt',
  'ingeslikt',
);
const CONTAINER = any(
  'bottle',
  'pack',
  'packet',
  'box',
  'strip',
  'tub',
  'blister',
  'jar',
  'frasco',
  'bote',
  'caja',
  'blister',
  'packung',
  'schachtel',
  'flasche',
  'dose',
  'streifen',
);
const LOTS = any(
  `(?:the|a|an) (?:whole|entire|full) ${CONTAINER}`,
  `(?:whole|entire) ${CONTAINER}`,
  `all (?:of )?(?:my|his|her|their|the) (?:[\\w-]+ ){0,2}(?:pills|tablets|meds|medications?|medicines?|capsules)`,
  'a handful',
  'handfuls',
  'too many',
  'too much',
  'a bunch of',
  'loads of(?! (?:fun|time|people|friends|work|water|sleep|rest))',
  'a load of',
  'heaps of',
  'lots of (?:pills|tablets|meds)',
  'a fistful',
  'an overdose',
  `tod[oa] (?:el|la) ${CONTAINER}`,
  `(?:un|una) ${CONTAINER} (?:entero|entera|completo|completa)`,
  'demasiadas',
  'demasiado',
  `(?:die|eine|einen|der) ganzen? ${CONTAINER}`,
  'zu viele',
  'zu viel',
  // an amount said after the verb ("can you overdose on it? I took loads"); not "had loads of fun"
  '(?:took|taken|swallowed|popped|downed|necked) (?:way |far )?(?:loads|heaps|tons|a ton|a load|a lot|lots)(?! of (?:time|fun|water|food))',
  // Dutch: a whole pack, or too many of a medicine (not "te veel gegeten", too much food)
  '(?:een|de) hele (?:strip|doos|pot|fles|verpakking)',
  'te veel (?:\\w+ ){0,2}(?:pillen|tabletten|medicijnen|capsules|pijnstillers)',
  "te veel (?:van )?(?:(?:mijn|zijn|haar|z'n|m'n|de|die|deze|het) )?(?:[\\w-]+ ){0,2}(?:ingenomen|genomen|geslikt|ingeslikt)",
);
// a clock time ("at 10", "by 11") is not a count of tablets
// a count of 10–9999, not a year ("in 2019", "from 2020")
const BIG_COUNT = `(?<!\\b(?:at|by|till|until|in|since|during) )\\b(?!(?:19[5-9]\\d|20[0-4]\\d)\\b)(?:[1-9]\\d{1,3})\\b(?! ?${NOT_A_COUNT_UNIT}\\b)(?![:.]\\d)`;
const HYPOTHETICAL = re(
  `\\b(?:what (?:happens|would happen)(?: (?:to (?:you|someone|a person) )?if (?:i|you|someone|somebody|a person|people) (?:take|took|takes|swallow|swallowed|ate|eat))?|what if|if (?:i|you|someone|a person) (?:take|took|swallow|ate|eat)|could .{0,20} (?:take|survive))\\b`,
);
const POISONS = any(
  'bleach',
  'antifreeze',
  'anti-freeze',
  'drain cleaner',
  'oven cleaner',
  'weed ?killer',
  'pesticides?',
  'insecticide',
  'rat poison',
  'methanol',
  'paraquat',
  'lighter fluid',
  'lamp oil',
  'paraffin',
  'kerosene',
  'petrol',
  'gasoline',
  'windscreen wash',
  'washer fluid',
  'detergent',
  'laundry pods?',
  'dishwasher (?:pods?|tablets?)',
  'button batter(?:y|ies)',
  'batter(?:y|ies)',
  'magnets?',
  'e-liquid',
  'vape (?:juice|liquid)',
  'nicotine (?:liquid|pouches?)',
  'wild mushrooms?',
  'mushrooms? (?:we|i|he|she) (?:picked|found)',
  'essential oils?',
  'lejia',
  'lavavajillas',
  'anticongelante',
  'veneno',
  'raticida',
  'bleichmittel',
  'frostschutz',
  'rattengift',
  'abflussreiniger',
  'spulmaschinentabs?',
  'knopfzellen?',
  'batterien?',
);

const ONE_OF_A_STRENGTH = /\b((?:one|an?|1|2|two|half an?) [a-z-]{4,}) \d{2,4}(?![\d.,])/g;

function overdose(t: string, namesDrug: boolean): Level | null {
  const ingested = re(`\\b${INGESTED}\\b`);
  // "one ibuprofen 200", "2 panadol 500": the number after a named product is its strength, not a count
  const sentences = t.replace(ONE_OF_A_STRENGTH, '$1').split(/(?<=[.!?;])\s+/);
  for (const s of sentences) {
    const hypo = HYPOTHETICAL.test(s);
    const countOfUnits =
      near(BIG_COUNT, `\\b${UNIT}\\b`, 40).test(s) ||
      re(
        `${BIG_COUNT} (?:x )?(?:of )?(?:my |his |her |the |their )?(?:\\d+(?:[.,]\\d+)? ?(?:mg|mcg|g|iu)\\b )?[a-z-]{4,}`,
      ).test(s);
    const lots = re(LOTS).test(s);
    if ((countOfUnits || lots) && (ingested.test(s) || (re('\\b(?:take|taking|tomar|nehmen)\\b').test(s) && hypo))) {
      if (hypo && !re(`\\b${INGESTED}\\b`).test(s.replace(HYPOTHETICAL, ''))) return 'lead';
      return 'acute';
    }
  }
  if (
    re(
      `\\b(?:${PERSON}|someone) (?:\\w+ )?(?:has |have |just |might have |may have |think i |think he |think she )?(?:overdosed|od'?d|od'?ed|took an overdose|is overdosing|has overdosed)\\b`,
    ).test(t)
  )
    return 'acute';
  if (
    !WATCH_FOR.test(t) &&
    re(
      `\\b(?:overdose|overdosed|overdosing|sobredosis|uberdosis|uberdosiert|vergiftung|vergiftet|intoxicacion|intoxicado|envenenado|poisoned|poisoning)\\b`,
    ).test(t) &&
    PERSONAL.test(t) &&
    (PRESENT.test(t) || re(`\\b${INGESTED}\\b`).test(t)) &&
    !ABOUT.test(t)
  )
    return 'acute';
  if (near(`\\b${INGESTED}\\b|\\bgot into\\b|\\bchewed\\b`, POISONS, 50).test(t) && !re('\\bfoods?\\b').test(t))
    return 'acute';
  if (
    re(
      `\\b(?:accidentally|by mistake|twice|double(?:d)? (?:my |the |his |her )?dose|two doses|por error|dos veces|versehentlich|doppelt)\\b`,
    ).test(t) &&
    (re(`\\b${INGESTED}\\b`).test(t) || re('\\b(?:gave|given|injected|doubled)\\b').test(t)) &&
    (namesDrug || re(`\\b${UNIT}\\b|\\b(?:dose|medication|medicine|meds|insulin|dosis|medikament)\\b`).test(t))
  )
    return 'lead';
  return null;
}

// ---- a child who swallowed something
const CHILD = any(
  'child',
  'kid',
  'kids',
  'kiddo',
  'toddler',
  'baby',
  'infant',
  'son',
  'daughter',
  'little (?:boy|girl)',
  'grandchild',
  // a child's age (under 18): "my 80 year old mother" is not a child, nor "for 10 years"
  '(?:1[0-7]|[1-9]) ?(?:-| )?(?:year|yr)s?(?:-| )?old',
  '\\d{1,2} ?(?:-| )?months?(?:-| )?old',
  '(?:1[0-7]|[1-9]) ?(?:yo|y/o|yrs?)',
  '\\d{1,2} ?(?:mo|months?)(?= (?:has|had|ate|swallowed|took|got|drank|chewed|licked|is)\\b)',
  'little one',
  'grandson',
  'granddaughter',
  'nephew',
  'niece',
  'nino',
  'nina',
  'hijo',
  'hija',
  'bebe',
  'nieto',
  'nieta',
  'kind',
  'kleinkind',
  'sohn',
  'tochter',
  'enkel',
  'enkelin',
  'jahrige?r?',
);
const CHILD_ATE = any(
  'swallowed',
  'ate',
  'eaten',
  'got into',
  'got hold of',
  'chewed',
  'drank',
  'licked',
  'took',
  'has taken',
  'had some',
  'found and ate',
  'put .{0,20} in (?:his|her|their) mouth',
  'with (?:an? |the )?(?:empty|open|half-empty|half empty) (?:bottle|packet|pack|box|blister|tub|jar)',
  'sucking on',
  'mouthful',
  'trago',
  'comio',
  'se tomo',
  'bebio',
  'se metio',
  'verschluckt',
  'geschluckt',
  'gegessen',
  'genommen',
  'getrunken',
);
const SWALLOWABLE = any(
  UNIT,
  'medicine',
  'medication',
  'meds',
  'gummies',
  'gummy',
  'vitamins?',
  'iron',
  'drugs?',
  'edibles?',
  'cannabis',
  'cigarettes?',
  'nicotine',
  'patch',
  'inhaler',
  'syrup',
  'bottle',
  'packet',
  POISONS,
  'chemicals?',
  'cleaning',
  'medicamentos?',
  'medicinas?',
  'jarabe',
  'pilas?',
  'baterias?',
  'imanes',
  'iman',
  'detergente',
  'medikamente?',
  'saft',
  'blister',
  'batterie',
  'magnete?',
  'tabs',
);

/** The baby as the subject of swallowing: a child, even in a pregnant woman's message. */
export const BABY_SWALLOWED = re(
  `\\b(?:baby|bebe) (?:has |have |just |may have |might have |must have |maybe |possibly )*(?:${CHILD_ATE})\\b`,
);

function childIngestion(t: string, namesDrug: boolean): Level | null {
  if (!near(`\\b${CHILD}\\b`, `\\b${CHILD_ATE}\\b`, 60).test(t)) return null;
  // in pregnancy "the baby" is the fetus ("took ibuprofen before I knew, have I harmed the baby?"), not a child who swallowed
  // unless the baby is the one who swallowed ("I'm pregnant and my baby got into my iron tablets")
  if (
    /\bpregnan|\bembarazada|\bschwanger|\benceinte|\bgravida|\bincinta/.test(t) &&
    !re(`\\b${CHILD}\\b`).test(t.replace(/\b(?:the|my|our) (?:baby|bebe)\b/g, '')) &&
    !BABY_SWALLOWED.test(t)
  )
    return null;
  if (re(`\\b${SWALLOWABLE}\\b`).test(t) || namesDrug) return ABOUT.test(t) && !PERSONAL.test(t) ? null : 'acute';
  return null;
}

// ---- suicide and self-harm, stated or asked as a question
const SELF_HARM = any(
  'kill(?:ing)? my ?self',
  // slang (2026-11-29): "unalive myself", "kms" (kill myself)
  'unalive (?:my ?self|me)',
  'kms',
  'end(?:ing)? (?:my|it) (?:own )?(?:life|all)',
  'end it all',
  'take my (?:own )?life',
  'want(?:ed)? to die',
  'wish i (?:was|were) dead',
  'better off dead',
  "don'?t want to (?:live|be alive|be here|wake up|go on)",
  'not (?:to )?wake up',
  'never wake up',
  'go to sleep (?:and|forever)',
  'hurt(?:ing)? my ?self',
  'harm(?:ing)? my ?self',
  '(?:been|keep|keeps|started|start|want to|going to|urge to) cut(?:ting)? my ?self',
  'cutting my ?self',
  // a self-inflicted cut told by the body part ("cut my arm deeper than usual")
  'cut (?:my|his|her) (?:arm|arms|wrist|wrists|leg|legs|thigh|thighs|stomach)(?: \\w+){0,2} (?:deeper|again|too deep|open|badly)',
  'deeper than (?:usual|i meant|i wanted|normal|before|last time)',
  "(?:don'?t|do not|can'?t) see (?:the |any )?point (?:in|of) (?:living|life|going on|being alive)",
  'no (?:point|reason) (?:in )?(?:living|going on)',
  'ending things',
  'end things',
  'suicidal',
  'thinking (?:about|of) suicide',
  'commit suicide',
  'suicide (?:plan|note)',
  '(?:plan(?:ning)?|going|want(?:ing)?|intend(?:ing)?) to (?:die|overdose|od|end it)',
  'no reason to live',
  'better off (?:without me|if i (?:was|were|am) (?:dead|gone))',
  '(?:wish|want) (?:i was|i were|to be) dead',
  'if i (?:was|were) gone',
  '(?:nobody|no one|noone) would (?:care|miss me|notice)',
  'stockpil\\w*',
  'plan(?:ning)? to take (?:them |it )?all',
  'take (?:them|all of them|the lot) all (?:at once|tonight)',
  'painless(?:ly)? (?:way to )?die',
  'way to die',
  'how (?:to|do i|can i) (?:overdose|od)\\b',
  'suicidarme',
  'matarme',
  'quitarme la vida',
  'quiero morir(?:me)?',
  'no quiero (?:vivir|seguir viviendo|despertar)',
  'acabar con (?:todo|mi vida)',
  'hacerme dano',
  'cortarme',
  'mich umbringen',
  'mich umzubringen',
  'mir das leben (?:zu )?nehmen',
  'nicht mehr leben',
  'sterben will',
  'will sterben',
  'suizidgedanken',
  'selbstmord begehen',
  'mich selbst verletzen',
  'nicht mehr aufwachen',
);
const LETHAL_QUESTION = any(
  '(?:how many|how much|what dose|what amount|cuantas|cuanto|wie viele|wie viel).{0,60}(?:to die|die from|kill (?:me|myself|a person|someone|you)|be fatal|be lethal|not wake up|never wake up|end (?:it|my life)|to overdose|para morir|matarme|no despertar|zu sterben|um zu sterben|todlich)',
  '(?:lethal|fatal|deadly|letal|mortal|todliche) (?:dose|amount|overdose|dosis)',
  '(?:what|which) (?:amount|dose|number) (?:of [\\w-]+ )?(?:is|would be) (?:fatal|lethal|deadly)',
  '(?:how many|how much) [\\w\\s-]{1,30} (?:is|are|would be) (?:fatal|lethal|deadly|enough to (?:die|kill))',
  'dose (?:that|which) (?:would|will|could) kill',
  'dosis letal',
  'todliche dosis',
);

const HAS_THE_THOUGHTS = re(
  "\\b(?:i'?m|i am|i'?ve been|i have been|i keep|i feel|i'?ve had|i have had|now having|started having|been having|i get) (?:\\w+ ){0,2}(?:suicidal|thoughts of (?:suicide|dying|killing))",
);

function selfHarm(t: string): Level | null {
  // the warning read out, and nothing else said of self-harm once it is set aside
  if (
    REPORTED_WARNING.test(t) &&
    !HAS_THE_THOUGHTS.test(t) &&
    !re(`\\b${SELF_HARM}\\b|${LETHAL_QUESTION}`).test(t.replace(REPORTED_WARNING, ' '))
  )
    return null;
  if (re(`\\b${SELF_HARM}\\b`).test(t)) {
    // "Are suicide attempts…", "does isotretinoin cause suicidal thoughts?" ask about a topic; someone's own words do not
    if (/\bsuicidal\b/.test(t) && !PERSONAL.test(t)) return null;
    if (
      /\bsuicidal (?:thoughts|ideation|behaviou?r)\b/.test(t) &&
      ABOUT.test(t) &&
      !FIRST_PERSON.test(t) &&
      !re(`\\b(?:${PERSON}) (?:is|are|has|have|am|feels?|seems?)\\b`).test(t)
    )
      return null;
    return 'acute';
  }
  if (re(LETHAL_QUESTION).test(t)) return 'acute';
  if (
    re('\\b(?:suicide|suicidio|suizid|selbstmord|self[- ]harm|autolesion)\\b').test(t) &&
    FIRST_PERSON.test(t) &&
    re('\\b(?:thinking|considering|planning|want|thought about|attempt|tried|pienso|pensando|denke|gedanken)\\b').test(
      t,
    )
  )
    return 'acute';
  return null;
}

// ---- anaphylaxis
const SWELL_PART = any(
  'lips?',
  'tongue',
  'throat',
  'face',
  'mouth',
  'eyes',
  'eyelids?',
  'labios?',
  'lengua',
  'garganta',
  'cara',
  'lippen?',
  'zunge',
  'hals',
  'rachen',
  'gesicht',
);
const SWELLING = any(
  'swell\\w*',
  'swollen',
  'schwill\\w*',
  'blew up',
  'blown up',
  'ballooning',
  'ballooned',
  'puffy',
  'puffing up',
  'puffed up',
  'blowing up',
  'closing (?:up)?',
  'tight(?:ening)?',
  'hinch\\w*',
  'cerrando',
  'cierra',
  'schwell\\w*',
  'geschwollen',
  'dick',
  'schnurt\\w*',
  'zu ?geschnurt',
);
const ALLERGY_CONTEXT = any(
  'sting',
  'stung',
  'bee',
  'wasp',
  'hornet',
  'peanuts?',
  'nuts?',
  'shellfish',
  'prawns?',
  'shrimp',
  'allerg\\w*',
  'hives',
  'wheez\\w*',
  'breath\\w*',
  'injection',
  'first dose',
  'after (?:eating|taking|the)',
  'rash',
  'epipen',
  'adrenaline',
  'epinephrine',
  'gasping',
  'picadura',
  'abeja',
  'avispa',
  'cacahuete',
  'mani',
  'alergi\\w*',
  'respirar',
  'silbid\\w*',
  'stich',
  'biene',
  'wespe',
  'erdnuss\\w*',
  'nusse',
  'allergi\\w*',
  'atemnot',
  'luft',
  'quaddeln',
  'keuch\\w*',
);

function anaphylaxis(t: string): Level | null {
  const swelling = near(`\\b${SWELL_PART}\\b`, `\\b${SWELLING}`, 40).test(t);
  if (
    swelling &&
    (re(`\\b${ALLERGY_CONTEXT}`).test(t) || (PERSONAL.test(t) && PRESENT.test(t))) &&
    !(ABOUT.test(t) && !PRESENT.test(t))
  )
    return 'acute';
  if (
    re('\\b(?:anaphyla\\w*|anafila\\w*|allergic shock|choque alergico|allergischer schock)').test(t) &&
    PERSONAL.test(t) &&
    (PRESENT.test(t) || re('\\b(?:think|going into|having|has|tengo|tiene|habe|hat)\\b').test(t)) &&
    !ABOUT.test(t)
  )
    return 'acute';
  if (
    near(
      "\\bhives\\b|\\bwheez\\w*|\\bcan'?t (?:breathe|swallow)",
      '\\b(?:sting|stung|bee|wasp|peanuts?|nuts?|shellfish|injection)\\b',
      60,
    ).test(t) &&
    PERSONAL.test(t)
  )
    return 'acute';
  return null;
}

// ---- chest pain
const CHEST = any('chest', 'pecho', 'torax', 'brust', 'brustkorb');
const CHEST_FEELING = any(
  'pains?',
  'painful',
  'tight\\w*',
  'pressure',
  'crushing',
  'heavy',
  'heaviness',
  'squeez\\w*',
  'hurts?',
  'hurting',
  'aches?',
  'aching',
  'burning',
  'elephant',
  'dolor',
  'duele',
  'opresion',
  'presion',
  'schmerz\\w*',
  'druck',
  'enge\\w*',
  'stechen',
);
const RADIATING = any(
  '(?:pain|ache|dolor|schmerz\\w*) (?:spreading|radiating|going|shooting|moving) (?:down |up |into |to )(?:my |his |her |the )?(?:left )?(?:arm|jaw|neck|back)',
  'left arm (?:is )?(?:numb|hurts|aching|tingling)',
  'dolor (?:que baja|en el brazo izquierdo)',
  'ausstrahl\\w*',
  'linken arm',
);
const CARDIAC_EXTRAS = any(
  'sweat\\w*',
  'clammy',
  'short(?:ness)? of breath',
  'breathless',
  'nause\\w*',
  'left arm',
  'jaw',
  'sudor\\w*',
  'schweiss\\w*',
  'atemnot',
);

/** A symptom named as what a leaflet or label lists ("my inhaler leaflet lists chest pain as a side effect"). */
const LISTED = re(
  `\\b(?:leaflet|label|insert|pil|packet|box) (?:\\w+ ){0,3}(?:lists?|listed|says|mentions|warns)\\b|\\bas an? (?:possible |rare |common )?side[- ]effect\\b`,
);

function chestPain(t: string): Level | null {
  const sign =
    near(`\\b${CHEST}`, `\\b${CHEST_FEELING}\\b|${CHEST_FEELING}`, 25).test(t) ||
    re('\\bbrustschmerz\\w*|\\bherzschmerz\\w*').test(t) ||
    re(RADIATING).test(t);
  const attack =
    re(
      `\\b(?:having|just had|is this|think (?:i'm|i am|he's|she's|he is|she is) having) (?:a )?heart attack\\b|\\b(?:infarto|herzinfarkt)\\b`,
    ).test(t) &&
    (PERSONAL.test(t) || PRESENT.test(t)) &&
    !ABOUT.test(t);
  if (!sign && !attack) return null;
  if (attack) return 'acute';
  if (LISTED.test(t) && !PRESENT.test(t)) return null;
  if (ABOUT.test(t) && !PERSONAL.test(t) && !PRESENT.test(t)) return null;
  if (PRESENT.test(t) || (re(`\\b${CARDIAC_EXTRAS}`).test(t) && (PERSONAL.test(t) || !ABOUT.test(t)))) return 'acute';
  if (PERSONAL.test(t)) return 'lead';
  return /\?\s*$/.test(t) ? null : 'acute';
}

// ---- stroke
const STROKE_SIGN = any(
  '(?:face|mouth|smile)(?: is| has| looks| went| seems)? (?:droop\\w*|dropp\\w*|lopsided|fallen|sagging|crooked|uneven)',
  'talking (?:gibberish|nonsense|funny|strangely|oddly)',
  'gibberish',
  'spricht (?:undeutlich|verwaschen|wirr)',
  'arm nicht (?:mehr )?(?:heben|bewegen)',
  'droop\\w* (?:face|mouth|on one side)',
  'one side of (?:my|his|her|the) face',
  'slurr\\w* (?:speech|words|his words|her words)',
  'speech (?:is |went |has become )?(?:slurred|garbled|jumbled)',
  "can'?t (?:speak|talk|get (?:his|her|my|the) words out|find (?:his|her|my) words|lift (?:his|her|my) arm|raise (?:his|her|my) arm|smile)",
  'words (?:are |came out )?(?:jumbled|wrong|garbled)',
  '(?:sudden\\w*|all of a sudden) (?:weak\\w*|numb\\w*|paraly\\w*)(?: \\w+){0,3} (?:one|left|right) side',
  '(?:arm|leg|hand)(?: \\w+){0,2} (?:went|is|has gone|feels) (?:weak|numb|limp|dead|heavy)',
  '(?:weakness|numbness|paraly\\w*) (?:on|in|of) (?:one|the left|the right|his left|his right|her left|her right|my left|my right) side',
  'sudden (?:loss of vision|blindness|confusion|trouble (?:speaking|walking|seeing))',
  'cara (?:caida|torcida|ladeada)',
  'no puede mover (?:el|la|los|las) (?:lado|brazo|pierna|mano)\\w*',
  'boca torcida',
  'habla (?:arrastrada|rara|confusa)',
  'arrastra las palabras',
  'no puede (?:hablar|mover el brazo|levantar el brazo)',
  'debilidad en un lado',
  'se le (?:cayo|cae|torcio) (?:la cara|la boca)',
  'hangend\\w* mundwinkel',
  'gesicht hangt',
  'mundwinkel hangt',
  'verwaschen\\w* sprache',
  'lallt',
  'kann (?:\\w+ )?(?:nicht mehr|nicht|kaum) (?:richtig )?(?:sprechen|reden)',
  "(?:suddenly|all of a sudden) (?:can'?t|cannot|unable to) (?:speak|talk|move|see|walk)",
  'halbseitig\\w*',
  // clinicians' words (2026-11-29): hemiparesis, aphasia, a sided deficit, FAST positive
  'hemipar\\w*',
  'hemipleg\\w*',
  '(?:acute|sudden|new)(?: onset)? (?:l|r|left|right)(?:[- ]sided)? (?:arm|leg|face|facial|hand)(?: \\w+){0,4} (?:weak\\w*|numb\\w*|droop\\w*)',
  '(?:l|r|left|right)[- ]sided (?:weakness|numbness|droop|paralysis)',
  '(?:facial|face) droop',
  '(?:expressive |receptive |new |acute |sudden )(?:dysphasi\\w*|aphasi\\w*|dysarthri\\w*)',
  'fast (?:positive|\\+|pos)',

  'arm (?:ist )?(?:taub|gelahmt|schlaff)',
  'lahmung',
);

function stroke(t: string): Level | null {
  const sign = re(`\\b${STROKE_SIGN}`).test(t);
  const named =
    re(
      `\\b(?:having|just had|is this|is it|think (?:i'm|i am|he's|she's|he is|she is|it's|it is)(?: having)?) (?:a )?(?:stroke|mini[- ]stroke|tia)\\b|\\b(?:ictus|derrame cerebral|schlaganfall)\\b`,
    ).test(t) &&
    (PERSONAL.test(t) || PRESENT.test(t)) &&
    !ABOUT.test(t) &&
    !re('\\b(?:prevent\\w*|risk|prevenir|riesgo|vorbeug\\w*|risiko)\\b').test(t);
  if (named) return 'acute';
  if (!sign) return null;
  if (ABOUT.test(t) && !PERSONAL.test(t) && !PRESENT.test(t)) return null;
  return 'acute';
}

// ---- breathing: stopped, slow or shallow, or cannot breathe
const BREATHING = any(
  "(?:not|isn'?t|is not|stopped|barely|hardly|aren'?t) breathing",
  'breathing (?:is )?(?:very |really |so |getting )?(?:slow|shallow|weird|irregular|strange)',
  'breath(?:s|ing)? (?:slowly|shallowly)',
  'slow,? shallow (?:breaths|breathing)',
  '(?:lips|face|fingers|skin) (?:are |is |have |has )?(?:turning |gone |going |turned )?(?:blue|grey|gray)',
  '(?:blue|grey|gray) lips',
  "can'?t (?:wake|rouse) (?:him|her|them|my|up)",
  "won'?t wake(?: up)?",
  "(?:won'?t|doesn'?t|does not|isn'?t|is not|not) (?:respond\\w*|waking)",
  'gurgling',
  'breath\\w* (?:only )?(?:about |around )?[1-9] times? (?:a|per) minute',
  '(?:is|are|turned|turning|gone|going) (?:blue|grey|gray)\\b',
  '(?:is|are) (?:unresponsive|unconscious)',
  'hard to wake',
  'difficult to (?:wake|rouse)',
  'pinpoint pupils',
  "(?:i|he|she|they) (?:can'?t|cannot|can not) breathe",
  'struggling to breathe',
  'gasping for (?:air|breath)',
  'choking',
  'no respira',
  'respira (?:muy |mas )?(?:lento|despacio|poco|mal)',
  'labios (?:azules|morados)',
  'no (?:se )?despierta',
  'inconsciente',
  'no puedo respirar',
  'no puede respirar',
  'se (?:esta )?ahoga',
  'atmet (?:nicht|kaum|sehr langsam|langsam|flach)',
  'blaue lippen',
  'wacht nicht (?:mehr )?auf',
  'bewusstlos',
  'bekomme keine luft',
  'kriege keine luft',
  'kann nicht (?:mehr )?atmen',
  'nicht ansprechbar',
);

function breathing(t: string): Level | null {
  if (!re(`\\b${BREATHING}`).test(t)) return null;
  if (ABOUT.test(t) && !PERSONAL.test(t) && !PRESENT.test(t)) return null;
  return 'acute';
}

// ---- serious bleeding, on a blood thinner or not
const THINNER = any(
  'warfarin',
  'coumadin',
  'jantoven',
  'apixaban',
  'eliquis',
  'rivaroxaban',
  'xarelto',
  'dabigatran',
  'pradaxa',
  'edoxaban',
  'savaysa',
  'lixiana',
  'heparin',
  'enoxaparin',
  'lovenox',
  'clexane',
  'fondaparinux',
  'blood ?thinners?',
  'anticoagulants?',
  'anticoagulated',
  'acenocoumarol',
  'sintrom',
  'phenprocoumon',
  'marcumar',
  'falithrom',
  'clopidogrel',
  'plavix',
  'ticagrelor',
  'brilinta',
  'prasugrel',
  'anticoagulantes?',
  'blutverdunner\\w*',
  'gerinnungshemmer\\w*',
);
const BLEED = any(
  "\\w*(?:bleed|blood|haemorrhag|hemorrhag)\\w*(?: [\\w']+){0,4} (?:won'?t|will not|doesn'?t|does not|can'?t|cannot|isn'?t|is not|not) (?:stop|stopping|clot|slow|ease)",
  "won'?t stop bleeding",
  'bleeding (?:heavily|a lot|badly|everywhere|profusely)',
  '(?:heavy|heavily|a lot of|lots of|massive|uncontrolled) (?:bleed\\w*|blood loss)',
  '(?:vomit\\w*|throw\\w* up|threw up|cough\\w* up|spit\\w* up|spitting) (?:up )?(?:blood|bright red)',
  'blood in (?:my |his |her |the )?(?:urine|pee|wee|stool|stools|poo|vomit|sick)',
  '(?:peeing|pissing|weeing|urinating|pooing|pooping|passing) blood',
  'a lot of blood',
  'lots of blood',
  'keeps? bleeding',
  '(?:black|tarry|maroon) (?:stool|stools|poo|poop)',
  'coffee[- ]?grounds?',
  "nosebleed(?: \\w+){0,6} (?:hours?|(?:won'?t|doesn'?t|does not|will not|not|can'?t) stop)\\b",
  '(?:hit|banged|bumped) (?:my|his|her) head',
  'gushing',
  'pouring (?:out )?blood',
  'spurting',
  'blute\\w* stark',
  'starke\\w* blutung',
  'blutet (?:stark|seit)',
  'fell and (?:hit|banged)',
  'bruis\\w* (?:all over|everywhere|for no reason)',
  "bleeding gums? (?:that )?(?:won'?t|will not) stop",
  '\\w*sangr\\w*(?: \\w+){0,3} (?:no para|no se detiene|no se corta|mucho)',
  '(?:vomit\\w*|escupi\\w*) sangre',
  'heces negras',
  'sangre en (?:la )?(?:orina|heces)',
  'se golpeo la cabeza',
  '\\w*blut\\w*(?: \\w+){0,3} (?:hort nicht auf|stoppt nicht|lasst sich nicht stoppen)',
  'blut (?:erbrochen|gespuckt|gehustet)',
  'erbricht blut',
  'schwarze\\w* stuhl',
  'blut im (?:urin|stuhl)',
  'kopf (?:gestossen|angeschlagen)',
);

/**
 * A black stool the message itself explains — iron tablets, bismuth (Pepto-Bismol), charcoal, liquorice — with no other
 * sign of bleeding (vomited blood, faintness, an anticoagulant): a known harmless effect ("iron tablets turned my poo
 * black, normal?"), answered rather than sent to an emergency department. Tarry, sticky stools still count.
 */
export function blackStoolExplained(t: string): boolean {
  return (
    /\b(?:iron|ferrous|ferro\w*|fefol|galfer|bismuth|pepto\w*|charcoal|liquorice|licorice|blueberr\w*)\b/.test(t) &&
    !/\b(?:tarry|tar|sticky|faint\w*|dizz\w*|light-?headed|collaps\w*|vomit\w*|blood|bleed\w*|pain\w*|weak)\b/.test(
      t,
    ) &&
    !re(`\\b${THINNER}\\b`).test(t)
  );
}

function bleeding(t: string): Level | null {
  if (!re(`\\b${BLEED}`).test(t)) return null;
  if (
    blackStoolExplained(t) &&
    !re(`\\b${BLEED}`).test(t.replace(/\b(?:black|tarry|maroon) (?:stool|stools|poo|poop)\b/g, ''))
  )
    return null;
  const thinner = re(`\\b${THINNER}\\b`).test(t);
  if (ABOUT.test(t) && !PERSONAL.test(t) && !PRESENT.test(t)) return null;
  if (thinner || PERSONAL.test(t) || PRESENT.test(t)) return 'acute';
  return null;
}

// ---- serotonin toxicity
const SEROTONERGIC = any(
  'ssris?',
  'snris?',
  'sertraline',
  'zoloft',
  'fluoxetine',
  'prozac',
  'paroxetine',
  'paxil',
  'citalopram',
  'escitalopram',
  'lexapro',
  'cipralex',
  'fluvoxamine',
  'venlafaxine',
  'effexor',
  'duloxetine',
  'cymbalta',
  'desvenlafaxine',
  'tramadol',
  'mdma',
  'ecstasy',
  'molly',
  'linezolid',
  'triptans?',
  'sumatriptan',
  "st john'?s wort",
  'johanniskraut',
  'hierba de san juan',
  'lithium',
  'litio',
  'phenelzine',
  'tranylcypromine',
  'moclobemide',
  'selegiline',
  'maois?',
  'dextromethorphan',
  'dxm',
  'fentanyl',
  'methylene blue',
  '5-htp',
  'trazodone',
  'mirtazapine',
  'clomipramine',
  'amitriptyline',
  'buspirone',
  'sertralin',
  'fluoxetin',
  'sertralina',
  'fluoxetina',
  'ondansetron',
  'meperidine',
  'pethidine',
);
const SEROTONIN_SIGNS = [
  'shak\\w*',
  'trembl\\w*',
  'tremor\\w*',
  'twitch\\w*',
  'jerk\\w*',
  'clonus',
  'spasm\\w*',
  'rigid\\w*',
  'stiff',
  'agitat\\w*',
  'restless\\w*',
  'confus\\w*',
  'sweat\\w*',
  'fever\\w*',
  'high temperature',
  'burning up',
  'racing heart',
  'heart (?:is )?racing',
  'pounding heart',
  'diarrh\\w*',
  'dilated pupils',
  'shiver\\w*',
  'overheat\\w*',
  'temblor\\w*',
  'sudor\\w*',
  'fiebre',
  'zittern',
  'zuck\\w*',
  'schwitz\\w*',
  'fieber',
  'unruh\\w*',
  // clinicians' shorthand and French/Italian (2026-11-28): myoclonus, tachycardia, sweating, a temperature of 38.5 or more
  'myoclon\\w*',
  'mioclon\\w*',
  'tachycard\\w*',
  'tachicard\\w*',
  'sudat\\w*',
  'sueurs?',
  'hypertherm\\w*',
  'ipertermi\\w*',
  'febbre',
  'fievre',
  '(?:t|tc|temp\\w*) ?(?:38[.,][5-9]|39|39[.,]\\d|4[0-2](?:[.,]\\d)?)\\b',
];

function serotonin(t: string): Level | null {
  const named = re(
    '\\b(?:serotonin (?:syndrome|toxicity)|sindrome serotonin\\w*|serotoninsyndrom|serotonin-syndrom)\\b',
  ).test(t);
  if (
    named &&
    !WATCH_FOR.test(t) &&
    PERSONAL.test(t) &&
    (PRESENT.test(t) ||
      re('\\b(?:think|could (?:this|it) be|is this|having|have|got|tengo|tener|habe|haben|hab)\\b').test(t)) &&
    !(ABOUT.test(t) && !PRESENT.test(t))
  )
    return 'acute';
  if (!re(`\\b${SEROTONERGIC}`).test(t)) return null;
  const signs = SEROTONIN_SIGNS.filter((s) => re(`\\b${s}`).test(t)).length;
  if (signs >= 2 && (PERSONAL.test(t) || PRESENT.test(t)) && !ABOUT.test(t.replace(/\bside effects?\b/g, '')))
    return 'acute';
  return null;
}

// ---- very low blood sugar
const GLUCOSE_WORD = any(
  'blood sugar',
  'blood glucose',
  'glucose',
  'sugar',
  'bg',
  'bm',
  'sugar level',
  'cbg',
  'glucosa',
  'azucar',
  'glucemia',
  'blutzucker',
  'zucker',
  'bz',
);

function lowGlucose(t: string): boolean {
  const m = re(
    `\\b${GLUCOSE_WORD}\\b(?: [a-z']{1,9}){0,3}:? ?(\\d+(?:[.,]\\d+)?)(?! ?(?:minutes?|mins?|hours?|days?|weeks?|years?|minutos?|horas?|dias?|minuten|stunden|tage|am|pm|%)\\b)(?: ?(mmol(?:/l)?|mg/?dl|mg))?`,
  ).exec(t);
  if (!m) return false;
  const v = Number(m[1]!.replace(',', '.'));
  const unit = m[2] ?? '';
  if (unit.startsWith('mmol')) return v < 3.0;
  if (unit.startsWith('mg')) return v < 54;
  // no unit: values under 10 can only be mmol/L; 10–35 are everyday mmol/L readings ("BM 14" is high, not 14 mg/dL);
  // from 36 they are mg/dL
  return v < 10 ? v < 3.0 : v > 35 && v < 54;
}

/** Insulins and sulfonylureas by name (the drugs that cause hypos), as people write them. */
const GLUCOSE_LOWERING = any(
  'insulin\\w*',
  'novo ?rapid',
  'humalog',
  'lantus',
  'levemir',
  'tresiba',
  'toujeo',
  'fiasp',
  'apidra',
  'lyumjev',
  'humulin',
  'novomix',
  'actrapid',
  'abasaglar',
  'semglee',
  'basaglar',
  'gliclazide',
  'glipizide',
  'glimepiride',
  'glibenclamide',
  'glyburide',
  'diamicron',
  'amaryl',
);
/** The meal that did not follow. */
const NO_MEAL = any(
  '(?:forgot|forget|forgotten) to eat',
  "(?:didn'?t|did not|haven'?t|have not|hasn'?t|has not|not) (?:eat|eaten|had (?:any )?(?:food|dinner|lunch|breakfast|tea))",
  'skipped (?:my |a |the |his |her )?(?:meal|dinner|lunch|breakfast|tea|food)',
  'without (?:eating|food|a meal)',
  'no (?:food|dinner|lunch|breakfast|meal)',
  "(?:couldn'?t|can'?t) eat",
  'vomited (?:up )?(?:my|his|her|the) (?:meal|dinner|food)',
);
/** The brain short of glucose, in everyday words. */
const NEUROGLYCOPENIC = any(
  '(?:feel|feels|feeling|felt) (?:really |rly |so |very |a bit |kinda |super )?(?:weird|strange|funny|odd|off|spaced|spacey|wobbly|drunk)',
  "(?:can'?t|cannot|cant) (?:think|concentrate|focus|see properly|talk properly|speak properly)",
  'not (?:making sense|himself|herself|myself)',
  'acting (?:drunk|strange|weird)',
  'hard to (?:wake|rouse)',
);

function hypoglycaemia(t: string): Level | null {
  const personal = PERSONAL.test(t);
  const symptomatic =
    /\b(?:sweat\w*|shak\w*|shaking|confus\w*|drows\w*|faint\w*|dizzy|clammy|trembl\w*|slurr\w*|temblor\w*|sudor\w*|zitter\w*|schwitz\w*)\b/.test(
      t,
    );
  if (lowGlucose(t) && (personal || PRESENT.test(t) || symptomatic)) return ABOUT.test(t) && !personal ? null : 'acute';
  const hypoWord = re(
    '\\b(?:hypo|hypos|hypoglyc\\w*|hypoglyk\\w*|low blood sugar|sugar (?:is |was |went |has gone |dropped )?(?:very |really |so |too )?low|hipoglucemia|azucar (?:muy )?baja|bajon de azucar|unterzucker\\w*|zucker ist (?:zu |sehr )?niedrig)\\b',
  ).test(t);
  const impaired = re(
    "\\b(?:confus\\w*|drows\\w*|unconscious|unresponsive|not making sense|slurr\\w*|shak\\w*|sweat\\w*|passing out|passed out|fitting|seizing|collaps\\w*|can'?t (?:wake|stand)|aggressive|confundid\\w*|inconsciente|temblor\\w*|verwirrt|bewusstlos|zittert|schwitzt)\\b",
  ).test(t);
  if (
    hypoWord &&
    !WATCH_FOR.test(t) &&
    (personal || PRESENT.test(t)) &&
    (impaired || PRESENT.test(t)) &&
    !(ABOUT.test(t) && !PRESENT.test(t))
  )
    return 'acute';
  if (
    re(
      '\\b(?:injected|took|gave|given|puse|inyecte|gespritzt)\\b(?: \\w+){0,4} (?:too much|twice|double|two doses|extra|the wrong)(?: \\w+){0,3} insulin\\b|\\b(?:injected|took|gave|given|used|puse|inyecte|gespritzt)\\b(?: \\w+){0,3} insulin\\b(?: \\w+){0,4} (?:twice|double|two doses|by mistake|dos veces|doppelt)',
    ).test(t)
  )
    return 'lead';
  // insulin or a sulfonylurea without the meal, and the brain is short of glucose ("did my novorapid then forgot to
  // eat, now i feel weird and can't think straight"): a hypo told without the word (blind round 5)
  if (
    re(`\\b${GLUCOSE_LOWERING}`).test(t) &&
    re(NO_MEAL).test(t) &&
    (impaired || re(NEUROGLYCOPENIC).test(t)) &&
    !WATCH_FOR.test(t) &&
    !(ABOUT.test(t) && !PERSONAL.test(t))
  )
    return 'acute';
  if (
    re('\\b(?:diabetic|diabetes|diabetico|diabetica|diabetiker\\w*|type 1|type 2|on insulin)\\b').test(t) &&
    impaired &&
    personal &&
    !ABOUT.test(t)
  )
    return 'acute';
  return null;
}

// ---- seizures
const SEIZURE = any(
  '(?:having|had|is having|in the middle of) (?:a |another |his first |her first |my first )?(?:seizure|fit|convulsion)s?',
  // "fitting" a fitted thing is a fitter's work, not a fit ("been fitting carpets", "is fitting a new kitchen"); only
  // named objects are excluded, so "fitting for six minutes", "fitting in his sleep", "fitting a lot" stay seizures
  "(?:is|are|keeps?|kept|started|been|'s been|has been|have been) (?:seizing|convulsing|fitting(?! (?:(?:a|an|the|new|my|his|her|their|our|your|some) ){0,2}(?:carpets?|kitchens?|windows?|doors?|tyres?|tires?|blinds?|shelves|cupboards?|wardrobes?|tiles?|flooring|sockets?|boilers?|bathrooms?)\\b| (?:it|them)\\b))",
  "won'?t stop (?:shaking|jerking|fitting|seizing)",
  '(?:seizure|fit)(?: \\w+){0,2} (?:lasted|lasting|has lasted|going on|for (?:over )?\\d+ min)',
  'jerking (?:uncontrollably|all over)',
  '(?:collapsed|fell) and (?:started|is) (?:shaking|jerking)',
  'first (?:ever )?seizure',
  'seizure (?:right )?now',
  'convulsion\\w*',
  'convulsionando',
  '(?:ataque|crisis) epileptic\\w*',
  'krampfanfall',
  'krampft',
  'epileptische\\w* anfall',
  'zuckt am ganzen korper',
);

function seizure(t: string): Level | null {
  if (!re(`\\b${SEIZURE}`).test(t)) return null;
  if (ABOUT.test(t) && !PERSONAL.test(t) && !PRESENT.test(t)) return null;
  if (!PERSONAL.test(t) && !PRESENT.test(t) && /\?\s*$/.test(t)) return null;
  return 'acute';
}

// ---- thunderclap headache
const THUNDERCLAP = any(
  "worst (?:headache|head pain|pain in (?:my|his|her) head)(?: (?:of|in) (?:my|his|her|their) (?:life|lives)|(?: [\\w']+){0,3} ever)",
  '(?:explosive|thunderclap|blinding|excruciating) headache',
  'headache (?:during|after|at|while having) (?:sex|orgasm|climax|intercourse)',
  '(?:sudden\\w*|abrupt\\w*) (?:\\w+ )?(?:severe|excruciating|explosive|intense|terrible|splitting|blinding|agonising|agonizing|awful) headache',
  '(?:severe|excruciating|explosive|intense|blinding) headache (?:that )?(?:came on |started |hit )?(?:suddenly|out of nowhere|in (?:a |one )?(?:second|seconds|minute))',
  'headache (?:came on|started|hit(?: me)?) (?:suddenly|out of nowhere|like a thunderclap|in seconds|within (?:a|one) minute|like being hit)',
  "like (?:being|i was|he was|she was|i'd been|i had been|getting) (?:hit|struck|kicked|punched|whacked)(?: \\w+){0,2} (?:on|in|at) (?:the )?(?:back of (?:the |my |his |her )?)?head",
  'thunderclap headache',
  'like a (?:bomb|explosion|gunshot|thunderclap|clap of thunder|bat|hammer)',
  'headache (?:exploded|came on like|hit like)',
  'peor dolor de cabeza de (?:mi|su) vida',
  'dolor de cabeza (?:repentino|subito|de golpe|explosivo)',
  'schlimmste\\w* kopfschmerz\\w*',
  'vernichtungskopfschmerz\\w*',
  'donnerschlagkopfschmerz\\w*',
  'plotzlich\\w* (?:\\w+ )?(?:starke|heftige|extreme|unertragliche) kopfschmerz\\w*',
  // the same in French, Italian, Portuguese, Dutch and Afrikaans (blind round 9: "die ergste hoofpyn van sy lewe")
  'pire mal de tete de (?:ma|sa|leur) vie',
  'mal de tete (?:brutal|soudain|explosif|en coup de tonnerre)',
  'peggior\\w* mal di testa (?:della|di) (?:mia|sua) vita',
  'mal di testa (?:improvviso|esplosivo|a rombo di tuono)',
  'pior dor de cabeca da (?:minha|sua) vida',
  'dor de cabeca (?:subita|repentina|explosiva)',
  'ergste hoofd?p(?:ij|y)n (?:\\w+ ){0,2}(?:van|uit) (?:mijn|zijn|haar|my|sy|haar) (?:leven|lewe)',
  'plotseling\\w* (?:\\w+ )?(?:hevige|ergste|ondraaglijke) hoofdpijn',
  '(?:skielik|plotseling) (?:\\w+ ){0,3}ergste hoofd?p(?:ij|y)n',
);

function thunderclap(t: string): Level | null {
  if (!re(`\\b${THUNDERCLAP}`).test(t)) return null;
  if (/\bthunderclap headache\b/.test(t) && !PERSONAL.test(t) && !PRESENT.test(t)) return null;
  if (ABOUT.test(t) && !PERSONAL.test(t)) return null;
  return 'acute';
}

// ---- local anaesthetic systemic toxicity: after a dental block or infiltration, the early signs together (numbness
// round the mouth, a metallic taste, tinnitus, twitching, agitation) precede seizures and arrhythmias (Association of
// Anaesthetists, AAGBI Safety Guideline: Management of severe local anaesthetic toxicity, 2010: stop the injection,
// call for help, lipid emulsion 20% 1.5 mL/kg; blind round 9)
const LAST_SIGN = [
  /\b(?:peri-?oral|circumoral|circum-oral) (?:numbness|tingling|paraesth\w*|paresth\w*)\b|\bnumb\w* (?:round|around) (?:the |his |her |my )?(?:whole )?(?:mouth|lips)\b/,
  /\bmetallic taste\b/,
  /\btinnitus\b|\bringing in (?:the |his |her |my )?ears\b/,
  /\btwitch\w*\b|\bmuscle jerks?\b/,
  /\b(?:getting |very |now )?agitated\b|\bslurr\w*\b/,
];
const LA_CONTEXT =
  /\b(?:local an(?:a)?esthetic|local|nerve block|dental block|ianb|inferior alveolar|infiltrat\w*|carts?|cartridges?|epidural|spinal|regional block|block)\b/;
function localAnaestheticToxicity(t: string): Level | null {
  if (!LA_CONTEXT.test(t) || ABOUT.test(t)) return null;
  return LAST_SIGN.filter((r) => r.test(t)).length >= 3 ? 'acute' : null;
}

// ---- too much for too long: paracetamol over its daily maximum day after day, weekly methotrexate taken daily
/** Said to have gone on for more than one day. */
const SUSTAINED = any(
  'for (?:\\d+|a|two|three|four|five|several|a few|the (?:last|past) (?:\\d+|few|two|three)) (?:days?|weeks?)',
  'since (?:yesterday|last \\w+|monday|tuesday|wednesday|thursday|friday|saturday|sunday|the weekend|\\d+ days)',
  '(?:\\d+|two|three|four|five) days (?:now|running|in a row)',
  'all (?:week|weekend)',
  'every day',
  'day(?:s)? (?:now|in a row)',
);
const METHOTREXATE = any(
  'methotrexate',
  'methotrexat',
  'metotrexato',
  'mtx',
  'metoject',
  'maxtrex',
  'trexall',
  'otrexup',
  'rasuvo',
  'jylamvo',
  'nordimet',
);
const TAKEN_DAILY = any(
  'every ?day',
  'daily',
  'each day',
  'once a day',
  'every (?:morning|night|evening)',
  '(?:\\d|two|three) times a day',
);
const NOT_WEEKLY = any(
  '(?:instead of|rather than|not|meant to be|supposed to be|should be|should have been|prescribed)(?: \\w+){0,3} (?:once )?(?:a |per |each )?week(?:ly)?',
  'by mistake',
  'mouth (?:ulcers?|sores?)',
  'bruis\\w*',
  'bleeding gums',
  'sore throat',
);

/** A child's fever medicine: paracetamol (at least 4 hours apart, 4 doses a day) or ibuprofen (3 a day). */
const CHILD_ANALGESIC = any(
  'paracetamol',
  'acetaminophen',
  'calpol',
  'tylenol',
  'panadol',
  'ibuprofen',
  'nurofen',
  'motrin',
  'advil',
  'fever medicine',
  'infant (?:paracetamol|ibuprofen|suspension)',
);
const TOO_OFTEN = any(
  'every (?:1|2|3|one|two|three|1[.,]5|half an?|couple of) ?(?:hours?|hrs?|h)',
  'every hour',
  'hourly',
);
const DOSE_COUNT = /\b([5-9]|1\d) (?:doses|times)\b/;
const CHILD_WEIGHT = /\b(?:[3-9]|[12]\d)(?:[.,]\d)? ?kg\b/;

/** A child given a fever medicine far more often than its label allows (a misread syringe, every two hours). */
function childDoseExcess(t: string): Level | null {
  const child = re(`\\b${CHILD}\\b`).test(t) || CHILD_WEIGHT.test(t);
  if (!child || !re(`\\b${CHILD_ANALGESIC}\\b`).test(t) || WATCH_FOR.test(t)) return null;
  if (
    re(
      `\\b(?:been |was |were |i'?ve been |we'?ve been |giving|gave|given)\\b(?:[^.?!]|[.,](?=\\d)){0,60}\\b${TOO_OFTEN}\\b`,
    ).test(t)
  )
    return 'acute';
  if (DOSE_COUNT.test(t) && re('\\b(?:since|in the last|today|last night|yesterday|in \\d+ hours|in a day)\\b').test(t))
    return 'acute';
  return null;
}

function doseExcess(t: string): Level | null {
  if (namesParacetamol(t) && !WATCH_FOR.test(t)) {
    const mg = dailyTotal(t);
    // above the daily maximum day after day, or so far above it (6 g) that one day matters: urgent assessment; the
    // answer still follows (the limits and what to do)
    if (mg !== null && mg > PARACETAMOL_DAILY_MAX_G * 1000 && (re(`\\b${SUSTAINED}\\b`).test(t) || mg >= 6000))
      return 'lead';
  }
  if (re(`\\b${METHOTREXATE}\\b`).test(t) && re(`\\b${TAKEN_DAILY}\\b`).test(t) && re(`\\b${NOT_WEEKLY}`).test(t))
    return 'acute';
  return null;
}

const RULES: { category: TriageCategory; id?: string; run: (t: string, namesDrug: boolean) => Level | null }[] = [
  { category: 'self_harm', run: selfHarm },
  { category: 'child_ingestion', run: childIngestion },
  { category: 'overdose', run: overdose },
  { category: 'overdose', id: 'dose_excess', run: doseExcess },
  { category: 'child_ingestion', id: 'child_dose_excess', run: childDoseExcess },
  { category: 'anaphylaxis', run: anaphylaxis },
  { category: 'chest_pain', run: chestPain },
  { category: 'stroke', run: stroke },
  { category: 'respiratory_depression', run: breathing },
  { category: 'bleeding', run: bleeding },
  { category: 'serotonin_toxicity', run: serotonin },
  { category: 'hypoglycaemia', run: hypoglycaemia },
  { category: 'seizure', run: seizure },
  { category: 'thunderclap_headache', run: thunderclap },
  { category: 'critical_illness', id: 'local_anaesthetic_toxicity', run: localAnaestheticToxicity },
];

/** History ("had a stroke in 2019", "a seizure 3 years ago") and nothing said to be happening now. */
export const isHistory = (t: string) => PAST.test(t) && !PRESENT.test(t);

/** Ingestions and intent still matter when told in the past tense; a symptom "years ago" is history. */
const ONGOING_EVEN_IF_PAST = new Set<TriageCategory>(['self_harm', 'overdose', 'child_ingestion']);

/** Every category whose rule fires on the normalised text. `namesDrug`: the question names a medicine we recognise. */
export function emergencyRules(normalised: string, namesDrug: boolean): RuleHit[] {
  const hits: RuleHit[] = [];
  const past = PAST.test(normalised) && !PRESENT.test(normalised);
  for (const r of RULES) {
    if (past && !ONGOING_EVEN_IF_PAST.has(r.category)) continue;
    const level = r.run(normalised, namesDrug);
    if (level) hits.push({ category: r.category, level, rule: r.id ?? r.category });
  }
  return hits;
}
