/**
 * Links compounds to the documents that mention them, by name and alternative names, word-bounded and case-aware
 * (compounds/names.ts). FTS5 finds candidates quickly; a regex over title and abstract confirms each one.
 *
 * A name in a text is not always the compound: "serine protease", "tyrosine kinase", "lysine 9", "progesterone
 * receptor", "glutamine synthetase" name an enzyme, a receptor or a protein residue; "2-methoxy-estradiol" and
 * "nicotinamide adenine dinucleotide" are other molecules; "serum cortisol" is a body's own hormone measured, not
 * hydrocortisone given. A mention counts only when its context is none of these (COLLISION_AFTER, COLLISION_BEFORE,
 * ENDOGENOUS_*), and a document is linked when at least one mention counts. Precision is measured on a hand-labelled
 * sample by `npm run eval:links` (docs/content.md).
 */
import type { Database } from 'better-sqlite3';
import { isCaseSensitiveName, namePattern, normalizeName } from '../../../src/main/compounds/names.ts';

/**
 * Names too generic to say a document is about one compound (checked after normalisation), including brand names that
 * are ordinary words ("Soma" is also a neuron's cell body, "Android" a phone system, "Equipoise" a trial term).
 */
const TOO_GENERIC = new Set(['vitamin', 'iron', 'calcium', 'sodium', 'potassium', 'oxygen', 'water', 'protein', 'sugar', 'salt', 'fat', 'fiber', 'fibre', 'acid', 'oil', 'extract', 'tea', 'coffee', 'align', 'sam',
  'soma', 'android', 'equipoise', 'concor', 'plan b', 'focus', 'alert', 'relief', 'advance', 'bonine']);

/**
 * Words that, right after a name, make it part of the name of an enzyme, receptor, transporter, residue, modification
 * or another molecule ("serine protease", "serine/threonine kinase", "lysine-rich", "tyrosine phosphorylation").
 */
const COLLISION_AFTER = new RegExp(String.raw`^\)?(?:\s*/\s*[a-z]+)?[\s-]*(?:\(\w+\)\s*)?(?:` + [
  '(?:protein[\\s-]+)?kinases?', 'phosphatases?', 'proteases?', 'proteinases?', 'peptidases?', 'synthases?', 'synthetases?',
  'hydroxylases?', 'dehydrogenases?', 'decarboxylases?', 'carboxylases?', '(?:amino|methyl|acetyl|glucuronosyl|phosphoribosyl|sulfo|s-|n-)?transferases?',
  'aminotransferases?', 'oxidases?', 'reductases?', 'peroxidases?', 'racemases?', 'deiminases?', 'deaminases?', 'hydrolases?',
  'lyases?', 'ammonia[\\s-]lyase', 'isomerases?', 'mutases?', 'ligases?', 'esterases?', 'amidases?', 'monooxygenases?', 'dioxygenases?',
  'receptors?', 'transporters?', 'channels?', 'carriers?', 'exchangers?', 'binding', 'sensing', 'riboswitch', 'aptamer',
  'residues?', 'codons?', 'trna', 'zippers?', 'motifs?', 'repeats?', 'rich', 'tracts?', 'stretch', 'to[\\s-]alanine',
  'phosphorylation', 'phosphorylated', 'acetylation', 'acetylated', 'methylation', 'methylated', 'ubiquitination', 'ubiquitylation',
  'sumoylation', 'glycosylation', 'citrullination', 'nitration', 'hydroxylation', 'crotonylation', 'succinylation', 'modifications?',
  'adenine', 'dinucleotide', 'mononucleotide', 'riboside', 'phosphoribosyl', 'n-methyl', 'auxotroph\\w*', 'biosynthe\\w*',
  'antagonists?', 'based', 'dependent', 'independent', 'sensitive', 'insensitive', 'oxidoreductases?',
  '(?:suppression|stimulation|loading|challenge|tolerance|breath)[\\s-]+tests?', 'proteoglycans?', 'transfer protein', 'porphyrins?', 'triggered', 'supplemented', 'superoxide', 'dismutase', 'heparin', 'edta', 'variants?', 'tagged', 'disulfide', 'recognition', 'glycan', 'tetrakis', 'perovskites?', '-?1[23][135]\\b',
  'metabolism', 'metabolic pathway', 'pathway', 'signal(?:l)?ing', 'homeostasis',
].join('|') + String.raw`)\b`, 'i');

