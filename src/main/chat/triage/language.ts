/**
 * Which language a message is in, for the triage: one we can read (a language file in resources/triage/lang), one we
 * can only recognise (fallback.json: by its script, its letters or a few function words), or unknown. Function words
 * are counted on the folded text; letters and scripts on the original. Short clinical shorthand with no function word
 * of any language ("K 7.1, peaked T waves") is read as English. A script shared by several languages names the one
 * whose own characters the message holds first (Ukrainian і/ї/є before Russian, Urdu ے/ں before Persian before Arabic,
 * Japanese kana before Chinese).
 */
import { fold } from './normalize.ts';
import { FALLBACK, LANGUAGES, termsPattern } from './lexicon.ts';

export interface LanguageGuess {
  lang: string;
  /** a language whose word lists and texts we have */
  readable: boolean;
}

const words = (folded: string) => folded.split(/[^\p{L}\p{N}']+/u).filter(Boolean);
const DETECT = Object.fromEntries(Object.values(LANGUAGES).map((l) => [l.lang, new Set(l.detect)]));
/** Each language's own risk words count too: short messages are mostly such words ("vomitando sem parar, glicemia HI"). */
const OWN_TERMS = Object.fromEntries(
  Object.values(LANGUAGES).map((l) => [l.lang, termsPattern(Object.values(l.words).flat(), 'gu')!]),
);

/** The alarm words of each Latin-script fallback language (fallback.json), counted like OWN_TERMS. */
const FALLBACK_OWN = Object.fromEntries(
  Object.entries(FALLBACK)
    .filter(([, l]) => !l.script)
    .map(([code, l]) => [code, termsPattern(Object.values(l.alarm).flat(), 'gu') ?? /$^/gu]),
);

/** Script languages, those that need characters of their own first: each with its scripts' pattern. */
const BY_SCRIPT = Object.entries(FALLBACK)
  .filter(([, l]) => l.script)
  .sort(([, a], [, b]) => Number(!a.requires) - Number(!b.requires))
  .map(([code, l]) => ({
    code,
    script: new RegExp(
      `[${[l.script!]
        .flat()
        .map((s) => `\\p{Script=${s}}`)
        .join('')}]`,
      'u',
    ),
    requires: l.requires ? new RegExp(`[${l.requires}]`, 'u') : null,
  }));

export function detectLanguage(text: string): LanguageGuess {
  const letters = [...text].filter((c) => /\p{L}/u.test(c));
  const share = (re: RegExp) => (letters.length ? letters.filter((c) => re.test(c)).length / letters.length : 0);
  const lower = text.toLowerCase();
  for (const { code, script, requires } of BY_SCRIPT)
    if (share(script) > 0.3 && (!requires || requires.test(lower))) return { lang: code, readable: false };
  if (letters.length && share(/\p{Script=Latin}/u) < 0.5) return { lang: 'und', readable: false };
  const folded = fold(text);
  const ws = words(folded);
  // letters only one language uses (ł, ı, ư…) settle it when its function words agree or there are two such letters
  for (const [code, l] of Object.entries(FALLBACK)) {
    if (!l.letters) continue;
    const own = [...lower].filter((c) => l.letters!.includes(c)).length;
    const fw = l.detect ? ws.filter((w) => l.detect!.includes(w)).length : 0;
    if (own >= 2 || (own >= 1 && fw >= 1)) return { lang: code, readable: false };
  }
  // chat alphabets written with digits for sounds (Arabizi: "7obob", "a3eesh"): three such words or more
  for (const [code, l] of Object.entries(FALLBACK))
    if (l.latinChat && (folded.match(new RegExp(l.latinChat, 'g')) ?? []).length >= 3)
      return { lang: code, readable: false };
  const scores = Object.entries(DETECT)
    .map(
      ([code, set]) =>
        [code, ws.filter((w) => set.has(w)).length + (folded.match(OWN_TERMS[code]!) ?? []).length / 2] as const,
    )
    .sort((a, b) => b[1] - a[1]);
  const [best, n] = scores[0]!;
  // languages we recognise by their function words (Tagalog, Swahili, Swedish, and Polish or Turkish typed without
  // their own letters: "gunde kac tane parol alabilirim?"), their alarm words counted as the readable ones' are: three,
  // more than any language we read
  for (const [code, l] of Object.entries(FALLBACK)) {
    if (l.script || !l.detect) continue;
    const fw =
      new Set(ws.filter((w) => l.detect!.includes(w))).size + (folded.match(FALLBACK_OWN[code]!) ?? []).length / 2;
    if (fw >= 3 && fw > n) return { lang: code, readable: false };
  }
  if (n === 0) return { lang: 'en', readable: true };
  // a tie between English and one other language goes to the other one (English words appear in every language's
  // messages); English tied with several others is English shorthand whose words the others share ("vomiting", "dose")
  const tie = scores.filter(([, k]) => k === n).map(([c]) => c);
  const others = tie.filter((c) => c !== 'en');
  const lang = tie.length > 1 && tie.includes('en') ? (others.length === 1 ? others[0]! : 'en') : best;
  return { lang, readable: true };
}
