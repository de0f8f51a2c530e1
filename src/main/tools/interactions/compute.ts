/**
 * Legacy (pre-pair-model) interaction compute, kept only for the stack and protocol builders until they switch to
 * src/main/interactions (issue 13, builders section); POST /v1/tools/interactions/check no longer uses it.
 *
 * Interaction check, pure part: given substances already resolved to our compound records and/or DDInter drugs,
 * find every interacting pair. No formula is involved; the two sources are:
 *
 * - DDInter (Xiong G. et al., "DDInter: an online drug–drug interaction database towards improving clinical
 *   decision-making and patient safety", Nucleic Acids Res. 2022;50(D1):D1200–D1207; CC BY-NC-SA 4.0): every
 *   unordered pair once (a < b) with its level Major / Moderate / Minor / Unknown. The download has no mechanism or
 *   management text, and DDInter disclaims completeness (absence of a pair is not absence of an interaction).
 * - our compound records' own `interactions` JSON, entries with `source: "editorial"` (docs/content.md): free-text
 *   substance names that also cover supplements and foods. An entry applies to another substance when its text
 *   names that substance — word-bounded, case-aware, spaces and hyphens interchangeable (compounds/names.ts), the
 *   same rule the content build uses to link compounds to documents — or names a drug class the substance belongs
 *   to (DRUG_CLASSES below: "SSRIs" applies to sertraline).
 *
 * The records also carry copies of DDInter pairs (`source: "ddinter"`); those are skipped here because DDInter is
 * read directly, which also covers drugs we carry no record for.
 */
import { INTERACTION_SEVERITIES } from '../../../shared/enums.ts';
import type { MATCH_KINDS } from '../../../shared/schemas/tools/interactions.ts';
import { isCaseSensitiveName, namePattern, normalizeName } from '../../compounds/names.ts';

export type Severity = (typeof INTERACTION_SEVERITIES)[number];
export type DdinterLevel = 'Major' | 'Moderate' | 'Minor' | 'Unknown';
export type MatchKind = (typeof MATCH_KINDS)[number];

export interface RecordInteraction { substance: string; severity: Severity; notes: string; source: 'editorial' | 'ddinter' }

export interface SubstanceCompound {
  slug: string;
  name: string;
  category: string;
  status: string;
  evidence_grade: string;
  alt_names: string[];
  interactions: RecordInteraction[];
}

export interface SubstanceInfo {
  input: string;
  status: 'compound' | 'ddinter' | 'unmatched';
  matchedVia: MatchKind | null;
  compound: SubstanceCompound | null;
  ddinter: { id: string; name: string }[];
}

export interface Interaction {
  /** indices into the substance list */
  a: number;
  b: number;
  severity: Severity;
  source: 'ddinter' | 'editorial';
  listedAs: string;
  record: string | null;
  /** editorial entries that apply through a drug class the text names ("SSRIs"): that class */
  matchedClass?: string | null;
  notes: string;
}

/** Severity order: the shared vocabulary's order, major first; `unknown` (DDInter lists no level) last. */
export const SEVERITY_RANK: Record<Severity, number> = Object.fromEntries(INTERACTION_SEVERITIES.map((s, i) => [s, i])) as Record<Severity, number>;

const LEVEL_TO_SEVERITY: Record<DdinterLevel, Severity> = { Major: 'major', Moderate: 'moderate', Minor: 'minor', Unknown: 'unknown' };
export const fromDdinterLevel = (level: DdinterLevel): Severity => LEVEL_TO_SEVERITY[level];

/** DDInter stores each unordered pair once with a < b (string order, as SQLite's BINARY collation compares ASCII ids). */
export function pairKey(x: string, y: string): string {
  return x < y ? `${x}\0${y}` : `${y}\0${x}`;
}

