/**
 * A question about an animal's own medicine ("the vet prescribed Metacam for my labrador, can I mix it into his
 * food?"): outside a reference for people's medicines, so the answer says so, points to the vet, and gives the few
 * facts that prevent harm (human painkillers and xylitol poison pets), in the message's language where we have it —
 * never "nothing found". The words and texts are editorial data (resources/triage/animals.json). A request to harm an
 * animal is a decline (declines.ts), which runs first.
 */
import { z } from 'zod';
import { Review } from './editorial.ts';
import file from '../../../../resources/triage/animals.json' with { type: 'json' };
import { detectLanguage } from './language.ts';
import { CONCEPT_PATTERNS, termsPattern } from './lexicon.ts';
import { normalizeForTriage } from './normalize.ts';

const File = z
  .object({
    status: z.literal('editorial'),
    reviews: z.array(Review).min(1),
    second_review: Review.nullable(),
    note: z.string(),
    animal: z.array(z.string()).min(10),
    vet: z.array(z.string()).min(3),
    text: z.object({ en: z.string().min(80) }).catchall(z.string().min(80)),
    /** the emergency line when a pet has swallowed a human medicine or xylitol: call the vet now */
    poisoned: z.object({ en: z.string().min(80) }).catchall(z.string().min(80)),
    basis: z.string().min(20),
  })
  .strict();
const data = File.parse(file);
/** global, for matchAll over every animal word (compiled once, not per question) */
const ANIMAL = new RegExp(termsPattern(data.animal)!.source, 'gu');
const VET = termsPattern(data.vet)!;
/** "my dog", "for her cat", "mon chien", "mi perro", "unser Hund": an animal that is someone's, so its medicine. */
const OWNED =
  /(?<![\p{L}])(?:my|our|his|her|their|mon|ma|notre|mi|nuestro|nuestra|mein|meine|unser|unsere|il mio|la mia|mio|mia|o meu|a minha|meu|minha|mijn|onze)\s+(?:\p{L}+\s+){0,2}$/u;

/** "my cat allergy", "her dog's hair", "a cat scratch": the animal is the cause, a person the patient. */
const NOT_THE_PATIENT = /^(?:'s)?\s*(?:allerg\w*|hair|dander|fur|scratch\w*|bite\w*|dust|saliva)/u;

/** The scope note for a question about an animal's medicine, or null. */
export function animalScopeNote(question: string): string | null {
  const t = normalizeForTriage(question);
  const vet = VET.test(t);
  let owned = false;
  for (const m of t.matchAll(ANIMAL))
    if (
      OWNED.test(t.slice(Math.max(0, m.index - 30), m.index)) &&
      !NOT_THE_PATIENT.test(t.slice(m.index + m[0].length, m.index + m[0].length + 20))
    )
      owned = true;
  if (!vet && !owned) return null;
  const lang = detectLanguage(question).lang;
  return data.text[lang] ?? data.text.en!;
}

/** What an animal did, told right after it ("the dog ate…", "mon chien a avalé…", "unser Hund hat … gefressen"). */
const INGEST_AFTER = new RegExp(
  `^(?:'s)?\\s+(?:[\\p{L}\\p{N}'()]+\\s+){0,12}?(?:${CONCEPT_PATTERNS.ingest?.source ?? '$^'}|(?:has |had )?(?:(?:auf)?gefressen|verschluckt|(?:op)?ge-?e?eet|gegeten|mangiato|comido|comeu|mange|got into|chewed (?:up|through)|eaten))`,
  'u',
);

/**
 * An animal that swallowed something ("dog ate about 6 ibuprofen 400", "our cat licked up my paracetamol"): a
 * poisoning for the vet, not a person's overdose. `medicine`: the message names a medicine or pills.
 */
export function animalSwallowed(t: string, medicine: boolean): boolean {
  if (!medicine && !/\b(?:xylit\w*|xilitol\w*)\b/.test(t)) return false;
  for (const m of t.matchAll(ANIMAL))
    if (
      !NOT_THE_PATIENT.test(t.slice(m.index + m[0].length, m.index + m[0].length + 20)) &&
      INGEST_AFTER.test(t.slice(m.index + m[0].length, m.index + m[0].length + 60))
    )
      return true;
  return false;
}

/** The emergency line for a pet's poisoning in the language, English otherwise. */
export function animalPoisonedText(lang: string): string {
  return data.poisoned[lang] ?? data.poisoned.en!;
}
