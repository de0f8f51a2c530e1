/**
 * Schema of the read-only content database. It is rebuilt whole by `npm run build:content`, never migrated in
 * place; the server refuses a database whose schema_version differs and says how to rebuild it.
 */
export const CONTENT_SCHEMA_VERSION = 6;

/** The tokenizer every full-text index of ours uses (this schema and the user migrations). */
export const FTS_TOKENIZE = 'porter unicode61 remove_diacritics 2';

/** In-memory postings of the bundled full-text indexes, stored at build time (search/postings-store.ts). */
export const SEARCH_POSTINGS_DDL = 'CREATE TABLE search_postings (fts TEXT PRIMARY KEY, data BLOB NOT NULL);';

export const CONTENT_DDL = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

CREATE TABLE sources (
  id TEXT PRIMARY KEY, name TEXT NOT NULL, licence TEXT NOT NULL, version TEXT NOT NULL,
  records INTEGER NOT NULL, provenance TEXT NOT NULL, notes TEXT NOT NULL
);

CREATE TABLE compounds (
  rowid INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  slug TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  category TEXT NOT NULL,
  subcategory TEXT NOT NULL,
  status TEXT NOT NULL,
  compound_type TEXT NOT NULL,
  evidence_grade TEXT NOT NULL,
  description TEXT NOT NULL,
  research_count INTEGER NOT NULL,
  drugbank_id TEXT,
  last_updated TEXT NOT NULL,
  alt_names TEXT NOT NULL,       -- JSON array
  benefits TEXT NOT NULL,        -- JSON array
  typical_dosing TEXT NOT NULL,  -- JSON object
  side_effects TEXT NOT NULL,    -- JSON array
  interactions TEXT NOT NULL,    -- JSON array
  pubmed_ids TEXT NOT NULL,      -- JSON array, derived from linked documents
  evidence_profile TEXT NOT NULL,-- JSON object, rubric input
  basis TEXT NOT NULL            -- JSON array
);
CREATE INDEX compounds_category ON compounds(category, subcategory);
CREATE INDEX compounds_grade ON compounds(evidence_grade);

-- Text the compound search ranks with BM25: name, alternative names, description, benefits.
CREATE VIRTUAL TABLE compounds_fts USING fts5(
  name, alt_names, description, benefits,
  content='', contentless_delete=1, tokenize='porter unicode61 remove_diacritics 2'
);

-- Every name a compound answers to, normalised (compounds/names.ts), for exact-match ranking.
CREATE TABLE compound_names (
  name_norm TEXT NOT NULL, compound_rowid INTEGER NOT NULL REFERENCES compounds(rowid),
  kind TEXT NOT NULL CHECK (kind IN ('name', 'alt_name', 'drugbank')),
  PRIMARY KEY (name_norm, compound_rowid)
) WITHOUT ROWID;

CREATE TABLE monographs (
  slug TEXT PRIMARY KEY REFERENCES compounds(slug),
  name TEXT NOT NULL,
  full_name TEXT NOT NULL,
  category TEXT NOT NULL,
  evidence_grade TEXT NOT NULL,
  last_updated TEXT NOT NULL,
  data TEXT NOT NULL             -- JSON: the full monograph as served
);

CREATE TABLE documents (
  rowid INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  source TEXT NOT NULL,
  title TEXT,                    -- null when the source has none (PubMedQA)
  abstract TEXT,
  mesh_terms TEXT NOT NULL,      -- JSON array
  authors TEXT NOT NULL,         -- JSON array
  publication_date TEXT,
  publication_year INTEGER,
  date_min TEXT,                 -- earliest day the record may date from (year-only: Jan 1)
  date_max TEXT,                 -- latest day (year-only: Dec 31)
  journal TEXT,
  journal_norm TEXT,
  doi TEXT, pmid TEXT, pmcid TEXT, url TEXT, license TEXT,
  study_design TEXT NOT NULL,
  evidence_grade TEXT NOT NULL
);
CREATE INDEX documents_date ON documents(date_min, date_max);
CREATE INDEX documents_journal ON documents(journal_norm);
CREATE INDEX documents_grade ON documents(evidence_grade);
CREATE INDEX documents_source ON documents(source);
CREATE INDEX documents_pmid ON documents(pmid);

CREATE VIRTUAL TABLE documents_fts USING fts5(
  title, abstract, content='documents', content_rowid='rowid', tokenize='porter unicode61 remove_diacritics 2'
);