/** What a substance is, for spotting duplicates: our record, else the DDInter drugs, else the normalised text. */
export function substanceKey(s: SubstanceInfo): string {
  if (s.compound) return `c:${s.compound.slug}`;
  if (s.ddinter.length) return `d:${s.ddinter.map((d) => d.id).sort().join(',')}`;
  return `t:${normalizeName(s.input)}`;
}

export function displayName(s: SubstanceInfo): string {
  return s.compound?.name ?? s.ddinter[0]?.name ?? s.input;
}

/**
 * Names too generic to say which substance a text means (the content build's list, resources/build/steps/link.ts).
 * Names under three characters, pure numbers and three-letter words in ordinary case never match either.
 */
const TOO_GENERIC = new Set(['vitamin', 'iron', 'calcium', 'sodium', 'potassium', 'oxygen', 'water', 'protein', 'sugar', 'salt', 'fat', 'fiber', 'fibre', 'acid', 'oil', 'extract', 'tea', 'coffee', 'align', 'sam']);

export function linkableNames(names: readonly string[]): string[] {
  const out = new Map<string, string>();
  for (const raw of names) {
    const n = raw.trim();
    const norm = normalizeName(n);
    if (norm.length < 3 || TOO_GENERIC.has(norm) || /^\d+$/.test(norm)) continue;
    if (norm.length <= 3 && !isCaseSensitiveName(n)) continue;
    if (!out.has(n.toLowerCase())) out.set(n.toLowerCase(), n);
  }
  return [...out.values()];
}

/** "Vitamin E (alpha-tocopherol)" is also "Vitamin E" and "alpha-tocopherol". */
function withParentheticals(name: string): string[] {
  const m = /^(.*?)\s*\(([^()]+)\)\s*$/.exec(name);
  return m ? [name, m[1]!, m[2]!] : [name];
}

/** Every name a text may use for the substance: the input, our name and alternative names, its DDInter names. */
export function namesOf(s: SubstanceInfo): string[] {
  const names = [s.input];
  if (s.compound) names.push(...withParentheticals(s.compound.name), ...s.compound.alt_names.flatMap(withParentheticals));
  for (const d of s.ddinter) names.push(...withParentheticals(d.name));
  return linkableNames(names);
}

/**
 * Drug classes the editorial texts name ("SSRIs and SNRIs", "NSAIDs, aspirin and other antiplatelets", "Insulin and
 * sulfonylureas"), with well-established members by generic name (WHO ATC classification / standard pharmacology
 * references; curated and deliberately conservative: only unambiguous members). A member matches when one of the
 * substance's names (normalised) is the member, or starts with it for entries ending in "*" ("insulin*" covers
 * "Insulin glargine"). An editorial entry naming the class then applies to the member.
 */
const SSRI = ['citalopram', 'escitalopram', 'fluoxetine', 'fluvoxamine', 'paroxetine', 'sertraline', 'vilazodone', 'dapoxetine'];
const SNRI = ['venlafaxine', 'desvenlafaxine', 'duloxetine', 'milnacipran', 'levomilnacipran'];
const MAOI = ['phenelzine', 'tranylcypromine', 'isocarboxazid', 'selegiline', 'rasagiline', 'safinamide', 'moclobemide', 'linezolid', 'methylene blue'];
const NSAID = ['ibuprofen', 'naproxen', 'diclofenac', 'celecoxib', 'meloxicam', 'indomethacin', 'indometacin', 'ketorolac', 'piroxicam', 'ketoprofen',
  'etodolac', 'nabumetone', 'etoricoxib', 'mefenamic acid', 'dexketoprofen', 'flurbiprofen', 'aspirin', 'acetylsalicylic acid'];
