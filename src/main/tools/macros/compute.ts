/**
 * Energy and macronutrient targets: pure computation, no DB, no HTTP. Each formula carries its source.
 */
import { ACTIVITY_FACTORS, type ActivityLevel } from '../../../shared/schemas/tools/macros.ts';

export type Sex = 'male' | 'female';
export type Goal = 'lose' | 'maintain' | 'gain';

export const SOURCES = {
  mifflin:
    'Mifflin MD, St Jeor ST, Hill LA, Scott BJ, Daugherty SA, Koh YO. A new predictive equation for resting energy expenditure ' +
    'in healthy individuals. Am J Clin Nutr. 1990;51(2):241–247. doi:10.1093/ajcn/51.2.241',
  katch:
    'Katch–McArdle: BMR = 370 + 21.6 × lean body mass (kg); McArdle WD, Katch FI, Katch VL. Exercise Physiology: Nutrition, Energy, ' +
    'and Human Performance (Lippincott Williams & Wilkins).',
  activity:
    'Conventional activity multipliers applied to BMR: sedentary 1.2, light 1.375, moderate 1.55, very active 1.725, extra active 1.9 ' +
    '(widely used factors; they are not part of the Mifflin–St Jeor paper).',
  energyPerKg:
    'About 7,700 kcal per kg of body-weight change (≈ 3,500 kcal/lb): Wishnofsky M. Caloric equivalents of gained or lost weight. ' +
    'Am J Clin Nutr. 1958;6(5):542–546. A static rule; real change slows over time (Hall KD et al. Lancet. 2011;378:826–837).',
  floor:
    'Jensen MD, Ryan DH, Apovian CM, et al. 2013 AHA/ACC/TOS guideline for the management of overweight and obesity in adults. ' +
    'Circulation. 2014;129(25 Suppl 2):S102–S138 (reduced-calorie diets of 1,200–1,500 kcal/day for women and 1,500–1,800 kcal/day for ' +
    'men: the lower ends are used as floors), and never below the estimated BMR.',
  protein:
    'Protein per kg body weight by goal: 1.6 g/kg when losing or gaining (Morton RW et al. Br J Sports Med. 2018;52(6):376–384, ' +
    'benefit plateaus near 1.6 g/kg/day; Jäger R et al. ISSN position stand: protein and exercise. J Int Soc Sports Nutr. 2017;14:20, ' +
    '1.4–2.0 g/kg/day), 1.2 g/kg when maintaining (editorial choice between the 0.8 g/kg RDA, IOM 2005, and the ISSN range).',
  fat:
    'Fat 30 % of calories by default, within the Acceptable Macronutrient Distribution Range of 20–35 % (Institute of Medicine. Dietary ' +
    'Reference Intakes for Energy, Carbohydrate, Fiber, Fat, Fatty Acids, Cholesterol, Protein, and Amino Acids. National Academies Press; 2005).',
  carbohydrate: 'Carbohydrate = the remaining calories ÷ 4 kcal/g; compared with the 130 g/day RDA (IOM 2005).',
  atwater: 'Atwater general factors: protein 4, carbohydrate 4, fat 9 kcal/g.',
  fibre: '14 g fibre per 1,000 kcal (Dietary Guidelines for Americans 2020–2025, from the IOM 2005 Adequate Intake).',
  water:
    '35 mL per kg body weight per day: the upper end of the 30–35 mL/kg rule of thumb used in dietetic practice for healthy adults ' +
    '(a practice rule, not a Dietary Reference Intake; weight-based rules overstate needs at high body weight).',
  waterIom:
    'Institute of Medicine. Dietary Reference Intakes for Water, Potassium, Sodium, Chloride, and Sulfate. National Academies Press; ' +
    '2005 (Adequate Intake, total water from food and drink, adults 19+).',
  waterEfsa:
    'EFSA Panel on Dietetic Products, Nutrition, and Allergies. Scientific Opinion on Dietary Reference Values for water. ' +
    'EFSA Journal. 2010;8(3):1459 (Adequate Intake, total water, adults).',
} as const;

/** Mifflin–St Jeor (1990): 10·W(kg) + 6.25·H(cm) − 5·A(y) + 5 (men) or − 161 (women). */
export function mifflinStJeor(sex: Sex, weightKg: number, heightCm: number, age: number): number {
  return 10 * weightKg + 6.25 * heightCm - 5 * age + (sex === 'male' ? 5 : -161);
}

