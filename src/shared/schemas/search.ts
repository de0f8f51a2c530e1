import { z } from 'zod';
import { CATEGORIES, COMPOUND_TYPES, EVIDENCE_GRADES } from '../enums.ts';
import { DateBound, Offset, success } from './common.ts';
import { SEARCH_MODES } from './system.ts';
import { DOCUMENT_SOURCES } from './documents.ts';

export { DOCUMENT_SOURCES };

export const SEARCH_TYPES = ['compounds', 'documents', 'research'] as const;
export const SEARCH_SORTS = ['relevance', 'evidence_grade', 'date', 'name'] as const;
export type DocumentSource = (typeof DOCUMENT_SOURCES)[number];
export const SOURCE_FILTERS = ['bundled', ...DOCUMENT_SOURCES] as const;

/** The first and last day a date bound stands for (a year spans its whole year). */
export const dateMin = (d: string) => (d.length === 4 ? `${d}-01-01` : d);
export const dateMax = (d: string) => (d.length === 4 ? `${d}-12-31` : d);

export const MAX_QUERY_LENGTH = 2000;

export const SemanticSearchRequest = z.strictObject({
  query: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(MAX_QUERY_LENGTH)
    .describe(
      'up to 2,000 characters: a pasted message is fine (the model reads its opening, full-text search its key terms)',
    ),
  types: z
    .array(z.enum(SEARCH_TYPES))
    .min(1)
    .max(3)
    .default([...SEARCH_TYPES])
    .describe('what to search; default all three'),
  filters: z
    .strictObject({
      evidence_grade: z
        .array(z.enum(EVIDENCE_GRADES))
        .min(1)
        .max(5)
        .optional()
        .describe('compounds and documents by their grade; research items by the grade of their source document'),
      category: z
        .enum(CATEGORIES)
        .optional()
        .describe('compounds of this category; documents and research items that mention one'),
      compound_type: z
        .array(z.enum(COMPOUND_TYPES))
        .min(1)
        .max(COMPOUND_TYPES.length)
        .optional()
        .describe('compounds of these types; documents and research items that mention one'),
      source: z
        .preprocess(
          (v) => (typeof v === 'string' ? [v] : v),
          z.array(z.enum(SOURCE_FILTERS)).min(1).max(SOURCE_FILTERS.length),
        )
        .optional()
        .describe(
          'one value or a list: "imported" is your own library alone; "bundled" everything Materia ships (compounds, research items, bundled documents); or a dataset: scifact, cord19, pubmedqa',
        ),
      date_from: DateBound.optional().describe(
        'publication date from (inclusive): documents and research items (by their source document); a year-only record counts if its year overlaps; undated items and compounds drop out',
      ),
      date_to: DateBound.optional().describe('publication date to (inclusive), as date_from'),
    })
    .optional()
    .superRefine((f, ctx) => {
      if (f?.date_from && f.date_to && dateMin(f.date_from) > dateMax(f.date_to))
        ctx.addIssue({ code: 'custom', path: ['date_from'], message: 'must not be after date_to' });
    }),
  limit: z.int().min(1).max(100).default(10),
  offset: Offset,
  sort: z.enum(SEARCH_SORTS).default('relevance'),
  include_research: z
    .boolean()
    .default(true)
    .describe('false leaves research items out (as if "research" were not in types)'),
  include_abstracts: z.boolean().default(true).describe('false omits `abstract` from document items'),
});
export type SemanticSearchRequest = z.input<typeof SemanticSearchRequest>;

const Score = z.number().min(0).max(1);

export const CompoundHit = z.object({
  type: z.literal('compound'),
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  category: z.enum(CATEGORIES),
  evidence_grade: z.enum(EVIDENCE_GRADES),
  relevance_score: Score,
  summary: z.string(),
  research_count: z.int(),
  typical_dosage: z.string(),
  route_of_administration: z.array(z.string()),
});

export const DocumentHit = z.object({
  type: z.literal('document'),
  id: z.string(),
  title: z.string().nullable(),
  authors: z.array(z.string()),
  publication_date: z.string().nullable(),
  journal: z.string().nullable(),
  evidence_grade: z.enum(EVIDENCE_GRADES),
  relevance_score: Score,
  abstract: z.string().nullable().optional(),
  doi: z.string().nullable(),
  url: z.string().nullable(),
  source: z.enum(DOCUMENT_SOURCES).describe('the dataset the document comes from, or "imported" for your own library'),
  external_id: z
    .string()
    .nullable()
    .describe('for an imported document, the id it had in your file; null for bundled documents'),
});

export const ResearchHit = z.object({
  type: z.literal('research'),
  id: z.string(),
  title: z.string(),
  content_preview: z.string(),
  topics: z.array(z.string()),
  relevance_score: Score,
});

export const SearchHit = z.discriminatedUnion('type', [CompoundHit, DocumentHit, ResearchHit]);
export type SearchHit = z.infer<typeof SearchHit>;

export const QueryInterpretation = z
  .object({
    corrected: z
      .string()
      .nullable()
      .describe('the query with a misspelt compound name corrected ("metfromin" → "metformin"), or null'),
    expanded_with: z
      .array(z.string())
      .describe(
        "names and clinical terms the query was also searched with: a brand's generic, a lay phrase's clinical term",
      ),
  })
  .describe('present (non-null) when the query was corrected or expanded: the UI shows "showing results for …"');

export const SemanticSearchData = z.object({
  query: z.string(),
  results_total: z.int(),
  results_total_is_lower_bound: z
    .boolean()
    .describe('true when a retriever hit its candidate cap, so more records may match than results_total says'),
  results: z.array(SearchHit),
  facets: z.object({
    types: z
      .array(z.object({ name: z.enum(['compound', 'document', 'research']), count: z.int() }))
      .describe(
        'what a search of each type alone returns; the sum can exceed results_total, where a PubMedQA record is one result (its document or its research item)',
      ),
    evidence_grades: z.array(z.object({ grade: z.enum(EVIDENCE_GRADES), count: z.int() })),
    categories: z.array(z.object({ name: z.enum(CATEGORIES), count: z.int() })),
    sources: z
      .array(z.object({ name: z.enum(DOCUMENT_SOURCES), count: z.int() }))
      .describe('documents and research items by source'),
  }),
  pagination: z.object({ limit: z.int(), offset: z.int(), total: z.int(), pages: z.int() }),
  search_mode: z.enum(SEARCH_MODES),
  search_mode_reason: z.string(),
  query_interpretation: QueryInterpretation.nullable(),
});
export type SemanticSearchData = z.infer<typeof SemanticSearchData>;
export const SemanticSearchResponse = success(SemanticSearchData);
