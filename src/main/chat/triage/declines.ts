/**
 * Requests the assistant does not help with, on the normalised text (normalize.ts): the phrasings below in English,
 * Spanish and German, and the structural reader (decline-structure.ts) that reads the same kinds by their parts in
 * every language with a word file (resources/triage/declines):
 * - illicit synthesis or extraction of controlled or dangerous substances;
 * - forged or altered prescriptions;
 * - beating a drug or doping test;
 * - getting prescription medicines without a prescriber (someone else's, by feigning symptoms, online without a
 *   script), or stopping them behind the prescriber's back — asking whether a medicine is sold without one is a question;
 * - recreational misuse: doses "to trip", "for a buzz", mixing for a high, defeating extended-release forms;
 * - giving someone a substance without their knowledge, or evading detection after death;
 * - anabolic steroid, SARM and clenbuterol cycles;
 * and one that is answered with advice rather than declined: keeping a supplement or drug from a surgeon or clinician
 * (the answer explains why to tell them, then answers the question).
 */
import {
  animalOnly,
  asksAbout,
  asksLawful,
  disbelieved,
  prescriberAlters,
  reportsOnCare,
  sanctioned,
  spotsForgery,
  structuralDecline,
} from './decline-structure.ts';

export type DeclineKind =
  | 'illicit_synthesis'
  | 'forged_prescription'
  | 'drug_test'
  | 'evade_care'
  | 'recreational_misuse'
  | 'harm_to_others'
  | 'performance_cycle'
  | 'hide_from_surgeon'
  | 'hide_from_clinician';

const re = (s: string) => new RegExp(s, 'i');
const any = (...xs: string[]) => `(?:${xs.join('|')})`;

const ILLICIT = any(
  'mdma',
  'ecstasy',
  'molly',
  'meth',
  'methamphetamine',
  'crystal meth',
  'amphetamines?',
  'speed',
  'fentanyl',
  'carfentanil',
  'heroin',
  'cocaine',
  'crack',
  'lsd',
  'dmt',
  'ghb',
  'gbl',
  'ketamine',
  'pcp',
  'mescaline',
  'psilocybin',
  'opium',
  'morphine',
  'codeine',
  'oxycodone',
  'dxm',
  'dextromethorphan',
  'ricin',
  'sarin',
  'nerve agents?',
  'cyanide',
  'mephedrone',
  'bath salts',
  'synthetic cannabinoids?',
  'spice',
  'nitazenes?',
  'bromazolam',
  'rohypnol',
  'flunitrazepam',
  'date rape drugs?',
  'anabolic steroids?',
  'steroids',
  'trenbolone',
  'testosterone',
  'nandrolone',
  'ephedrine',
  'pseudoephedrine',
  'p2p',
  'safrole',
  'precursors?',
  'thc (?:oil|wax|shatter)',
  'hash oil',
  'bho',
  'metanfetamina',
  'anfetaminas?',
  'cocaina',
  'heroina',
  'codeina',
  'morfina',
  'fentanilo',
  'ketamina',
  'metamfetamin',
  'amphetamin',
  'crystal',
  'kokain',
  'kodein',
  'morphin',
  'ketamin',
  'heroin',
);
const MAKE = any(
  'synthes\\w+',
  'synthesiz\\w+',
  'make',
  'making',
  'made at home',
  'cook',
  'cooking',
  'manufactur\\w+',
  'produce',
  'producing',
  'brew',
  'brewing',
  'extract\\w*',
  'isolate',
  'isolating',
  'refine',
  'refining',
  'purify',
  'purifying',
  'home ?lab',
  'recipe for',
  'precursor',
  'convert',
  'turn .{0,20} into',
  'cold water extraction',
  'shake and bake',
  'grow(?:ing)? .{0,20} at home',
  'sintetizar',
  'fabricar',
  'cocinar',
  'extraer',
  'preparar',
  'elaborar',
  'herstellen',
  'synthetisieren',
  'kochen',
  'extrahieren',
  'gewinnen',
  'selber machen',
  'selbst herstellen',
);
const FROM_PRODUCT = any(
  'from (?:cough (?:syrup|medicine)|co-?codamol|tylenol (?:3|#3|with codeine)|nurofen plus|sudafed|cold medicine|poppy (?:seeds|pods)|poppies|pills|tablets)',
  'out of (?:cough syrup|pills|tablets|co-?codamol|tylenol)',
  'del? (?:jarabe|pastillas)',
  'aus (?:dem )?(?:hustensaft|tabletten)',
);

