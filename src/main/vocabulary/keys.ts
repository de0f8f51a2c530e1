/**
 * Ingredient keys: one identity per active moiety, shared by every interaction source. Sources spell the same drug
 * differently ("Lithium carbonate" in DDInter, "lithium" in a question, "LITHIUM CARBONATE" in Drugs@FDA, "Aspirin"
 * vs "Acetylsalicylic acid"), so each name is reduced to a key: parentheticals and salt, ester and hydrate words
 * dropped, then mapped through editorial aliases (INN/USAN pairs) and DrugBank synonyms to the DrugBank common name.
 * The content build and the run-time resolver use this one function, so keys always agree.
 */
import { normalizeName, foldAccents } from './normalize.ts';

/**
 * Trailing words that name the salt, ester or hydrate rather than the active moiety. Nitrates are deliberately absent:
 * isosorbide mononitrate and dinitrate are different drugs.
 */
const SALT_WORDS = new Set([
  'hydrochloride',
  'hcl',
  'dihydrochloride',
  'hydrobromide',
  'hydrate',
  'monohydrate',
  'dihydrate',
  'trihydrate',
  'hemihydrate',
  'sesquihydrate',
  'anhydrous',
  'sodium',
  'disodium',
  'potassium',
  'dipotassium',
  'calcium',
  'magnesium',
  'sulfate',
  'sulphate',
  'bisulfate',
  'mesylate',
  'mesilate',
  'besylate',
  'besilate',
  'maleate',
  'hydrogen',
  'tartrate',
  'bitartrate',
  'succinate',
  'citrate',
  'carbonate',
  'bicarbonate',
  'acetate',
  'phosphate',
  'diphosphate',
  'bromide',
  'chloride',
  'iodide',
  'fumarate',
  'hemifumarate',
  'gluconate',
  'lactate',
  'glycinate',
  'bisglycinate',
  'picolinate',
  'oxide',
  'hydroxide',
  'threonate',
  'malate',
  'orotate',
  'aspartate',
  'stearate',
  'pamoate',
  'napsylate',
  'tosylate',
  'xinafoate',
  'dipropionate',
  'propionate',
  'cypionate',
  'enanthate',
  'undecanoate',
  'decanoate',
  'undecylenate',
  'phenylpropionate',
  'valerate',
  'furoate',
  'cation',
  'ion',
  'salt',
  'salts',
  'trisilicate',
  'edisylate',
  'erbumine',
  'tromethamine',
  'meglumine',
  'olamine',
  'benzoate',
  'saccharate',
  'lysinate',
  'monosodium',
  'er',
  'xr',
  'sr',
  'cr',
  'la',
  'xl',
  'palmitate',
  'arginine',
  'hippurate',
  'trifenatate',
  // the same salts as written in Portuguese, Spanish, Italian and French labels ("losartana potássica", "clorhidrato de
  // tramadol", "amlodipino besilato"): folded, so "potássica" is "potassica"
  'potassica',
  'potasica',
  'potassico',
  'potasico',
  'potassique',
  'sodica',
  'sodico',
  'sodique',
  'calcica',
  'calcico',
  'calcique',
  'magnesica',
  'magnesico',
  'cloridrato',
  'clorhidrato',
  'chlorhydrate',
  'hidrocloruro',
  'besilato',
  'maleato',
  'mesilato',
  'succinato',
  'tartarato',
  'tartrato',
  'fumarato',
  'citrato',
  'sulfato',
  'acetato',
  'bromidrato',
  'bromhidrato',
]);

/** Leading cation words dropped when what follows is the drug ("sodium valproate"), not a salt word ("sodium chloride"). */
const LEADING_CATIONS = new Set(['sodium', 'potassium', 'calcium', 'magnesium']);

function words(name: string): string[] {
  return foldAccents(name)
    .toLowerCase()
    .replace(/\([^()]*\)/g, ' ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
}

/** A word that names a salt, ester or hydrate (in English or a Romance language), never a medicine on its own. */
export const isSaltWord = (word: string): boolean => SALT_WORDS.has(foldAccents(word).toLowerCase());

/** The name without parentheticals and salt words, normalised ("Lithium carbonate" → "lithium"). */
export function baseKey(name: string): string {
  const w = words(name);
  while (w.length > 1 && SALT_WORDS.has(w[w.length - 1]!)) w.pop();
  if (w.length > 1 && LEADING_CATIONS.has(w[0]!) && !SALT_WORDS.has(w[1]!)) w.shift();
  return w.join('');
}

/** Name → key maps the canonicaliser reads: editorial aliases first, then DrugBank common names and synonyms. */
export interface KeyMaps {
  /** normalised name (or its base key) → the name it stands for (editorial INN/USAN and salt aliases) */
  aliases: ReadonlyMap<string, string>;
  /** normalised DrugBank synonym → the DrugBank common name, only where the synonym names one entry */
  drugbank: ReadonlyMap<string, string>;
}

/** The key of any drug name, as every source and the resolver compute it. */
export function canonicalKey(name: string, maps: KeyMaps): string {
  const seen = new Set<string>();
  let current = name;
  // Aliases may chain once ("paracetamol" → "acetaminophen"; "Tylenol" → "acetaminophen"); the loop guards cycles.
  for (let step = 0; step < 3; step++) {
    const norm = normalizeName(current);
    const base = baseKey(current);
    if (seen.has(norm)) break;
    seen.add(norm);
    // The salt-free spelling is looked up too: Drugs@FDA's "ALBUTEROL SULFATE" is DrugBank's salbutamol.
    const next = maps.aliases.get(norm) ?? maps.aliases.get(base) ?? maps.drugbank.get(norm) ?? maps.drugbank.get(base);
    if (!next || normalizeName(next) === norm) return base;
    current = next;
  }
  return baseKey(current);
}