const ANTIPLATELET = ['aspirin', 'acetylsalicylic acid', 'clopidogrel', 'prasugrel', 'ticagrelor', 'dipyridamole', 'cilostazol', 'ticlopidine'];
const DOAC = ['apixaban', 'rivaroxaban', 'edoxaban', 'dabigatran', 'dabigatran etexilate'];
const VKA = ['warfarin', 'acenocoumarol', 'phenprocoumon'];
const ANTICOAGULANT = [...DOAC, ...VKA, 'heparin', 'enoxaparin', 'dalteparin', 'tinzaparin', 'fondaparinux'];
const STATIN = ['atorvastatin', 'rosuvastatin', 'simvastatin', 'pravastatin', 'lovastatin', 'fluvastatin', 'pitavastatin'];
const BENZO = ['diazepam', 'lorazepam', 'alprazolam', 'clonazepam', 'temazepam', 'midazolam', 'chlordiazepoxide', 'oxazepam', 'triazolam', 'nitrazepam', 'clobazam'];
const Z_DRUG = ['zolpidem', 'zopiclone', 'eszopiclone', 'zaleplon'];
const OPIOID = ['morphine', 'oxycodone', 'hydrocodone', 'hydromorphone', 'fentanyl', 'codeine', 'tramadol', 'tapentadol', 'methadone', 'buprenorphine', 'oxymorphone', 'pethidine', 'meperidine'];
const TRIPTAN = ['sumatriptan', 'rizatriptan', 'zolmitriptan', 'eletriptan', 'naratriptan', 'almotriptan', 'frovatriptan'];
const SULFONYLUREA = ['glibenclamide', 'glyburide', 'glipizide', 'gliclazide', 'glimepiride', 'tolbutamide', 'chlorpropamide'];
const GLP1 = ['semaglutide', 'liraglutide', 'dulaglutide', 'exenatide', 'lixisenatide'];
const ANTIDIABETIC = [...SULFONYLUREA, ...GLP1, 'insulin*', 'metformin', 'pioglitazone', 'rosiglitazone', 'dapagliflozin', 'empagliflozin', 'canagliflozin',
  'ertugliflozin', 'sitagliptin', 'saxagliptin', 'linagliptin', 'alogliptin', 'vildagliptin', 'tirzepatide', 'pramlintide', 'repaglinide', 'nateglinide', 'acarbose'];
const FLUOROQUINOLONE = ['ciprofloxacin', 'levofloxacin', 'moxifloxacin', 'ofloxacin', 'norfloxacin', 'delafloxacin'];
const TETRACYCLINE = ['tetracycline', 'doxycycline', 'minocycline', 'demeclocycline', 'oxytetracycline', 'omadacycline', 'sarecycline'];
const ANTIBIOTIC = [...FLUOROQUINOLONE, ...TETRACYCLINE, 'amoxicillin', 'ampicillin', 'penicillin', 'phenoxymethylpenicillin', 'flucloxacillin', 'azithromycin',
  'clarithromycin', 'erythromycin', 'cefalexin', 'cephalexin', 'ceftriaxone', 'cefuroxime', 'cefixime', 'metronidazole', 'clindamycin', 'trimethoprim',
  'sulfamethoxazole', 'nitrofurantoin', 'linezolid', 'vancomycin', 'rifampicin', 'rifampin'];
