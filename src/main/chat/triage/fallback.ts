/**
 * The fail-safe for a message in a language we cannot read (fallback.json): which emergencies its alarm words make.
 * We read only a few words of each such language, so the combinations are deliberately coarse and lean to alarm: a
 * sign said to be happening (cannot breathe, unconscious, bleeding, a head injury, confusion, a seizure, despair), an
 * ingestion of a whole pack or a count of tablets, vomiting or confusion on a medicine, sweating and confusion on a
 * diabetes medicine, a fall on a blood thinner, later pregnancy with the baby not moving or a headache with blurred
 * vision or swelling, bleeding after a birth, methotrexate taken daily or with a fever and mouth ulcers. Two things hold the alarm back: a question about whether a
 * medicine causes a sign, asked of no one in particular and not said to be happening ("can warfarin cause bleeding?"),
 * and a dose question ("how many ml for a 15 kg child?") with nothing swallowed in excess. The category named is the
 * one the words make clear; every alarm also carries `unreadable_alarm` (its answer opens with the line in the
 * message's language saying it could not be read fully).
 */
import type { TriageCategory } from './categories.ts';
import { FALLBACK_ALARM, type FallbackKind } from './lexicon.ts';
import type { RuleHit } from './rules.ts';

/** The kinds of alarm word found in the normalised text (any fallback language's words, and the shared ones). */
export function fallbackAlarms(t: string): Set<FallbackKind> {
  return new Set(
    (Object.entries(FALLBACK_ALARM) as [FallbackKind, RegExp][]).filter(([, re]) => re.test(t)).map(([k]) => k),
  );
}

/** A strength written as part of a product's name ("Dolo 650", "Crocin 500"): not a count of tablets taken. */
const BRAND_STRENGTH = /\p{Script=Latin}{3,}[ -]?\d{2,4}(?![\p{N}])/gu;
/**
 * Numbers that are not an amount taken: an age, a weight, a temperature, weeks of pregnancy, a time ("85歳", "12 kg",
 * "38,5", "33 εβδομάδων", "30分前"), in the folded text of the fallback languages.
 */
const NOT_AN_AMOUNT =
  /\d+(?:[.,]\d+)? ?(?:°|歳|岁|세|살|kg|кг|公斤|킬로|キロ|kilo\p{L}*|кило\p{L}*|週|周|주|tuan|hafta\p{L}*|week\p{L}*|недел\p{L}*|тижн\p{L}*|tydz\p{L}*|tyg\p{L}*|saptaman\p{L}*|veck\p{L}*|εβδομαδ\p{L}*|שבוע\p{L}*|هفته|اسبوع\p{L}*|ہفت\p{L}*|हफ्त\p{L}*|महीन\p{L}*|month\p{L}*|месяц\p{L}*|місяц\p{L}*|ay\p{L}*|lun\p{L}*|thang|个月|か月|개월|min\p{L}*|мин\p{L}*|分|분|godz\p{L}*|saat\p{L}*|час\p{L}*|год\p{L}*|рок\p{L}*|lat|let|лет|yas\p{L}*|ani|ar|χρον\p{L}*|ετ\p{L}*|שנ\p{L}*|سال\p{L}*|سن\p{L}*|साल|sal|saal|tuoi|years?|dni|dana|день|дн\p{L}*|gun\p{L}*|zile|ngay|日|天|일)(?![\p{L}])|\b(?:3[5-9]|4[0-2])[.,]\d\b/gu;
/** A strength or volume per dose ("500 mg", "5 ml"), and a clock time ("o 8", "в 8", "8時", "lúc 8 giờ", "14:30"). */
const STRENGTH = /\d+(?:[.,]\d+)? ?(?:mg|mcg|µg|g|ml|мг|мл|毫克|毫升|ミリ|밀리)(?![\p{L}])/gu;
const CLOCK =
  /(?<![\p{L}])(?:o|в|о|la ora|ora|saat|الساعة|luc|klockan|kl|στις|at|um|a las|alle|as|às)\.? \d{1,2}(?:[:.]\d{2})?(?!\d)|\d{1,2}[:.]\d{2}|\d{1,2} ?(?:時|点|시|gio|h)(?![\p{L}])/gu;