/** Words that, right before a name, make it another molecule or a residue ("2-methoxy-estradiol", "poly-L-lysine", "phospho-tyrosine"). */
const COLLISION_BEFORE = /(?:\b(?:methyl|ethyl|phosphatidyl|methoxy|hydroxy|dihydro|tetrahydro|deoxy|desmethyl|acetyl|phospho|nitro|oxo|keto|dehydro|carboxy|sulfo|poly|oligo|homo|seleno|thio|pyro|nor|iso|epi|chloro|fluoro|bromo|iodo|amino|glucuronyl|s-adenosyl)[\s-]*(?:l-|d-)?|\b(?:mammalian|mechanistic) target of\s|\btarget of\s|\b(?:propidium|lead|silver|cesium|caesium|povidone|radioactive|radiolabell?ed|tritiated)[\s-]|(?<![\w.])\d+-|\((?:e\.g\.|eg|i\.e\.|for example|such as)[^)]{0,80}$|\bposition\s|\bresidues?\s|\b(?:acetylated|deacetylated|methylated|phosphorylated|modified|catalytic|conserved)[\s-]|\bN-methyl-(?:D-|L-)?|\bhistone\s+h\d\w*\s+|\bserine\/|\/)$/i;

/** A body's own hormone or metabolite measured ("serum cortisol", "estradiol levels"): not the compound taken. */
const ENDOGENOUS_BEFORE = /\b(?:(?:concentrations?|levels?|rhythms?|secretion|production|synthesis|metabolism|uptake|consumption|depletion|release) of(?: \w+)?\s+$)|\b(?:serum|plasma|salivary|saliva|urinary|urine|blood|circulating|endogenous|intracellular|cellular|tissue|hair|csf|cerebrospinal|baseline|fasting|morning|evening|nocturnal|awakening|diurnal|hepatic|mitochondrial|cytosolic)\s+(?:\w+\s+)?$/i;
const ENDOGENOUS_AFTER = /^\)?(?:\s*\(\w+\))?[\s-]*(?:activity|activities|neurotransmission|transmission|tone|mediated|levels?|concentrations?|secretion|production|synthesis|status|depletion|content|ratios?|rhythms?|awakening|excretion|turnover|release|surge|profile|output|reactivity|deficien\w+)\b/i;

/**
 * Substances the body makes or every cell contains, and standard laboratory reagents: in the biomedical literature
 * their names mostly mean the body's own molecule (a neurotransmitter, a metabolite, a residue, a hormone level) or a
 * tool ("forskolin, a direct activator of adenylyl cyclase"), so a mention counts only near words that treat the
 * substance as something given or taken (INTAKE). Amino acids and probiotic species are all in this class.
 */
export const ENDOGENOUS_SLUGS = new Set([
  'gaba', 'glutathione', 'myo-inositol', 'hydrocortisone', 'estradiol', 'progesterone', 'tretinoin', 'chondroitin', 'hyaluronic-acid',
  'biotin', 's-adenosylmethionine', 'alpha-ketoglutarate', 'melatonin', 'choline', 'creatine-monohydrate', 'coenzyme-q10', 'nicotinamide',
  'dhea', 'pregnenolone', 'vitamin-d3', 'calcifediol', 'calcitriol', 'oxytocin', 'epinephrine', 'vasoactive-intestinal-peptide', 'taurine',
  'carnosine', 'glycine', 'betaine', 'l-carnitine', 'acetyl-l-carnitine', 'phosphatidylserine', 'testosterone-cypionate', 'testosterone-enanthate',
  'testosterone-undecanoate', 'heparin', 'polyethylene-glycol-3350', 'hydroxocobalamin', 'liothyronine', 'levothyroxine', 'forskolin', 'spermidine',
]);
const INTAKE = /\b(supplement\w*|administ\w*|oral(?:ly)?|intakes?|dietary|diets?|doses?|dosed|dosing|\d+(?:\.\d+)?\s*(?:mg|g|µg|μg|mcg|iu|mmol)\b|mg\/|g\/day|treat(?:ed|ment|ing)?|therap\w*|infus\w*|inject\w*|given|receiv\w*|deficien\w*|toxicity|ingest\w*|replacement|prescri\w*|capsules?|tablets?|pretreat\w*|exogenous|randomi[sz]\w*|drugs?|medications?|probiotics?|ferment\w*|yog(?:h)?urts?)\b/i;

