/**
 * Near-misses: a small dosing error that is not an emergency (a missed pill, a missed dose, one extra dose, paracetamol
 * near its daily limit). The answer gives the safe facts — what to do, the limit, and when it becomes urgent — from
 * resources/triage/near-miss.json (editorial, each answer with its basis), instead of "nothing found" or the emergency
 * script. It is added to the answer only when triage found no emergency that replaces the answer.
 */
import { z } from 'zod';
import { Review } from './editorial.ts';
import file from '../../../../resources/triage/near-miss.json' with { type: 'json' };
import { CONCEPT_PATTERNS, termsPattern } from './lexicon.ts';
import { normalizeForTriage } from './normalize.ts';

const Answer = z
  .object({ text: z.string().min(40), basis: z.string().min(10), dailyMaxGrams: z.number().optional() })
  .strict();
const File = z
  .object({
    status: z.literal('editorial'),
    reviews: z.array(Review).min(1),
    second_review: z.unknown().nullable(),
    note: z.string(),
    terms: z.record(z.string(), z.array(z.string()).min(1)),
    answers: z
      .object({
        missed_contraceptive_pill: Answer,
        missed_dose: Answer,
        extra_dose: Answer,
        paracetamol_limits: Answer,
        not_poisonous_item: Answer,
        supporting_someone: Answer,
        suicidal_thoughts_warning: Answer,
        inr_above_range: Answer,
      })
      .strict(),
  })
  .strict();
const data = File.parse(file);
const T = Object.fromEntries(Object.entries(data.terms).map(([k, v]) => [k, termsPattern(v)!])) as Record<
  string,
  RegExp
>;

export interface NearMiss {
  id: keyof typeof data.answers;
  text: string;
  basis: string;
}

/** The near-miss answers that fit a question (at most two: the error, and paracetamol's limits when it is named). */
export function nearMisses(question: string, opts: { namesDrug: boolean }): NearMiss[] {
  const t = normalizeForTriage(question);
  const ids: NearMiss['id'][] = [];
  const paracetamol = T.paracetamol!.test(t);
  if (T.missed!.test(t)) {
    if (T.contraceptive!.test(t)) ids.push('missed_contraceptive_pill');
    else if (T.dose!.test(t) || opts.namesDrug) ids.push('missed_dose');
  } else if (
    (T.extra!.test(t) || (T.took!.test(t) && T.twice!.test(t) && !T.schedule!.test(t))) &&
    (opts.namesDrug || T.dose!.test(t) || paracetamol)
  )
    ids.push('extra_dose');
  if (paracetamol && (ids.includes('extra_dose') || T.regular!.test(t))) ids.push('paracetamol_limits');
  // the triage's concepts (lang/*.json): a thing that is not poisonous swallowed; another person's crisis, now
  // getting help, and the asker wanting to support them; a leaflet's warning asked about
  const has = (c: keyof typeof CONCEPT_PATTERNS) => CONCEPT_PATTERNS[c]?.test(t) ?? false;
  if (has('low_risk_item') && has('ingest')) ids.push('not_poisonous_item');
  if (has('recovering') && has('support_question')) ids.push('supporting_someone');
  if (REPORTED_WARNING.test(t)) ids.push('suicidal_thoughts_warning');
  const inr = INR.exec(t);
  if (inr && Number(inr[1]!.replace(',', '.')) > 3 && Number(inr[1]!.replace(',', '.')) < 8)
    ids.push('inr_above_range');
  return ids.map((id) => {
    const { text, basis, dailyMaxGrams } = data.answers[id];
    const total = id === 'paracetamol_limits' ? dailyTotal(t) : null;
    const said =
      total !== null && dailyMaxGrams
        ? ` As asked, that is ${+(total / 1000).toFixed(2)} g in 24 hours: ${total / 1000 > dailyMaxGrams ? `above the ${dailyMaxGrams} g maximum — take less, and get advice today if this has gone on for more than a day` : `within the ${dailyMaxGrams} g maximum`}.`
        : '';
    return { id, text: `${text}${said}`, basis };
  });
}

