/**
 * Dose escalation schedules as the US prescribing information states them (Dosage and Administration), for the
 * products whose label gives fixed steps or a fixed start. Editorial transcription, checked against each label; a
 * schedule applies to a compound whose record name or alternative name is the `compound` (so a record added later
 * under that INN gets it too), and a product is chosen by the brand the request names, then by the goal, else the
 * first product.
 *
 * `steps` are the fixed escalation steps (each held `weeks` weeks); `maintenance` is the dose reached after them;
 * `further` states the optional later steps the label allows, which stay the prescriber's decision. Where the label
 * counts in days or months, the outline rounds up to whole weeks, so no step falls earlier than the label allows.
 * When the goal matches none of a compound's products and none is its default, no label schedule is applied
 * (lamotrigine for epilepsy has no fixed target, unlike its bipolar schedule).
 */

export interface LabelDose {
  value: number;
  unit: string;
}

export interface LabelTitration {
  compound: string;
  product: string;
  /** goals this product's indications answer (matched on the request's goal) */
  goal: RegExp;
  /** used when no product's goal matches; a compound without a default then gets no label schedule */
  default?: boolean;
  route: string;
  frequency: string;
  /** a step's own frequency when it differs from the product's */
  steps: { dose: LabelDose; weeks: number; frequency?: string }[];
  maintenance: LabelDose;
  further: string | null;
  basis: string;
}

const weekly = 'once weekly, subcutaneous';
const daily = 'once daily, subcutaneous';
const mg = (value: number): LabelDose => ({ value, unit: 'mg' });
const mgDay = (value: number): LabelDose => ({ value, unit: 'mg/day' });

