/**
 * Medication-line parsing: one line of a medication list as records, letters, labels and patients write it
 * ("Simvastatin 40mg ON", "ATORVASTATIN CALCIUM 40 MG PO TABS", "co-codamol 30/500 1-2 QDS PRN", "timolol 0.5% eye
 * drops BD both eyes", "Lantus SoloStar 20 units nocte") split into what it says: strength, form, release, route,
 * frequency, status, and the words left over, which are the candidate name runs the resolver reads. Pure text work,
 * no database: reading the names is med-list.ts's job. Why a claim-based scan: doses, frequencies and forms are
 * closed vocabularies that can be recognised with certainty, while names are open; whatever is not recognised as
 * dose or instruction is a name candidate, so a new drug name needs no change here.
 */

export type Route =
  | 'oral'
  | 'ophthalmic'
  | 'otic'
  | 'inhaled'
  | 'topical'
  | 'transdermal'
  | 'subcutaneous'
  | 'intramuscular'
  | 'intravenous'
  | 'intrauterine'
  | 'vaginal'
  | 'rectal'
  | 'nasal'
  | 'sublingual';

export interface Strength {
  /** the first number ("40" of "40 mg"; "30" of "30/500") */
  value: number;
  /** every number of a strength pair or triple ("30/500" → [30, 500]) */
  values: number[];
  /** normalised unit ("mg", "mcg", "g", "mL", "units", "%", "mg/mL" …), null when the line gives none ("Metformin 500") */
  unit: string | null;
  text: string;
}

export interface NameRun {
  text: string;
  at: number;
  end: number;
  /** a number written right after the run ("Tylenol #3", "omega 3") */
  trailingNumber: string | null;
  /** true when the text between the previous run and this one joins ingredients ("/", "+", "&", "and", "with") */
  joined: boolean;
}

export interface ParsedLine {
  text: string;
  strength: Strength | null;
  /** dose per administration when the line gives a count ("1-2 tablets", "2 puffs", "20 units") */
  dose: string | null;
  form: string | null;
  release: string | null;
  route: Route | null;
  frequency: string | null;
  asNeeded: boolean;
  status: 'stopped' | 'held' | null;
  /** runs of words that are not dose or instruction: the candidate names, in order */
  runs: NameRun[];
  /** the line is a heading, an allergy or a note rather than a medicine ("Allergies: NKDA", "Review in 3 months") */
  note: boolean;
}

type Role = 'strength' | 'dose' | 'form' | 'release' | 'route' | 'frequency' | 'status' | 'noise' | 'number';
interface Claim {
  at: number;
  end: number;
  role: Role;
  value: string;
}

const NUM = String.raw`\d+(?:[.,]\d+)?`;
const MASS = String.raw`mg|mgs|milligrams?|mcg|mcgs|µg|μg|ug|micrograms?|g|gm|gms|grams?|ng|nanograms?|kg`;
const VOLUME = String.raw`ml|mls|millilit(?:re|er)s?|l|litres?|liters?`;
const AMOUNT = String.raw`${MASS}|${VOLUME}|units?|u|iu|i\.u\.|international units|mmol|meq|%|million cfu|billion cfu|cfu|mbq`;
const PER = String.raw`(?:\s*(?:\/|per)\s*(?:${NUM}\s*)?(?:ml|mls|g|dose|actuation|puff|spray|drop|hr|hrs|hour|h|24\s?h(?:rs?|ours?)?|day|kg|tab|tablet|cap|capsule|sachet|patch|vial|pen|l))?`;

const UNIT_NAMES: Record<string, string> = {
  mg: 'mg',
  mgs: 'mg',
  milligram: 'mg',
  milligrams: 'mg',
  mcg: 'mcg',
  mcgs: 'mcg',
  µg: 'mcg',
  μg: 'mcg',
  ug: 'mcg',
  microgram: 'mcg',
  micrograms: 'mcg',
  g: 'g',
  gm: 'g',
  gms: 'g',
  gram: 'g',
  grams: 'g',
  ng: 'ng',
  nanogram: 'ng',
  nanograms: 'ng',
  kg: 'kg',
  ml: 'mL',
  mls: 'mL',
  millilitre: 'mL',
  milliliter: 'mL',
  millilitres: 'mL',
  milliliters: 'mL',
  l: 'L',
  litre: 'L',
  liter: 'L',
  litres: 'L',
  liters: 'L',
  unit: 'units',
  units: 'units',
  u: 'units',
  iu: 'IU',
  'i.u.': 'IU',
  'international units': 'IU',
  mmol: 'mmol',
  meq: 'mEq',
  '%': '%',
  cfu: 'CFU',
  'million cfu': 'million CFU',
  'billion cfu': 'billion CFU',
  mbq: 'MBq',
};

/**
 * Levonorgestrel intrauterine systems sold by brand alone (UK, EU, US, AU, Nordic product information): the line is a
 * coil even when it does not say so, so the local-use cap and route conditions apply as to "levonorgestrel IUS".
 */
const DEVICE_BRANDS = /\b(?:mirena|kyleena|jaydess|levosert|liletta|skyla|benilexa|levonova)\b/;