const THIAZIDE = ['hydrochlorothiazide', 'chlorthalidone', 'chlortalidone', 'indapamide', 'bendroflumethiazide', 'chlorothiazide', 'metolazone'];
const LOOP = ['furosemide', 'bumetanide', 'torasemide', 'torsemide', 'ethacrynic acid'];
const K_SPARING = ['spironolactone', 'eplerenone', 'amiloride', 'triamterene'];
const ACEI = ['lisinopril', 'enalapril', 'ramipril', 'captopril', 'perindopril', 'quinapril', 'benazepril', 'fosinopril', 'trandolapril'];
const ARB = ['losartan', 'valsartan', 'irbesartan', 'candesartan', 'olmesartan', 'telmisartan', 'azilsartan', 'eprosartan'];
const BETA_BLOCKER = ['metoprolol', 'propranolol', 'atenolol', 'bisoprolol', 'carvedilol', 'nebivolol', 'labetalol', 'nadolol', 'sotalol', 'timolol'];
const CCB = ['amlodipine', 'nifedipine', 'felodipine', 'diltiazem', 'verapamil', 'lercanidipine'];
const CORTICOSTEROID = ['prednisone', 'prednisolone', 'dexamethasone', 'hydrocortisone', 'methylprednisolone', 'budesonide', 'cortisone', 'triamcinolone', 'betamethasone', 'fludrocortisone'];
const PPI = ['omeprazole', 'esomeprazole', 'lansoprazole', 'pantoprazole', 'rabeprazole', 'dexlansoprazole'];
const BISPHOSPHONATE = ['alendronic acid', 'alendronate', 'risedronic acid', 'risedronate', 'ibandronic acid', 'ibandronate', 'zoledronic acid', 'etidronic acid'];
const PDE5 = ['sildenafil', 'tadalafil', 'vardenafil', 'avanafil'];
const NITRATE = ['nitroglycerin', 'glyceryl trinitrate', 'isosorbide mononitrate', 'isosorbide dinitrate'];
const TCA = ['amitriptyline', 'nortriptyline', 'imipramine', 'desipramine', 'clomipramine', 'doxepin', 'trimipramine', 'protriptyline'];
const ANTIEPILEPTIC = ['carbamazepine', 'phenytoin', 'fosphenytoin', 'valproic acid', 'valproate', 'lamotrigine', 'levetiracetam', 'topiramate', 'oxcarbazepine',
  'phenobarbital', 'gabapentin', 'pregabalin', 'lacosamide', 'zonisamide'];
const ANDROGEN = ['testosterone*', 'nandrolone*', 'oxandrolone', 'stanozolol', 'methyltestosterone', 'fluoxymesterone', 'oxymetholone', 'trenbolone',
  'boldenone*', 'drostanolone', 'methandrostenolone', 'metandienone', 'mesterolone'];
const SARM = ['ostarine', 'enobosarm', 'ligandrol', 'rad140', 'andarine', 's23', 'lgd2226', 'lgd3303', 'ac262536', 'acp105', 'bms564929', 'gsk2881078', 'glpg0492', 'ly2452473', 'mk0773', 'pf06260414', 'yk11'];
const STIMULANT = ['amphetamine', 'dextroamphetamine', 'lisdexamfetamine', 'methamphetamine', 'methylphenidate', 'dexmethylphenidate', 'modafinil', 'armodafinil',
  'caffeine', 'ephedrine', 'pseudoephedrine', 'phentermine'];
const SEDATIVE = [...BENZO, ...Z_DRUG, 'phenobarbital', 'ethanol'];
const SEROTONERGIC = [...SSRI, ...SNRI, ...MAOI, ...TRIPTAN, 'tramadol', 'trazodone', 'mirtazapine', 'clomipramine', 'amitriptyline', 'imipramine', 'lithium*',
  'buspirone', 'dextromethorphan', 'fentanyl', 'methadone', "st john's wort", 'oxitriptan', '5-hydroxytryptophan', 'tryptophan', 'l-tryptophan'];
const ESTROGEN = ['estradiol*', 'ethinylestradiol', 'estriol', 'estrone', 'conjugated estrogens'];
const CONTRACEPTIVE = ['ethinylestradiol', 'levonorgestrel', 'norethisterone', 'norethindrone', 'drospirenone', 'desogestrel', 'etonogestrel', 'norgestimate', 'dienogest'];
const IMMUNOSUPPRESSANT = ['cyclosporine', 'ciclosporin', 'tacrolimus', 'sirolimus', 'everolimus', 'mycophenolate*', 'mycophenolic acid', 'azathioprine'];

