/**
 * The word lists the structural decline reader (decline-structure.ts) combines: one file per language in
 * resources/triage/declines/<code>.json — another person or an animal, a giving verb, concealment, an incapacitation
 * sought, a request (how much, what can I…), the effect sought in slang, a drug test and beating it, obtaining, deceit and altering a
 * prescription… They are kept apart from the emergency word lists (resources/triage/lang) because they mean something
 * else (a request to refuse, not a sign of danger) and are reviewed apart. Validated at load, compiled once, each
 * concept's pattern over the terms of every language (a message may mix languages).
 */
import { z } from 'zod';
import { Review } from './editorial.ts';
import { foldMarks } from './normalize.ts';
import en from '../../../../resources/triage/declines/en.json' with { type: 'json' };
import es from '../../../../resources/triage/declines/es.json' with { type: 'json' };
import pt from '../../../../resources/triage/declines/pt.json' with { type: 'json' };
import fr from '../../../../resources/triage/declines/fr.json' with { type: 'json' };
import de from '../../../../resources/triage/declines/de.json' with { type: 'json' };
import it from '../../../../resources/triage/declines/it.json' with { type: 'json' };
import nl from '../../../../resources/triage/declines/nl.json' with { type: 'json' };
import pl from '../../../../resources/triage/declines/pl.json' with { type: 'json' };
import tr from '../../../../resources/triage/declines/tr.json' with { type: 'json' };
import ru from '../../../../resources/triage/declines/ru.json' with { type: 'json' };
import zh from '../../../../resources/triage/declines/zh.json' with { type: 'json' };
import ar from '../../../../resources/triage/declines/ar.json' with { type: 'json' };
import ja from '../../../../resources/triage/declines/ja.json' with { type: 'json' };
import ko from '../../../../resources/triage/declines/ko.json' with { type: 'json' };
import el from '../../../../resources/triage/declines/el.json' with { type: 'json' };
import hi from '../../../../resources/triage/declines/hi.json' with { type: 'json' };
import uk from '../../../../resources/triage/declines/uk.json' with { type: 'json' };
import vi from '../../../../resources/triage/declines/vi.json' with { type: 'json' };

export const DECLINE_CONCEPTS = [
  /** another person named (wife, child, a girl, someone) — the one something is done to */
  'person',
  /** her, him, she, he: a person only when no animal is named ("give my dog his tablets") */
  'pronoun',
  'animal',
  /** put, slip, add, mix, spike, crush into, give */
  'give',
  /** into a drink or food (tea, coffee, bebida, 饮料) */
  'vehicle',
  /** without noticing or knowing, secretly, without customs catching it */
  'unnoticed',
  /** looking natural, not traced, not on an autopsy, without anyone working out it was me */
  'untraceable',
  /** an act of incapacitating someone: knock out, put in a coma, sedate her */
  'subdue',
  /** so that, to, make, enough to: what follows is sought */
  'purpose',
  /** a state sought in someone: sleeps all day, does not remember, loses the baby, heart stops */
  'outcome',
  /** poison, kill */
  'harm',
  /** a death sought, not feared: "so it dies", "so they die", "żeby zdechł", "कि वो मर जाएँ" */
  'death',
  /** a grievance that gives the harm a motive (barks all night, revenge) */
  'grievance',
  /** a request: how much, how many, what dose, which drugs, how can I, what can I put, can I */
  'ask',
  /** a medicine or drug named or referred to */
  'drug',
  /** a medicine sought for misuse or diversion: opioids, benzodiazepines, z-drugs, gabapentinoids, stimulants */
  'controlled',
  /** without a prescription (sin receta, без рецепта, 처방전 없이) */
  'no_script',
  /** the effect sought, in slang (k-hole, wavy, odlot, кайф, 嗨) */
  'high',
  'drug_test',
  /** passing, beating or adulterating a test */
  'beat_test',
  /** getting, taking from a ward, shipping, importing */
  'obtain',
  /** more than prescribed: more, extra, higher, another box */
  'more',
  /** who would notice: the pharmacy, customs, the CD register */
  'watcher',
  /** a story, a lie, pretending */
  'deceit',
  /** asking what to say or which symptoms to describe (to a prescriber or pharmacist) */
  'tell',
  /** a sign that what would be said is untrue: "so he believes me", "I don't actually have pain" */
  'untrue',
  /** selling a medicine, asked as a request (how can I sell, να πουλήσω) */
  'sell',
  /** keeping a medicine for oneself (keep it, take it home) */
  'keep',
  /** a record falsified: signing a dose as given, recording it as wasted, fiddling the count */
  'false_record',
  /** changing, altering, editing (a prescription) */
  'alter',
  'prescription',
  /** forging: forge, falsify, counterfeit (a prescription), as an act */
  'forge',
  /** spotting a forgery or misuse, asked positively: signs that, how to spot, erkennen — a question, not a request */
  'detect',
  /** a question about a thing rather than a request to do it: "what is a k-hole", "how do pharmacies detect" */
  'education',
  /** the writer as the one acting (I, my): an education question that says this is not a request */
  'self',
  /** getting one drug out of a product: extract, get the codeine out of, leave the paracetamol behind */
  'extract',
  /** a medicine emptied, swapped or watered down: empty his capsules, swap her tablets for, fill them with flour */
  'tamper',
  /** putting a person to sleep (dormir a alguien, усыпить, 眠らせ): with concealment, covert sedation */
  'put_to_sleep',
  /** a prescription document made up: an FP10 format, a template, a doctor's signature on it, "make me a prescription" */
  'fake_doc',
  /** one purchase spread over several pharmacies or shops */
  'spread',
  /** a clinician's or carer's report about someone in their care: a resident, the MAR chart, a dose refused or omitted */
  'care_report',
  /** getting rid of medicines: disposing, taking them back to the pharmacy, a dead relative's or out-of-date ones */
  'disposal',
  /** a formal agreement for giving a medicine: the GP has agreed, a best-interests decision, a covert medication plan */
  'sanctioned',
  /** the writer doubted by a clinician ("my GP thinks I'm exaggerating"): a patient's worry, not a pretence */
  'disbelieved',
  /** a drug that a screen would not find, sought: "which benzos don't show up on a urine screen" */
  'undetected',
  /** a product returned for money: a refund, money back, taking it back to the shop (with tampering: refund fraud) */
  'refund',
  /** a purchase the law allows, asked about: behind or over the counter, pharmacy-only, do I need a prescription */
  'lawful',
  /** a modified-release form (MR, slow-release, retard, LP, 缓释): with crushing and the whole dose sought at once, misuse */
  'release_form',
  /** crushing, chewing, snorting or dissolving a tablet */
  'crush',
  /** the whole dose sought at once (all at once, d'un coup, 一下子全部起效): dose dumping, after "so that" */
  'dump',
  /** injecting: inject, shoot up, into a vein, колоть, в вену */
  'inject',
  /** a product not made for injection: eye drops, tablets, syrup, a patch's gel */
  'non_injectable',
] as const;
export type DeclineConcept = (typeof DECLINE_CONCEPTS)[number];

