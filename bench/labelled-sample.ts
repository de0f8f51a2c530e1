/**
 * Seeded samples for the hand-labelled quality checks (study design, compound–document links): the same seed always
 * draws the same records, so anyone can see how a labelled sample was chosen and draw it again.
 */
import { readCord19, readPubMedQa, readSciFact, type DocumentInput } from '../src/build/steps/documents.ts';

/** mulberry32: a small, well-known 32-bit PRNG; enough for reproducible sampling. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The first n items of a seeded Fisher–Yates shuffle of items (sorted by key first, so input order does not matter). */
export function seededSample<T>(items: readonly T[], key: (t: T) => string, n: number, seed: number): T[] {
  const arr = [...items].sort((a, b) => key(a).localeCompare(key(b)));
  const next = rng(seed);
  for (let i = arr.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [arr[i], arr[j]] = [arr[j]!, arr[i]!];
  }
  return arr.slice(0, n);
}

/** Every bundled document, as the content build reads it. */
export function allDocuments(dataDir: string): DocumentInput[] {
  return [...readSciFact(dataDir), ...readCord19(dataDir), ...readPubMedQa(dataDir).documents];
}

/** Documents whose text names a design the classifier must read carefully (trials, reviews, protocols, pooled analyses). */
export const DESIGN_WORDS = /\b(randomi[sz]ed|RCTs?|trials?|review|protocol|meta-?analys[ie]s|cohort|placebo)\b/i;

/**
 * The study-design sample: 120 documents drawn at random from all bundled documents (seed 14), then 80 drawn from
 * those whose title or abstract uses a design word (seed 15), so the hard cases (trials cited, wanted or planned;
 * reviews about trials) are well represented.
 */
export function studyDesignSample(dataDir: string): { doc: DocumentInput; stratum: 'random' | 'design_words' }[] {
  const docs = allDocuments(dataDir);
  const random = seededSample(docs, (d) => d.id, 120, 14);
  const taken = new Set(random.map((d) => d.id));
  const worded = seededSample(
    docs.filter((d) => !taken.has(d.id) && DESIGN_WORDS.test(`${d.title ?? ''} ${d.abstract ?? ''}`)),
    (d) => d.id,
    80,
    15,
  );
  return [
    ...random.map((doc) => ({ doc, stratum: 'random' as const })),
    ...worded.map((doc) => ({ doc, stratum: 'design_words' as const })),
  ];
}