const FORGE = any(
  '(?:forge|forging|forged|fake|faking|faked|falsif\\w+|counterfeit|doctor|alter|altering|edit|editing|photoshop\\w*|tamper with) (?:a |an |my |the |own |your |his |her |some )?(?:own )?(?:prescription|script|rx|receta|rezept)\\w*',
  "(?:fake|forged|false|counterfeit|altered|photoshopped) (?:prescription|script|rx|receta|rezept|sick note|doctor'?s note)\\w*",
  'write (?:my|myself|a) (?:own )?(?:prescription|script)s?(?! for)',
  'write myself a (?:prescription|script)',
  'prescription pads?',
  "(?:copy|fake|forge) (?:a |the |my )?doctor'?s signature",
  'change the (?:dose|quantity|number) on (?:my|the|a) (?:prescription|script)',
  'change (?:the )?\\d+\\w* to (?:a )?\\d+\\w*[^.?!]{0,30}(?:script|prescription|rx)',
  'make it look (?:like )?(?:a )?real',
  // asking the assistant to write one ("can you write me a prescription for amoxicillin") is a question it answers
  // (it cannot prescribe); a fake or convincing one is a forgery
  'write me a (?:fake|forged|false|bogus|realistic|convincing|real-looking) (?:private )?(?:prescription|script)',
  // one in a named doctor's name, or to hand in at a pharmacy, is a forgery
  'write me a (?:private )?(?:prescription|script)[^.?!]{0,40}\\b(?:from|signed by|in the name of|under|as) (?:dr|doctor)\\b',
  'write me a (?:private )?(?:prescription|script)[^.?!]{0,60}\\bso (?:i|we) can (?:take|hand|give|bring) it (?:in )?to\\b',
  'falsificar (?:una |la )?receta',
  'receta falsa',
  'rezept (?:falschen|gefalscht|fälschen)',
  'gefalscht\\w* rezept',
);

const TEST = any(
  'drug',
  'doping',
  'urine',
  'piss',
  'pee',
  'hair',
  'saliva',
  'tox(?:icology)?',
  'dot',
  'pre-?employment',
  'workplace',
  'probation',
  'wada',
  'antidoping',
  'anti-doping',
  'drogas',
  'orina',
  'droga',
  'drogen',
  'doping',
  'urin',
);
const BEAT = any(
  'verstecken',
  'cacher',
  'nascondere',
  'esconder',
  'pass(?:es|ing)?',
  'beat\\w*',
  'cheat\\w*',
  'fool\\w*',
  'trick\\w*',
  'mask\\w*',
  'hid(?:e|es|ing)',
  'get (?:through|past|around|away with)',
  'avoid (?:failing|testing positive)',
  'not show up',
  'clean (?:for|before)',
  'flush (?:out )?(?:my system|it)',
  'detox (?:for|before|to pass)',
  'test negative',
  'pasar',
  'enganar',
  'superar',
  'bestehen',
  'umgehen',
  'austricksen',
  'verschleiern',
);