/** A number that may be an amount taken: five or more (one to four tablets is a dose, not an alarm by itself). */
const AMOUNT = /(?<![\d.,\p{L}])(?:[5-9]|[1-9]\d+)(?![\d])/u;
/** A burn or sunburn (its blisters are not a drug reaction's), in the fallback languages that have skin words. */
const BURN =
  /やけど|やけと|火傷|日焼け|烫伤|烧伤|燙傷|燒傷|晒伤|화상|(?<![\p{L}])(?:yan[ıi]k\p{L}*|yand\p{L}*|oparz\p{L}*|ожог\p{L}*|обжег\p{L}*|обжёг\p{L}*|опік\p{L}*|обпік\p{L}*|brannskad\p{L}*|brannsk\p{L}*|solbrann\p{L}*|kuwi\p{L}*|כוויה|כוויות|נכוו\p{L}*)(?![\p{L}])/u;
/**
 * A brand's strength of one digit, written after its capitalised name ("Concor 5", "Amaryl 4"), in the message as
 * written: not a count of tablets (a digit inside an Arabizi word, "ba5od", is a letter: AMOUNT skips it).
 */
const BRAND_STRENGTH_1 = /(?<![\p{L}\p{N}])\p{Lu}\p{Ll}{2,}[ -]?\d(?![\p{N}.,])/gu;

/**
 * The emergencies a message we cannot read carries. `t`: the normalised text; `question`: the message as written;
 * `namesDrug`: it names a medicine we recognise.
 */