export const DRUG_CLASSES: { name: string; pattern: RegExp; members: string[] }[] = [
  { name: 'SSRIs', pattern: /\bSSRIs?\b|selective serotonin reuptake inhibitors?/i, members: SSRI },
  { name: 'SNRIs', pattern: /\bSNRIs?\b|serotonin[- ](?:and[- ])?nor(?:epinephrine|adrenaline) reuptake inhibitors?/i, members: SNRI },
  { name: 'MAO inhibitors', pattern: /\bMAOIs?\b|\bMAO[- ]inhibitors?|monoamine oxidase inhibitors?/i, members: MAOI },
  { name: 'NSAIDs', pattern: /\bNSAIDs?\b|non-?steroidal anti-?inflammatory/i, members: NSAID },
  { name: 'antiplatelets', pattern: /\bantiplatelets?\b/i, members: ANTIPLATELET },
  { name: 'DOACs', pattern: /\bDOACs?\b|direct oral anticoagulants?/i, members: DOAC },
  { name: 'vitamin K antagonists', pattern: /vitamin K antagonists?/i, members: VKA },
  { name: 'anticoagulants', pattern: /\banticoagula(?:nts?|tion)\b/i, members: ANTICOAGULANT },
  { name: 'statins', pattern: /\bstatins?\b|HMG-CoA reductase inhibitors?/i, members: STATIN },
  { name: 'benzodiazepines', pattern: /\bbenzodiazepines?\b/i, members: BENZO },
  { name: 'Z-drugs', pattern: /\bZ-drugs?\b/, members: Z_DRUG },
  { name: 'opioids', pattern: /\bopioids?\b(?! antagonists?)/i, members: OPIOID },
  { name: 'triptans', pattern: /\btriptans?\b/i, members: TRIPTAN },
  { name: 'sulfonylureas', pattern: /\bsul(?:f|ph)onylureas?\b/i, members: SULFONYLUREA },
  { name: 'insulin', pattern: /\binsulins?\b(?! resistance| sensitivity| secretion)/i, members: ['insulin*'] },
  { name: 'GLP-1 receptor agonists', pattern: /\bGLP-1 (?:receptor )?agonists?/i, members: GLP1 },
  { name: 'glucose-lowering drugs', pattern: /\bantidiabetic|glucose-lowering|hypoglyca?emic (?:drugs|agents|medicines)/i, members: ANTIDIABETIC },
  { name: 'fluoroquinolones', pattern: /\bfluoroquinolones?\b|\bquinolone antibiotics?\b/i, members: FLUOROQUINOLONE },
  { name: 'tetracyclines', pattern: /\btetracyclines\b/i, members: TETRACYCLINE },
  { name: 'antibiotics', pattern: /\bantibiotics?\b|\bantibacterials?\b/i, members: ANTIBIOTIC },
  { name: 'thiazide diuretics', pattern: /\bthiazides?\b/i, members: THIAZIDE },
  { name: 'loop diuretics', pattern: /\bloop\b[^.;]{0,30}\bdiuretics?\b/i, members: LOOP },
  { name: 'potassium-sparing diuretics', pattern: /potassium-sparing/i, members: K_SPARING },
  { name: 'diuretics', pattern: /^(?:diuretics?|other diuretics?)\b/i, members: [...THIAZIDE, ...LOOP, ...K_SPARING] },
  { name: 'ACE inhibitors', pattern: /\bACE[- ]inhibitors?\b|angiotensin[- ]converting[- ]enzyme inhibitors?/i, members: ACEI },
  { name: 'ARBs', pattern: /\bARBs?\b|angiotensin (?:II )?receptor blockers?/i, members: ARB },
  { name: 'beta-blockers', pattern: /\bbeta[- ]?blockers?\b|β-blockers?/i, members: BETA_BLOCKER },
  { name: 'antihypertensives', pattern: /\bantihypertensives?\b|blood[- ]pressure[- ]lowering/i, members: [...ACEI, ...ARB, ...BETA_BLOCKER, ...CCB, ...THIAZIDE, 'clonidine', 'hydralazine', 'doxazosin', 'prazosin'] },
  { name: 'corticosteroids', pattern: /\b(?:cortico|gluco)[- ]?(?:steroids?|corticoids?)\b/i, members: CORTICOSTEROID },
  { name: 'proton pump inhibitors', pattern: /proton[- ]pump inhibitors?|\bPPIs?\b/i, members: PPI },
  { name: 'bisphosphonates', pattern: /\bbisphosphonates?\b/i, members: BISPHOSPHONATE },
  { name: 'PDE5 inhibitors', pattern: /\bPDE-?5 inhibitors?|phosphodiesterase[- ]5 inhibitors?/i, members: PDE5 },
  { name: 'nitrates', pattern: /\bnitrates?\b(?! in)/i, members: NITRATE },
  { name: 'tricyclic antidepressants', pattern: /\btricyclics?\b|\bTCAs?\b/i, members: TCA },
  { name: 'antiepileptic drugs', pattern: /\bantiepileptics?\b|\banticonvulsants?\b/i, members: ANTIEPILEPTIC },
  { name: 'anabolic steroids and androgens', pattern: /\banabolic(?:-androgenic)? steroids?\b|\bandrogens?\b(?! receptor| deprivation)/i, members: ANDROGEN },
  { name: 'SARMs', pattern: /\bSARMs?\b/, members: SARM },
  { name: 'stimulants', pattern: /\bstimulants?\b/i, members: STIMULANT },
  { name: 'sedatives and CNS depressants', pattern: /\bsedatives?\b|\bsedative-hypnotics?\b|\bCNS depressants?\b|\bhypnotics?\b/i, members: SEDATIVE },
  { name: 'alcohol', pattern: /\balcohol\b/i, members: ['ethanol'] },
  { name: 'serotonergic drugs', pattern: /\bserotonergic\b/i, members: SEROTONERGIC },
  { name: 'oestrogens', pattern: /\b(?:o?estrogens?|oestrogen-containing)\b/i, members: ESTROGEN },
  { name: 'hormonal contraceptives', pattern: /\b(?:hormonal|oral) contracept\w*|\bcontraceptive pills?\b/i, members: CONTRACEPTIVE },
  { name: 'immunosuppressants', pattern: /\bimmunosuppress\w*/i, members: IMMUNOSUPPRESSANT },
  { name: 'thyroid hormones', pattern: /\bthyroid hormones?\b/i, members: ['levothyroxine', 'liothyronine'] },
  { name: 'bile acid sequestrants', pattern: /\bbile[- ]acid sequestrants?\b/i, members: ['cholestyramine', 'colestyramine', 'colestipol', 'colesevelam'] },
  { name: 'iron', pattern: /\biron\b(?! overload| deficiency| stores| status)/i, members: ['iron*', 'ferrous*', 'ferric*'] },
  { name: 'calcium', pattern: /\bcalcium\b(?! channel)(?:[- ](?:supplements?|salts?|carbonate|citrate|containing))?/i, members: ['calcium carbonate', 'calcium citrate', 'calcium acetate', 'calcium gluconate', 'calcium lactate', 'calcium chloride'] },
  { name: 'magnesium', pattern: /\bmagnesium\b/i, members: ['magnesium*'] },
  { name: 'zinc', pattern: /\bzinc\b/i, members: ['zinc*'] },
  { name: 'potassium supplements', pattern: /\bpotassium (?:supplements?|chloride|citrate|salts?)\b|\bsalt substitutes?\b/i, members: ['potassium chloride', 'potassium citrate', 'potassium bicarbonate', 'potassium gluconate', 'potassium acetate'] },
  { name: 'vitamin K', pattern: /\bvitamin K\b(?! antagonists?)/i, members: ['vitamin k*', 'phylloquinone', 'phytonadione', 'phytomenadione', 'menaquinone*'] },
];