/** Medicines people seek without a prescriber because they are controlled or misused. */
const CONTROLLED = any(
  'tramadol',
  'tilidin\\w*',
  'oxy\\w*',
  'percs?',
  'percocet',
  'codeine',
  'codeina',
  'kodein',
  'morphine',
  'oramorph',
  'fentanyl',
  'hydrocodone',
  'norco',
  'vicodin',
  'methadone',
  'buprenorphine',
  'subutex',
  'xanax',
  'xans?',
  'bars',
  'alprazolam',
  'clonazepam',
  'klonopin',
  'rivotril',
  'diazepam',
  'valium',
  'lorazepam',
  'ativan',
  'benzos?',
  'zopiclone',
  'zolpidem',
  'ambien',
  'adderall',
  'ritalin',
  'vyvanse',
  'modafinil',
  'gabapentin',
  'pregabalin',
  'lyrica',
  'ketamine',
  'sildenafil',
  'viagra',
  // other languages' spellings and other brands (2026-11-28, blind round 4)
  'concerta',
  'ossicodon\\w*',
  'oxicodon\\w*',
  'tramadolo',
  'tramal',
  'morfin\\w*',
  'codein\\w*',
  'rivotril',
  'tavor',
  'orfidal',
  'lexotan',
  'loperamide',
  'imodium',
  'promethazine',
  'phenergan',
  'dxm',
  'dextromethorphan',
);
/** A controlled medicine without a prescription (a purchase the law allows, asked about, is a question: asksLawful). */
const NO_SCRIPT_CONTROLLED = re(
  `\\b(?:without (?:a |any )?(?:prescription|script|rx)|sin receta|ohne rezept|sans ordonnance|senza ricetta|sem receita)\\b[^.?!]{0,60}\\b(?:${CONTROLLED})\\b|\\b(?:${CONTROLLED})\\b[^.?!]{0,60}\\b(?:without (?:a |any )?(?:prescription|script|rx)|sin receta|ohne rezept|sans ordonnance|senza ricetta|sem receita)\\b`,
);
const EVADE = [
  re(
    "\\bwithout (?:a |any )?(?:doctor'?s? (?:note|approval|knowledge|visit)|seeing (?:a |my |the )?(?:doctor|gp|physician|clinician))\\b",
  ),
  re(
    '\\b(?:order|ship\\w*|online|dark ?web|dealer|vendor)\\b[^.?!]{0,50}\\bwithout (?:a |any )?(?:prescription|script|rx)\\b',
  ),
  re(
    '\\bhow (?:can|do|could|would) (?:i|we|you) (?:get|obtain|buy|order|source|get hold of)\\b[^.?!]{0,40}\\bwithout (?:a |any )?(?:prescription|script|rx)\\b',
  ),
  // someone else's medicine, feigned symptoms, one script filled twice
  re(
    "\\b(?:nan|nana|gran|granny|grandma|grandpa|grandad|mum|mom|dad|mother|father|friend|mate|brother|sister|wife|husband|partner|roommate|flatmate)'?s\\b[^.?!]{0,60}\\b(?:can i (?:take|have|use|borrow|nick)|(?:take|have|borrow) (?:a bit|some|a few)|won'?t miss)",
  ),
  re(
    '\\bwhat (?:symptoms|should i (?:say|tell)|do i (?:say|tell)|to say)\\b[^.?!]{0,60}\\b(?:so|to get|to make)\\b[^.?!]{0,40}\\b(?:prescrib\\w*|give me|gives me|get)\\b',
  ),
  re(
    '\\b(?:photocop\\w*|copy|scan)\\b[^.?!]{0,30}\\b(?:script|prescription|rx)\\b[^.?!]{0,60}\\b(?:twice|again|two|2|second|another|several|different|multiple|reuse|re-use|more than once)\\b|\\bfill (?:it|them|my \\w+) at (?:two|2|several|different|multiple) (?:different )?(?:pharmacies|chemists)\\b',
  ),
  re('\\b(?:no|non)[- ]prescription (?:source|supplier|pharmacy|pharmacies)\\b'),
  re(
    '\\b(?:avoid|skip|instead of) (?:seeing|going to|visiting|calling) (?:a |the |my )?(?:doctor|gp|physician|hospital|er|a&e|emergency(?: room| department)?|clinic)\\b',
  ),
  // where to buy a controlled or illicit drug, or a medicine without a prescription, or to "score" ("where can I buy
  // vitamin D" is a question)
  re(
    `\\bwhere (?:can|do|could|should) (?:i|we|you) (?:(?:buy|get|order|source|find)\\b[^.?!]{0,40}\\b(?:${CONTROLLED}|${ILLICIT}|without (?:a |any )?(?:prescription|script|rx)|no[- ]prescription)\\b|score\\b)`,
  ),
  re('\\b(?:buy|order|purchase|source|score)\\b[^.?!]{0,40}\\b(?:dark ?web|from a dealer|on the street)\\b'),
  re('\\b(?:stop|quit|come off)\\b[^.?!]{0,30}\\bwithout (?:telling|asking|my (?:doctor|gp|psychiatrist))\\b'),
  // passing on a controlled medicine; feigned symptoms; pills disguised; buying one without a prescription
  re(
    `^(?=[\\s\\S]*\\b(?:${CONTROLLED})\\b)(?=[\\s\\S]*\\b(?:give|share|spare|sell|pass on)\\b)[\\s\\S]*\\b(?:mate|friend|buddy|pal|coworker|colleague|flatmate|roommate|brother|sister|cousin)\\b[^.?!]{0,30}\\b(?:wants?|asked|asking|needs?)\\b`,
  ),
  re('\\bmake\\b[^.?!]{0,30}\\blook like\\b[^.?!]{0,30}\\b(?:vitamins?|sweets|candy|supplements?|mints)\\b'),
  re(
    `\\b(?:comprar|conseguir|acheter|avoir|kaufen|bekommen|comprare|avere)\\b[^.?!]{0,40}\\b(?:${CONTROLLED})\\b[^.?!]{0,30}\\b(?:sin receta|sans ordonnance|ohne rezept|senza ricetta|sem receita)\\b`,
  ),
];
/** Feigned symptoms for a prescription; a patient who is not believed ("my GP thinks I'm exaggerating") is not feigning. */
const FEIGN = re(
  '\\b(?:fake|faking|feign\\w*|pretend\\w*|exaggerat\\w*)\\b[^.?!]{0,40}\\b(?:symptoms?|pain|adhd|anxiety|insomnia|depression)\\b[^.?!]{0,60}\\b(?:to get|so (?:i|they|the doctor|my doctor)|prescri\\w*)',
);
/** Selling a controlled medicine or a prescription, or asking its street value. */
const SELLS = re(
  `\\b(?:sell|selling|resell\\w*|street (?:value|price))\\b[^.?!]{0,40}\\b(?:${CONTROLLED}|pills|tablets|meds|script|prescription)\\b|\\b(?:${CONTROLLED})\\b[^.?!]{0,40}\\b(?:sell|street (?:value|price))\\b`,
);

