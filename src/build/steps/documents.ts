/** Research documents from the public datasets, each field mapped as the source has it: missing stays null. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from 'better-sqlite3';
import { classifyStudyDesign } from '../../main/documents/study-design.ts';
import { DESIGN_GRADE } from '../../shared/enums.ts';
import { documentUrl } from '../../main/documents/urls.ts';
import { parseCsv } from '../csv.ts';

export interface DocumentInput {
  id: string;
  source: 'scifact' | 'cord19' | 'pubmedqa';
  title: string | null;
  abstract: string | null;
  authors: string[];
  publication_date: string | null;
  publication_year: number | null;
  journal: string | null;
  doi: string | null;
  pmid: string | null;
  pmcid: string | null;
  url: string | null;
  license: string | null;
  mesh_terms: string[];
}

export interface ResearchItemInput {
  id: string;
  title: string;
  content_preview: string;
  topics: string[];
  document_id: string;
  expert_answer: 'yes' | 'no' | 'maybe';
}

/** Licences under which CORD-19 abstracts may be redistributed; others keep their metadata but not their abstract. */
const OPEN_LICENCES = new Set(['cc-by', 'cc-by-sa', 'cc-by-nc', 'cc-by-nc-sa', 'cc-by-nd', 'cc-by-nc-nd', 'cc0', 'pd']);

export function readSciFact(dataDir: string): DocumentInput[] {
  return readFileSync(join(dataDir, 'scifact/corpus.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const r = JSON.parse(line) as { _id: string; title: string; text: string };
      return {
        id: `scifact-${r._id}`,
        source: 'scifact',
        title: r.title.trim(),
        abstract: r.text.trim() || null,
        authors: [],
        publication_date: null,
        publication_year: null,
        journal: null,
        doi: null,
        pmid: null,
        pmcid: null,
        url: null,
        license: 'ODC-By-1.0',
        mesh_terms: [],
      };
    });
}

export function readCord19(dataDir: string): DocumentInput[] {
  const rows = parseCsv(readFileSync(join(dataDir, 'cord19-metadata-sample/cord19_metadata_sample.csv'), 'utf8'));
  const out: DocumentInput[] = [];
  const seen = new Set<string>();
  for (const r of rows) {
    const title = (r.title ?? '').trim();
    if (!r.cord_uid || !title || seen.has(r.cord_uid)) continue;
    seen.add(r.cord_uid);
    const time = (r.publish_time ?? '').trim();
    const fullDate = /^\d{4}-\d{2}-\d{2}$/.test(time) ? time : null;
    const year = /^\d{4}/.test(time) ? Number(time.slice(0, 4)) : null;
    const doi = (r.doi ?? '').trim() || null;
    const pmid = /^\d+(\.0)?$/.test((r.pubmed_id ?? '').trim()) ? String(Number(r.pubmed_id)) : null;
    const license = (r.license ?? '').trim() || null;
    const abstract = (r.abstract ?? '').trim();
    out.push({
      id: `cord19-${r.cord_uid}`,
      source: 'cord19',
      title,
      abstract: abstract && license && OPEN_LICENCES.has(license) ? abstract : null,
      authors: (r.authors ?? '')
        .split(';')
        .map((a) => a.trim())
        .filter(Boolean),
      publication_date: fullDate,
      publication_year: year,
      journal: (r.journal ?? '').trim() || null,
      doi,
      pmid,
      pmcid: (r.pmcid ?? '').trim() || null,
      url: documentUrl(doi, pmid) ?? ((r.url ?? '').split(';')[0]?.trim() || null),
      license,
      mesh_terms: [],
    });
  }
  return out;
}

interface PubMedQaRecord {
  QUESTION: string;
  CONTEXTS: string[];
  LABELS: string[];
  MESHES: string[];
  YEAR: string;
  final_decision: 'yes' | 'no' | 'maybe';
  LONG_ANSWER: string;
}

