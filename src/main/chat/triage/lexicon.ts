/**
 * The triage's multilingual word lists and emergency texts (resources/triage/lang/*.json, one file per language, plus
 * fallback.json for languages we cannot read), validated at load and compiled once. Terms are regular-expression
 * fragments over the folded text (normalize.ts `fold`), matched as whole words. Every file is editorial data with its
 * basis and its reviews; see resources/triage/README.md.
 */
import { z } from 'zod';
import { Review } from './editorial.ts';
import { foldMarks } from './normalize.ts';
import en from '../../../../resources/triage/lang/en.json' with { type: 'json' };
import fr from '../../../../resources/triage/lang/fr.json' with { type: 'json' };
import es from '../../../../resources/triage/lang/es.json' with { type: 'json' };
import pt from '../../../../resources/triage/lang/pt.json' with { type: 'json' };
import it from '../../../../resources/triage/lang/it.json' with { type: 'json' };
import de from '../../../../resources/triage/lang/de.json' with { type: 'json' };
import nl from '../../../../resources/triage/lang/nl.json' with { type: 'json' };
import fallbackFile from '../../../../resources/triage/lang/fallback.json' with { type: 'json' };

/** The concepts every language file lists (some may be empty in a language). */
export const CONCEPTS = [
  'person',
  'child',
  'ingest',
  'container_whole',
  'many',
  'pills',
  'despair',
  'overdose',
  'airway',
  'swelling',
  'throat_closing',
  'cannot_breathe',
  'hives',
  'after_drug',
  'unresponsive',
  'not_breathing',
  'vomit_blood',
  'black_stool',
  'heavy_bleeding',
  'head_injury',
  'fell',
  'neuro_decline',
  'face_droop',
  'speech_trouble',
  'one_side_weak',
  'seizure',
  'chest',
  'chest_pain',
  'sweating',
  'pregnant',
  'pregnancy_alarm',
  'diabetic',
  'dka_sign',
  'fever',
  'rigidity',
  'about',
  'present',
  // 2026-11-28: household hazards a child swallows (button batteries, e-liquid…), farewell acts (affairs in order, a
  // goodbye letter), distress around an ingestion (after a row, upset), and blistering or peeling skin (SJS/TEN)
  'hazard',
  'farewell',
  'distress',
  'skin_blister',
  // 2026-11-28: time-critical conditions a clinician names while managing them (status, DKA, SDH, LA toxicity, shock)
  'clinical_emergency',
  // 2026-11-29: later pregnancy and after birth (pre-eclampsia signs, fetal movements, psychosis), the signs of a
  // medicine's toxicity (toxicity.json) and an emptied container beside a child
  'late_pregnancy',
  'postpartum',
  'headache',
  'visual_disturbance',
  'epigastric_pain',
  'sudden_swelling',
  'fetal_movements_reduced',
  'psychosis_sign',
  'no_sleep',
  'muscle_pain',
  'dark_urine',
  'diarrhoea',
  'vomiting',
  'constipation',
  'abdominal_swelling',
  'no_urine',
  'mouth_ulcers',
  'weakness',
  'tingling',
  'tremor',
  'confusion',
  'drowsy',
  'unsteady',
  'syncope',
  'minor_bleeding',
  'container_emptied',
  // the asker says nothing is wrong now ("just want to be prepared"): a question, even with signs named in it
  'all_well',
  // 2026-11-29 (blind round 7's classes): stopping alcohol or a sedative abruptly, a drug given by infusion and the
  // signs of a reaction to it or of a leak at its site, a thing a child swallows that is not poisonous, and another
  // person's crisis told as past with the asker wanting to support them
  'withdrawal',
  'infusion',
  'reaction_sign',
  'site_injury',
  'low_risk_item',
  'recovering',
  'support_question',
  'dvt_sign',
] as const;
export type Concept = (typeof CONCEPTS)[number];