CREATE TABLE compound_documents (
  compound_rowid INTEGER NOT NULL REFERENCES compounds(rowid),
  document_rowid INTEGER NOT NULL REFERENCES documents(rowid),
  matched_name TEXT NOT NULL,
  PRIMARY KEY (compound_rowid, document_rowid)
) WITHOUT ROWID;
CREATE INDEX compound_documents_doc ON compound_documents(document_rowid);

-- PubMedQA questions: the "research" items of semantic search.
CREATE TABLE research_items (
  rowid INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  title TEXT NOT NULL,           -- the research question
  content_preview TEXT NOT NULL, -- the abstract's conclusion
  topics TEXT NOT NULL,          -- JSON array of MeSH terms
  document_id TEXT NOT NULL REFERENCES documents(id),
  expert_answer TEXT NOT NULL CHECK (expert_answer IN ('yes', 'no', 'maybe'))
);
CREATE VIRTUAL TABLE research_fts USING fts5(
  title, content_preview, topics, content='research_items', content_rowid='rowid', tokenize='porter unicode61 remove_diacritics 2'
);

-- DDInter drug-drug interactions (CC BY-NC-SA 4.0): every drug, and every unordered pair once (a < b).
CREATE TABLE ddinter_drugs (id TEXT PRIMARY KEY, name TEXT NOT NULL, name_norm TEXT NOT NULL);
CREATE INDEX ddinter_drugs_norm ON ddinter_drugs(name_norm);
CREATE TABLE ddinter_pairs (
  a TEXT NOT NULL REFERENCES ddinter_drugs(id), b TEXT NOT NULL REFERENCES ddinter_drugs(id),
  level TEXT NOT NULL CHECK (level IN ('Major', 'Moderate', 'Minor', 'Unknown')),
  PRIMARY KEY (a, b), CHECK (a < b)
) WITHOUT ROWID;
CREATE INDEX ddinter_pairs_b ON ddinter_pairs(b);