const LAB_TOOL_AFTER = /^\)?,?\s+(?:an?|the)\s+(?:[\w-]+\s+){0,3}(?:inhibitor|activator|agonist|antagonist|blocker|inducer|chelator|donor|ionophore|stimulator)s?\s+of\b/i;
const HUMAN_SUBJECTS = /\b(patients?|participants?|volunteers|women|men|children|adults|infants|people|individuals|subjects)\b/i;

/** Categories whose compounds are nutrients: their status in the body ("vitamin D levels") is what clinicians look them up for. */
const NUTRIENT_CATEGORIES = new Set(['vitamin', 'mineral']);

export interface LinkResult { documentRowids: number[]; matchedNames: Map<number, string> }
export interface LinkOptions {
  /** Longer names of other compounds that contain this one's name ("nicotinamide riboside" for nicotinamide): a mention inside them is theirs. */
  longerNames?: string[];
  /** The name being matched (set by the linker). */
  name?: string;
  /** The compound's category: body-status mentions still count for vitamins and minerals. */
  category?: string;
  /**
   * A substance the body makes (ENDOGENOUS_SLUGS, amino acids) or a microbe that is also a laboratory organism
   * (probiotics): a mention counts only in a sentence about taking or giving it.
   */
  endogenous?: boolean;
}

export function linkableNames(names: string[]): string[] {
  const out = new Map<string, string>();
  for (const n of names) {
    const norm = normalizeName(n);
    if (norm.length < 3 || TOO_GENERIC.has(norm) || /^\d+$/.test(norm)) continue;
    // Three-letter words in ordinary case ("Met", "Tyr", "Tau") are residue codes or English words, not names.
    if (norm.length <= 3 && !isCaseSensitiveName(n)) continue;
    if (!out.has(n.toLowerCase())) out.set(n.toLowerCase(), n);
  }
  return [...out.values()];
}

/** True when one mention, at [start, end) of text, names the compound itself rather than something named after it. */
export function mentionCounts(text: string, start: number, end: number, opts: LinkOptions = {}, longer: readonly [number, number][] = []): boolean {
  const before = text.slice(Math.max(0, start - 40), start);
  const after = text.slice(end, end + 60);
  if (/^(?:[\s-]+(?:phospho)?kinase\b)/i.test(after)) return false;
  // "CONCOR registry", "SPRINT": an acronym in capitals is not the brand or name written in ordinary case.
  const written = text.slice(start, end);
  if (opts.name && opts.name !== opts.name.toUpperCase() && written.length >= 4 && written === written.toUpperCase() && /[A-Z]/.test(written)) return false;
  if (COLLISION_AFTER.test(after) || COLLISION_BEFORE.test(before)) return false;
  // "lysine 9", "K27": a residue position; only amino acids are numbered that way (a drug's number is a dose).
  if (opts.category === 'amino_acid' && /^[\s-]*k?\d+\b(?![.,]\d|\s*(?:mg|g|µg|mcg|mmol|%|iu)\b)/i.test(after)) return false;
  if (!NUTRIENT_CATEGORIES.has(opts.category ?? '') && (ENDOGENOUS_BEFORE.test(before) || ENDOGENOUS_AFTER.test(after))) return false;
  // "forskolin, a direct activator of adenylyl cyclase" in a laboratory paper: a tool, not the substance studied.
  if (LAB_TOOL_AFTER.test(after) && !HUMAN_SUBJECTS.test(text)) return false;
  // A covariate list ("adjusted for age, smoking and aspirin use") is not a study of the compound.
  const sentence = sentenceAround(text, start, end);
  if (/\badjust(?:ed|ing|ment) for\b|\bcontroll(?:ed|ing) for\b|\bstratified by\b|\bcovariates?\b|\bconfounders?\b/i.test(sentence)) return false;
  if (opts.endogenous) {
    // The intake word must be near the mention: "treatment with BSO … glutathione disulfide" is not glutathione given.
    if (!INTAKE.test(text.slice(Math.max(0, start - 70), end + 70)) || !INTAKE.test(sentence)) return false;
  }
  for (const [a, b] of longer) if (a <= start && b >= end) return false;
  return true;
}