/**
 * PubMedQA PQA-L: the abstract is its labelled sections plus its conclusion (the dataset's "long answer"); the dataset
 * has no article title, so the question stands in for it (the API marks it: title_source "question"), and authors,
 * journal and DOI stay null. Each question also becomes a research item linked to it.
 */
export function readPubMedQa(dataDir: string): { documents: DocumentInput[]; research: ResearchItemInput[] } {
  const data = JSON.parse(readFileSync(join(dataDir, 'pubmedqa/ori_pqal.json'), 'utf8')) as Record<
    string,
    PubMedQaRecord
  >;
  const documents: DocumentInput[] = [];
  const research: ResearchItemInput[] = [];
  for (const pmid of Object.keys(data).sort((a, b) => Number(a) - Number(b))) {
    const r = data[pmid]!;
    const sections = r.CONTEXTS.map((text, i) => (r.LABELS[i] ? `${r.LABELS[i]}: ${text}` : text));
    const id = `pubmedqa-${pmid}`;
    documents.push({
      id,
      source: 'pubmedqa',
      title: r.QUESTION.trim(),
      abstract: [...sections, `CONCLUSIONS: ${r.LONG_ANSWER}`].join(' '),
      authors: [],
      publication_date: null,
      publication_year: /^\d{4}$/.test(r.YEAR) ? Number(r.YEAR) : null,
      journal: null,
      doi: null,
      pmid,
      pmcid: null,
      url: documentUrl(null, pmid),
      license: 'PubMed abstract (publisher copyright), via PubMedQA (MIT)',
      mesh_terms: r.MESHES,
    });
    research.push({
      id: `pubmedqa-q-${pmid}`,
      title: r.QUESTION,
      content_preview: r.LONG_ANSWER,
      topics: r.MESHES,
      document_id: id,
      expert_answer: r.final_decision,
    });
  }
  return { documents, research };
}

export function insertResearchItems(db: Database, items: ResearchItemInput[]): void {
  const insert = db.prepare(`INSERT INTO research_items (id, title, content_preview, topics, document_id, expert_answer)
    VALUES (@id, @title, @content_preview, @topics, @document_id, @expert_answer)`);
  for (const r of items) insert.run({ ...r, topics: JSON.stringify(r.topics) });
  db.exec(
    `INSERT INTO research_fts (rowid, title, content_preview, topics) SELECT rowid, title, content_preview, replace(replace(topics, '"', ''), ',', ' ; ') FROM research_items`,
  );
}

export function insertDocuments(db: Database, docs: DocumentInput[]): void {
  const insert =
    db.prepare(`INSERT INTO documents (id, source, title, abstract, mesh_terms, authors, publication_date, publication_year,
    date_min, date_max, journal, journal_norm, doi, pmid, pmcid, url, license, study_design, evidence_grade)
    VALUES (@id, @source, @title, @abstract, @mesh_terms, @authors, @publication_date, @publication_year, @date_min, @date_max,
    @journal, @journal_norm, @doi, @pmid, @pmcid, @url, @license, @study_design, @evidence_grade)`);
  for (const d of docs) {
    // A PubMedQA question is not the article's title, so it says nothing about the design.
    const design = classifyStudyDesign(d.source === 'pubmedqa' ? '' : (d.title ?? ''), d.abstract);
    insert.run({
      ...d,
      authors: JSON.stringify(d.authors),
      mesh_terms: JSON.stringify(d.mesh_terms),
      date_min: d.publication_date ?? (d.publication_year ? `${d.publication_year}-01-01` : null),
      date_max: d.publication_date ?? (d.publication_year ? `${d.publication_year}-12-31` : null),
      journal_norm: d.journal?.toLowerCase() ?? null,
      study_design: design,
      evidence_grade: DESIGN_GRADE[design],
    });
  }
  db.exec(
    `INSERT INTO documents_fts (rowid, title, abstract) SELECT rowid, coalesce(title, ''), coalesce(abstract, '') FROM documents`,
  );
}