/** Someone else selling ("my son might be selling his Ritalin", "people sell Xanax online"): a worry, not a request. */
const OTHER_SELLS =
  /\b(?:my (?:\w+ ){0,2}(?:son|daughter|child|kid|teen\w*|partner|husband|wife|boyfriend|girlfriend|brother|sister|friend|flatmate|roommate|mum|mom|dad|patient|student)s?|he|she|they|someone|somebody|people|dealers?|students|kids)(?:'s| is| are| was| were| has been| have been| keeps?| might be| may be| could be)? (?:\w+ )?(?:sell|selling|sold|sells)\b/;

/** Doses or mixtures sought for the effect itself, in several languages. */
const MISUSE = [
  re(
    '\\b(?:how (?:much|many)|what dose|what doses|good amount|amount|dose|doses|mg|ml)\\b[^.?!]{0,60}\\b(?:to trip|for a trip|to get high|get me high|for a (?:\\w+ )?(?:buzz|high|nod)|to nod(?! off)|to roll|for fun|recreational\\w*|to feel (?:high|euphoric|fucked)|for a first timer|to get (?:fucked up|wasted|zooted|stoned))\\b',
  ),
  re(
    '\\b(?:for a (?:\\w+ )?(?:buzz|nod|high)|to trip|to get high|recreational\\w*)\\b[^.?!]{0,60}\\b(?:how (?:much|many)|what doses?|doses?|mg)\\b',
  ),
  re(
    '\\b(?:comedown|come ?down|come-?up|plateau)\\b[^.?!]{0,60}\\b(?:molly|mdma|bars|xans?|ket|k|coke|pills)\\b|\\b(?:molly|mdma|bars|xans?|ket|coke)\\b[^.?!]{0,60}\\b(?:comedown|come ?down|come-?up)\\b',
  ),
  re('\\b(?:lean|purple drank|sizzurp)\\b[^.?!]{0,60}\\b(?:first timer|how much|amount|sprite|ratio)\\b'),
  re(
    '\\b(?:snort|sniff|insufflat\\w*|inject|shoot up|plug|boof|smoke)\\w*\\b[^.?!]{0,40}\\b(?:crushed|beads|tabs?|pills?|oxy\\w*|adderall|percs?|bars|morphine|fentanyl|patch|ritalin|vyvanse|xr|er|sr)\\b',
  ),
  re(
    '\\bcrush\\w*\\b[^.?!]{0,40}\\b(?:oxycontin|mst|xr|er|sr|mr|extended[- ]release|slow[- ]release)\\b|\\b(?:turn|turning) (?:in)?to (?:a )?gel\\b|\\babuse[- ]deterrent\\b|\\bchew\\w* (?:a |the )?(?:fentanyl )?patch',
  ),
  // the effect sought, however it is said: "an opioid high", "more of a buzz", nasha (Hindi), ficar chapado (pt)
  re(
    '\\b(?:to|for|get|getting|gets|more of) (?:an? )?(?:\\w+ )?(?:high|buzz|nod|stoned|wasted|zooted)\\b(?! (?:off|blood pressure|bp|doses?|cholesterol|fever|temperature|risk|school|sugars?|levels?|potassium|protein|fib(?:re|er)|quality|calorie|energy))',
  ),
  re('\\bnash(?:a|e|ey)\\b[^.?!]{0,40}\\b(?:kare|karna|karte|ke liye|hota|chahiye)\\b|\\b(?:se|ka|ki) nash(?:a|e)\\b'),
  re('\\b(?:pra|para) ficar (?:doidao|chapado|loucao|louco|alto|brisado)\\b'),
  re(
    `\\b(?:snort\\w*|sniff\\w*|insufflat\\w*|boof\\w*|shoot(?:ing)? up)\\b[^.?!]{0,40}\\b(?:${CONTROLLED}|crushed|pills?|tabs?|meds|powder)\\b`,
  ),
  re(
    '\\b(?:pour (?:bien )?planer|pour (?:etre|être) (?:defonce|high)|para (?:colocarme|drogarme|ponerme)|pra ficar (?:doidao|chapado|loucao)|per sballare|um high zu werden|um drauf zu kommen)\\b',
  ),
];

/** Giving a person something without their knowledge, or escaping detection afterwards. */
const COVERT = any(
  'without (?:him|her|them|my \\w+) (?:knowing|noticing|finding out)',
  "and (?:won'?t|wont|will not) (?:know|notice|find out)",
  "(?:he|she|they) (?:won'?t|wont|will not|doesn'?t need to|does not need to) (?:know|notice|find out)",
  "(?:doesn'?t|does not|don'?t) need to know",
  'without telling (?:him|her|them)',
  'secretly',
  'behind (?:his|her|their) back',
  "so (?:he|she|they) (?:won'?t|wont) (?:know|notice)",
  'senza che se ne accorga',
  'senza dirglielo',
  'sin que (?:se entere|lo sepa|se de cuenta)',
  'sem que (?:ele|ela) (?:saiba|perceba)',
  "sans qu'(?:il|elle) (?:le sache|s'en rende compte)",
  'ohne dass (?:er|sie) es (?:merkt|weiss)',
);
const HARM = [
  re(
    `\\b(?:put|slip|add|mix|crush|dissolve|hide|give|get)\\b[^.!]{0,80}\\b(?:food|drink|coffee|tea|meal|juice|water|dinner|breakfast|cibo|bevanda|caffe|comida|bebida|cafe)\\b.{0,100}?\\b${COVERT}`,
  ),
  re(`\\b${COVERT}\\b[^.?!]{0,80}\\b(?:put|slip|add|mix|crush|give)\\b`),
  re(
    `\\b(?:far prendere|dar(?:le)?|give)\\b[^.?!]{0,40}\\b(?:farmaco|medicamento|medicine|drug|pill)\\b[^.?!]{0,60}\\b${COVERT}`,
  ),
  // a drug to kill, poison, spike or subdue someone, or to keep a dependent person quiet
  re(
    '\\b(?:kill|murder|poison|knock out|incapacitate)\\b[^.?!]{0,30}\\b(?:someone|somebody|a person|people|him|her|them|my (?:wife|husband|partner|boss|neighbou?r|mum|mom|dad|mother|father|gran\\w*|grand\\w*))\\b',
  ),
  re('\\bspik(?:e|es|ed|ing)\\b[^.?!]{0,30}\\b(?:drinks?|coffee|food|someone|somebody|her|him|them)\\b'),
  re(
    '\\b(?:so|to make|to keep|and keep) (?:she|he|they|her|him|them) (?:stays?|keeps?|is|are|be|stay|keep) (?:quiet|asleep|calm|docile|sedated|out of it|compliant)\\b',
  ),
  re(
    `\\b(?:le doy|darle|dar(?:le)? a|donner a|dare a|geben)\\b[^.?!]{0,60}\\b${COVERT}|\\b${COVERT}\\b[^.?!]{0,40}\\b(?:le doy|darle|donner|dare|geben)\\b`,
  ),
  re(
    "\\b(?:undetectable|untraceable|not detectable|(?:not|wont|won'?t) (?:be )?(?:detected|traced)|without (?:it )?(?:showing up|being detected|leaving a trace))\\b[^.?!]{0,60}\\b(?:someone|a person|person|elderly|him|her|them|autopsy|body|kill)\\b|\\b(?:kill|someone|a person)\\b[^.?!]{0,60}\\bwithout (?:it )?(?:showing up|being detected|a trace)\\b",
  ),
  re(
    "\\b(?:wouldn'?t|would not|won'?t|doesn'?t|not) (?:show up|be detected|be found)\\b[^.?!]{0,40}\\b(?:autopsy|post[- ]?mortem|tox(?:icology)? screen)|\\b(?:untraceable|undetectable) (?:poison|drug)|\\b(?:poison|drug|substance)s? (?:is|are|that is|thats|that'?s|would be) (?:untraceable|undetectable)\\b|\\b(?:fatal|lethal) .{0,40}\\b(?:autopsy|post[- ]?mortem)\\b",
  ),
];

/** Anabolic steroid, SARM and clenbuterol cycles (testosterone on a prescription for low testosterone is a question). */
const PED = any(
  'tren\\w*',
  'deca',
  'nandrolone',
  'dbol',
  'dianabol',
  'anavar',
  'oxandrolone',
  'winstrol',
  'winny',
  'stanozolol',
  'durateston',
  'sustanon',
  'test ?[ec]',
  'test (?:enanthate|cypionate|prop\\w*)',
  'clen',
  'clenbuterol',
  'sarms?',
  'ostarine',
  'rad ?-?140',
  'lgd',
  'mk ?-?677',
  'epo',
  'anabolic\\w*',
  'steroids?',
  'gear',
);
const CYCLE = any(
  'microdos\\w*',
  'protocol',
  'stack',
  'kuru',
  'cycle',
  'cycles',
  'pct',
  'post[- ]cycle',
  'blast',
  'cruise',
  'to cut',
  'cutting',
  'to bulk',
  'bulking',
  'first cycle',
  'ciclo',
  'ciclos',
  'cure',
  'kur',
  'ai dose',
  'mg ?/ ?wk',
  'ml por semana',
  'run \\w+ alongside',
  'alongside',
);
const PERFORMANCE = re(`\\b${PED}\\b[^.?!]{0,80}\\b${CYCLE}\\b|\\b${CYCLE}\\b[^.?!]{0,80}\\b${PED}\\b`);

const CLINICIAN = any(
  'doctor',
  'gp',
  'physician',
  'pharmacist',
  'nurse',
  'psychiatrist',
  'cardiologist',
  'dentist',
  'oncologist',
  'care team',
  'medico',
  'doctora?',
  'arzt',
  'arztin',
  'hausarzt',
);
const SURGEON = any(
  'surgeon',
  'surgical team',
  'anaesthetist',
  'anesthetist',
  'anesthesiologist',
  'anaesthesiologist',
  'cirujano',
  'cirujana',
  'anestesista',
  'chirurg\\w*',
  'anasthesist\\w*',
);
const HIDE = any(
  'hide',
  'hiding',
  'conceal',
  'concealing',
  'keep (?:it |this )?(?:secret )?from',
  'not (?:tell|telling|mention|mentioning|disclose|disclosing|say|saying)',
  "don'?t (?:tell|mention|disclose|say)",
  "(?:don'?t|do not|not|never) (?:want|wish|plan|intend|going|like) to (?:tell|mention|say|disclose|admit)",
  "keep (?:[\\w']+ ){0,4}(?:a )?secret (?:from)?",
  "(?:not|never|don'?t) let (?:\\w+ )?know",
  'rather not (?:tell|say|mention)',
  'no (?:\\w+ )?(?:decir\\w*|contar\\w*)',
  'without (?:telling|informing)',
  'need to (?:tell|mention|disclose)',
  'have to (?:tell|mention|disclose)',
  'should i (?:tell|mention|disclose)',
  'do i (?:have|need) to (?:tell|mention|say)',
  'ocultar',
  'no decir\\w*',
  'no contar\\w*',
  'sin decir\\w*',
  'verschweigen',
  'nicht (?:sagen|erzahlen)',
  'verheimlichen',
  'muss ich .{0,30} sagen',
);

export function declineKind(t: string): DeclineKind | null {
  if (
    re(`\\b${MAKE}`).test(t) &&
    (re(`\\b${ILLICIT}\\b`).test(t) || re(FROM_PRODUCT).test(t)) &&
    !re('\\b(?:body|liver|kidneys?|naturally|how is .{0,30} made in the body)\\b').test(t) &&
    re(
      '\\b(?:how|steps|recipe|guide|instructions|can i|could i|want to|way to|como|wie|anleitung|quiero|best way|easiest)\\b',
    ).test(t)
  )
    return 'illicit_synthesis';
  // what the request seeks, read by its parts in any language with a word file (decline-structure.ts); giving someone
  // a drug covertly comes first, as it does in safety.ts
  const structural = structuralDecline(t);
  if (structural === 'harm_to_others') return structural;
  if (re(`\\b${FORGE}`).test(t) && !asksAbout(t) && !prescriberAlters(t) && !spotsForgery(t))
    return 'forged_prescription';
  if (
    re(
      `\\b${BEAT}\\b[^.?!]{0,50}\\b${TEST}\\b[^.?!]{0,12}\\b(?:tests?|screens?|screening|controls?|kontrolle|control|test|examen|analisis|probe)\\b`,
    ).test(t) ||
    re(`\\b(?:${TEST}) ?(?:tests?|screens?|kontrolle)\\b[^.?!]{0,70}\\b${BEAT}\\b`).test(t) ||
    re(
      `\\b(?:hair|urine|drug|piss|pee) ?tests?\\b[^.?!]{0,80}\\b(?:bleach\\w*|detox\\w*|flush\\w*)\\b|\\bhow long before (?:a |the |my )?(?:${TEST}) ?tests?\\b[^.?!]{0,40}\\bstop\\b`,
    ).test(t) ||
    re(
      `\\b${BEAT}\\b[^.?!]{0,30}\\b(?:test|prueba|examen|control|analisis|screen)s? (?:de|del|for|fur|auf) (?:las? |los )?${TEST}\\b`,
    ).test(t) ||
    // a test that should "not pick up" a drug; a weigh-in or a biological passport to get past
    re(`\\b(?:${TEST}) ?tests?\\b[^.?!]{0,40}\\bnot (?:pick(?:ing)? up|detect\\w*|show\\w*|find)\\b`).test(t) ||
    re(
      `\\b${BEAT}\\b[^.?!]{0,60}\\b(?:weigh-?ins?|bio(?:logical)? ?passport|doping ?(?:control|kontrolle|test)s?)\\b`,
    ).test(t) ||
    re(
      "\\b(?:synthetic|fake|clean|someone else'?s) (?:urine|pee|piss)\\b|\\bdetox (?:drinks?|kits?)\\b|\\bdrogentest bestehen\\b",
    ).test(t)
  )
    return 'drug_test';
  const hiding =
    re(
      `\\b${HIDE}\\b[^.?!]{0,60}\\b(?:${SURGEON}|${CLINICIAN})\\b|\\b(?:${SURGEON}|${CLINICIAN})\\b[^.?!]{0,40}\\b(?:know|find out|saber|wissen)\\b`,
    ).test(t) ||
    (re(`\\b(?:tell|mention|disclose) (?:my |the )?(?:${SURGEON}|${CLINICIAN})\\b`).test(t) &&
      re('\\b(?:should|do i|have to|need to|must)\\b').test(t));
  // asking what to tell them ("what should I tell my doctor about the side effects") is not keeping anything back
  const whatToSay =
    re('\\b(?:what|which)\\b[^.?!]{0,30}\\b(?:should|do|must|can) i (?:tell|mention|say|disclose)\\b').test(t) &&
    !re(
      "\\b(?:(?:not|never|don'?t|avoid) (?:\\w+ )?(?:tell|telling|mention|mentioning|say|saying|let|letting)|hide|hiding|secret\\w*|without (?:telling|them|him|her)|find out)\\b",
    ).test(t);
  // a nurse or carer asking whether to tell the GP about a resident's refused dose reports on someone's care: nothing
  // of the writer's own is being kept back, unless the message says so
  const reportOnly =
    reportsOnCare(t) &&
    !re(
      "\\b(?:hide|hiding|conceal\\w*|secret\\w*|(?:not|never|don'?t|avoid) (?:\\w+ )?(?:tell|telling|mention|mentioning|say|saying|let|letting)|without (?:telling|informing)|ocultar|no decir\\w*|no contar\\w*|sin decir\\w*|verschweigen|verheimlichen|nicht (?:sagen|erzahlen))\\b",
    ).test(t);
  if (hiding && !whatToSay && !reportOnly)
    return re(`\\b${SURGEON}\\b|\\b(?:surgery|operation|operacion|cirugia|operation|op)\\b`).test(t)
      ? 'hide_from_surgeon'
      : 'hide_from_clinician';
  // ("my dog ate ibuprofen, will it poison him": him is the dog; harming an animal is read by the structure, with a motive)
  if (HARM.some((x) => x.test(t)) && !animalOnly(t) && !asksAbout(t) && !sanctioned(t)) return 'harm_to_others';
  if (PERFORMANCE.test(t)) return 'performance_cycle';
  if (MISUSE.some((x) => x.test(t))) return 'recreational_misuse';
  if (
    (EVADE.some((x) => x.test(t)) ||
      (NO_SCRIPT_CONTROLLED.test(t) && !asksLawful(t)) ||
      (FEIGN.test(t) && !disbelieved(t)) ||
      (SELLS.test(t) && !OTHER_SELLS.test(t))) &&
    !asksAbout(t)
  )
    return 'evade_care';
  return structural;
}