function sentenceAround(text: string, start: number, end: number): string {
  const from = Math.max(text.lastIndexOf('. ', start) + 1, 0);
  const stop = text.indexOf('. ', end);
  return text.slice(from, stop === -1 ? text.length : stop + 1);
}

function mentions(text: string | null, re: RegExp, opts: LinkOptions, longer: RegExp[]): boolean {
  if (!text) return false;
  const g = new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`);
  let spans: [number, number][] | null = null;
  for (let m = g.exec(text); m; m = g.exec(text)) {
    // Where the longer names of other compounds sit in this text, found once per text and only when needed.
    spans ??= longer.flatMap((l) => [...text.matchAll(l)].map((x): [number, number] => [x.index, x.index + x[0].length]));
    if (mentionCounts(text, m.index, m.index + m[0].length, opts, spans)) return true;
  }
  return false;
}

export function makeLinker(db: Database) {
  const candidates = db.prepare<[string], { rowid: number; title: string | null; abstract: string | null }>(
    `SELECT d.rowid, d.title, d.abstract FROM documents_fts f JOIN documents d ON d.rowid = f.rowid WHERE documents_fts MATCH ?`);
  const cache = new Map<string, LinkResult>();
  return function link(names: string[], opts: LinkOptions = {}): LinkResult {
    const keyOf = (name: string) => `${name}\0${opts.category ?? ''}\0${opts.endogenous ? 1 : 0}\0${(opts.longerNames ?? []).join('\0')}`;
    const matched = new Map<number, string>();
    const fullNames = (ns: string[]) => linkableNames(ns).filter((n) => !/^[A-Z0-9-]{2,5}$/.test(n.trim()));
    const isLinkedBy = (n: string, id: number) => cache.get(keyOf(n))?.documentRowids.includes(id) ?? false;
    const longer = (opts.longerNames ?? []).map((n) => {
      const p = namePattern(n);
      return new RegExp(p.source, `${p.flags}g`);
    });
    for (const name of linkableNames(names)) {
      const tokens = name.toLowerCase().match(/[\p{L}\p{N}]+/gu);
      if (!tokens) continue;
      const key = keyOf(name);
      let hit = cache.get(key);
      if (!hit) {
        const re = namePattern(name);
        const o = { ...opts, name };
        const rows = candidates.all(`"${tokens.join(' ')}"`).filter((r) => mentions(r.title, re, o, longer) || mentions(r.abstract, re, o, longer));
        hit = { documentRowids: rows.map((r) => r.rowid), matchedNames: new Map(rows.map((r) => [r.rowid, name])) };
        cache.set(key, hit);
      }
      const abbreviation = /^[A-Z0-9-]{2,5}$/.test(name.trim());
      for (const id of hit.documentRowids) if (!matched.has(id)) matched.set(id, abbreviation ? `\0${name}` : name);
    }
    // An abbreviation ("ASA", "MPA", "FCM") means many things: it counts only in a document that also names the
    // compound in full, where it is usually defined.
    for (const [id, name] of matched) {
      if (!name.startsWith('\0')) continue;
      if (fullNames(names).some((n) => isLinkedBy(n, id))) matched.set(id, name.slice(1));
      else matched.delete(id);
    }
    return { documentRowids: [...matched.keys()].sort((a, b) => a - b), matchedNames: matched };
  };
}

/**
 * For each compound, the names of other compounds that contain one of its names as a whole-word part ("nicotinamide"
 * inside "nicotinamide riboside"). Computed once per build.
 */
export function longerNamesOf(compounds: { slug: string; names: string[] }[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const all = compounds.flatMap((c) => linkableNames(c.names).map((n) => ({ slug: c.slug, name: n, norm: ` ${normalizeName(n)} ` })));
  for (const c of compounds) {
    const own = linkableNames(c.names).map((n) => ` ${normalizeName(n)} `);
    const longer = all.filter((o) => o.slug !== c.slug && own.some((n) => o.norm.length > n.length && o.norm.includes(n))).map((o) => o.name);
    if (longer.length) out.set(c.slug, [...new Set(longer)]);
  }
  return out;
}
