import { z } from 'zod';
import { EVIDENCE_GRADES, STUDY_DESIGNS } from '../enums.ts';
import { DateBound, MAX_OFFSET, PageMeta, QueryInt, Slug, success, successWithMeta } from './common.ts';

export const DOCUMENT_SOURCES = ['scifact', 'cord19', 'pubmedqa', 'imported'] as const;

/** A research document. Fields the source does not carry are null, never guessed. */
export const Document = z.object({
  id: z.string(),
  source: z.enum(DOCUMENT_SOURCES),
  title: z
    .string()
    .nullable()
    .describe(
      'the article title; for PubMedQA records, which have none, the research question the abstract answers (title_source "question")',
    ),
  title_source: z
    .enum(['article', 'question', 'derived'])
    .describe(
      '"question": the title is the PubMedQA research question standing in for the missing article title; "derived": an imported record had no title, so its abstract\'s opening words stand in',
    ),
  external_id: z
    .string()
    .nullable()
    .describe('for an imported document, the id it had in your file (`id` at import); null otherwise'),
  authors: z.array(z.string()),
  publication_date: z.string().nullable().describe('YYYY-MM-DD when the source gives a full date'),
  publication_year: z.int().nullable(),
  journal: z.string().nullable(),
  evidence_grade: z
    .enum(EVIDENCE_GRADES)
    .describe(
      'from the study design alone (A meta-analysis or randomised trial … E review, modelling or protocol; docs/content.md), not the compound scale',
    ),
  study_design: z.enum(STUDY_DESIGNS),
  study_design_label: z.string().describe('the study design in words, e.g. "Cohort study"'),
  abstract: z
    .string()
    .nullable()
    .describe('null when the source has none or its licence does not allow redistribution'),
  doi: z.string().nullable(),
  pmid: z.string().nullable(),
  pmcid: z.string().nullable(),
  url: z.string().nullable(),
  license: z.string().nullable(),
  mesh_terms: z.array(z.string()),
});
export type Document = z.infer<typeof Document>;

const GradeList = z
  .string()
  .transform((s) => s.split(',').map((g) => g.trim().toUpperCase()))
  .pipe(z.array(z.enum(EVIDENCE_GRADES)).min(1));

export const DocumentListQuery = z.strictObject({
  q: z.string().trim().min(1).max(256).optional(),
  evidence_grade: GradeList.optional().describe('one grade or a comma-separated list, e.g. A,B'),
  journal: z.string().trim().min(1).max(256).optional().describe('exact journal name, case-insensitive'),
  from: DateBound.optional().describe(
    'publication date from (inclusive); a year-only record counts if its year overlaps',
  ),
  to: DateBound.optional().describe('publication date to (inclusive)'),
  compound: Slug.optional().describe('slug of a compound: documents that mention it'),
  source: z.enum(DOCUMENT_SOURCES).optional(),
  limit: QueryInt(1, 100, 20),
  offset: QueryInt(0, MAX_OFFSET, 0),
});
export type DocumentListQuery = z.input<typeof DocumentListQuery>;

export const DocumentListResponse = successWithMeta(z.array(Document), PageMeta);
export type DocumentListResponse = z.infer<typeof DocumentListResponse>;

export const DocumentIdParams = z.strictObject({
  id: z
    .string()
    .min(1)
    .max(128)
    .regex(/^[a-z0-9]+-[A-Za-z0-9._-]+$/, 'is not a document id'),
});
export const DocumentResponse = success(Document);

