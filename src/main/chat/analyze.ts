/**
 * Reads the conversation once for every agent: the question (the last user message), the compounds it names (or,
 * for a follow-up such as "and its side effects?", the ones named in the user's previous message), the categories,
 * goals and lab tests it mentions, and which kinds of question it asks (intents, by transparent word patterns).
 */
import type { Category } from '../../shared/enums.ts';
import type { Db } from '../db/connection.ts';
import { ALIAS_INDEX } from '../tools/bloodwork/compute.ts';
import { compoundSteps, type CompoundMention } from './mentions.ts';
import { substanceNameSteps, unknownNameSteps, type FoundName } from './names.ts';
import { runInSlices, runToEnd, type Steps } from './time-slice.ts';
import { valueAfter } from './agents/tools/parse.ts';

export const INTENTS = {
  dosing:
    /\bhow (?:is|are|do you|should i|should you|to) (?:\S+ ){1,3}(?:started|start|initiated|titrated|dosed)\b|\b(?:dose|doses|dosage|dosing|dosed|dosis|dosierung|posologia|cuanto (?:debo )?tomar|wie viel (?:soll|darf)|how much (?:should|do|can|to|is safe)|how many (?:mg|mcg|micrograms|grams?|capsules|tablets|pills)|per day|loading phase)\b/i,
  interactions:
    /\b(?:interact\w*|interacc\w*|wechselwirkung\w*|zusammen mit|junto con|together|combin\w*|mix\w*|with my|along with|alongside|safe (?:to take )?with|take \S+(?: \S+){0,2} (?:with|and|plus)\b)/i,
  contraindications:
    /\b(?:contraindicat\w*|who (?:should|must) not|who shouldn'?t|shouldn'?t (?:take|use)|should not (?:take|use)|can'?t take|avoid (?:if|when)|not (?:be )?(?:taken|used) (?:by|if|in))/i,
  side_effects:
    /\b(?:side[- ]effects?|efectos? (?:secundarios?|adversos?)|nebenwirkung\w*|adverse (?:effects?|events?|reactions?)|risks?|dangers?|dangerous|safe|safety|toxic\w*|harm\w*|downsides?|tolerat\w*)\b/i,
  mechanism:
    /\b(?:mechanism\w*|how (?:does|do) .{1,40} work|mode of action|works? by|pharmacolog\w*|acts? on|how it works)\b/i,
  indications:
    /\b(?:used for|uses? of|what (?:is|are) .{1,40} (?:used )?for|indications?|indicated|good for|treat(?:s|ing)?\b|benefits?|helps? with)/i,
  evidence:
    /\b(?:evidence|proven|(?:really|actually) work|effective\w*|efficacy|evidence grade|grade [a-e]\b|how strong|scientific(?:ally)?|backed)|^\s*(?:does|do) .{1,40} work\b/i,
  regulatory:
    /\b(?:legal\w*|approved|approval|fda|ema\b|prescription[- ]only|regulat\w*|regulatory|status|banned|ban|wada|doping|controlled substance|allowed in (?:sport|competition))/i,
  cost: /\b(?:cost|costs|price|prices|pricing|expensive|cheap\w*|afford\w*|insurance|covered)\b/i,
  comparison:
    /\b(?:compare\w*|comparison|vs\.?|versus|difference between|differ from|better than|which is (?:better|stronger|safer|more effective))\b/i,
  structure: /\b(?:molecular|formula|structure|sequence|chemical(?:ly)?|molecule|molecular weight)\b/i,
  related: /\b(?:alternatives?|similar (?:to|compounds)|related compounds|substitutes?|instead of)\b/i,
  pregnancy:
    /\b(?:pregnan\w*|embaraz\w*|schwanger\w*|lactancia|stillzeit|stillen|breast-?feed\w*|breastfeed\w*|lactation|nursing mothers?|trying to conceive)\b/i,
  monitoring:
    /\b(?:monitor\w*|labs? (?:to|should|while|on)|blood tests? (?:while|on|for)|what (?:tests|labs)|check(?:ed)? (?:my )?(?:levels|labs|blood))\b/i,
  literature:
    /\b(?:studies|study|papers?|articles?|publications?|literature|trials?|research (?:on|about|into)|pubmed|meta-analys\w*|systematic reviews?|evidence from)\b/i,
  document:
    /\bpmid:?\s*\d{5,9}\b|\bpubmed (?:id )?\d{5,9}\b|\b10\.\d{4,9}\/[^\s"<>]+|\b(?:scifact|cord19|pubmedqa|imported)-[a-z0-9-]+/i,
  labRange:
    /\b(?:normal|reference|healthy|optimal|typical|usual) (?:range|level|value)s?\b|\brange (?:for|of)\b|\bwhat (?:does|do) (?:an? )?(?:high|low|elevated|raised)\b|\bwhat (?:is|counts as) (?:an? )?(?:normal|high|low)\b|\blevels? mean\b/i,
  foodSources:
    /\b(?:foods?|sources?|diet)\b.{0,40}\b(?:high|rich|richest|contain\w*|most|best|good source)\b|\b(?:high|rich) in\b|\bsources of\b|\bwhich foods\b|\bwhat foods\b/i,
  glossary: /\b(?:what does .{1,40} mean|meaning of|define|definition|stand for|what is meant by|glossary)\b/i,
  overview:
    /\b(?:what is|what are|what's|whats|tell me about|overview|explain|information (?:on|about)|info (?:on|about)|describe|who makes)\b/i,
  bioage: /\b(?:biological age|bio-?age|phenoage|pheno age|phenotypic age)\b/i,
  inbody: /\b(?:body composition|inbody|bmi\b|body mass index|ffmi|fat-free mass|visceral fat|body fat)\b/i,
  macros:
    /\b(?:macros|macronutrients?|tdee|bmr|kalorien|calorias|calorie (?:needs|target|intake|goal)|daily calories|maintenance calories)\b|\b(?:how many|what|which|my)\b.{0,40}\bcalories\b.{0,40}\b(?:eat|need|should|be|lose|gain|maintain|cut|bulk|day)\b|\bcalories\b.{0,30}\b(?:to|for) (?:lose|gain|maintain|cut|bulk)\b/i,
  nutrition:
    /\b(?:calories|kcal|protein|nutrients?|nutrition(?:al)?|carbs?|carbohydrates?|fat|fibre|fiber|sugar|vitamins?|minerals?)\b.{0,12}\b(?:in|of)\b|\bnutritional (?:value|content)\b|\bhow much \w+ (?:is |are )?in\b/i,
  stack: /\bstacks?\b|\bstacking\b/i,
  protocol: /\b(?:protocol|treatment plan|week[- ]by[- ]week|schedule|titration plan)\b/i,
  yesNo:
    /(?:^|[.:;?!]\s+|\s[-–—]+\s*)(?:is|are|does|do|did|can|could|should|would|will|has|have|was|were|may|might|am)\s/i,
  pronoun: /\b(?:it|its|it's|this|that|they|them|their|these|those)\b/i,
} as const;
export type Intent = Exclude<keyof typeof INTENTS, 'yesNo' | 'pronoun'>;

export const CATEGORY_WORDS: Record<Category, RegExp> = {
  peptide: /\bpeptides\b|\b(?:which|what|best|any) peptides?\b/i,
  supplement: /\b(?:dietary )?supplements\b/i,
  medication: /\b(?:medications|medicines|prescription drugs)\b/i,
  sarm: /\bsarms?\b|\bselective androgen receptor modulators?\b/i,
  steroid: /\b(?:anabolic )?steroids\b|\banabolic[- ]androgenic\b/i,
  nootropic: /\bnootropics?\b/i,
  amino_acid: /\bamino acids\b/i,
  vitamin: /\bvitamins\b/i,
  mineral: /\bminerals\b/i,
  probiotic: /\bprobiotics?\b/i,
};

export interface Goal {
  id: string;
  label: string;
  subcategories: string[];
}

export const GOALS: (Goal & { re: RegExp })[] = [
  { id: 'sleep', label: 'sleep', subcategories: ['sleep'], re: /\b(?:sleep|insomnia|fall(?:ing)? asleep)\b/i },
  {
    id: 'cognition',
    label: 'cognition and focus',
    subcategories: ['cognitive', 'dementia', 'alertness', 'wakefulness'],
    re: /\b(?:cogniti\w*|memory|focus|concentration|brain fog|brain health|attention|alertness)\b/i,
  },
  {
    id: 'muscle',
    label: 'muscle and strength',
    subcategories: ['muscle_growth', 'anabolic', 'muscle_recovery', 'exercise_performance', 'athletic_performance'],
    re: /\b(?:muscles?|strength|hypertrophy|lean mass|bulking|athletic performance|exercise performance)\b/i,
  },
  {
    id: 'fat_loss',
    label: 'fat loss and metabolism',
    subcategories: ['fat_loss', 'metabolic'],
    re: /\b(?:fat loss|lose weight|losing weight|weight loss|burn(?:ing)? fat|obesity|metabolism|metabolic health|blood sugar)\b/i,
  },
  {
    id: 'heart',
    label: 'heart and blood vessels',
    subcategories: ['cardiovascular'],
    re: /\b(?:heart health|cardiovascular|cholesterol|blood pressure|hypertension)\b/i,
  },
  {
    id: 'gut',
    label: 'gut health',
    subcategories: ['gut_health', 'gastrointestinal'],
    re: /\b(?:gut|digestion|digestive|ibs|bloating|constipation|diarrh\w*|microbiome)\b/i,
  },
  {
    id: 'bone',
    label: 'bone health',
    subcategories: ['bone_health', 'bone'],
    re: /\b(?:bones?|bone health|osteoporosis|bone density)\b/i,
  },
  {
    id: 'immunity',
    label: 'immunity',
    subcategories: ['immune', 'immunomodulator'],
    re: /\b(?:immun\w*|colds?\b|infections?)\b/i,
  },
  {
    id: 'mood',
    label: 'mood, stress and anxiety',
    subcategories: ['mood', 'anxiolytic', 'stress', 'psychiatric'],
    re: /\b(?:mood|depress\w*|anxiety|anxious|stress|stressed)\b/i,
  },
  {
    id: 'longevity',
    label: 'longevity and healthy ageing',
    subcategories: ['anti_aging', 'anti-aging', 'mitochondrial'],
    re: /\b(?:longevity|anti-?aging|anti-?ageing|lifespan|healthy ag(?:e)?ing)\b/i,
  },
  {
    id: 'healing',
    label: 'healing and recovery',
    subcategories: ['healing', 'muscle_recovery'],
    re: /\b(?:healing|heal|injur(?:y|ies)|tendons?|ligaments?|wound)\b/i,
  },
  {
    id: 'energy',
    label: 'energy and fatigue',
    subcategories: ['energy', 'fatigue', 'energy_metabolism'],
    re: /\b(?:energy|fatigue|tired(?:ness)?)\b/i,
  },
  {
    id: 'skin',
    label: 'skin, hair and nails',
    subcategories: ['skin', 'skin_health', 'hair_skin_nails', 'hair_loss'],
    re: /\b(?:skin|hair|nails|acne|wrinkles)\b/i,
  },
  { id: 'joints', label: 'joints', subcategories: ['joint', 'rheumatologic'], re: /\b(?:joints?|arthritis)\b/i },
  {
    id: 'sexual_health',
    label: 'sexual health',
    subcategories: ['sexual_health', 'testosterone_support'],
    re: /\b(?:libido|sexual|erectile)\b/i,
  },
];

export interface LabMention {
  loinc: string;
  alias: string;
  at: number;
  length: number;
}

export interface Analysis {
  /** the question: the last user message */
  text: string;
  /** earlier user messages, oldest first */
  history: string[];
  compounds: CompoundMention[];
  /** every substance named, by any name the interaction checker recognises (names.ts) */
  substances: FoundName[];
  /** how names were read ("metformina" as Metformin), for the answer to say */
  notices: string[];
  /** true when `compounds` come from an earlier message (a follow-up question) */
  carried: boolean;
  categories: Category[];
  goals: Goal[];
  labs: LabMention[];
  intents: Set<Intent>;
  yesNo: boolean;
}

/** Lab tests named by a curated common name (bloodwork aliases), longest first, word-bounded. */
/** Lab names in Spanish and German, written over the original in place (same length), so positions still hold. */
const LAB_WORDS: [RegExp, string][] = [
  [/\bferritina\b/gi, 'ferritin '],
  [/\bglucosa\b/gi, 'glucose'],
  [/\bhemoglobina\b/gi, 'hemoglobin '],
  [/\bcreatinina\b/gi, 'creatinine'],
  [/\bvitamina d\b/gi, 'vitamin d '],
];

export function findLabs(original: string): LabMention[] {
  return runToEnd(labSteps(original));
}

/** findLabs as steps, one per lab name (time-slice.ts). */
function* labSteps(original: string): Steps<LabMention[]> {
  let text = original;
  for (const [re, to] of LAB_WORDS) text = text.replace(re, (m) => to.padEnd(m.length).slice(0, m.length));
  const out: LabMention[] = [];
  const taken: [number, number][] = [];
  const aliases = [...ALIAS_INDEX.values()]
    .filter((a) => a.alias.length >= 3)
    .sort((a, b) => b.alias.length - a.alias.length);
  const lower = text.toLowerCase();
  for (const a of aliases) {
    yield;
    const re = new RegExp(
      `(?<![a-z0-9])${a.alias.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/[\s-]+/g, '[\\s-]?')}(?![a-z0-9])`,
      'g',
    );
    for (const m of lower.matchAll(re)) {
      const s = m.index;
      const e = s + m[0].length;
      if (taken.some(([x, y]) => s < y && e > x)) continue;
      taken.push([s, e]);
      if (!out.some((o) => o.loinc === a.loinc)) out.push({ loinc: a.loinc, alias: a.alias, at: s, length: e - s });
    }
  }
  return out.sort((a, b) => a.at - b.at);
}

/** How many earlier user messages a turn reads (for a pronoun's referent). */
export const HISTORY_READ = 8;

/** The analysis at once (scripts and evaluations). */
export function analyze(db: Db, userMessages: readonly string[]): Analysis {
  return runToEnd(analysisSteps(db, userMessages));
}

/**
 * The same analysis in slices of the main thread (the server): a question at the input bounds takes about a second of
 * CPU, and other requests are answered between its slices (issue 30).
 */
export function analyzeInSlices(db: Db, userMessages: readonly string[]): Promise<Analysis> {
  return runInSlices(analysisSteps(db, userMessages));
}

function* analysisSteps(db: Db, userMessages: readonly string[]): Steps<Analysis> {
  const text = userMessages[userMessages.length - 1] ?? '';
  // Earlier turns are read only for what "it" refers to: the last few are enough, and reading no more keeps the
  // work of one request bounded however long the conversation it sends.
  const history = userMessages.slice(-1 - HISTORY_READ, -1);
  let compounds = yield* compoundSteps(db, text);
  const labs = yield* labSteps(text);
  // a lab test with a value ("glucose 5 mmol/L", "albumin 45") is a measurement, not a substance taken
  const measured = labs.filter(
    (l) =>
      valueAfter(text, l.at, text.slice(l.at).match(/^[\p{L}\p{N}-]+/u)?.[0].length ?? l.length) !== null ||
      valueAfter(text, l.at, l.length) !== null,
  );
  const substances = yield* substanceNameSteps(
    db,
    text,
    compounds,
    measured.map((l) => [l.at, l.at + l.length] as [number, number]),
  );
  // names read through another language, a typo or a brand still name our compound for every agent
  const category = db.prepare<[string], { category: string }>('SELECT category FROM compounds WHERE slug = ?');
  for (const s of substances) {
    if (!s.slug || compounds.some((c) => c.slug === s.slug)) continue;
    const row = category.get(s.slug);
    if (row)
      compounds = [
        ...compounds,
        { slug: s.slug, name: s.name, category: row.category, matched: s.text, at: s.at, family: false },
      ].sort((x, y) => x.at - y.at);
  }
  // "is Cardiovexalin safe with warfarin?": a name nothing here knows is still one side of the pair asked about
  if (substances.length === 1 && INTENTS.interactions.test(text)) {
    for (const u of (yield* unknownNameSteps(db, text, substances)).slice(0, 2))
      substances.push({ text: u.text, at: u.at, input: u.text, name: u.text, slug: null, notice: null });
    substances.sort((x, y) => x.at - y.at);
  }
  let carried = false;
  if (!compounds.length && INTENTS.pronoun.test(text)) {
    for (let i = history.length - 1; i >= 0 && !compounds.length; i--)
      compounds = yield* compoundSteps(db, history[i]!);
    carried = compounds.length > 0;
  }
  const intents = new Set<Intent>();
  for (const [name, re] of Object.entries(INTENTS)) {
    yield;
    if (name !== 'yesNo' && name !== 'pronoun' && re.test(text)) intents.add(name as Intent);
  }
  yield;
  return {
    text,
    history,
    compounds,
    substances,
    notices: substances.flatMap((s) => (s.notice ? [s.notice] : [])),
    carried,
    categories: (Object.entries(CATEGORY_WORDS) as [Category, RegExp][])
      .filter(([, re]) => re.test(text))
      .map(([c]) => c),
    goals: GOALS.filter((g) => g.re.test(text)).map(({ id, label, subcategories }) => ({ id, label, subcategories })),
    labs,
    intents,
    // "X: is it …?", or a question without a question word ("The nurse cystoscopist: a feasible option?")
    yesNo:
      INTENTS.yesNo.test(text) ||
      (/\?\s*$/.test(text) && !/\b(?:what|which|who|whom|whose|how|why|when|where)\b/i.test(text)),
  };
}

const HEALTH_WORDS = new RegExp(
  `\\b(?:${[
    'health\\w*',
    'medic\\w*',
    'drugs?',
    'doses?',
    'supplement\\w*',
    'vitamins?',
    'symptom\\w*',
    'syndrome\\w*',
    'diseases?',
    'disorders?',
    'patients?',
    'clinic\\w*',
    'therap\\w*',
    'treat\\w*',
    'doctors?',
    'physician\\w*',
    'nurs\\w*',
    'hospital\\w*',
    'surg\\w*',
    'nutrition\\w*',
    'diet\\w*',
    'pain\\w*',
    'blood',
    'heart',
    'cancer\\w*',
    'tumou?r\\w*',
    'pregnan\\w*',
    'infect\\w*',
    'injur\\w*',
    'mortality',
    'risk',
    'smok\\w*',
    'alcohol',
    'obes\\w*',
    'diabet\\w*',
    'brain',
    'muscle\\w*',
    'bones?',
    'skin',
    'sleep',
    'stress',
    'anxiety',
    'depress\\w*',
    'spastic\\w*',
    'function\\w*',
    'child\\w*',
    'adolescen\\w*',
    'elderly',
    'women',
    'men',
    'trials?',
    'stud(?:y|ies)',
    'outcomes?',
    'lab',
    'labs',
    'diagnos\\w*',
    'screening',
    'vaccin\\w*',
  ].join('|')})\\b`,
  'i',
);

/** Whether the question names anything this knowledge base covers (for the safety agent's scope check). */
export function inScope(a: Analysis): boolean {
  return (
    a.compounds.length > 0 ||
    a.categories.length > 0 ||
    a.goals.length > 0 ||
    a.labs.length > 0 ||
    HEALTH_WORDS.test(a.text)
  );
}
