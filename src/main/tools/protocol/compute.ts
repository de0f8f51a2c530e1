/**
 * Protocol outline, pure part. No dosing formula is computed: doses, titration, taper and monitoring come from the
 * text of our monographs and compound records (editorial, docs/content.md). What this module adds is explicit and
 * conservative:
 *
 * - Taper: required when the record's text says so (taper, do not stop abruptly, withdraw gradually,
 *   discontinuation syndrome, withdrawal seizures…) or the compound belongs to a class where abrupt stopping is
 *   known to be hazardous (systemic corticosteroids: adrenal insufficiency; SSRIs/SNRIs: discontinuation syndrome;
 *   beta-blockers: rebound angina/ischaemia, US boxed warning; benzodiazepines, gabapentinoids and antiepileptics:
 *   withdrawal seizures; clonidine: rebound hypertension; tricyclics; opioid agonists). Flagging a taper that may
 *   not be needed is the safer error.
 * - Titration: where the US label gives a dose escalation schedule (label-titrations.ts), the phases (phases.ts) follow its steps
 *   and doses (semaglutide for weight: 0.25 → 0.5 → 1 → 1.7 mg every 4 weeks, 2.4 mg maintenance from week 17).
 *   Otherwise the text describes a starting dose and dose steps; the step interval is the shortest interval the
 *   text names ("every 4 weeks", "at intervals of at least a week", "titrated weekly").
 * - Washout: the text calls for cycles or breaks ("taken in cycles", "periodic breaks", "washout").
 * - Phase lengths are a scheduling convention, not clinical data: the start or titration phase lasts one step
 *   interval (1 week when none is named); a taper takes the last 2 weeks of protocols of 8+ weeks, the last week of
 *   3–7-week protocols, and is flagged as falling after shorter ones; a washout takes the last week of 4+-week
 *   protocols. The prescriber sets the real schedule.
 * - Monitoring: LAB_PANELS maps terms in the safety and dosing text to LOINC-coded tests (liver → ALT/AST,
 *   kidney → creatinine/eGFR, glucose → fasting glucose/HbA1c, lipids → lipid panel, INR, potassium, …); a sentence
 *   that denies the need ("no dose adjustment", "not needed") does not count.
 */
import type { PHASES } from '../../../shared/schemas/tools/protocol.ts';
import { doseStatus, wadaStatement, type DoseStatus, type TypicalDosing } from '../peptide-stack/compute.ts';
import { sentences } from '../../../shared/sentences.ts';
import { EGFR_LOINC } from './kidney.ts';

export type Phase = (typeof PHASES)[number];

export interface MonographLike {
  classification: { type: string };
  indications: { condition: string; evidence_grade: string; typical_dosage: string; duration: string }[];
  dosing: {
    route: string[];
    typical_dose: string;
    loading_dose: string | null;
    frequency: string;
    duration: string;
    notes: string;
  };
  safety_profile: {
    adverse_events: string;
    common_side_effects: { effect: string; frequency: string; notes?: string }[];
    serious_side_effects: { effect: string; frequency: string; notes?: string }[];
    contraindications: string[];
  };
  /** The point-of-care card's renal section: the label's measure and bands (renal-rules.ts prefers them). */
  point_of_care?: {
    renal: {
      measure: 'CrCl' | 'eGFR' | 'CrCl or eGFR' | null;
      bands: { range: string; advice: string }[];
      note: string | null;
    };
  } | null;
}

export interface ProtocolCompoundInput {
  slug: string;
  name: string;
  category: string;
  subcategory: string;
  status: string;
  evidence_grade: string;
  description: string;
  typical_dosing: TypicalDosing;
  side_effects: string[];
  monograph: MonographLike | null;
}

/* ---------------------------------------------------------------- taper, titration, washout */