/** Number words people use for a count of tablets or a number of times a day. */
/**
 * A warning in a leaflet or label that a medicine can cause suicidal thoughts, asked about ("the leaflet for sertraline
 * says it can cause suicidal thoughts, should I be scared to start it?"), in the languages we read: a question about
 * the warning (rules.ts does not read it as despair unless the asker says they have the thoughts).
 */
export const REPORTED_WARNING =
  /\b(?:(?:package )?insert|leaflet|label|warning|black box|notice|prospecto|bula|beipackzettel|packungsbeilage|bijsluiter|foglietto(?: illustrativo)?|bugiardino|(?:can|could|may|might|does|do|will) (?:\w+ ){0,2}cause|kann|peut|puede|pode|puo|kan)\b.{0,60}\b(?:suicidal (?:thoughts|ideation|feelings|behaviou?r)|suizidgedanken|suizidal\w*|pensees suicidaires|pensamientos suicidas|pensamentos suicidas|pensieri suicid\w*|zelfmoordgedachten|suicidale gedachten)\b/i;

/** An INR value ("INR was 4.2", "INR 5,1"). */
const INR = /\binr (?:was |is |of |at |came back (?:at )?|=|:)?\s*(\d(?:[.,]\d)?)(?!\d|[.,]\d)/;

const NUMBER_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, eight: 8 };
const num = (x: string) => NUMBER_WORDS[x] ?? Number(x);

/**
 * "2 x 500 mg every 6 hours", "3 tablets of 500 every 4 hours", "1 g four times a day", "2 panadol extra every 3 hours",
 * "2 co-codamol 30/500 every 3 hours": the daily paracetamol total in mg, when a count and a frequency are said. A
 * tablet whose strength is not said counts as 500 mg (the usual adult tablet; the answer says so).
 */
export function dailyTotal(t: string): number | null {
  const m =
    /(?<![\p{N}/.,])(\d{1,2}|one|two|three|four)\s*(?:x\s*)?((?:[\p{L}\p{N}/.,-]+\s+){0,4}?)(?:every\s+(\d{1,2})\s*(?:hours?|hrs?|h)\b|(\d|two|three|four|five|six|eight)\s*(?:times|x)\s*(?:a|per)\s*day)/u.exec(
      t,
    );
  if (!m) return null;
  const span = `${m[1]} ${m[2]}`;
  // a liquid in mL or a dose per kilogram cannot be turned into tablets without the concentration or the weight
  if (/\b(?:ml|mls|millilit\w*|spoons?|mg\/kg)\b/.test(span)) return null;
  const s =
    /(\d{3,4})\s*mg\b/.exec(span) ?? /\/\s*(\d{3,4})\b/.exec(span) ?? /\b(?:of\s+)?(325|500|650|665|1000)\b/.exec(span);
  const grams = /\b(\d(?:[.,]5)?)\s*g\b/.exec(span);
  const strength = s ? Number(s[1]) : grams ? 1000 * Number(grams[1]!.replace(',', '.')) : 500;
  // "1 g four times a day": the count is the grams, not a number of tablets
  const count = grams && grams.index === 0 ? 1 : num(m[1]!);
  const times = m[3] ? Math.floor(24 / Number(m[3])) : num(m[4]!);
  return count > 0 && times > 0 ? count * strength * times : null;
}

/** Paracetamol named (a generic or a brand of the near-miss terms). */
export const namesParacetamol = (t: string) => T.paracetamol!.test(t);

/** The daily maximum the paracetamol answer states (grams), so the emergency rule and the answer share one number. */
export const PARACETAMOL_DAILY_MAX_G = data.answers.paracetamol_limits.dailyMaxGrams!;

export const nearMissText = (xs: readonly NearMiss[]) => xs.map((x) => `${x.text} (Basis: ${x.basis}.)`).join('\n\n');