const FIRST_AID_KEYS = [
  'overdose',
  'child_ingestion',
  'anaphylaxis',
  'chest_pain',
  'stroke',
  'respiratory_depression',
  'bleeding',
  'serotonin_toxicity',
  'hypoglycaemia',
  'seizure',
  'thunderclap_headache',
  'head_injury',
  'pregnancy_emergency',
  'obstetric_emergency',
  'postpartum_psychosis',
  'drug_toxicity',
  'critical_illness',
] as const;

const LanguageFile = z
  .object({
    lang: z.string().length(2),
    name: z.string(),
    status: z.literal('editorial'),
    basis: z.string().min(20),
    reviews: z.array(Review).min(1),
    second_review: Review.nullable(),
    detect: z.array(z.string()).min(10),
    words: z
      .object(
        Object.fromEntries(CONCEPTS.map((c) => [c, z.array(z.string())])) as Record<Concept, z.ZodArray<z.ZodString>>,
      )
      .strict(),
    text: z
      .object({
        emergency_first: z.string(),
        crisis: z.string(),
        poison: z.string(),
        unreadable: z.string(),
        clinician: z.string(),
        first_aid: z
          .object(
            Object.fromEntries(FIRST_AID_KEYS.map((k) => [k, z.string()])) as Record<
              (typeof FIRST_AID_KEYS)[number],
              z.ZodString
            >,
          )
          .strict()
          .optional(),
      })
      .strict(),
  })
  .strict();
export type LanguageData = z.infer<typeof LanguageFile>;

/**
 * The kinds of alarm word a fallback language lists (fallback.ts combines them; resources/triage/README.md says what
 * each means). Signs: despair … pregnancy_alarm; context: pills … mtx; how it is asked: question … now.
 */
export const FALLBACK_KINDS = [
  // signs
  'despair',
  'breath',
  'swelling',
  'unconscious',
  'drowsy',
  'blood',
  'head',
  'fell',
  'neuro',
  'confused',
  'seizure',
  'vomit',
  'toxicity_sign',
  'unsteady',
  'sweating',
  'edema',
  'headache',
  'fever',
  'mouth_ulcers',
  'pregnancy_alarm',
  // blisters in the mouth or eyes, skin peeling: with a fever or a medicine, SJS/TEN (blind round 9)
  'skin',
  // a glucose reading of 20–53 (mg/dL below 54 is level-2 hypoglycaemia; mmol/L above 20 is a severe high)
  'low_sugar',
  // what was taken, by whom, on what
  'pills',
  'ingest',
  'whole',
  'count',
  'child',
  'person',
  'anticoagulant',
  'diabetes',
  'mtx',
  'pregnant',
  'postpartum',
  'daily_error',
  'accident',
  // chemotherapy: with a fever, neutropenic sepsis until shown otherwise (NICE CG151)
  'chemo',
  // how it is asked
  'question',
  'dont_know',
  'about',
  'now',
] as const;
export type FallbackKind = (typeof FALLBACK_KINDS)[number];
const AlarmWords = z.partialRecord(z.enum(FALLBACK_KINDS), z.array(z.string()));

const FallbackLanguage = z
  .object({
    name: z.string(),
    /** letters only this language uses, among the Latin-script languages */
    letters: z.string().optional(),
    /** its script or scripts: more than 30% of a message's letters in them name the language… */
    script: z.union([z.string(), z.array(z.string())]).optional(),
    /** …when the message also holds one of these characters (Ukrainian і, Urdu ے, Japanese kana) */
    requires: z.string().optional(),
    latinChat: z.string().optional(),
    detect: z.array(z.string()).optional(),
    alarm: AlarmWords,
    /** the one line we can say: the message could not be read fully, call the emergency number */
    line: z.string(),
    /** the emergency answer's safety lines in the language: call now, the crisis line, the poison advice */
    text: z.object({ emergency: z.string(), crisis: z.string(), poison: z.string() }).strict().optional(),
    /** where the numbers in `line` and `text` come from */
    basis: z.string().optional(),
    /** null: this language's words or text were added or changed after the file's second review */
    second_review: Review.nullable().optional(),
  })
  .strict();