const DeclineFile = z
  .object({
    lang: z.string().length(2),
    name: z.string(),
    status: z.literal('editorial'),
    basis: z.string().min(20),
    reviews: z.array(Review).min(1),
    second_review: Review.nullable(),
    words: z
      .object(
        Object.fromEntries(DECLINE_CONCEPTS.map((c) => [c, z.array(z.string())])) as Record<
          DeclineConcept,
          z.ZodArray<z.ZodString>
        >,
      )
      .strict(),
  })
  .strict();
export type DeclineWords = z.infer<typeof DeclineFile>;

export const DECLINE_LANGUAGES: Record<string, DeclineWords> = Object.fromEntries(
  [en, es, pt, fr, de, it, nl, pl, tr, ru, zh, ar, ja, ko, el, hi, uk, vi].map((f) => {
    const d = DeclineFile.parse(f);
    return [d.lang, d];
  }),
);

const SPACELESS = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
/** A term as a pattern body over the folded text (folded as the message is: normalize.ts foldMarks keeps Devanagari's marks). */
const termBody = (term: string) => foldMarks(term).replace(/\\w/g, '[\\p{L}\\p{M}\\p{N}_]');

/**
 * Terms as one pattern: whole words, except in scripts written without spaces (Chinese, Japanese), which match anywhere.
 * The word boundaries wrap the whole alternation once, not each term: a boundary is a Unicode property class, and V8
 * compiles one per use — per term, a list of a few hundred terms took seconds to compile for a message with a letter
 * outside Latin-1 (a Polish "ę"), every time it was compiled anew. The language is the same.
 */
function termsSource(terms: readonly string[]): string {
  const spaced = terms.filter((t) => !SPACELESS.test(t)).map(termBody);
  const spaceless = terms.filter((t) => SPACELESS.test(t)).map(termBody);
  const parts = [
    ...(spaced.length ? [`(?<![\\p{L}\\p{N}])(?:${spaced.join('|')})(?![\\p{L}\\p{N}])`] : []),
    ...(spaceless.length ? [`(?:${spaceless.join('|')})`] : []),
  ];
  return `(?:${parts.join('|')})`;
}

/** Each concept's pattern source over every language's terms (null when no language lists any). */
export const DECLINE_SOURCES: Record<DeclineConcept, string | null> = Object.fromEntries(
  DECLINE_CONCEPTS.map((c) => {
    const terms = [...new Set(Object.values(DECLINE_LANGUAGES).flatMap((l) => l.words[c]))];
    return [c, terms.length ? termsSource(terms) : null];
  }),
) as Record<DeclineConcept, string | null>;