const FORMS: [RegExp, string, Route | null][] = [
  [
    /\b(?:eye|ophthalmic|opth)\s*(?:drops?|gtts?|solution|soln|ointment|oint|gel)\b|\bgtts?\b/,
    'eye drops',
    'ophthalmic',
  ],
  // eye drops in Spanish, Portuguese, French, German and Italian
  [/(?<!\p{L})(?:colirio|col[ií]rio|collyre|augentropfen|collirio)(?!\p{L})/u, 'eye drops', 'ophthalmic'],
  [/\bear\s*drops?\b|\botic\s*(?:drops?|solution|suspension)\b/, 'ear drops', 'otic'],
  [/\bnasal\s*(?:spray|drops?|gel)\b/, 'nasal spray', 'nasal'],
  [
    /\b(?:inhaler|inh|mdi|pmdi|dpi|puffers?|evohaler|accuhaler|turbohaler|turbuhaler|diskus|ellipta|handihaler|respimat|breezhaler|genuair|spiromax|easyhaler|clickhaler|autohaler|nexthaler|aerosol inhaler|rotacaps?|inhalation (?:powder|aerosol|capsules?))\b/,
    'inhaler',
    'inhaled',
  ],
  [
    /\b(?:nebules?|nebs?|nebuli[sz]er solution|nebuli[sz]er|respules?|inhalation solution)\b/,
    'nebuliser solution',
    'inhaled',
  ],
  [/\b(?:transdermal )?(?:patch|patches)\b/, 'patch', 'transdermal'],
  [/\b(?:iud|ius|iucd|coil|intrauterine (?:device|system))\b/, 'intrauterine device', 'intrauterine'],
  [/\b(?:vaginal ring|nuvaring ring)\b/, 'vaginal ring', 'vaginal'],
  [/\b(?:pessar(?:y|ies)|vaginal (?:tablets?|cream|gel|inserts?))\b/, 'pessary', 'vaginal'],
  [/\b(?:suppositor(?:y|ies)|supps?|enemas?|rectal (?:foam|gel))\b/, 'suppository', 'rectal'],
  [
    /\b(?:pre-?filled (?:pen|syringe)s?|(?:auto-?)?injector pens?|pens?|solostar|flexpen|kwikpen|flextouch|penfill|cartridges?|junior kwikpen|inpen)\b/,
    'injection pen',
    'subcutaneous',
  ],
  [/\b(?:injections?|inj|injectable|syringes?|vials?|ampoules?|amps?|infusions?|depot)\b/, 'injection', null],
  [/\b(?:implant|implants)\b/, 'implant', 'subcutaneous'],
  [/\b(?:shampoo|scalp application)\b/, 'shampoo', 'topical'],
  [
    /\b(?:cream|ointment|oint|gel|lotion|foam|cutaneous solution|emollient|paste|topical solution|liniment)\b/,
    'topical',
    'topical',
  ],
  [
    /\b(?:sublingual (?:tablets?|spray|films?)|sl (?:tabs?|tablets?|spray)|buccal (?:tablets?|films?)|films?)\b/,
    'sublingual',
    'sublingual',
  ],
  [
    /\b(?:lozenges?|pastilles?|troches?|chewing gum|gum|mouthwash|oral gel|oromucosal|mouth ?spray)\b/,
    'oromucosal',
    'oral',
  ],
  [
    /\b(?:oral (?:solution|suspension|liquid|drops|powder|syrup|soln|susp)|solution|soln|suspension|susp|syrup|syp|syr|elixir|liquid|linctus|mixture|oral drops|drops)\b/,
    'oral liquid',
    'oral',
  ],
  [
    /\b(?:sachets?|granules|powder|effervescent(?: tablets?)?|soluble(?: tablets?)?|dispersible(?: tablets?)?|orodispersible(?: tablets?)?|odt|chewable(?: tablets?)?|chew tabs?|melts?)\b/,
    'tablet',
    'oral',
  ],
  // Forms as Spanish, Portuguese, French, German, Italian and Dutch packs and prescriptions write them ("Retardtbl.",
  // "comprimido", "gélule", "Tropfen", "Zäpfchen", "bustina"): a form, never a name.
  [
    /(?<!\p{L})(?:(?:film|retard|brause|schmelz|kau|lutsch)?(?:tbl|tabl|tabletten?|kps|kapseln?)|dragees?|comprimidos?|comprim[eé]s?|compresse|compressa|cpr|c[aá]psulas?|c[aá]ps|g[eé]lules?|g[eé]l|pastillas?|pastilhas?|tabletas?|sobres?|bustin[ae]|beutel|granulat|zerbeißkapseln?)(?!\p{L})\.?/u,
    'tablet',
    'oral',
  ],
  [
    /(?<!\p{L})(?:tropfen|gotas|gouttes|gocce|druppels|saft|sirup|jarabe|xarope|sirop|sciroppo|l[oö]sung|soluci[oó]n|solu[cç][aã]o|suspensi[oó]n)(?!\p{L})/u,
    'oral liquid',
    'oral',
  ],
  [
    /(?<!\p{L})(?:z[aä]pfchen|suppositori[eo]s?|suppositoire|supositori(?:o|os)|suposit[oó]rios?|supposte?)(?!\p{L})/u,
    'suppository',
    'rectal',
  ],
  [/(?<!\p{L})(?:salbe|pomada|pommade|pomata|crema|cr[eè]me|unguento)(?!\p{L})/u, 'topical', 'topical'],
  [/(?<!\p{L})(?:pflaster|parches?|adesivos?|cerott[oi])(?!\p{L})/u, 'patch', 'transdermal'],
  [
    /\b(?:tablets?|tabs?|tab\.|caplets?|capsules?|caps?|cap\.|softgels?|soft gels?|gelcaps?|gummies|gummy|pills?|pastilles?|e\/?c|enteric[- ]coated|gastro[- ]resistant|film[- ]coated|f\/c)\b/,
    'tablet',
    'oral',
  ],
];

