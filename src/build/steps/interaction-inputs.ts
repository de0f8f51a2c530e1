/** The interaction sources' files under the shared data folder, apart from their loaders so the staleness check loads no parser. */
export const NLM_DIR = 'nlm-spl-ddi-corpus/DataSet_May_2014_Final';
export const ONC_FILES = [
  'onc-high-priority-ddi/ONC_High_Priority_Mapped.csv',
  'onc-high-priority-ddi/ONC_Non_Interuptive_Mapped.csv',
];
export const INTERACTION_DATA_FILES = ['drugsatfda-products/Products.txt', ...ONC_FILES];
export const INTERACTION_DATA_DIRS = [NLM_DIR];