/** Katch–McArdle: 370 + 21.6 × lean body mass (kg), lean mass = weight × (1 − body fat %/100). */
export function katchMcArdle(leanMassKg: number): number {
  return 370 + 21.6 * leanMassKg;
}

export function activityFactor(level: ActivityLevel): number {
  return ACTIVITY_FACTORS[level];
}

/** kcal per kg of body-weight change (Wishnofsky 1958). */
export const KCAL_PER_KG = 7700;
/** Lowest daily targets for reduced-calorie diets (2013 AHA/ACC/TOS guideline, lower ends of its ranges). */
export const SEX_MINIMUM_KCAL: Record<Sex, number> = { female: 1200, male: 1500 };
export const PROTEIN_G_PER_KG: Record<Goal, number> = { lose: 1.6, maintain: 1.2, gain: 1.6 };
export const DEFAULT_FAT_PERCENT = 30;
/** Atwater general factors, kcal/g. */
export const KCAL_PER_G = { protein: 4, carbohydrate: 4, fat: 9 } as const;
export const CARB_RDA_G = 130;
export const FIBRE_G_PER_1000_KCAL = 14;
export const WATER_ML_PER_KG = 35;
/** Adequate Intakes for total water, L/day (adults). */
export const WATER_AI_L: Record<'iom' | 'efsa', Record<Sex, number>> = {
  iom: { male: 3.7, female: 2.7 },
  efsa: { male: 2.5, female: 2.0 },
};

export interface EnergyTarget {
  dailyChange: number;
  unadjusted: number;
  floor: { value: number; basis: 'bmr' | 'sex_minimum'; applied: boolean } | null;
  calories: number;
  expectedWeeklyChange: number;
}

/**
 * Target = TDEE + sign × rate × 7,700 / 7 (lose: −, gain: +, maintain: 0).
 * Weight-loss targets are never below max(BMR, 1,200 kcal women / 1,500 kcal men); the larger of the two is the floor
 * and `basis` says which. Maintenance and gain targets are at or above TDEE, so no floor is needed.
 */
export function energyTarget(sex: Sex, bmr: number, tdee: number, goal: Goal, weeklyRateKg: number): EnergyTarget {
  const sign = goal === 'lose' ? -1 : goal === 'gain' ? 1 : 0;
  const dailyChange = (sign * weeklyRateKg * KCAL_PER_KG) / 7;
  const unadjusted = tdee + dailyChange;
  let floor: EnergyTarget['floor'] = null;
  let calories = unadjusted;
  if (goal === 'lose') {
    const sexMin = SEX_MINIMUM_KCAL[sex];
    const value = Math.max(bmr, sexMin);
    const applied = unadjusted < value;
    floor = { value, basis: bmr >= sexMin ? 'bmr' : 'sex_minimum', applied };
    if (applied) calories = value;
  }
  return { dailyChange, unadjusted, floor, calories, expectedWeeklyChange: ((calories - tdee) * 7) / KCAL_PER_KG };
}

export interface MacroSplit {
  protein: { grams: number; kcal: number; gPerKg: number };
  fat: { grams: number; kcal: number; percent: number };
  carbohydrate: { grams: number; kcal: number };
}

/** Protein = g/kg × body weight; fat = % of calories ÷ 9; carbohydrate = remaining calories ÷ 4 (may be negative: the caller checks). */
export function macroSplit(calories: number, weightKg: number, proteinGPerKg: number, fatPercent: number): MacroSplit {
  const pG = proteinGPerKg * weightKg;
  const pKcal = pG * KCAL_PER_G.protein;
  const fKcal = (calories * fatPercent) / 100;
  const cKcal = calories - pKcal - fKcal;
  return {
    protein: { grams: pG, kcal: pKcal, gPerKg: proteinGPerKg },
    fat: { grams: fKcal / KCAL_PER_G.fat, kcal: fKcal, percent: fatPercent },
    carbohydrate: { grams: cKcal / KCAL_PER_G.carbohydrate, kcal: cKcal },
  };
}

/** DGA 2020–2025: 14 g fibre per 1,000 kcal. */
export function fibreGrams(calories: number): number {
  return (calories / 1000) * FIBRE_G_PER_1000_KCAL;
}

/** 35 mL per kg body weight per day. */
export function waterMl(weightKg: number): number {
  return WATER_ML_PER_KG * weightKg;
}

export function round(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