const RELEASE =
  /\b(?:m\/r|mr|s\/r|sr|er|xr|xl|cr|la|cd|xl|xr|er|ir|dr|ec|modified[- ]release|extended[- ]release|prolonged[- ]release|slow[- ]release|sustained[- ]release|controlled[- ]release|delayed[- ]release|immediate[- ]release|retard|continus|retard)\b/;

const ROUTES: [RegExp, Route][] = [
  [/\b(?:p\.?o\.?|per os|oral(?:ly)?|by mouth|orally)\b/, 'oral'],
  [/\b(?:s\/?c|sq|subcut|subcutaneous(?:ly)?|sub-?q|s\.c\.)\b/, 'subcutaneous'],
  [/\b(?:i\.?m\.?|intramuscular(?:ly)?)\b/, 'intramuscular'],
  [/\b(?:i\.?v\.?|intravenous(?:ly)?|ivi|iv infusion|ivpb|iv push)\b/, 'intravenous'],
  [/\b(?:p\.?r\.?|per rectum|rectal(?:ly)?)\b/, 'rectal'],
  [/\b(?:p\.?v\.?|per vagina|vaginal(?:ly)?)\b/, 'vaginal'],
  [/\b(?:s\.?l\.?|sublingual(?:ly)?|under the tongue|buccal(?:ly)?)\b/, 'sublingual'],
  [/\b(?:topical(?:ly)?|top|to (?:the )?affected areas?|apply(?: thinly)?|cutaneous|to skin)\b/, 'topical'],
  [/\b(?:inhaled|inhale|inhalation|via inhaler|via spacer|with spacer|spacer)\b/, 'inhaled'],
  [
    /\b(?:(?:in|into|to) (?:both|each|the|left|right|affected) eyes?|both eyes|each eye|left eye|right eye|ou|ophthalmic|eye)\b/,
    'ophthalmic',
  ],
  [/\b(?:(?:in|into) (?:both|each|the) ears?|each ear|otic)\b/, 'otic'],
  [/\b(?:(?:in|into) (?:each|both|the) nostrils?|each nostril|intranasal(?:ly)?|nasal(?:ly)?|inh nasal)\b/, 'nasal'],
  [/\b(?:transdermal(?:ly)?|td)\b/, 'transdermal'],
  [/\b(?:intrauterine)\b/, 'intrauterine'],
];