const TAPER_TEXT =
  /\btaper\w*|\b(?:do not|don't|never|not) (?:be )?stop(?:ped)? abruptly|\babrupt(?:ly)? (?:stopping|withdrawal|discontinuation)|\bwithdraw\w* gradually|\bgradual(?:ly)? (?:withdraw|reduc|discontinu)\w*|\bdiscontinuation (?:syndrome|symptoms)|\bwithdrawal (?:seizures|syndrome|symptoms)|\badrenal (?:insufficiency|crisis) after stopping/i;

/** Classes where abrupt stopping is hazardous (see the header). Matched on classText. */
const TAPER_CLASSES: [string, RegExp][] = [
  ['systemic corticosteroid (adrenal suppression)', /\bcorticosteroid|\bglucocorticoid/i],
  [
    'SSRI/SNRI (discontinuation syndrome)',
    /\bSSRI\b|\bSNRI\b|serotonin(?:[- ]and)?(?:[- ]nor(?:epinephrine|adrenaline))? reuptake inhibitor/i,
  ],
  ['beta-blocker (rebound ischaemia)', /\bbeta[- ]?(?:1 |adrenoceptor |adrenergic )?blocker|β-blocker/i],
  ['benzodiazepine (withdrawal seizures)', /\bbenzodiazepine/i],
  ['gabapentinoid or antiepileptic (withdrawal seizures)', /\bgabapentinoid|\banticonvulsant|\bantiepileptic/i],
  ['clonidine-type alpha-2 agonist (rebound hypertension)', /\bclonidine|\balpha-2 (?:adrenergic )?agonist/i],
  ['tricyclic antidepressant (discontinuation symptoms)', /\btricyclic/i],
  ['opioid agonist (withdrawal)', /\bopioid (?:agonist|analgesic)/i],
];

/**
 * What the compound is: the monograph classification, the subcategory, and the head of the description's first
 * sentence ("Cardioselective beta-1 blocker" of "Cardioselective beta-1 blocker for hypertension, …"), so a class
 * the description merely mentions ("binds benzodiazepine sites", "tricyclic antidepressant overdose") does not count.
 */
export function classText(c: ProtocolCompoundInput): string {
  const head = (sentences(c.description)[0] ?? '').split(
    /[;,:(]|\s(?:that|which|for|used|approved|with|in|to|of)\s/,
  )[0]!;
  return [c.monograph?.classification.type ?? '', c.subcategory.replace(/_/g, ' '), head].join(' | ');
}

/** Texts that describe how to dose and stop, labelled by field. */
function dosingTexts(c: ProtocolCompoundInput): { field: string; text: string }[] {
  const out = [
    { field: 'typical_dosing.frequency', text: c.typical_dosing.frequency },
    { field: 'typical_dosing.duration', text: c.typical_dosing.duration },
  ];
  if (c.monograph) {
    const d = c.monograph.dosing;
    out.push(
      { field: 'dosing.typical_dose', text: d.typical_dose },
      { field: 'dosing.frequency', text: d.frequency },
      { field: 'dosing.duration', text: d.duration },
      { field: 'dosing.notes', text: d.notes },
    );
  }
  return out;
}

export function taperOf(c: ProtocolCompoundInput): { required: boolean; reasons: string[] } {
  const reasons: string[] = [];
  const texts = [
    ...dosingTexts(c),
    { field: 'description', text: c.description },
    ...(c.monograph?.safety_profile.serious_side_effects ?? []).map((e) => ({
      field: 'serious_side_effects',
      text: `${e.effect}${e.notes ? ` (${e.notes})` : ''}`,
    })),
  ];
  for (const t of texts)
    for (const s of sentences(t.text))
      if (TAPER_TEXT.test(s) && !reasons.some((r) => r.endsWith(`"${s}"`))) reasons.push(`${t.field}: "${s}"`);
  const cls = classText(c);
  for (const [name, re] of TAPER_CLASSES) if (re.test(cls)) reasons.push(`class: ${name}`);
  return { required: reasons.length > 0, reasons };
}

const TITRATION_TEXT =
  /\btitrat\w*|\bescalat\w*|\bstart(?:ing)? (?:at|low|with)\b|\b(?:initiation|starting) dose\b|\bincrease[sd]? (?:by|in|to|after|at)\b|\bincreased? in [\d.,]+|\bsteps?\b(?! ?down)|\bthen increased\b|\bincreased to\b/i;

/** Shortest interval between dose steps named in the text, in weeks (days and months converted; rounded up). */
export function stepIntervalWeeks(text: string): number | null {
  const found: number[] = [];
  const num = String.raw`(\d+(?:\.\d+)?)(?:\s*[–-]\s*(\d+(?:\.\d+)?))?`;
  const patterns: [RegExp, number][] = [
    [
      new RegExp(
        String.raw`\b(?:every|at(?: least)?|after(?: at least)?|intervals? of(?: at least)?)\s+${num}\s*weeks?\b`,
        'gi',
      ),
      1,
    ],
    [new RegExp(String.raw`\b${num}[- ]weeks?\s+intervals?\b`, 'gi'), 1],
    [
      new RegExp(String.raw`\b(?:every|after(?: at least)?|intervals? of(?: at least)?)\s+${num}\s*days?\b`, 'gi'),
      1 / 7,
    ],
    [
      new RegExp(
        String.raw`\b(?:every|after(?: about| at least)?|intervals? of(?: at least)?)\s+${num}\s*months?\b`,
        'gi',
      ),
      52 / 12,
    ],
  ];
  for (const [re, factor] of patterns) {
    for (const m of text.matchAll(re)) found.push(Math.max(1, Math.ceil(Number(m[1]) * factor - 1e-9)));
  }
  // "weekly" only as a step interval ("titrated weekly", "increase by 0.6 mg weekly"), never a dosing frequency ("once weekly").
  if (
    /\b(?:titrated|escalated|increased?(?: by [^;,]{1,20}?)?) weekly\b|\bno more often than weekly\b|\bat intervals of at least a week\b/i.test(
      text,
    )
  )
    found.push(1);
  if (/\bafter (?:a|one) month\b/i.test(text)) found.push(5);
  return found.length ? Math.min(...found) : null;
}

export function titrationOf(c: ProtocolCompoundInput): { detected: boolean; stepWeeks: number | null; text: string[] } {
  const text: string[] = [];
  for (const t of dosingTexts(c))
    for (const s of sentences(t.text)) if (TITRATION_TEXT.test(s) && !text.includes(s)) text.push(s);
  const joined = text.join(' ');
  return { detected: text.length > 0, stepWeeks: text.length ? stepIntervalWeeks(joined) : null, text };
}

const WASHOUT_TEXT =
  /\b(?:taken in cycles|cycles of \d|cycling|weeks? off|on\/off|washout|wash-out|drug holiday|periodic breaks|take breaks)\b/i;

export function washoutOf(c: ProtocolCompoundInput): { detected: boolean; text: string[] } {
  const text: string[] = [];
  for (const t of dosingTexts(c))
    for (const s of sentences(t.text)) if (WASHOUT_TEXT.test(s) && !text.includes(s)) text.push(s);
  return { detected: text.length > 0, text };
}

/* ---------------------------------------------------------------- dose and goal */

const STOPWORDS = new Set([
  'with',
  'from',
  'that',
  'this',
  'into',
  'over',
  'under',
  'about',
  'improve',
  'improving',
  'better',
  'support',
  'supporting',
  'reduce',
  'reducing',
  'treat',
  'treatment',
  'therapy',
  'health',
  'help',
  'helping',
  'general',
  'management',
  'prevention',
  'adults',
  'adult',
]);

function goalTokens(goal: string): string[] {
  return [
    ...new Set(
      goal
        .toLowerCase()
        .split(/[^a-z0-9]+/)
        .filter((w) => w.length >= 4 && !STOPWORDS.has(w)),
    ),
  ];
}

/** Goal words matched against indication words by stem (all but the last two letters, at least 4): "depression" ~ "depressive". */
export function matchIndication<T extends { condition: string }>(
  goal: string,
  indications: readonly T[],
): { indication: T; matched: string[] } | null {
  const tokens = goalTokens(goal);
  let best: { indication: T; matched: string[] } | null = null;
  for (const ind of indications) {
    const words = ind.condition
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter(Boolean);
    const matched = tokens.filter((t) => words.some((w) => w.startsWith(t.slice(0, Math.max(4, t.length - 2)))));
    if (matched.length && (!best || matched.length > best.matched.length)) best = { indication: ind, matched };
  }
  return best;
}

export interface DosePlan {
  text: string;
  amount: { value: number; unit: string } | null;
  dose_status: DoseStatus;
  frequency: string;
  route: string[];
  basis: 'indication' | 'monograph' | 'compound_record';
  indication: { condition: string; evidence_grade: string; typical_dosage: string; duration: string } | null;
  loading_dose: string | null;
  goal_match: string;
}

export function dosePlan(c: ProtocolCompoundInput, goal: string): DosePlan {
  const td = c.typical_dosing;
  const status = doseStatus(td);
  const amount = status === 'established' || status === 'trial_only' ? { value: td.amount!, unit: td.unit } : null;
  if (!c.monograph) {
    const text =
      td.amount === null ? `No established dose (${td.frequency})` : `${td.amount} ${td.unit}, ${td.frequency}`;
    return {
      text,
      amount,
      dose_status: status,
      frequency: td.frequency,
      route: [td.route],
      basis: 'compound_record',
      indication: null,
      loading_dose: null,
      goal_match:
        "No monograph, so no indications to match the goal against; the compound record's typical dose is shown.",
    };
  }
  const m = c.monograph;
  const hit = matchIndication(goal, m.indications);
  if (hit) {
    return {
      text: `${hit.indication.typical_dosage} (for ${hit.indication.condition})`,
      amount,
      dose_status: status,
      frequency: m.dosing.frequency,
      route: m.dosing.route,
      basis: 'indication',
      indication: hit.indication,
      loading_dose: m.dosing.loading_dose,
      goal_match: `Goal matched the monograph indication "${hit.indication.condition}" (words: ${hit.matched.join(', ')}).`,
    };
  }
  return {
    text: m.dosing.typical_dose,
    amount,
    dose_status: status,
    frequency: m.dosing.frequency,
    route: m.dosing.route,
    basis: 'monograph',
    indication: null,
    loading_dose: m.dosing.loading_dose,
    goal_match: "The goal matched none of the monograph's indications; the general typical dose is shown.",
  };
}

/* ---------------------------------------------------------------- monitoring */

export interface LabPanel {
  id: string;
  panel: string;
  loinc: string[];
  terms: RegExp[];
}

/** Terms in the safety and dosing text → LOINC-coded tests (a conservative curated mapping; see the header). */
export const LAB_PANELS: LabPanel[] = [
  {
    id: 'liver',
    panel: 'Liver enzymes (ALT, AST)',
    loinc: ['1742-6', '1920-8'],
    terms: [
      /(?<!\bcod )\b(?:liver(?! oil)|hepat\w*|jaundice|transaminase\w*|aminotransferase\w*)\b/i,
      /\b(?:ALT|AST)\b/,
    ],
  },
  {
    id: 'kidney',
    panel: 'Kidney function (creatinine, eGFR by CKD-EPI 2021)',
    loinc: ['2160-0', EGFR_LOINC],
    terms: [/\b(?:kidney|renal|nephr\w*|creatinine|eGFR|creatinine clearance)\b/i],
  },
  {
    id: 'glucose',
    panel: 'Fasting glucose and HbA1c',
    loinc: ['1558-6', '4548-4'],
    terms: [
      /(?<!\bwith )\bglucose\b(?! meters?)/i,
      /\b(?:glyca?emi\w*|hypoglyca?emi\w*|hyperglyca?emi\w*|HbA1c|insulin resistance|new(?:-onset)? (?:type 2 )?diabetes|diabetes risk)\b/i,
    ],
  },
  {
    id: 'lipids',
    panel: 'Lipid panel (total, LDL and HDL cholesterol, triglycerides)',
    loinc: ['2093-3', '13457-7', '2085-9', '2571-8'],
    terms: [/\b(?:lipids?|cholesterol(?! (?:micro)?emboli)|HDL|LDL|triglycerides?|dyslipida?emia|hyperlipida?emia)\b/i],
  },
  { id: 'inr', panel: 'INR', loinc: ['6301-6'], terms: [/\bINR\b/, /\bprothrombin time\b/i] },
  {
    id: 'potassium',
    panel: 'Potassium',
    loinc: ['2823-3'],
    terms: [/\b(?:potassium|hyperkala?emi\w*|hypokala?emi\w*)\b/i],
  },
  {
    id: 'sodium',
    panel: 'Sodium',
    loinc: ['2951-2'],
    terms: [/\b(?:hyponatra?emi\w*|hypernatra?emi\w*|SIADH|serum sodium|check sodium)\b/i],
  },
  {
    id: 'blood_count',
    panel: 'Blood count (haemoglobin, haematocrit, white cells, platelets)',
    loinc: ['20509-6', '20570-8', '26464-8', '26515-7'],
    terms: [
      /\b(?:ha?ematocrit|polycyth\w*|erythrocytosis|ana?emi\w*|ha?emoglobin|blood counts?|neutropeni\w*|agranulocytosis|leukopeni\w*|thrombocytopeni\w*|pancytopeni\w*|aplastic|bone marrow)\b/i,
    ],
  },
  {
    id: 'thyroid',
    panel: 'TSH',
    loinc: ['3016-3'],
    terms: [
      /\b(?:hypothyroid\w*|hyperthyroid\w*|thyrotoxicosis|thyroid (?:function|hormones?|disease|dysfunction|tests?))\b/i,
      /\bTSH\b/,
    ],
  },
  { id: 'b12', panel: 'Vitamin B12', loinc: ['2132-9'], terms: [/\bvitamin B12\b|\bB12 (?:deficiency|levels?)\b/i] },
  {
    id: 'ck',
    panel: 'Creatine kinase',
    loinc: ['2157-6'],
    terms: [/\bCK\b/, /\b(?:creatine kinase|rhabdomyoly\w*|myopath\w*|myositis)\b/i],
  },
  { id: 'psa', panel: 'PSA', loinc: ['2857-1'], terms: [/\bPSA\b/, /\bprostate cancer\b/i] },
  {
    id: 'magnesium',
    panel: 'Magnesium',
    loinc: ['19123-9'],
    terms: [/\b(?:hypomagnesa?emi\w*|hypermagnesa?emi\w*|magnesium levels?)\b/i],
  },
  {
    id: 'calcium',
    panel: 'Calcium',
    loinc: ['17861-6'],
    terms: [/\b(?:hypercalca?emi\w*|hypocalca?emi\w*|serum calcium|check calcium|milk-alkali)\b/i],
  },
  {
    id: 'uric_acid',
    panel: 'Uric acid',
    loinc: ['3084-1'],
    terms: [/\b(?:uric acid|hyperuricaemi\w*|hyperuricemi\w*|serum urate)\b/i],
  },
  {
    id: 'ferritin',
    panel: 'Ferritin',
    loinc: ['2276-4'],
    terms: [/\b(?:iron overload|ferritin|ha?emochromatosis)\b/i],
  },
  { id: 'vitamin_d', panel: '25-hydroxyvitamin D', loinc: ['1989-3'], terms: [/25\(OH\)D|25-hydroxyvitamin D/i] },
  {
    id: 'testosterone',
    panel: 'Total testosterone',
    loinc: ['2986-8'],
    terms: [
      /\b(?:testosterone (?:levels?|concentrations?)|mid-interval testosterone|hormonal suppression|testicular atrophy)\b/i,
    ],
  },
];

/** A sentence that says a check or change is not needed does not call for the test. */
const DENIAL = /\b(?:no|not)\b[^.;]*\b(?:adjust\w*|needed|required|necessary|routine)\b/i;

/** Texts to scan for monitoring: the monograph's safety profile and dosing notes, else the record's side effects. */
function safetyTexts(c: ProtocolCompoundInput): { field: string; text: string }[] {
  if (!c.monograph) return c.side_effects.map((text) => ({ field: 'side_effects', text }));
  const s = c.monograph.safety_profile;
  return [
    ...s.contraindications.map((text) => ({ field: 'contraindications', text })),
    ...s.serious_side_effects.map((e) => ({
      field: 'serious_side_effects',
      text: `${e.effect}${e.notes ? ` (${e.notes})` : ''}`,
    })),
    ...s.common_side_effects.map((e) => ({
      field: 'common_side_effects',
      text: `${e.effect}${e.notes ? ` (${e.notes})` : ''}`,
    })),
    { field: 'dosing.notes', text: c.monograph.dosing.notes },
  ];
}

export interface LabHit {
  panel: LabPanel;
  reasons: { slug: string; field: string; text: string }[];
}

export function monitoringOf(compounds: readonly ProtocolCompoundInput[]): LabHit[] {
  const hits = new Map<string, LabHit>();
  for (const c of compounds) {
    for (const t of safetyTexts(c)) {
      for (const s of sentences(t.text)) {
        if (DENIAL.test(s)) continue;
        for (const p of LAB_PANELS) {
          if (!p.terms.some((re) => re.test(s))) continue;
          const h = hits.get(p.id) ?? { panel: p, reasons: [] };
          if (h.reasons.filter((r) => r.slug === c.slug).length < 3)
            h.reasons.push({ slug: c.slug, field: t.field, text: s });
          hits.set(p.id, h);
        }
      }
    }
  }
  return LAB_PANELS.filter((p) => hits.has(p.id)).map((p) => hits.get(p.id)!);
}

/* ---------------------------------------------------------------- stop criteria and warnings */

const STOP_SENTENCE = /\b(?:stop|discontinue|withhold|withdraw)\b/i;
const NOT_A_CRITERION = /\bstop(?:ping)? abruptly|\bwhen stopping\b|\bafter stopping\b|\btaper/i;

export interface StopItem {
  slug: string;
  name: string;
  criterion: string;
  frequency: 'very_common' | 'common' | 'uncommon' | 'rare' | 'unknown';
  notes: string | null;
  source: 'monograph_serious_side_effect' | 'monograph_dosing_note' | 'compound_side_effect';
}

export function stopCriteriaOf(c: ProtocolCompoundInput): StopItem[] {
  if (!c.monograph) {
    return c.side_effects.map((e) => ({
      slug: c.slug,
      name: c.name,
      criterion: e,
      frequency: 'unknown' as const,
      notes:
        'Listed side effect in the compound record (severity not graded): stop and seek medical advice if it is severe or persistent.',
      source: 'compound_side_effect' as const,
    }));
  }
  const out: StopItem[] = c.monograph.safety_profile.serious_side_effects.map((e) => ({
    slug: c.slug,
    name: c.name,
    criterion: e.effect,
    frequency: e.frequency as StopItem['frequency'],
    notes: e.notes ?? null,
    source: 'monograph_serious_side_effect' as const,
  }));
  for (const s of sentences(c.monograph.dosing.notes)) {
    if (STOP_SENTENCE.test(s) && !NOT_A_CRITERION.test(s))
      out.push({
        slug: c.slug,
        name: c.name,
        criterion: s,
        frequency: 'unknown',
        notes: null,
        source: 'monograph_dosing_note',
      });
  }
  return out;
}

export function compoundWarnings(c: ProtocolCompoundInput, dose: DosePlan, taper: { required: boolean }): string[] {
  const out: string[] = [];
  if (c.status === 'research_only')
    out.push(
      'Research-only: not approved for human use and not a lawful dietary supplement in the US; products are unverified.',
    );
  if (c.status === 'investigational') out.push('Investigational: not approved outside clinical trials.');
  if (c.status === 'withdrawn') out.push('Withdrawn: approval withdrawn or product removed from the market.');
  if (c.evidence_grade === 'D' || c.evidence_grade === 'E')
    out.push(`Evidence grade ${c.evidence_grade}: limited, mixed or theoretical evidence.`);
  if (dose.dose_status === 'none_established' || dose.dose_status === 'animal_or_nonclinical')
    out.push('No established human dose: the protocol cannot state one.');
  else if (dose.dose_status === 'trial_only') out.push('Trial dose only: no approved or established dose exists.');
  if (/\bnot established\b|\bunstudied\b/i.test(c.monograph?.dosing.duration ?? c.typical_dosing.duration))
    out.push('No established treatment duration.');
  const wada = wadaStatement(c.description);
  if (wada?.prohibited) out.push(`Sport: ${wada.text}`);
  if (taper.required)
    out.push('Do not stop abruptly: if a stop criterion occurs, seek medical advice promptly on how to stop.');
  return out;
}