export function fallbackHits(t: string, question: string, namesDrug: boolean): RuleHit[] {
  const a = fallbackAlarms(t);
  const has = (k: FallbackKind) => a.has(k);
  const medicine = has('pills') || namesDrug || has('anticoagulant') || has('diabetes') || has('mtx');
  // "does X cause Y?", of no one in particular and not said to be happening: the signs named are asked about
  const asking = has('about') && !has('now') && !has('person') && !has('child');
  // a dose asked for, with nothing taken in excess or by mistake and no "I don't know how many"
  const doseQuestion =
    has('question') && !has('dont_know') && !has('whole') && !has('count') && !has('accident') && !has('drowsy');
  const sign = (k: FallbackKind) => has(k) && !asking;
  const oneDigit = [...question.matchAll(BRAND_STRENGTH_1)].map((m) => m[0].toLowerCase());
  const number = AMOUNT.test(
    oneDigit
      .reduce((s, b) => s.split(b).join(' '), t)
      .replace(BRAND_STRENGTH, '')
      .replace(NOT_AN_AMOUNT, '')
      .replace(STRENGTH, '')
      .replace(CLOCK, ''),
  );

  const pregnancy =
    (has('pregnant') && (sign('pregnancy_alarm') || (sign('headache') && (sign('edema') || sign('swelling'))))) ||
    (has('postpartum') && (sign('blood') || sign('pregnancy_alarm')));
  // a glucose reading of 20–53 with a sign of hypoglycaemia, or on a diabetes medicine: below 3.0 mmol/L (54 mg/dL) is
  // level-2 hypoglycaemia (International Hypoglycaemia Study Group, Diabetes Care 2017); read as mmol/L, above 20 is a
  // severe high — an emergency with these signs either way
  const lowSugar =
    sign('low_sugar') &&
    (has('diabetes') || sign('sweating') || sign('confused') || sign('drowsy') || sign('unconscious'));
  const hypo =
    lowSugar ||
    (has('diabetes') &&
      (sign('unconscious') ||
        (sign('sweating') && (sign('confused') || sign('drowsy') || sign('neuro') || sign('unsteady')))));
  // blisters in the mouth or eyes or skin coming off, with a fever or on a medicine: SJS/TEN until shown otherwise
  // (as `concept:skin` in the languages we read; MHRA and the allopurinol, carbamazepine and lamotrigine labels)
  // (a burn's or a sunburn's blisters are not, whatever cream is asked about: "烫伤起水泡了，涂什么药"; second review)
  const skin = sign('skin') && (sign('fever') || medicine) && !BURN.test(t);
  const headInjury =
    sign('head') ||
    (has('fell') &&
      (has('anticoagulant') || sign('drowsy') || sign('vomit') || sign('confused') || sign('unconscious')));
  // vomiting, or a sign of toxicity, in someone who takes a medicine: possible toxicity (digoxin, lithium) or a poisoning
  const toxic =
    ((sign('vomit') || sign('toxicity_sign')) && (medicine || has('ingest'))) ||
    (sign('unsteady') && (sign('vomit') || sign('confused') || sign('drowsy')) && medicine);
  // methotrexate taken daily instead of weekly, or with two of fever, mouth ulcers and that error: toxicity
  const mtxSigns = [sign('fever'), sign('mouth_ulcers'), has('daily_error')].filter(Boolean).length;
  const mtxToxic = has('mtx') && mtxSigns >= 2;
  const mtxDaily = has('mtx') && has('daily_error');
  // chemotherapy and a fever: neutropenic sepsis until shown otherwise (NICE CG151), as in the languages we read
  const neutropenic = has('chemo') && sign('fever');
  // taking a medicine is an alarm with a whole pack or a count, or (not asked as a dose) with a child or a number; a
  // child's mistake always is (the poison centre)
  const ingestion =
    has('ingest') &&
    (medicine || has('child')) &&
    (has('whole') ||
      has('count') ||
      (has('accident') && has('child')) ||
      (!doseQuestion && !has('accident') && (has('child') || number)));
  const drowsyOnMedicine = sign('drowsy') && (medicine || has('ingest') || has('vomit') || has('child'));
  // a medicine named with a number or alarm marks may be a dose taken; not a dose asked for, nor a side effect asked about
  const drugNumber = namesDrug && (number || /!{2,}/.test(question)) && !doseQuestion && !asking;
  const strong = (['breath', 'unconscious', 'blood', 'neuro', 'seizure', 'swelling', 'confused'] as const).some(sign);

  const alarm =
    has('despair') ||
    strong ||
    pregnancy ||
    hypo ||
    skin ||
    headInjury ||
    toxic ||
    mtxToxic ||
    mtxDaily ||
    neutropenic ||
    ingestion ||
    drowsyOnMedicine ||
    drugNumber;
  if (!alarm) return [];

  const hits: RuleHit[] = [];
  const hit = (category: TriageCategory, rule: string) => {
    if (!hits.some((h) => h.category === category)) hits.push({ category, level: 'acute', rule });
  };
  if (has('despair')) hit('self_harm', 'fallback:despair');
  // a son or daughter who took something in despair is not a toddler who got into the medicines
  if (
    has('child') &&
    !has('despair') &&
    has('ingest') &&
    (medicine || has('whole') || has('count')) &&
    (ingestion || drugNumber)
  )
    hit('child_ingestion', 'fallback:child');
  else if ((ingestion || drugNumber) && has('ingest') && medicine) hit('overdose', 'fallback:ingest');
  // weekly methotrexate taken daily: too much for too long of a medicine taken for its purpose (the poison advice)
  if (mtxDaily) hit('overdose', 'fallback:methotrexate-daily');
  if (sign('breath') && sign('swelling')) hit('anaphylaxis', 'fallback:airway');
  else if (sign('breath') || sign('unconscious')) hit('respiratory_depression', 'fallback:breathing');
  if (pregnancy) hit('obstetric_emergency', 'fallback:pregnancy');
  if (sign('blood')) hit('bleeding', 'fallback:blood');
  if (headInjury) hit('head_injury', 'fallback:head');
  if (hypo) hit('hypoglycaemia', 'fallback:hypo');
  if (sign('neuro')) hit('stroke', 'fallback:neuro');
  if (sign('seizure')) hit('seizure', 'fallback:seizure');
  if (neutropenic) hit('critical_illness', 'fallback:chemo+fever');
  if (skin) hit('critical_illness', 'fallback:skin');
  // signs of a medicine's toxicity (lithium, digoxin, methotrexate…), unless what was taken is already an ingestion
  const ingested = hits.some((h) => h.category === 'overdose' || h.category === 'child_ingestion');
  // (vomiting after a head injury is the head injury's sign, not the blood thinner's toxicity)
  if (mtxToxic || ((toxic || (sign('confused') && medicine && !hypo)) && !ingested && !headInjury))
    hit('drug_toxicity', mtxToxic ? 'fallback:methotrexate' : 'fallback:drug+sign');
  hit('unreadable_alarm', 'fallback');
  return hits;
}
