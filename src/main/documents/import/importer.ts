/**
 * Imports documents into the user database. Each record is validated on its own: good ones are stored, bad ones are
 * reported with their position and fields. A record is recognised by its PMID, else DOI, else its own id, else its
 * title, so importing the same record again updates it instead of duplicating it.
 */
import { createHash } from 'node:crypto';
import type { Db } from '../../db/connection.ts';
import { ImportRecord, type ImportReport } from '../../../shared/schemas/documents.ts';
import { issuesToDetails } from '../../../shared/field-errors.ts';
import { classifyStudyDesign } from '../study-design.ts';
import { DESIGN_GRADE } from '../../../shared/enums.ts';
import { documentUrl } from '../urls.ts';
import type { RawRecord } from './read-records.ts';

export function sourceKey(r: ImportRecord): string {
  if (r.pmid) return `pmid:${r.pmid}`;
  if (r.doi) return `doi:${r.doi.toLowerCase()}`;
  if (r.id) return `id:${r.id}`;
  const text = r.title ?? r.abstract ?? '';
  return `${r.title !== undefined ? 'title' : 'abstract'}:${createHash('sha256').update(text.toLowerCase().replace(/\s+/g, ' ')).digest('hex')}`;
}

/** A title for a record that has only an abstract: its first sentence, cut at a word near 120 characters. */
export function derivedTitle(abstract: string): string {
  const first = abstract
    .replace(/\s+/g, ' ')
    .trim()
    .split(/(?<=[.!?])\s/)[0]!;
  if (first.length <= 120) return first.replace(/[.!?]$/, '');
  const cut = first.slice(0, 120);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 60 ? cut.lastIndexOf(' ') : 120)}…`;
}

export const importedDocumentId = (key: string) =>
  `imported-${createHash('sha256').update(key).digest('hex').slice(0, 16)}`;

/** Deletes one imported document (its full-text row goes with it, by trigger); false if there was none. */
export function deleteImportedDocument(db: Db, id: string): boolean {
  return db.prepare('DELETE FROM imported_documents WHERE id = ?').run(id).changes > 0;
}

export function importDocuments(
  db: Db,
  raw: RawRecord[],
  now: () => number,
  onProgress?: (done: number, total: number) => void,
): ImportReport {
  const report: ImportReport = { received: raw.length, created: 0, updated: 0, failed: [], documents: [] };
  const exists = db.prepare<[string], { id: string }>('SELECT id FROM imported_documents WHERE source_key = ?');
  const upsert =
    db.prepare(`INSERT INTO imported_documents (id, source_key, external_id, title, title_derived, abstract, mesh_terms, authors, publication_date,
      publication_year, date_min, date_max, journal, journal_norm, doi, pmid, pmcid, url, license, study_design, evidence_grade, imported_at, updated_at)
    VALUES (@id, @source_key, @external_id, @title, @title_derived, @abstract, @mesh_terms, @authors, @publication_date, @publication_year, @date_min, @date_max,
      @journal, @journal_norm, @doi, @pmid, @pmcid, @url, @license, @study_design, @evidence_grade, @now, @now)
    ON CONFLICT (source_key) DO UPDATE SET external_id = coalesce(excluded.external_id, imported_documents.external_id),
      -- A re-import without a title never replaces a real title with a derived one.
      title = CASE WHEN excluded.title_derived = 1 AND imported_documents.title_derived = 0 THEN imported_documents.title ELSE excluded.title END,
      title_derived = excluded.title_derived AND imported_documents.title_derived,
      abstract = excluded.abstract, mesh_terms = excluded.mesh_terms,
      authors = excluded.authors, publication_date = excluded.publication_date, publication_year = excluded.publication_year,
      date_min = excluded.date_min, date_max = excluded.date_max, journal = excluded.journal, journal_norm = excluded.journal_norm,
      doi = excluded.doi, pmid = excluded.pmid, pmcid = excluded.pmcid, url = excluded.url, license = excluded.license,
      study_design = excluded.study_design, evidence_grade = excluded.evidence_grade, updated_at = excluded.updated_at`);

  db.transaction(() => {
    raw.forEach((item, i) => {
      onProgress?.(i, raw.length);
      if ('error' in item) {
        report.failed.push({ index: item.index, key: null, errors: [item.error] });
        return;
      }
      const parsed = ImportRecord.safeParse(item.value);
      if (!parsed.success) {
        const v = item.value as { pmid?: unknown; doi?: unknown; id?: unknown } | null;
        const key = v && typeof v === 'object' ? [v.pmid, v.doi, v.id].find((k) => typeof k === 'string') : undefined;
        report.failed.push({
          index: item.index,
          key: (key as string | undefined) ?? null,
          errors: issuesToDetails(parsed.error.issues, 'record'),
        });
        return;
      }
      const r = parsed.data;
      const key = sourceKey(r);
      const id = importedDocumentId(key);
      const title = r.title ?? derivedTitle(r.abstract!);
      const design = classifyStudyDesign(title, r.abstract ?? null);
      const full = r.publication_date && r.publication_date.length === 10 ? r.publication_date : null;
      const year = r.publication_date ? Number(r.publication_date.slice(0, 4)) : null;
      const existed = exists.get(key) !== undefined;
      upsert.run({
        id,
        source_key: key,
        external_id: r.id ?? null,
        title,
        title_derived: r.title === undefined ? 1 : 0,
        abstract: r.abstract ?? null,
        mesh_terms: JSON.stringify(r.mesh_terms ?? []),
        authors: JSON.stringify(r.authors ?? []),
        publication_date: full,
        publication_year: year,
        date_min: full ?? (year ? `${year}-01-01` : null),
        date_max: full ?? (year ? `${year}-12-31` : null),
        journal: r.journal ?? null,
        journal_norm: r.journal?.toLowerCase() ?? null,
        doi: r.doi ?? null,
        pmid: r.pmid ?? null,
        pmcid: r.pmcid ?? null,
        url: r.url ?? documentUrl(r.doi ?? null, r.pmid ?? null),
        license: r.license ?? null,
        study_design: design,
        evidence_grade: DESIGN_GRADE[design],
        now: new Date(now()).toISOString(),
      });
      if (existed) report.updated++;
      else report.created++;
      report.documents.push({ id, status: existed ? 'updated' : 'created' });
    });
    onProgress?.(raw.length, raw.length);
  })();
  return report;
}
