/**
 * Education topics: a carer or patient asking to learn about an emergency condition ("the leaflet keeps mentioning DKA —
 * what is it and how would I spot it?", "why are button batteries dangerous?", "how do I use naloxone?") is not having
 * an emergency, and the knowledge base holds compounds and studies, not conditions. The answer is the topic's text from
 * resources/triage/topics.json (editorial, each with its basis): what it is, the warning signs, what to do now and
 * when to call emergency services. This module only finds the topic a question asks about; the orchestrator adds it.
 *
 * A topic is the subject when a learning cue ("what is", "signs of", "how do I use", "que faire", "Anzeichen") stands
 * just before its words, or a question about it just after ("DKA — what is it?"), and the words are not an aside ("risk
 * of stroke", "seizure threshold", "hx GI bleed") or denied ("no bleeding"). When nothing else answers the question,
 * naming the topic is enough.
 */
import { z } from 'zod';
import { Review } from './editorial.ts';
import file from '../../../../resources/triage/topics.json' with { type: 'json' };
import { termsPattern } from './lexicon.ts';
import { normalizeForTriage } from './normalize.ts';

const wordCount = (s: string) => s.split(/\s+/).filter(Boolean).length;
const Terms = z.array(z.string().min(2)).min(1);
const Topic = z
  .object({
    id: z.string().regex(/^[a-z_]+$/),
    terms: Terms,
    with: Terms.optional(),
    text: z.string().refine((t) => wordCount(t) >= 80 && wordCount(t) <= 160, 'text: 80 to 160 words'),
    basis: z.string().min(10),
  })
  .strict();
const File = z
  .object({
    status: z.literal('editorial'),
    reviews: z.array(Review.strict()).min(1),
    second_review: z.unknown().nullable(),
    note: z.string(),
    cues: z.object({ before: Terms, after: Terms, aside_before: Terms, aside_after: Terms, negation: Terms }).strict(),
    topics: z
      .array(Topic)
      .min(1)
      .refine((ts) => new Set(ts.map((t) => t.id)).size === ts.length, 'topics: ids must be unique'),
  })
  .strict();
const data = File.parse(file);

/** Words allowed between a cue and the topic: before it in the same sentence, or after it (a follow-up question). */
const BEFORE_GAP = 8;
const AFTER_GAP = 10;

const global = (terms: readonly string[]) => termsPattern(terms, 'gu')!;
const CUE_BEFORE = global(data.cues.before);
const CUE_AFTER = global(data.cues.after);
const ASIDE_BEFORE = termsPattern(data.cues.aside_before)!;
const ASIDE_AFTER = termsPattern(data.cues.aside_after)!;
const NEGATION = termsPattern(data.cues.negation)!;
const TOPICS = data.topics.map((t) => ({
  ...t,
  terms: global(t.terms),
  with: t.with ? termsPattern(t.with)! : null,
}));

export interface EducationTopic {
  id: string;
  text: string;
  basis: string;
}

const words = (s: string) => s.match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
const spans = (re: RegExp, t: string) => [...t.matchAll(re)].map((m) => ({ from: m.index, to: m.index + m[0].length }));

/**
 * The topic the question asks about, or null. `mustAsk`: the topic has to be the question's subject (a cue beside it)
 * — when the knowledge base answers the question, so a drug question that only mentions one ("does metformin cause
 * DKA?") keeps its answer alone, and for a clinician's message, which a lay text does not answer unless it asks for one.
 * Otherwise naming the topic is enough. Topics are tried in the file's order (the specific before the general: energy
 * drinks before heart attack).
 */
export function educationTopic(question: string, opts: { mustAsk: boolean }): EducationTopic | null {
  const t = normalizeForTriage(question);
  const before = spans(CUE_BEFORE, t);
  const after = spans(CUE_AFTER, t);
  for (const topic of TOPICS) {
    if (topic.with && !topic.with.test(t)) continue;
    for (const at of spans(topic.terms, t)) {
      const lead = t.slice(0, at.from).trimEnd().split(/\s+/);
      const tail = t.slice(at.to).trim().split(/\s+/).slice(0, 2).join(' ');
      // "risk of stroke", "seizure threshold", "no bleeding": the topic is not what is asked about
      if (
        ASIDE_BEFORE.test(lead.slice(-4).join(' ')) ||
        NEGATION.test(lead.slice(-2).join(' ')) ||
        ASIDE_AFTER.test(tail)
      )
        continue;
      const asked =
        !opts.mustAsk ||
        before.some(
          (c) =>
            c.to <= at.from && !/[.?!;]/.test(t.slice(c.to, at.from)) && words(t.slice(c.to, at.from)) <= BEFORE_GAP,
        ) ||
        after.some((c) => c.from >= at.to && words(t.slice(at.to, c.from)) <= AFTER_GAP);
      if (asked) return { id: topic.id, text: topic.text, basis: topic.basis };
    }
  }
  return null;
}

/** The topic as the answer shows it: its text, then its basis (as the near-miss answers show theirs). */
export const topicText = (x: EducationTopic) => `${x.text} (Basis: ${x.basis}.)`;

/** Every topic's id, in the file's order (for tests and the docs). */
export const TOPIC_IDS = data.topics.map((x) => x.id);
