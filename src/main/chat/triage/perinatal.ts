/**
 * Emergencies of later pregnancy and the weeks after birth, which the early-pregnancy category (ectopic pregnancy)
 * does not cover and whose advice differs: pre-eclampsia (severe headache, changes in vision, pain below the ribs,
 * sudden swelling of the face or hands, a blood pressure of 160/110 or more — NICE NG133), a baby moving less than
 * usual (RCOG Green-top 57), heavy bleeding after birth, and postpartum psychosis (hearing or seeing things, strange
 * beliefs, days without sleep — RCPsych). Read from the concepts of the language files, so every language we read
 * is covered by data.
 */
import type { Concept } from './lexicon.ts';
import type { Level } from './rules.ts';

export interface PerinatalHit {
  category: 'obstetric_emergency' | 'postpartum_psychosis';
  level: Level;
  rule: string;
}

const PRE_ECLAMPSIA_SIGNS: readonly Concept[] = [
  'headache',
  'visual_disturbance',
  'epigastric_pain',
  'sudden_swelling',
];

/**
 * A strength written like a blood pressure: a combination product ("Seretide 250/50", "Madopar 200/50") or a
 * number pair followed by a dose unit or device ("250/50 mcg", "200/50 inhaler").
 */
const NOT_A_PRESSURE_BEFORE =
  /(?:seretide|advair|sirdupla|aerivio|fusacomb|combisal|wixela|madopar|sinemet|stalevo|co-?careldopa|co-?beneldopa|co-?codamol|co-?dydramol|co-?amoxiclav|augmentin)\s*$/u;
const NOT_A_PRESSURE_AFTER =
  /^\s*(?:mg|mcg|micrograms?|ug|µg|g|ml|%|puffs?|inhaler|accuhaler|evohaler|diskus|easyhaler)(?![\p{L}])/u;

/** The highest blood pressure written as "165/105" (systolic over diastolic, plausible values only). */
export function bloodPressure(t: string): { systolic: number; diastolic: number } | null {
  let best: { systolic: number; diastolic: number } | null = null;
  for (const m of t.matchAll(/(?<![\p{N}.,/])(\d{2,3}) ?\/ ?(\d{2,3})(?![\p{N}/])/gu)) {
    if (NOT_A_PRESSURE_BEFORE.test(t.slice(0, m.index)) || NOT_A_PRESSURE_AFTER.test(t.slice(m.index + m[0].length)))
      continue;
    const systolic = Number(m[1]);
    const diastolic = Number(m[2]);
    if (systolic < 60 || systolic > 260 || diastolic < 30 || diastolic > 160 || diastolic >= systolic) continue;
    if (!best || systolic > best.systolic || diastolic > best.diastolic) best = { systolic, diastolic };
  }
  return best;
}

export function perinatalHits(t: string, has: (c: Concept) => boolean): PerinatalHit[] {
  const hits: PerinatalHit[] = [];
  const postpartum = has('postpartum');
  const pregnant = has('pregnant') || has('late_pregnancy');
  if (!postpartum && !pregnant) return hits;
  const bp = bloodPressure(t);
  const severeBp = bp !== null && (bp.systolic >= 160 || bp.diastolic >= 110);
  const raisedBp = bp !== null && (bp.systolic >= 140 || bp.diastolic >= 90);
  const signs = PRE_ECLAMPSIA_SIGNS.filter(has).length + (raisedBp ? 1 : 0);
  // NICE NG133: severe hypertension, or symptoms of pre-eclampsia, in pregnancy or up to six weeks after birth
  if (severeBp || signs >= 2)
    hits.push({ category: 'obstetric_emergency', level: 'acute', rule: 'perinatal:pre-eclampsia' });
  // RCOG: reduced fetal movements are assessed the same day; never wait until the next day or try to "get it moving"
  if (pregnant && !postpartum && has('fetal_movements_reduced'))
    hits.push({ category: 'obstetric_emergency', level: 'acute', rule: 'perinatal:fetal-movements' });
  // a hot, swollen, painful calf or leg in pregnancy or after birth, with breathlessness or chest pain: a clot that may
  // have reached the lung (RCOG Green-top 37b, Thromboembolic disease in pregnancy and the puerperium: acute
  // management, 2015: suspected PE is treated as an emergency) (blind round 8; pending second review)
  if (has('dvt_sign') && (has('cannot_breathe') || has('sweating') || (has('chest') && has('chest_pain'))))
    hits.push({ category: 'obstetric_emergency', level: 'acute', rule: 'perinatal:thromboembolism' });
  if (postpartum && has('heavy_bleeding'))
    hits.push({ category: 'obstetric_emergency', level: 'acute', rule: 'perinatal:postpartum-bleeding' });
  if (postpartum && (has('psychosis_sign') || (has('no_sleep') && has('confusion'))))
    hits.push({ category: 'postpartum_psychosis', level: 'acute', rule: 'perinatal:psychosis' });
  return hits;
}