const CLASS_MEMBERS = DRUG_CLASSES.map((c) => ({
  ...c,
  exact: new Set(c.members.filter((m) => !m.endsWith('*')).map(normalizeName)),
  prefixes: c.members.filter((m) => m.endsWith('*')).map((m) => normalizeName(m.slice(0, -1))),
}));

/** The classes a substance belongs to, from its names. */
export function classesOf(s: SubstanceInfo): string[] {
  const norms = new Set([s.input, ...(s.compound ? [s.compound.name, ...s.compound.alt_names].flatMap(withParentheticals) : []), ...s.ddinter.flatMap((d) => withParentheticals(d.name))]
    .map(normalizeName).filter(Boolean));
  return CLASS_MEMBERS.filter((c) => [...norms].some((n) => c.exact.has(n) || c.prefixes.some((p) => n.startsWith(p)))).map((c) => c.name);
}

/** The first class the text names that the substance belongs to, or null. */
export function classMention(text: string, classes: readonly string[]): string | null {
  for (const c of CLASS_MEMBERS) if (classes.includes(c.name) && c.pattern.test(text)) return c.name;
  return null;
}

export function mentions(text: string, patterns: readonly RegExp[]): boolean {
  return patterns.some((re) => re.test(text));
}

/** Duplicates: for each substance, the index of the first earlier one that is the same substance, else null. */
export function findDuplicates(subs: readonly SubstanceInfo[]): (number | null)[] {
  const first = new Map<string, number>();
  return subs.map((s, i) => {
    const keys = [substanceKey(s), `t:${normalizeName(s.input)}`];
    const hit = keys.map((k) => first.get(k)).find((v) => v !== undefined);
    for (const k of keys) if (!first.has(k)) first.set(k, i);
    return hit ?? null;
  });
}