const N = String.raw`(?:\d+|one|two|three|four|five|six|once|twice|thrice)`;
/** Frequencies, longest first; the value is how the line reads back. */
const FREQUENCIES: [RegExp, string][] = [
  [
    /\b(?:as|when|if) (?:needed|required|necessary)\b|\bp\.?r\.?n\.?\b|\bprn\b|\bs\.?o\.?s\.?\b|\bwhen needed\b|\bif needed\b|\bon demand\b/,
    'as needed',
  ],
  [
    new RegExp(
      String.raw`\b(?:up to |max(?:imum)? |no more than )?${N}(?:\s*(?:-|to|or)\s*${N})? times? (?:a|per|each|every|\/) ?(?:day|daily|d)\b`,
    ),
    '§times a day',
  ],
  [
    new RegExp(
      String.raw`\b(?:up to |max(?:imum)? )?${N}(?:\s*(?:-|to|or)\s*${N})? times? (?:a|per|each|every|\/) ?week(?:ly)?\b`,
    ),
    '§times a week',
  ],
  [
    /\bevery (?:other|second|alternate) (?:day|night)\b|\balternate days?\b|\b(?:eod|qod|q\.o\.d\.|o\.a\.d\.?)\b/,
    'every other day',
  ],
  [
    new RegExp(
      String.raw`\b(?:every|each|q\.?)\s*(?:${NUM}(?:\s*(?:-|to)\s*${NUM})?|one|two|three|four|six|eight|twelve)\s*(?:hours?|hrs?|h|days?|weeks?|wks?|months?|mths?|mo|years?)\b`,
    ),
    '§every',
  ],
  [new RegExp(String.raw`\bq\s?${NUM}(?:\s*-\s*${NUM})?\s*(?:h|hr|hrs|hourly|d|wk|w)\b`), '§every'],
  [
    /\b(?:twice (?:a |per |each )?(?:day|daily)|b\.?d\.?|b\.?i\.?d\.?|2 ?x ?(?:daily|\/day|a day|d)|12[- ]?hourly|q12h)\b/,
    'twice a day',
  ],
  [
    /\b(?:three times (?:a |per |each )?(?:day|daily)|t\.?d\.?s\.?|t\.?i\.?d\.?|3 ?x ?(?:daily|\/day|a day|d)|8[- ]?hourly|q8h)\b/,
    'three times a day',
  ],
  [
    /\b(?:four times (?:a |per |each )?(?:day|daily)|q\.?d\.?s\.?|q\.?i\.?d\.?|4 ?x ?(?:daily|\/day|a day|d)|6[- ]?hourly|q6h)\b/,
    'four times a day',
  ],
  [
    /\b(?:once|one time) (?:a |per |each |every )?(?:day|daily)\b|\b(?:o\.?d\.?|q\.?d\.?|daily|once daily|every day|each day|per day|a day)\b|\bdly\b|\bqday\b|\bq24h\b|\b1 ?x ?(?:daily|\/day|d)\b/,
    'once a day',
  ],
  [
    /\b(?:once )?(?:a |per |every |each )?week(?:ly)?\b|\bonce weekly\b|\bq\.?w(?:k|eek)?\b|\b1 ?x ?(?:weekly|\/week|a week)\b/,
    'once a week',
  ],
  [/\b(?:fortnightly|every (?:two|2) weeks|biweekly|q2w(?:ks?)?)\b/, 'every 2 weeks'],
  [/\b(?:monthly|once (?:a|per|every) month|every month|q\.?month|q4w(?:ks?)?)\b/, 'once a month'],
  [
    /\b(?:nocte|at nights?|at bedtime|bedtime|before bed|at hs|q\.?h\.?s\.?|hs|night(?:ly|s)?|in the evenings?|evenings?|pm|q\.?pm)\b/,
    'at night',
  ],
  [/\b(?:mane|in the mornings?|mornings?|am|q\.?am|every morning|each morning|breakfast)\b/, 'in the morning'],
  [/\b(?:stat|once only|single dose|one dose)\b/, 'once only'],
  [
    /\b(?:mon(?:day)?|tue(?:s(?:day)?)?|wed(?:nesday)?|thu(?:rs?(?:day)?)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?)(?:\s*(?:\/|,|&|and|-)\s*(?:mon(?:day)?|tue(?:s(?:day)?)?|wed(?:nesday)?|thu(?:rs?(?:day)?)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?))*\b/,
    '§days',
  ],
  [
    /\b(?:with|after|before|between|without) (?:food|meals?|breakfast|lunch|dinner|supper|a meal|milk)\b|\b(?:on an empty stomach|empty stomach|a\.?c\.?|p\.?c\.?|with water)\b/,
    '§with',
  ],
  [
    /\b(?:sliding scale|as directed|as per (?:chart|protocol|instructions)|per protocol|as instructed|ud|u\.d\.|use as directed|take as directed)\b/,
    'as directed',
  ],
];

/**
 * How often, as Spanish, Portuguese, French, German, Italian and Dutch prescriptions and patients write it ("1 por la
 * mañana", "3 veces al día", "2x täglich", "le soir", "'s avonds"), said back as written; and "as needed" ("si es
 * necesario", "bei Bedarf", "au besoin", "al bisogno", "zo nodig"). Claimed before the release words ("la" is long-acting).
 */
const OTHER_LANGUAGE_FREQUENCY = new RegExp(
  String.raw`(?<![\p{L}])(?:(?:\d+|una|uma|une|einmal|zweimal|dreimal|dos|duas|tres|três|deux|trois|due|tre|twee|drie)\s*(?:x\s*)?(?:veces|vez|vezes|fois|volte|volta|mal|keer)?\s*)?(?:al|ao|por|par|pro|per|a|am|alla|le|in de)?\s*(?:d[ií]a|jour|giorno|tag|dag)\b|(?<![\p{L}])(?:\d+\s*x\s*)?(?:t[aä]glich|tgl\.?|diario|diariamente|di[aá]rio|quotidien(?:ne)?|giornaliero|dagelijks)(?![\p{L}])|(?<![\p{L}])(?:por la|en la|a la|de|pela|na|de la|le|au|am|di|la|al|alla|in de|'s|à|a)\s+(?:ma[nñ]ana|manh[aã]|matin|morgen|mattin[oa]|ochtends?|noche|noite|soir|abend|sera|avonds|tarde|nacht)(?![\p{L}])|(?<![\p{L}])(?:morgens|abends|nachts|mittags|al acostarse|ao deitar|au coucher|zur nacht|prima di dormire|voor het slapen|en ayunas|em jejum|[aà] jeun|n[uü]chtern|a digiuno|nuchter)(?![\p{L}])`,
  'u',
);
/**
 * How often, as Indian and Pakistani patients say it in romanised Hindi and Urdu ("roz subah ek", "din mein do baar",
 * "raat ko", "khali pet", "khane ke baad"): an instruction, never a name.
 */