-- Interaction pair model (src/main/interactions, docs/interactions.md). Every source is keyed by ingredient key
-- (interactions/keys.ts): one identity per active moiety, so "lithium", "Lithium carbonate" and "LITHOBID" meet.
CREATE TABLE ix_keys (key TEXT PRIMARY KEY, name TEXT NOT NULL) WITHOUT ROWID;
-- Every name a substance is written as (DrugBank name or synonym, DDInter, ONC, NLM, Drugs@FDA brand, alias) → key(s).
CREATE TABLE ix_names (
  name_norm TEXT NOT NULL, key TEXT NOT NULL, name TEXT NOT NULL,
  via TEXT NOT NULL CHECK (via IN ('drugbank', 'drugbank_synonym', 'ddinter', 'onc', 'nlm', 'atc', 'brand', 'alias', 'abbreviation', 'food', 'rule', 'compound')),
  PRIMARY KEY (name_norm, key, via)
) WITHOUT ROWID;
-- The vocabulary (src/main/vocabulary, resources/vocabulary): keys of medicines in use somewhere (WHO ATC, Drugs@FDA,
-- DDInter, ONC, NLM, our records and tables), the only ones a typo may be read as; class words from the vocabulary's
-- table of abbreviations (OCP, ACEi …); names that are ordinary English words (SUBTLEX-US), read as a medicine in
-- running text only with a dose or a medicine word beside them; the lay table.
CREATE TABLE vocab_marketed (key TEXT PRIMARY KEY) WITHOUT ROWID;
CREATE TABLE vocab_class_words (word_norm TEXT PRIMARY KEY, word TEXT NOT NULL, class_id TEXT NOT NULL REFERENCES ix_classes(id)) WITHOUT ROWID;
CREATE TABLE vocab_common_words (word_norm TEXT PRIMARY KEY, count INTEGER NOT NULL) WITHOUT ROWID;
-- everyday English words (SUBTLEX-US, 50+ per 51 million) that are not names: never read as a misspelt name
CREATE TABLE vocab_english_words (word_norm TEXT PRIMARY KEY) WITHOUT ROWID;
-- Names the vocabulary's reviewers marked as having another meaning (ISMP error-prone abbreviations, first names).
CREATE TABLE vocab_ambiguous (name_norm TEXT PRIMARY KEY, note TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE vocab_lay_terms (phrase TEXT PRIMARY KEY, terms TEXT NOT NULL, classes TEXT NOT NULL, compounds TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE ix_ddinter (key TEXT NOT NULL, ddinter_id TEXT NOT NULL REFERENCES ddinter_drugs(id), PRIMARY KEY (key, ddinter_id)) WITHOUT ROWID;
CREATE TABLE ix_compound_keys (compound_rowid INTEGER NOT NULL REFERENCES compounds(rowid), key TEXT NOT NULL, PRIMARY KEY (compound_rowid, key)) WITHOUT ROWID;
CREATE INDEX ix_compound_keys_key ON ix_compound_keys(key);
-- Pair sources keyed by ingredient keys (a < b): the ONC lists and NLM's annotated FDA label sentences.
CREATE TABLE ix_pairs (
  a TEXT NOT NULL, b TEXT NOT NULL, source TEXT NOT NULL, level TEXT NOT NULL,
  severity TEXT NOT NULL CHECK (severity IN ('contraindicated', 'major', 'moderate', 'minor', 'unknown')),
  a_name TEXT NOT NULL, b_name TEXT NOT NULL, text TEXT, reference TEXT NOT NULL, CHECK (a < b)
);
CREATE INDEX ix_pairs_ab ON ix_pairs(a, b);
-- Editorial classes and class rules (resources/content/interaction-rules*.json).
CREATE TABLE ix_classes (id TEXT PRIMARY KEY, name TEXT NOT NULL, words TEXT NOT NULL, text_pattern TEXT, basis TEXT NOT NULL);
CREATE TABLE ix_class_members (class_id TEXT NOT NULL REFERENCES ix_classes(id), key TEXT NOT NULL, PRIMARY KEY (class_id, key)) WITHOUT ROWID;
CREATE INDEX ix_class_members_key ON ix_class_members(key);
CREATE TABLE ix_rules (id TEXT PRIMARY KEY, data TEXT NOT NULL);
-- Our records' editorial interaction entries as written (compounds.interactions carries them graded by the pair model).
CREATE TABLE ix_editorial (
  compound_rowid INTEGER NOT NULL REFERENCES compounds(rowid), seq INTEGER NOT NULL, substance TEXT NOT NULL,
  severity TEXT NOT NULL, notes TEXT NOT NULL, origin TEXT NOT NULL CHECK (origin IN ('record', 'monograph')),
  PRIMARY KEY (compound_rowid, seq)
) WITHOUT ROWID;

-- USDA SR28 (public domain): foods, nutrients per 100 g, household weights.
CREATE TABLE foods (
  ndb_no TEXT PRIMARY KEY, description TEXT NOT NULL, short_desc TEXT NOT NULL, common_name TEXT, food_group TEXT NOT NULL,
  manufacturer TEXT, sci_name TEXT, refuse_pct REAL
);
CREATE VIRTUAL TABLE foods_fts USING fts5(
  description, common_name, food_group, content='foods', tokenize='porter unicode61 remove_diacritics 2'
);
CREATE TABLE nutrients (
  nutr_no TEXT PRIMARY KEY, units TEXT NOT NULL, tagname TEXT, description TEXT NOT NULL, num_dec INTEGER NOT NULL, sr_order INTEGER NOT NULL
);
CREATE TABLE food_nutrients (
  ndb_no TEXT NOT NULL REFERENCES foods(ndb_no), nutr_no TEXT NOT NULL REFERENCES nutrients(nutr_no), value REAL NOT NULL,
  PRIMARY KEY (ndb_no, nutr_no)
) WITHOUT ROWID;
CREATE TABLE food_weights (
  ndb_no TEXT NOT NULL REFERENCES foods(ndb_no), seq INTEGER NOT NULL, amount REAL NOT NULL, measure TEXT NOT NULL, grams REAL NOT NULL,
  PRIMARY KEY (ndb_no, seq)
) WITHOUT ROWID;

-- NLM LHC flowsheet lab tests with reference ranges (LOINC-coded).
CREATE TABLE lab_tests (
  rowid INTEGER PRIMARY KEY,
  loinc TEXT NOT NULL, name TEXT NOT NULL, long_name TEXT, short_name TEXT, display TEXT, equivalence_class TEXT,
  units TEXT, range_text TEXT, low REAL, high REAL, danger_low REAL, danger_high REAL,
  ucum TEXT, si_unit TEXT, molecular_weight REAL
);
CREATE INDEX lab_tests_loinc ON lab_tests(loinc);

CREATE TABLE drugbank_vocabulary (
  drugbank_id TEXT PRIMARY KEY, name TEXT NOT NULL, cas TEXT, unii TEXT, inchikey TEXT, synonyms TEXT NOT NULL
);

-- In-memory postings of the document and research indexes (src/main/search/postings.ts), read from FTS5 at build.
${SEARCH_POSTINGS_DDL}
`;