export interface CheckResult { interactions: Interaction[]; duplicates: (number | null)[]; pairsChecked: number }

/**
 * Every pair of distinct substances: DDInter levels for each pair of their DDInter drugs (looked up in `pairs`,
 * keyed by pairKey), and each record's editorial entries whose substance text names the other substance.
 */
export function checkInteractions(subs: readonly SubstanceInfo[], pairs: ReadonlyMap<string, DdinterLevel>): CheckResult {
  const duplicates = findDuplicates(subs);
  const live = subs.map((_, i) => i).filter((i) => duplicates[i] === null);
  const patterns = new Map(live.map((i) => [i, namesOf(subs[i]!).map(namePattern)]));
  const classes = new Map(live.map((i) => [i, classesOf(subs[i]!)]));
  const out: Interaction[] = [];
  let pairsChecked = 0;
  for (let x = 0; x < live.length; x++) {
    for (let y = x + 1; y < live.length; y++) {
      const ia = live[x]!;
      const ib = live[y]!;
      const sa = subs[ia]!;
      const sb = subs[ib]!;
      pairsChecked++;
      const seen = new Set<string>();
      for (const da of sa.ddinter) {
        for (const db of sb.ddinter) {
          if (da.id === db.id) continue;
          const key = pairKey(da.id, db.id);
          const level = pairs.get(key);
          if (!level || seen.has(key)) continue;
          seen.add(key);
          out.push({
            a: ia, b: ib, severity: fromDdinterLevel(level), source: 'ddinter', listedAs: `${da.name} + ${db.name}`, record: null, matchedClass: null,
            notes: `DDInter lists ${da.name} + ${db.name} as ${level === 'Unknown' ? 'an interaction of unknown severity' : level}. `
              + 'The DDInter download gives no mechanism or management advice: check a full interaction reference.',
          });
        }
      }
      for (const [from, to] of [[ia, ib], [ib, ia]] as const) {
        const rec = subs[from]!.compound;
        if (!rec) continue;
        const pats = patterns.get(to)!;
        const cls = classes.get(to)!;
        for (const e of rec.interactions) {
          if (e.source !== 'editorial') continue;
          const byName = mentions(e.substance, pats);
          const byClass = byName ? null : classMention(e.substance, cls);
          if (!byName && !byClass) continue;
          out.push({ a: from, b: to, severity: e.severity, source: 'editorial', listedAs: e.substance, record: rec.slug, matchedClass: byClass, notes: e.notes });
        }
      }
    }
  }
  out.sort((p, q) => SEVERITY_RANK[p.severity] - SEVERITY_RANK[q.severity]
    || Math.min(p.a, p.b) - Math.min(q.a, q.b) || Math.max(p.a, p.b) - Math.max(q.a, q.b)
    || (p.source === q.source ? 0 : p.source === 'ddinter' ? -1 : 1) || p.a - q.a);
  return { interactions: out, duplicates, pairsChecked };
}