export const LABEL_TITRATIONS: LabelTitration[] = [
  {
    compound: 'semaglutide',
    product: 'Wegovy',
    goal: /\b(?:weight|obes\w*|overweight|cardiovascular|MASH|steatohepatitis)\b/i,
    default: true,
    route: 'subcutaneous',
    frequency: weekly,
    steps: [
      { dose: mg(0.25), weeks: 4 },
      { dose: mg(0.5), weeks: 4 },
      { dose: mg(1), weeks: 4 },
      { dose: mg(1.7), weeks: 4 },
    ],
    maintenance: mg(2.4),
    further:
      "If 2.4 mg is not tolerated, the label allows a reduction to 1.7 mg (see the current label for how long); further changes are the prescriber's.",
    basis:
      'Wegovy (semaglutide) injection, US prescribing information, Dosage and Administration: dose escalation 0.25 mg (weeks 1–4), ' +
      '0.5 mg (weeks 5–8), 1 mg (weeks 9–12), 1.7 mg (weeks 13–16), then 2.4 mg once weekly from week 17.',
  },
  {
    compound: 'semaglutide',
    product: 'Ozempic',
    goal: /\b(?:diabet\w*|glyc\w*|glucose|HbA1c|kidney)\b/i,
    route: 'subcutaneous',
    frequency: weekly,
    steps: [{ dose: mg(0.25), weeks: 4 }],
    maintenance: mg(0.5),
    further:
      'For additional glycaemic control, increase to 1 mg after at least 4 weeks on 0.5 mg, and to 2 mg after at least 4 weeks on 1 mg (maximum 2 mg once weekly).',
    basis:
      'Ozempic (semaglutide) injection, US prescribing information, Dosage and Administration: 0.25 mg once weekly for 4 weeks ' +
      '(initiation, not effective for glycaemic control), then 0.5 mg once weekly.',
  },
  {
    compound: 'semaglutide',
    product: 'Rybelsus',
    goal: /\b(?:oral|tablets?|pills?)\b/i,
    route: 'oral',
    frequency: 'once daily on waking, on an empty stomach with up to 120 mL of water, 30 minutes before food, oral',
    steps: [{ dose: mg(3), weeks: 5 }],
    maintenance: mg(7),
    further:
      'For additional glycaemic control, 14 mg after at least 30 days on 7 mg. The 30 days are 5 whole weeks in this weekly outline. ' +
      'Tablets of the later formulation (1.5, 4 and 9 mg) are not interchangeable with these.',
    basis:
      'Rybelsus (semaglutide tablets) US prescribing information, Dosage and Administration (3, 7 and 14 mg tablets): 3 mg once daily for ' +
      '30 days, then 7 mg once daily; 14 mg after at least 30 days on 7 mg if needed.',
  },
  {
    compound: 'tirzepatide',
    product: 'Zepbound',
    goal: /\b(?:weight|obes\w*|overweight|sleep apn\w*)\b/i,
    default: true,
    route: 'subcutaneous',
    frequency: weekly,
    steps: [{ dose: mg(2.5), weeks: 4 }],
    maintenance: mg(5),
    further:
      'Increase in 2.5 mg steps after at least 4 weeks on the current dose; recommended maintenance 5, 10 or 15 mg once weekly ' +
      '(10 or 15 mg for obstructive sleep apnoea); maximum 15 mg.',
    basis:
      'Zepbound (tirzepatide) injection, US prescribing information, Dosage and Administration: 2.5 mg once weekly for 4 weeks, ' +
      'then 5 mg once weekly; 2.5 mg increments after at least 4 weeks on the current dose.',
  },
  {
    compound: 'tirzepatide',
    product: 'Mounjaro',
    goal: /\b(?:diabet\w*|glyc\w*|glucose|HbA1c)\b/i,
    route: 'subcutaneous',
    frequency: weekly,
    steps: [{ dose: mg(2.5), weeks: 4 }],
    maintenance: mg(5),
    further:
      'For additional glycaemic control, increase in 2.5 mg steps after at least 4 weeks on the current dose (maximum 15 mg once weekly).',
    basis:
      'Mounjaro (tirzepatide) injection, US prescribing information, Dosage and Administration: 2.5 mg once weekly for 4 weeks ' +
      '(initiation, not intended for glycaemic control), then 5 mg once weekly.',
  },
  {
    compound: 'liraglutide',
    product: 'Saxenda',
    goal: /\b(?:weight|obes\w*|overweight)\b/i,
    default: true,
    route: 'subcutaneous',
    frequency: daily,
    steps: [
      { dose: mg(0.6), weeks: 1 },
      { dose: mg(1.2), weeks: 1 },
      { dose: mg(1.8), weeks: 1 },
      { dose: mg(2.4), weeks: 1 },
    ],
    maintenance: mg(3),
    further:
      'If 3 mg is not tolerated, the label says to discontinue (adults); escalation may be delayed by about a week for gastrointestinal symptoms.',
    basis:
      'Saxenda (liraglutide) injection, US prescribing information, Dosage and Administration: 0.6 mg daily in week 1, 1.2 mg in week 2, ' +
      '1.8 mg in week 3, 2.4 mg in week 4, then 3 mg once daily.',
  },
  {
    compound: 'liraglutide',
    product: 'Victoza',
    goal: /\b(?:diabet\w*|glyc\w*|glucose|HbA1c|cardiovascular)\b/i,
    route: 'subcutaneous',
    frequency: daily,
    steps: [{ dose: mg(0.6), weeks: 1 }],
    maintenance: mg(1.2),
    further: 'For additional glycaemic control, increase to 1.8 mg once daily after at least one week on 1.2 mg.',
    basis:
      'Victoza (liraglutide) injection, US prescribing information, Dosage and Administration: 0.6 mg once daily for one week ' +
      '(to reduce gastrointestinal symptoms, not effective for glycaemic control), then 1.2 mg once daily.',
  },
  {
    compound: 'exenatide',
    product: 'Byetta',
    goal: /\b(?:diabet\w*|glyc\w*|glucose|HbA1c)\b/i,
    default: true,
    route: 'subcutaneous',
    frequency: 'twice daily within 60 minutes before the morning and evening meals, subcutaneous',
    steps: [{ dose: { value: 5, unit: 'µg' }, weeks: 5 }],
    maintenance: { value: 10, unit: 'µg' },
    further:
      'The increase to 10 µg twice daily is made after 1 month, based on clinical response (5 whole weeks in this weekly outline).',
    basis:
      'Byetta (exenatide) injection, US prescribing information, Dosage and Administration: 5 µg twice daily; increase to 10 µg ' +
      'twice daily after 1 month of therapy based on clinical response.',
  },
  {
    compound: 'setmelanotide',
    product: 'Imcivree',
    goal: /./,
    default: true,
    route: 'subcutaneous',
    frequency: daily,
    steps: [{ dose: mg(2), weeks: 2 }],
    maintenance: mg(3),
    further:
      'Increase to 3 mg only if 2 mg is tolerated; if 3 mg is not tolerated, return to 2 mg (adults and children aged 12 and over).',
    basis:
      'Imcivree (setmelanotide) injection, US prescribing information, Dosage and Administration (adults and paediatric patients ' +
      '12 years and older): 2 mg once daily for 2 weeks, then 3 mg once daily if tolerated.',
  },
  {
    compound: 'sertraline',
    product: 'Zoloft (panic disorder, PTSD, social anxiety disorder)',
    goal: /\b(?:panic|PTSD|post-?traumatic|social anxiety|social phobia)\b/i,
    route: 'oral',
    frequency: 'once daily, oral',
    steps: [{ dose: mg(25), weeks: 1 }],
    maintenance: mg(50),
    further:
      'Dose changes in 25–50 mg steps at intervals of at least 1 week, as response requires (maximum 200 mg/day).',
    basis:
      'Zoloft (sertraline) US prescribing information, Dosage and Administration: panic disorder, PTSD and social anxiety disorder start ' +
      'at 25 mg once daily, increased to 50 mg after one week; changes at intervals of at least 1 week, up to 200 mg/day.',
  },
  {
    compound: 'sertraline',
    product: 'Zoloft (major depressive disorder, OCD)',
    goal: /./,
    default: true,
    route: 'oral',
    frequency: 'once daily, oral',
    steps: [],
    maintenance: mg(50),
    further:
      'Dose changes in 25–50 mg steps at intervals of at least 1 week, as response requires (maximum 200 mg/day).',
    basis:
      'Zoloft (sertraline) US prescribing information, Dosage and Administration: major depressive disorder and OCD start at 50 mg once ' +
      'daily; changes at intervals of at least 1 week, up to 200 mg/day.',
  },
  {
    compound: 'metformin',
    product: 'Glucophage (immediate release)',
    goal: /./,
    default: true,
    route: 'oral',
    frequency: 'twice daily with meals, oral',
    steps: [],
    maintenance: mg(500),
    further:
      'Increase by 500 mg a day no more often than weekly (or 850 mg every 2 weeks), by glycaemic control and tolerability, ' +
      'up to 2,550 mg/day in divided doses.',
    basis:
      'Glucophage (metformin hydrochloride) US prescribing information, Dosage and Administration: start 500 mg twice daily or 850 mg ' +
      'once daily with meals; increase in 500 mg weekly or 850 mg two-weekly increments, up to 2,550 mg/day.',
  },
  {
    compound: 'topiramate',
    product: 'Topamax (migraine prevention)',
    goal: /\b(?:migraine|headache)\w*/i,
    route: 'oral',
    frequency: 'in two divided doses, oral',
    steps: [
      { dose: mgDay(25), weeks: 1, frequency: '25 mg in the evening' },
      { dose: mgDay(50), weeks: 1, frequency: '25 mg morning and evening' },
      { dose: mgDay(75), weeks: 1, frequency: '25 mg in the morning, 50 mg in the evening' },
    ],
    maintenance: mgDay(100),
    further: 'Target 50 mg twice daily; the dose and titration rate follow clinical response.',
    basis:
      'Topamax (topiramate) US prescribing information, Dosage and Administration, migraine prophylaxis: week 1 25 mg in the evening, ' +
      'week 2 25 mg twice daily, week 3 25 mg morning and 50 mg evening, week 4 50 mg twice daily (100 mg/day).',
  },
  {
    compound: 'topiramate',
    product: 'Topamax (epilepsy monotherapy)',
    goal: /\b(?:epilep\w*|seizures?)\b/i,
    route: 'oral',
    frequency: 'in two divided doses, oral',
    steps: [
      { dose: mgDay(50), weeks: 1 },
      { dose: mgDay(100), weeks: 1 },
      { dose: mgDay(150), weeks: 1 },
      { dose: mgDay(200), weeks: 1 },
      { dose: mgDay(300), weeks: 1 },
    ],
    maintenance: mgDay(400),
    further: 'Adults and children aged 10 and over; the target is 200 mg twice daily.',
    basis:
      'Topamax (topiramate) US prescribing information, Dosage and Administration, epilepsy monotherapy (10 years and over): 25, 50, 75, ' +
      '100, 150 mg twice daily in weeks 1–5, then 200 mg twice daily from week 6.',
  },
  {
    compound: 'lamotrigine',
    product: 'Lamictal (bipolar I disorder)',
    goal: /\b(?:bipolar|mood episodes?|mania)\b/i,
    route: 'oral',
    frequency: 'once daily, oral',
    steps: [
      { dose: mgDay(25), weeks: 2 },
      { dose: mgDay(50), weeks: 2 },
      { dose: mgDay(100), weeks: 1 },
    ],
    maintenance: mgDay(200),
    further:
      'This is the schedule without valproate or enzyme-inducing drugs: with valproate the label halves every dose, with carbamazepine, ' +
      'phenytoin, phenobarbital, primidone or rifampin it doubles them. Never escalate faster: the risk of serious rash rises.',
    basis:
      'Lamictal (lamotrigine) US prescribing information, Dosage and Administration, bipolar disorder (patients not taking valproate or ' +
      'inducers): 25 mg/day weeks 1–2, 50 mg/day weeks 3–4, 100 mg/day week 5, 200 mg/day from week 6 (target).',
  },
  {
    compound: 'varenicline',
    product: 'Chantix',
    goal: /./,
    default: true,
    route: 'oral',
    frequency: 'twice daily after eating, with a full glass of water, oral',
    steps: [{ dose: mg(0.5), weeks: 1, frequency: 'once daily on days 1–3, twice daily on days 4–7' }],
    maintenance: mg(1),
    further:
      'Set a quit date 1 week after starting (or quit between days 8 and 35); treat for 12 weeks, with 12 more for those who have quit. ' +
      'Severe renal impairment (creatinine clearance below 30 mL/min): at most 0.5 mg twice daily.',
    basis:
      'Chantix (varenicline) US prescribing information, Dosage and Administration: 0.5 mg once daily on days 1–3, 0.5 mg twice daily on ' +
      'days 4–7, then 1 mg twice daily from day 8.',
  },
  {
    compound: 'duloxetine',
    product: 'Cymbalta (fibromyalgia, chronic musculoskeletal pain)',
    goal: /\b(?:fibromyalg\w*|musculoskeletal|back pain|osteoarthritis)\b/i,
    route: 'oral',
    frequency: 'once daily, oral',
    steps: [{ dose: mg(30), weeks: 1 }],
    maintenance: mg(60),
    further: 'The label finds no added benefit above 60 mg a day for these indications.',
    basis:
      'Cymbalta (duloxetine) US prescribing information, Dosage and Administration: fibromyalgia and chronic musculoskeletal pain, 30 mg ' +
      'once daily for 1 week, then 60 mg once daily.',
  },
  {
    compound: 'carvedilol',
    product: 'Coreg (heart failure)',
    goal: /\b(?:heart failure|HFrEF|cardiomyopathy|left ventricular dysfunction)\b/i,
    route: 'oral',
    frequency: 'twice daily with food, oral',
    steps: [
      { dose: mg(3.125), weeks: 2 },
      { dose: mg(6.25), weeks: 2 },
      { dose: mg(12.5), weeks: 2 },
    ],
    maintenance: mg(25),
    further:
      'Each doubling only if the previous dose is tolerated; up to 50 mg twice daily over 85 kg with mild to moderate heart failure.',
    basis:
      'Coreg (carvedilol) US prescribing information, Dosage and Administration, heart failure: 3.125 mg twice daily for 2 weeks, then ' +
      'doubled at intervals of at least 2 weeks to 6.25, 12.5 and 25 mg twice daily as tolerated.',
  },
  {
    compound: 'carvedilol',
    product: 'Coreg (hypertension)',
    goal: /\b(?:hypertension|blood pressure)\b/i,
    route: 'oral',
    frequency: 'twice daily with food, oral',
    steps: [
      { dose: mg(6.25), weeks: 2 },
      { dose: mg(12.5), weeks: 2 },
    ],
    maintenance: mg(25),
    further: 'Each step for 7–14 days (2 weeks in this outline) and only if tolerated and needed; maximum 50 mg a day.',
    basis:
      'Coreg (carvedilol) US prescribing information, Dosage and Administration, hypertension: 6.25 mg twice daily for 7–14 days, then ' +
      '12.5 mg twice daily for 7–14 days, then 25 mg twice daily if tolerated and needed.',
  },
  {
    compound: 'metoprolol',
    product: 'Toprol-XL (heart failure)',
    goal: /\b(?:heart failure|HFrEF)\b/i,
    route: 'oral',
    frequency: 'once daily (extended-release metoprolol succinate), oral',
    steps: [
      { dose: mg(25), weeks: 2 },
      { dose: mg(50), weeks: 2 },
      { dose: mg(100), weeks: 2 },
    ],
    maintenance: mg(200),
    further: 'Start at 12.5 mg in more severe heart failure; double every 2 weeks only to the highest dose tolerated.',
    basis:
      'Toprol-XL (metoprolol succinate) US prescribing information, Dosage and Administration, heart failure: 25 mg once daily (12.5 mg ' +
      'in NYHA class III–IV) for 2 weeks, then doubled every 2 weeks to the highest tolerated dose, up to 200 mg.',
  },
];

