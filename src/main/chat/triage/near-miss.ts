/**
 * Near-misses: a small dosing error that is not an emergency (a missed pill, a missed dose, one extra dose, paracetamol
 * near its daily limit). The answer gives the safe facts — what to do, the limit, and when it becomes urgent — from
 * resources/triage/near-miss.json (editorial, each answer with its basis), instead of "nothing found" or the emergency
 * script. It is added to the answer only when triage found no emergency that replaces the answer.
 */
import { z } from 'zod';
import file from '../../../../resources/triage/near-miss.json' with { type: 'json' };
import { termsPattern } from './lexicon.ts';
import { normalizeForTriage } from './normalize.ts';

const Answer = z
  .object({ text: z.string().min(40), basis: z.string().min(10), dailyMaxGrams: z.number().optional() })
  .strict();
const File = z
  .object({
    status: z.literal('editorial'),
    reviews: z.array(z.object({ by: z.string(), date: z.string(), scope: z.string() })).min(1),
    second_review: z.unknown().nullable(),
    note: z.string(),
    terms: z.record(z.string(), z.array(z.string()).min(1)),
    answers: z
      .object({
        missed_contraceptive_pill: Answer,
        missed_dose: Answer,
        extra_dose: Answer,
        paracetamol_limits: Answer,
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

/** "2 x 500 mg every 6 hours", "3 tablets of 500 every 4 hours", "1 g four times a day": the daily total in mg, when said. */
function dailyTotal(t: string): number | null {
  const m =
    /(?<![\p{N}])(\d{1,2})\s*(?:x\s*)?(?:\p{L}+\s+){0,2}?(?:of\s+)?(\d{3,4}|1)\s*(mg|g)?\s*(?:\p{L}+\s+){0,2}?(?:every\s+(\d{1,2})\s*(?:hours?|hrs?|h)|(\d)\s*times\s*(?:a|per)\s*day)/u.exec(
      t,
    );
  if (!m) return null;
  const per = Number(m[1]) * (m[3] === 'g' || m[2] === '1' ? 1000 * Number(m[2]) : Number(m[2]));
  const times = m[4] ? Math.floor(24 / Number(m[4])) : Number(m[5]);
  return per > 0 && times > 0 ? per * times : null;
}

export const nearMissText = (xs: readonly NearMiss[]) => xs.map((x) => `${x.text} (Basis: ${x.basis}.)`).join('\n\n');