const HINDI_FREQUENCY =
  /(?<![\p{L}])(?:(?:roz(?:ana)?|rozaana|daily)\s+)?(?:(?:subah|sham|shaam|raat|dopahar)(?:\s+(?:ko|mein|me))?(?:\s+(?:ek|do|teen|aadhi))?|din\s+(?:mein|me)\s+(?:ek|do|teen|char)\s+(?:baar|bar|dafa)|(?:ek|do|teen)\s+(?:baar|bar)|khali\s+pet|khane\s+(?:ke\s+baad|se\s+pehle|ke\s+saath)|roz(?:ana)?|rozaana)(?![\p{L}])/u;
const OTHER_LANGUAGE_AS_NEEDED = new RegExp(
  String.raw`(?<![\p{L}])(?:si es necesario|si precisa|en caso de dolor|si besoin|au besoin|en cas de douleur|bei bedarf|bei schmerzen|se necess[aá]rio|quando necess[aá]rio|em caso de dor|al bisogno|se necessario|zo nodig)(?![\p{L}])`,
  'u',
);

const STATUS: [RegExp, 'stopped' | 'held'][] = [
  [/\b(?:stopped|discontinued|ceased|d\/c(?:'?d)?|dc'?d|no longer taking|not taking|off)\b/, 'stopped'],
  [/\b(?:held|on hold|withheld|suspended|paused|omit(?:ted)?)\b/, 'held'],
  // an instruction that opens the line ("Pause apixaban 48 h pre-op", "Hold metformin"): the verb, never a brand (Pause
  // is a tranexamic acid brand)
  [/^\s*(?:pause|hold|withhold)\b/i, 'held'],
  [/^\s*stop\b/i, 'stopped'],
];

/**
 * Words that carry no name: instructions, counts, list furniture, and how a drug is delivered (PCA, patient-controlled
 * analgesia, is not pidolic acid, which DrugBank abbreviates PCA; CSCI, a syringe driver).
 */
const NOISE = new RegExp(
  [
    String.raw`\b(?:a lot of|lots of|sig|rx|otc|qty|quantity|disp(?:ense)?|dispensed|refills?|rpts?|repeats?|supply|days? supply|x\s?\d+|#\s?\d{2,}|\d+\s?(?:days?|weeks?|months?) supply|take|takes|taking|taken|use|uses|using|apply|applies|inhale|instil|instill|insert|inject|give|given|chew|dissolve|swallow(?: whole)?|one|two|three|four|half|a|an|the|to|of|and then|then|be|to be taken|each|every|puffs?|sprays?|tablets? ?\(s\)|unit\(s\)|dose|doses|dosage|strength|start(?:ed)?|since|new|current(?:ly)?|continue|cont|increase[ds]?|decrease[ds]?|reduce[ds]?|titrat\w*|wean\w*|taper\w*|course|generic|brand|only|also|plus|usual(?:ly)?|regular(?:ly)?|long[- ]term|short[- ]term|repeat|acute|prescription|prescribed|patient|pt|own|supply|max|maximum|mdd|min|minimum|approx|about|around|or|mg\/day|per day|at|in|on|by|from|until|till|review|reviewed|see|note|notes|ok|yes|no|eats?|eating|drinks|drinking|has|having|pca|pcea|nca|csci|syringe driver)\b`,
    // who takes it, as a carer or a patient writes a line ("mum takes her eliquis", "my dad is on ramipril", "she's
    // on sertraline"): never a name
    String.raw`\b(?:(?:my|our|his|her|their)\s+)?(?:mum|mom|mam|mummy|mommy|mother|dad|daddy|father|husband|wife|partner|son|daughter|nan|nana|nanna|gran|granny|grandma|grandmother|grandad|granddad|grandpa|grandfather|brother|sister|auntie|uncle)(?:'s)?\b`,
    String.raw`^\s*(?:i|i'm|im|i've|he|she|they|we|he's|she's|they're|we're)(?=\s)`,
    String.raw`\b(?:is|are|was|were|been|still|my|his|her|their|our)\b`,
  ].join('|'),
);

/**
 * A place on a list (a pharmacy, a surgery, a street: "Metro Pharmacy, Main St", "Ventnor Road Surgery"): a name in it
 * is the place's, not a medicine. Only capitalised place words with a capitalised word before them count, so "take
 * with food at the clinic" stays a line.
 */
const PLACE_LINE =
  /\b\p{Lu}[\p{L}'-]*\s+(?:Pharmacy|Chemists?|Surgery|Medical Cent(?:re|er)|Health Cent(?:re|er)|Clinic|Hospital|Practice|Street|St|Road|Rd|Avenue|Ave|Lane|Drive|Dr)\b(?![\p{L}])(?!\.?\s*\d+\s*(?:mg|mcg|g|ml|units?)\b)/u;

/**
 * A line that is a heading or a note, not a medicine. Allergy words are read in English, Spanish, Portuguese, French,
 * German and Italian ("Alergia: dipirona", "Allergie: Penicillin"). A smoking status is a note only when it says the
 * person does not smoke ("Non-smoker", "Smoking: never"): "Smoking", "Smoker 10/day" are tobacco smoke, an inducer.
 * What a patient says about their medicines is a note ("Pt states compliant with all meds"). An allergy may be headed
 * by another word for it (sensitivities, intolerances, adverse reactions, ADRs, Unverträglichkeiten, hypersensibilité),
 * and a record's date field ("Date commenced: 02/11/2023", "Start date: 14 Mar 2024") names no medicine.
 */
const NOTE_LINE =
  /^[^:]{0,60}:\s*$|\b(?:al{1,2}[eé]rg(?:y|ies|ic|ia|ias|ie|ies|ique|iques|isch|ico|ica|icos|icas)|intoleran(?:ces?|t|cias?|zas?|ze)|adverse (?:drug )?reactions?|anaphylaxis to|sensitivity to|(?:drug |medication )?sensitivities|hipersensibilidad(?:es)?|hipersensibilidade|reacciones adversas)\b|(?<![\p{L}])(?:hypersensibilit[eé]s?|ipersensibilit[aà]|[uü]berempfindlichkeit(?:en)?|unvertr[aä]glichkeit(?:en)?|r[eé]actions? ind[eé]sirables?)(?![\p{L}])|^\s*(?:adrs?|sensitivity|reactions?)\s*[:\-–]|^\s*(?:(?:start|stop|end|review|last|next|issue|expiry|dispensed|prescription|admission|discharge|commencement)\s+)?(?:date|dated|fecha|datum)\b[^:\d]{0,30}:|^\s*(?:(?:date|when|first)\s+)?(?:commenced|started|stopped|ceased|discontinued|inicio|begonnen)\b[^:\d]{0,20}:?\s*(?:\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4}|\d{1,2}\s+\p{L}{3,9}\.?\s+\d{2,4}|\p{L}{3,9}\.?\s+\d{1,2},?\s+\d{4})\s*$|\b(?:non-?smok(?:er|ing)|never smok(?:ed|er)|ex-?smoker|former smoker|does(?:n'?t| not) smoke|smoking\s*[:\-–]\s*(?:no|never|nil|none|ex|former|non)\b)|^\s*(?:pt|patient)(?:'s)?\s+(?:states|reports|says|denies|advised|informed|counsell?ed|aware|understands|(?:is\s+)?(?:non-?)?(?:compliant|adherent))\b|^\s*(?:allerg(?:y|ies)|nkda|nkfa|nka|no known (?:drug )?allergies|diagnos[ie]s|dx|problem list|pmh|history|review|follow[- ]?up|f\/u|plan|bp|hr|pulse|weight|height|bmi|temp|egfr|creatinine|inr target|signed|date|dob|pharmacy|patient|pt|declines?|refused?|dr\.?|doctor|gp|consultant|nurse|clinic|ward|bed|mrn|nhs|address|tel|phone|page|printed|current (?:medications|meds)|medications?|medicines?|meds|medication list|repeat (?:medication|prescriptions?)|acute (?:medication|prescriptions?)|drug history|otc|supplements|vaccinations?|immuni[sz]ations?|alcohol intake|notes?|comments?)\b(?:\s*[:\-–]|\s*$|\s+(?:in|on|with|to|of|for|\d))/iu;

function normalise(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\u2010-\u2015]/g, '-')
    .replace(/[‘’´`]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/\u00a0/g, ' ');
}

function numberOf(s: string): number {
  return Number(s.replace(',', '.'));
}

/** Strength as read back: "40 mg", "30/500 mg", "0.5 %", "5 mg/5 mL". */
function strengthText(values: number[], unit: string | null, per: string | null): string {
  const v = values.join('/');
  if (!unit) return v;
  return `${v}${unit === '%' ? '%' : ` ${unit}`}${per ? `/${per}` : ''}`;
}

function readPer(raw: string | undefined): string | null {
  if (!raw) return null;
  const m = /(?:\/|per)\s*(\d+(?:[.,]\d+)?)?\s*([a-z0-9 ]+)/i.exec(raw);
  if (!m) return null;
  const unit = m[2]!.trim().toLowerCase();
  const u = unit === 'ml' || unit === 'mls' ? 'mL' : unit;
  return m[1] ? `${m[1]} ${u}` : u;
}

/**
 * Parse one line. Names are left as runs of words: "Metformin 500mg BD" → runs ["Metformin"], strength 500 mg,
 * frequency twice a day.
 */
export function parseMedicationLine(input: string): ParsedLine {
  const text = normalise(input);
  // Bullets, numbering and list furniture at the start ("1.", "2)", "-", "•", "*", "[x]").
  // A label before a colon ("MAR:", "Rx:", "Regular:", "Anticoagulación:") when something follows it; a heading or an
  // allergy line is a note.
  const lead =
    /^\s*(?:(?:\d{1,2}[.)]|[-*•·–>]|\[[ x]?\]|#\d{1,2}[.)]?)\s+)?(?:\p{L}[\p{L} .'/-]{0,23}:\s+(?=\S))?/u.exec(text)![0]
      .length;
  const lower = text.toLowerCase();
  const claims: Claim[] = [{ at: 0, end: lead, role: 'noise', value: '' }];
  const free = (a: number, b: number) => claims.every((c) => b <= c.at || a >= c.end);
  // A frequency or list word joined to a name by a hyphen is the name's suffix ("Telma-AM", "Amlopres-AT"), not an
  // instruction.
  const suffixAt = (at: number) => at >= 2 && text[at - 1] === '-' && /\p{L}/u.test(text[at - 2]!);
  const claim = (re: RegExp, role: Role, value: (m: RegExpExecArray) => string, source = lower) => {
    const g = new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`);
    for (let m = g.exec(source); m; m = g.exec(source)) {
      if (m[0].length === 0) {
        g.lastIndex++;
        continue;
      }
      const at = m.index;
      const end = at + m[0].length;
      if (at < lead || !free(at, end) || ((role === 'frequency' || role === 'noise') && suffixAt(at))) continue;
      claims.push({ at, end, role, value: value(m) });
    }
  };

  let strength: Strength | null = null;
  let dose: string | null = null;
  // Strength pairs and triples ("30/500", "5/325 mg", "160/4.5", "49/51 mg", "200/6 mcg").
  // A strength glued to a name of three or more letters ("Citalopram20mg", "Cocodamol30/500", "Lantus20units") is the
  // name's strength; a name's own digits are not (a letter or two before them: "D3", "CoQ10", "B12"; a single-digit
  // pair with no unit: "omega3/6/9").
  claim(
    new RegExp(
      String.raw`(?<![\d_.]|(?<![a-z]{2})[a-z]|[a-z]-)(?:(?<=[a-z])(?=\d{2}|${NUM}\s*\/\s*${NUM}(?:\s*\/\s*${NUM})?\s*(?:${AMOUNT})(?![\w%]))|(?<![a-z]))(${NUM})\s*\/\s*(${NUM})(?:\s*\/\s*(${NUM}))?\s*(${AMOUNT})?(?![\w%])`,
    ),
    'strength',
    (m) => {
      const values = [m[1], m[2], m[3]].filter((x): x is string => x !== undefined).map(numberOf);
      const unit = m[4] ? (UNIT_NAMES[m[4]] ?? m[4]) : null;
      strength ??= { value: values[0]!, values, unit, text: strengthText(values, unit, null) };
      return m[0];
    },
  );
  // Counts per dose ("1-2 tablets", "2 puffs", "1 drop", "20 units" is a strength, not a count).
  claim(
    new RegExp(
      String.raw`(?<![\w.])(${NUM}(?:\s*(?:-|to|or)\s*${NUM})?|one|two|half|½)\s*(tablets?|tabs?|caps?|capsules?|puffs?|drops?|sprays?|sachets?|patch(?:es)?|pessar(?:y|ies)|suppositor(?:y|ies)|applications?|spoonfuls?|teaspoons?|tsp|tablespoons?|tbsp|pumps?|actuations?|inhalations?|vials?|pens?|lozenges?|gumm(?:y|ies)|softgels?|scoops?|pills?)\b`,
    ),
    'dose',
    (m) => {
      dose ??= m[0];
      return m[0];
    },
  );
  // Strengths with a unit ("40mg", "0.5%", "1,000 IU", "5 mg/5 mL", "100 units/mL", "2.5 mg/g", "25 mcg/hr").
  claim(
    new RegExp(
      String.raw`(?<![\d_.]|(?<![a-z]{2})[a-z]|[a-z]-)(${NUM})(?:\s*(?:-|to)\s*(${NUM}))?\s*(${AMOUNT})(?![a-zà-ÿ])(${PER})`,
    ),
    'strength',
    (m) => {
      const value = numberOf(m[1]!.replace(/,(?=\d{3}\b)/, ''));
      const unit = UNIT_NAMES[m[3]!] ?? m[3]!;
      const per = readPer(m[4]);
      if (!strength)
        strength = {
          value,
          values: [value],
          unit: per ? `${unit}/${per}` : unit,
          text: strengthText([value], unit, per),
        };
      return m[0];
    },
  );

  let form: string | null = null;
  let formRoute: Route | null = null;
  for (const [re, name, r] of FORMS)
    claim(re, 'form', (m) => {
      if (!form) {
        form = name;
        formRoute = r;
      }
      return m[0];
    });
  // A brand that is itself a device says the form but stays the name ("Mirena": a levonorgestrel coil).
  if (!form && DEVICE_BRANDS.test(lower)) {
    form = 'intrauterine device';
    formRoute = 'intrauterine';
  }
  const frequencies: string[] = [];
  let asNeeded = false;
  claim(OTHER_LANGUAGE_AS_NEEDED, 'frequency', (m) => {
    asNeeded = true;
    return m[0];
  });
  claim(HINDI_FREQUENCY, 'frequency', (m) => {
    if (!frequencies.includes(m[0].trim())) frequencies.push(m[0].trim());
    return m[0];
  });
  claim(OTHER_LANGUAGE_FREQUENCY, 'frequency', (m) => {
    if (!frequencies.includes(m[0].trim())) frequencies.push(m[0].trim());
    return m[0];
  });
  let release: string | null = null;
  claim(RELEASE, 'release', (m) => {
    release ??= 'modified release';
    return m[0];
  });
  let route: Route | null = null;
  for (const [re, r] of ROUTES)
    claim(re, 'route', (m) => {
      route ??= r;
      return m[0];
    });
  // "ON" (omni nocte) and "OM" only in capitals: "on" and "om" are ordinary words otherwise.
  claim(/(?<![A-Za-z])(?:ON|OM)(?![A-Za-z])/, 'frequency', (m) => m[0], text);
  for (const [re, name] of FREQUENCIES) {
    claim(re, 'frequency', (m) => {
      const said = name.startsWith('§') ? m[0].trim() : name;
      if (name === 'as needed') asNeeded = true;
      else if (!frequencies.includes(said)) frequencies.push(said);
      return m[0];
    });
  }
  for (const c of claims)
    if (c.role === 'frequency' && (c.value === 'ON' || c.value === 'OM'))
      frequencies.push(c.value === 'ON' ? 'at night' : 'in the morning');
  let status: ParsedLine['status'] = null;
  for (const [re, s] of STATUS)
    claim(re, 'status', (m) => {
      status ??= s;
      return m[0];
    });
  // Indications and remarks: "for BP", "for pain", "to help sleep", "(stopped)" — after the name, never part of it.
  const remark =
    /\s(?:for|to help|to treat|to prevent|because of|due to|if|when|prescribed by|from dr|per dr|via|through)\s.*$/i.exec(
      text,
    );
  if (remark && remark.index > lead)
    claims.push({ at: remark.index, end: text.length, role: 'noise', value: remark[0] });
  claim(NOISE, 'noise', (m) => m[0]);
  // Bare numbers left over: a strength without a unit ("Metformin 500"), a quantity, or part of a name ("Tylenol #3").
  claim(/(?<![\w.]|[A-Za-z]-)#?\d+(?:[.,]\d+)?(?![\w%]|-[A-Za-z])/, 'number', (m) => m[0]);

  claims.sort((a, b) => a.at - b.at);
  // Name runs: the words between claims, broken at punctuation that separates ingredients or remarks.
  const runs: NameRun[] = [];
  let cursor = 0;
  const pushRuns = (from: number, to: number) => {
    // A spaced dash starts a remark ("Cannabis - smokes most evenings"); a hyphen inside a word does not ("co-codamol").
    const piece = text.slice(from, to).replace(/\s[-–—]+(?=\s)/g, (d) => ';'.padEnd(d.length, ' '));
    for (const m of piece.matchAll(/[^\s,;:()[\]{}/+&|=]+(?:[ \t]+[^\s,;:()[\]{}/+&|=]+)*/g)) {
      const raw = m[0].replace(/^[-'".*•]+|[-'".*•]+$/g, '');
      if (!/\p{L}/u.test(raw)) continue;
      const offset = m[0].indexOf(raw);
      const at = from + m.index + offset;
      runs.push({ text: raw, at, end: at + raw.length, trailingNumber: null, joined: false });
    }
  };
  for (const c of claims) {
    if (c.at > cursor) pushRuns(cursor, c.at);
    cursor = Math.max(cursor, c.end);
  }
  if (cursor < text.length) pushRuns(cursor, text.length);
  runs.forEach((r, i) => {
    if (i > 0)
      r.joined = /^[\s\d.,]*(?:[/+&]|\band\b|\bwith\b|\bplus\b)[\s\d.,]*$/i.test(
        text.slice(runs[i - 1]!.end, r.at).replace(/\d+(?:[.,]\d+)?\s*(?:mg|mcg|g|%)?/gi, ' '),
      );
  });
  for (const r of runs) {
    const next = claims.find((c) => c.at >= r.end && c.role === 'number');
    if (next && /^\s*$/.test(text.slice(r.end, next.at))) r.trailingNumber = text.slice(next.at, next.end);
  }
  if (!strength) {
    // A bare number right after the first name run is its strength, unit unstated ("Metformin 500").
    const first = runs[0];
    const bare =
      first &&
      claims.find((c) => c.role === 'number' && c.at >= first.end && /^\s*$/.test(text.slice(first.end, c.at)));
    if (bare && !bare.value.startsWith('#')) {
      const v = numberOf(bare.value);
      strength = { value: v, values: [v], unit: null, text: bare.value };
    }
  }
  const frequency = frequencies.length ? frequencies.join(', ') : asNeeded ? 'as needed' : null;
  return {
    text: input,
    strength,
    dose,
    form,
    release,
    route: route ?? formRoute,
    frequency: frequency && asNeeded && frequency !== 'as needed' ? `${frequency}, as needed` : frequency,
    asNeeded,
    status,
    runs,
    note: NOTE_LINE.test(text) || PLACE_LINE.test(text),
  };
}

/**
 * Split a pasted list into lines: newlines, semicolons, " / " and " | " between entries, and commas — a fragment with
 * no name ("twice daily", "with food") is joined back to the entry before it. Thousands separators ("1,000 IU") and
 * strength pairs ("30/500") never split.
 */
export function splitMedicationList(text: string): string[] {
  const out: string[] = [];
  for (const line of normalise(text).split(/\r?\n|;|\s\|\s|\s\/\s|\s·\s/)) {
    for (const part of line.split(/,(?!\d{3}\b)(?=\s|\D)/)) {
      const t = part.trim();
      if (!t) continue;
      const parsed = parseMedicationLine(t);
      if (out.length && !parsed.runs.length) out[out.length - 1] += `, ${t}`;
      else out.push(t);
    }
  }
  return out;
}