/** One record to import (JSON / JSONL); PubMed XML is converted to this shape first. */
export const ImportRecord = z
  .strictObject({
    id: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .optional()
      .describe('your own identifier; used to recognise the record when neither pmid nor doi is given'),
    title: z
      .string()
      .trim()
      .min(1)
      .max(2000)
      .optional()
      .describe(
        'a title or an abstract is required; without a title, one is derived from the abstract (title_source "derived")',
      ),
    abstract: z.string().trim().min(1).max(100_000).optional(),
    authors: z.array(z.string().trim().min(1).max(300)).max(1000).optional(),
    publication_date: z
      .string()
      .regex(/^\d{4}(-\d{2}-\d{2})?$/, 'must be YYYY or YYYY-MM-DD')
      .refine((s) => s.length === 4 || !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), 'is not a real date')
      .optional(),
    journal: z.string().trim().min(1).max(500).optional(),
    doi: z
      .string()
      .trim()
      .regex(/^10\.\d{4,9}\/\S+$/, 'must be a DOI such as 10.1000/xyz')
      .optional(),
    pmid: z
      .string()
      .regex(/^\d{1,9}$/, 'must be digits')
      .optional(),
    pmcid: z
      .string()
      .regex(/^PMC\d+$/, 'must look like PMC123456')
      .optional(),
    url: z.url({ protocol: /^https?$/ }).optional(),
    license: z.string().trim().min(1).max(200).optional(),
    mesh_terms: z.array(z.string().trim().min(1).max(300)).max(500).optional(),
  })
  .refine((r) => r.title !== undefined || r.abstract !== undefined, {
    path: ['title'],
    message: 'a record needs a title or an abstract',
  });
export type ImportRecord = z.infer<typeof ImportRecord>;

export const IMPORT_FORMATS = ['json', 'jsonl', 'pubmed_xml'] as const;

/** The import format a file's name says (the CLI and the import screen read names the same way). */
export function formatFromFileName(name: string): (typeof IMPORT_FORMATS)[number] | null {
  if (/\.jsonl$|\.ndjson$/i.test(name)) return 'jsonl';
  if (/\.json$/i.test(name)) return 'json';
  if (/\.xml$/i.test(name)) return 'pubmed_xml';
  return null;
}

/**
 * Either `records` or `format` + `data`. One object with a refinement rather than a union, so that a wrong request is
 * told which field is wrong (`records`, `format`, `data`) instead of "body".
 */
export const DocumentImportRequest = z
  .strictObject({
    records: z
      .array(z.unknown())
      .min(1)
      .max(5000)
      .optional()
      .describe('records in the ImportRecord shape (or send format and data)'),
    format: z.enum(IMPORT_FORMATS).optional().describe('with data: the format of the file contents'),
    data: z
      .string()
      .min(1)
      .optional()
      .describe('with format: file contents: a JSON array, JSON lines, or PubMed XML (PubmedArticle records)'),
  })
  .superRefine((v, ctx) => {
    if (v.records !== undefined) {
      for (const k of ['format', 'data'] as const) {
        if (v[k] !== undefined)
          ctx.addIssue({ code: 'custom', path: [k], message: 'send either records, or format and data, not both' });
      }
      return;
    }
    if (v.format === undefined && v.data === undefined) {
      ctx.addIssue({ code: 'custom', path: ['records'], message: 'required: send records, or format and data' });
      return;
    }
    if (v.format === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['format'],
        message: `required with data: one of ${IMPORT_FORMATS.join(', ')}`,
      });
    if (v.data === undefined)
      ctx.addIssue({ code: 'custom', path: ['data'], message: 'required with format: the file contents' });
  });
export type DocumentImportRequest = z.infer<typeof DocumentImportRequest>;

export const ImportFailure = z.object({
  index: z.int().describe('0-based position of the record in the input (for JSONL also its line number - 1)'),
  key: z.string().nullable().describe('pmid, doi or id of the record when it has one'),
  errors: z.array(z.object({ field: z.string(), message: z.string() })),
});

export const ImportReport = z.object({
  received: z.int(),
  created: z.int(),
  updated: z.int(),
  failed: z.array(ImportFailure),
  documents: z.array(z.object({ id: z.string(), status: z.enum(['created', 'updated']) })),
});
export type ImportReport = z.infer<typeof ImportReport>;
export const DocumentImportResponse = success(ImportReport);
