import { z } from 'zod';
import { EVIDENCE_GRADES, STUDY_DESIGNS } from '../enums.ts';
import { MAX_OFFSET, PageMeta, QueryInt, Slug, success, successWithMeta } from './common.ts';

export const DOCUMENT_SOURCES = ['scifact', 'cord19', 'pubmedqa', 'imported'] as const;

/** A research document. Fields the source does not carry are null, never guessed. */
export const Document = z.object({
  id: z.string(),
  source: z.enum(DOCUMENT_SOURCES),
  title: z.string().nullable().describe('null when the source has none (PubMedQA records carry a research question instead)'),
  authors: z.array(z.string()),
  publication_date: z.string().nullable().describe('YYYY-MM-DD when the source gives a full date'),
  publication_year: z.int().nullable(),
  journal: z.string().nullable(),
  evidence_grade: z.enum(EVIDENCE_GRADES),
  study_design: z.enum(STUDY_DESIGNS),
  abstract: z.string().nullable().describe('null when the source has none or its licence does not allow redistribution'),
  doi: z.string().nullable(),
  pmid: z.string().nullable(),
  pmcid: z.string().nullable(),
  url: z.string().nullable(),
  license: z.string().nullable(),
  mesh_terms: z.array(z.string()),
});
export type Document = z.infer<typeof Document>;

const DateBound = z.string().regex(/^\d{4}(-\d{2}-\d{2})?$/, 'must be YYYY or YYYY-MM-DD')
  .refine((s) => s.length === 4 || !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), 'is not a real date');

const GradeList = z.string()
  .transform((s) => s.split(',').map((g) => g.trim().toUpperCase()))
  .pipe(z.array(z.enum(EVIDENCE_GRADES)).min(1));

export const DocumentListQuery = z.strictObject({
  q: z.string().trim().min(1).max(256).optional(),
  evidence_grade: GradeList.optional().describe('one grade or a comma-separated list, e.g. A,B'),
  journal: z.string().trim().min(1).max(256).optional().describe('exact journal name, case-insensitive'),
  from: DateBound.optional().describe('publication date from (inclusive); a year-only record counts if its year overlaps'),
  to: DateBound.optional().describe('publication date to (inclusive)'),
  compound: Slug.optional().describe('slug of a compound: documents that mention it'),
  source: z.enum(DOCUMENT_SOURCES).optional(),
  limit: QueryInt(1, 100, 20),
  offset: QueryInt(0, MAX_OFFSET, 0),
});
export type DocumentListQuery = z.input<typeof DocumentListQuery>;

export const DocumentListResponse = successWithMeta(z.array(Document), PageMeta);
export type DocumentListResponse = z.infer<typeof DocumentListResponse>;

export const DocumentIdParams = z.strictObject({ id: z.string().min(1).max(128).regex(/^[a-z0-9]+-[A-Za-z0-9._-]+$/, 'is not a document id') });
export const DocumentResponse = success(Document);
