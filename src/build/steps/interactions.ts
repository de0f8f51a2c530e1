/**
 * Every input of the interaction pair model, in dependency order: the name index (DrugBank, aliases), DDInter's keys,
 * Drugs@FDA brands, the ONC lists, the editorial classes (their members need the keys above), NLM's label sentences
 * (which name classes), the class rules, the label dose limits (checked only: the pair model reads the file), our
 * compounds' keys, our records' entries as written (the pair model's editorial source, from records and monographs);
 * then our records' and monographs' lists are graded by the checker's own verdict for each entry (interaction-lists.ts).
 */
import type { Database } from 'better-sqlite3';
import type { DrugBankEntry } from './drugbank.ts';
import { loadDrugsAtFda } from './drugsatfda.ts';
import { checkDoseLimits } from './interaction-dose-limits.ts';
import { keyCompounds, keyDdinter } from './interaction-keys.ts';
import { gradeInteractionLists, keepAuthoredEntries } from './interaction-lists.ts';
import { IxNames } from './interaction-names.ts';
import { loadInteractionClasses, loadInteractionRules, readInteractionAliases } from './interaction-rules.ts';
import { loadNlmSpl } from './nlm-spl-ddi.ts';
import { loadOnc } from './onc-ddi.ts';
import { loadVocabulary } from './vocabulary.ts';

export function loadInteractionSources(
  db: Database,
  dataDir: string,
  drugbank: Map<string, DrugBankEntry>,
): Record<string, number> {
  const names = new IxNames(db, drugbank, readInteractionAliases());
  const counts: Record<string, number> = {};
  counts.ix_ddinter_keys = keyDdinter(db, names);
  const fda = loadDrugsAtFda(names, dataDir);
  counts.drugsatfda_products = fda.products;
  counts.drugsatfda_brands = fda.brands;
  const onc = loadOnc(db, names, drugbank, dataDir);
  counts.onc_high_priority_pairs = onc.onc_high_priority ?? 0;
  counts.onc_non_interruptive_pairs = onc.onc_non_interruptive ?? 0;
  const classes = loadInteractionClasses(db, names);
  counts.interaction_classes = classes.count;
  const nlm = loadNlmSpl(db, names, classes.classByText, dataDir);
  counts.nlm_spl_labels = nlm.labels;
  counts.nlm_spl_pairs = nlm.pairs;
  counts.interaction_rules = loadInteractionRules(db, names);
  counts.interaction_dose_limits = checkDoseLimits(db, names);
  counts.ix_compound_keys = keyCompounds(db, names);
  Object.assign(counts, loadVocabulary(db, names, dataDir));
  counts.ix_keys = names.finish();
  counts.ix_editorial_entries = keepAuthoredEntries(db);
  const lists = gradeInteractionLists(db);
  counts.interaction_list_entries_graded = lists.graded;
  counts.interaction_list_entries_changed = lists.changed;
  counts.interaction_list_entries_added = lists.added;
  counts.interaction_list_entries_dropped = lists.dropped;
  return counts;
}