const FallbackFile = z
  .object({
    status: z.literal('editorial'),
    basis: z.string(),
    reviews: z.array(Review).min(1),
    second_review: Review.nullable(),
    /** alarm words written the same in every language (medicine names in Latin letters, a temperature) */
    shared: AlarmWords,
    languages: z.record(z.string(), FallbackLanguage),
  })
  .strict();
export type FallbackLanguage = z.infer<typeof FallbackLanguage>;

export const LANGUAGES: Record<string, LanguageData> = Object.fromEntries(
  [en, fr, es, pt, it, de, nl].map((f) => {
    const d = LanguageFile.parse(f);
    return [d.lang, d];
  }),
);
export const READABLE = Object.keys(LANGUAGES);
const fallbackData = FallbackFile.parse(fallbackFile);
export const FALLBACK: Record<string, FallbackLanguage> = fallbackData.languages;

/** `\w` in a term means any letter (ł, ı and scripts beyond ASCII stay letters after folding; Devanagari keeps its marks). */
// Terms are folded as the text is (normalize.ts foldMarks): a term written as people write it ("飲んで", "أخذت") would
// otherwise never match the folded message.
const letters = (term: string) => foldMarks(term).replace(/\\w/g, '[\\p{L}\\p{M}\\p{N}_]');

/** A whole-word pattern for a list of term fragments (folded text). */
export function termsPattern(terms: readonly string[], flags = 'u'): RegExp | null {
  if (!terms.length) return null;
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${terms.map(letters).join('|')})(?![\\p{L}\\p{N}])`, flags);
}

/** Each concept's pattern over the terms of every language (a message may mix languages; the terms seldom collide). */
export const CONCEPT_PATTERNS: Record<Concept, RegExp | null> = Object.fromEntries(
  CONCEPTS.map((c) => [c, termsPattern([...new Set(Object.values(LANGUAGES).flatMap((l) => l.words[c]))])]),
) as Record<Concept, RegExp | null>;

/** Scripts written without spaces between words (or with particles joined to them): their terms match anywhere. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/**
 * Words joined to the next one in scripts that write them as prefixes: Arabic "and"/"so" (و، ف: "ونعسانة" is "and
 * sleepy"), Hebrew "and", "the", "that", "in", "to", "from", "as" (ו ה ש ב ל מ כ, up to two: "והתינוק").
 */
const JOINED: [RegExp, string][] = [
  [/\p{Script=Arabic}/u, '(?:و|ف)?'],
  [/\p{Script=Hebrew}/u, '[והשבלמכ]{0,2}'],
];

/**
 * Fallback alarm words of every language we cannot read (and the shared ones), by kind. The word boundaries wrap each
 * group of terms once (terms written without spaces, and each prefix set of JOINED, are groups), not every term: a
 * boundary is a Unicode property class that V8 compiles afresh per use, and per term a kind's few hundred terms took
 * seconds to compile for a message with a letter outside Latin-1. The language matched is the same.
 */
export const FALLBACK_ALARM: Partial<Record<FallbackKind, RegExp>> = (() => {
  const by = new Map<string, string[]>();
  for (const alarm of [fallbackData.shared, ...Object.values(FALLBACK).map((l) => l.alarm)])
    for (const [k, v] of Object.entries(alarm)) by.set(k, [...(by.get(k) ?? []), ...(v ?? [])]);
  const source = (terms: string[]) => {
    const unspaced = terms.filter((t) => UNSPACED.test(t)).map((t) => foldMarks(t));
    const byPrefix = new Map<string, string[]>();
    for (const t of terms.filter((t) => !UNSPACED.test(t))) {
      const prefix = JOINED.find(([script]) => script.test(t))?.[1] ?? '';
      byPrefix.set(prefix, [...(byPrefix.get(prefix) ?? []), letters(t)]);
    }
    const spaced = [...byPrefix].map(
      ([prefix, ts]) => `(?<![\\p{L}\\p{M}\\p{N}])${prefix}(?:${ts.join('|')})(?![\\p{L}\\p{M}\\p{N}])`,
    );
    return `(?:${[...spaced, ...unspaced].join('|')})`;
  };
  return Object.fromEntries([...by].map(([k, v]) => [k, new RegExp(source(v), 'u')]));
})();