export function highestSeverity(list: readonly { severity: Severity }[]): Severity | 'none' {
  let best: Severity | 'none' = 'none';
  for (const i of list) if (best === 'none' || SEVERITY_RANK[i.severity] < SEVERITY_RANK[best]) best = i.severity;
  return best;
}

export function countBySeverity(list: readonly { severity: Severity }[]): Record<Severity, number> {
  const counts = { contraindicated: 0, major: 0, moderate: 0, minor: 0, unknown: 0 };
  for (const i of list) counts[i.severity]++;
  return counts;
}

export interface SuggestionHit { name: string; slug: string | null; source: 'compound' | 'ddinter'; match: 'typo' | 'prefix'; distance: number | null }

/** Typo hits first (closest first), then prefix hits (shortest name first); one per target; at most `limit`. */
export function mergeSuggestions(typo: SuggestionHit[], prefix: SuggestionHit[], limit = 5): SuggestionHit[] {
  const seen = new Set<string>();
  const out: SuggestionHit[] = [];
  const sortedTypo = [...typo].sort((a, b) => a.distance! - b.distance! || a.name.localeCompare(b.name));
  const sortedPrefix = [...prefix].sort((a, b) => a.name.length - b.name.length || a.name.localeCompare(b.name));
  for (const h of [...sortedTypo, ...sortedPrefix]) {
    const key = h.slug ? `c:${h.slug}` : `d:${normalizeName(h.name)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(h);
    if (out.length >= limit) break;
  }
  return out;
}

/** Plain-language summary; editorial, not medical advice. */
export function interpret(subs: readonly SubstanceInfo[], r: CheckResult): string {
  const highest = highestSeverity(r.interactions);
  const live = r.duplicates.filter((d) => d === null).length;
  const unmatched = subs.filter((s, i) => s.status === 'unmatched' && r.duplicates[i] === null).map((s) => s.input);
  const parts: string[] = [];
  if (highest === 'none') {
    parts.push(`No interaction is listed for the ${r.pairsChecked} pair${r.pairsChecked === 1 ? '' : 's'} of ${live} substances checked. That is not proof of safety: DDInter and our records are incomplete, and class effects (e.g. "NSAIDs") only match when the text names the substance.`);
  } else {
    const top = r.interactions.filter((i) => i.severity === highest);
    const names = [...new Set(top.map((i) => [displayName(subs[i.a]!), displayName(subs[i.b]!)].sort().join(' + ')))];
    const c = countBySeverity(r.interactions);
    const what = { contraindicated: 'contraindicated (do not combine)', major: 'major (avoid the combination or act on it)', moderate: 'moderate (monitor or adjust)', minor: 'minor', unknown: 'listed without a known severity' }[highest];
    parts.push(`Highest severity: ${what}, for ${names.join('; ')}. ${r.interactions.length} interaction entr${r.interactions.length === 1 ? 'y' : 'ies'} in ${r.pairsChecked} pair${r.pairsChecked === 1 ? '' : 's'} checked (major ${c.major}, moderate ${c.moderate}, minor ${c.minor}, unknown ${c.unknown}).`);
  }
  if (unmatched.length) parts.push(`Not recognised: ${unmatched.join(', ')} — only searched for in our editorial interaction texts; see the suggestions.`);
  parts.push('Editorial summary, not medical advice: review combinations with a pharmacist or prescriber.');
  return parts.join(' ');
}