/**
 * Products of a compound whose label dosing differs from the schedules above and that we record no schedule for: a
 * request naming one gets no label schedule rather than another product's.
 */
export const OTHER_PRODUCTS: Record<string, string[]> = {
  exenatide: ['Bydureon', 'Bydureon BCise'],
  metformin: ['Glucophage XR', 'Fortamet', 'Glumetza'],
  topiramate: ['Trokendi XR', 'Qudexy XR', 'Qsymia', 'Eprontia'],
  lamotrigine: ['Lamictal XR', 'Lamictal ODT', 'Subvenite'],
  carvedilol: ['Coreg CR'],
  metoprolol: ['Lopressor', 'Metoprolol tartrate'],
  varenicline: ['Tyrvaya'],
};

/**
 * The label schedule for a compound: among the products whose brand the request named (when that brand tells the
 * compound's products apart; else all of them), the first whose goal pattern matches the goal, else the named brand's
 * first product, else the compound's default. Null when no schedule is recorded for it or none fits.
 */
export function labelTitrationFor(names: readonly string[], requested: string, goal: string): LabelTitration | null {
  const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '');
  const own = new Set(names.map(norm));
  const entries = LABEL_TITRATIONS.filter((t) => own.has(norm(t.compound)));
  if (!entries.length) return null;
  if ((OTHER_PRODUCTS[entries[0]!.compound] ?? []).some((p) => norm(p) === norm(requested))) return null;
  const brand = (t: LabelTitration) => norm(t.product.split(' (')[0]!);
  const branded = entries.filter((t) => brand(t) === norm(requested));
  // A brand picks the product only where the compound's products carry different brands (Ozempic vs Wegovy);
  // "Lamictal" or "Zoloft" name the drug for all its indications, so the goal decides.
  const decisive = branded.length > 0 && new Set(entries.map(brand)).size > 1;
  const pool = decisive ? branded : entries;
  return pool.find((t) => t.goal.test(goal)) ?? (decisive ? branded[0]! : (entries.find((t) => t.default) ?? null));
}
