/**
 * Harm a medicine is already causing, told as symptoms: muscle pain and dark urine on a statin (rhabdomyolysis),
 * diarrhoea and weakness on colchicine, vomiting and confusion on lithium, mouth ulcers and fever on methotrexate,
 * days of constipation and a swollen tummy on clozapine, retention and confusion on anticholinergics, drowsiness with
 * slow breathing on an opioid. The findings are data (resources/triage/toxicity.json, each with its label basis):
 * a finding needs the medicine — by the vocabulary's reading of the message (ingredient keys and interaction classes,
 * so a brand in any language counts) or its name written in the message — and the signs its conditions name, read as
 * the concepts of the language files (lexicon.ts), so the same finding works in every language we read.
 */
import { z } from 'zod';
import { Review } from './editorial.ts';
import file from '../../../../resources/triage/toxicity.json' with { type: 'json' };
import { CONCEPTS, termsPattern, type Concept } from './lexicon.ts';
import type { Level } from './rules.ts';

/** A medicine the message names, as the vocabulary reads it: its ingredient key and its interaction classes. */
export interface TriageDrug {
  key: string;
  classes: readonly string[];
}

const ConceptId = z.enum(CONCEPTS);
/** All groups must hold; a group holds when at least `n` (default 1) of its concepts are present. */
const Condition = z.array(z.object({ any: z.array(ConceptId).min(1), n: z.int().min(1).optional() }).strict()).min(1);
const Entry = z
  .object({
    id: z.string(),
    category: z.enum(['drug_toxicity', 'respiratory_depression', 'hypoglycaemia', 'bleeding']),
    drugs: z
      .object({ keys: z.array(z.string()), classes: z.array(z.string()), words: z.array(z.string()).min(1) })
      .strict(),
    acute: Condition,
    lead: Condition.optional(),
    says: z.object({ en: z.string().min(40) }).catchall(z.string().min(40)),
    basis: z.string().min(20),
  })
  .strict();
const File = z
  .object({
    status: z.literal('editorial'),
    basis: z.string(),
    reviews: z.array(Review).min(1),
    second_review: Review.nullable(),
    entries: z.array(Entry).min(1),
  })
  .strict();

const entries = File.parse(file).entries.map((e) => ({ ...e, named: termsPattern(e.drugs.words)! }));
export type ToxicityCategory = z.infer<typeof Entry>['category'];

export interface ToxicityFinding {
  id: string;
  category: ToxicityCategory;
  level: Level;
  /** what the signs may mean, by language (English always) */
  says: Readonly<Record<string, string>>;
  basis: string;
}

const holds = (cond: z.infer<typeof Condition>, has: (c: Concept) => boolean) =>
  cond.every((g) => g.any.filter(has).length >= (g.n ?? 1));

/** Every finding whose medicine the message names and whose signs it carries (the strongest level of each). */
export function toxicityFindings(
  t: string,
  has: (c: Concept) => boolean,
  drugs: readonly TriageDrug[],
): ToxicityFinding[] {
  const out: ToxicityFinding[] = [];
  for (const e of entries) {
    const taken =
      drugs.some((d) => e.drugs.keys.includes(d.key) || d.classes.some((c) => e.drugs.classes.includes(c))) ||
      e.named.test(t);
    if (!taken) continue;
    const level: Level | null = holds(e.acute, has) ? 'acute' : e.lead && holds(e.lead, has) ? 'lead' : null;
    if (level) out.push({ id: e.id, category: e.category, level, says: e.says, basis: e.basis });
  }
  return out;
}
