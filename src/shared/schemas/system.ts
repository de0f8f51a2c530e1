import { z } from 'zod';
import { CATEGORIES, EVIDENCE_GRADES } from '../enums.ts';
import { success } from './common.ts';

export const SEARCH_MODES = ['hybrid', 'lexical'] as const;

export const ContentCounts = z.object({
  compounds: z.int(),
  monographs: z.int(),
  documents: z.int(),
});

export const Health = z.object({
  status: z.literal('ok'),
  version: z.string(),
  content: z.object({ version: z.string(), counts: ContentCounts }),
  search_mode: z.enum(SEARCH_MODES),
  search_mode_reason: z.string(),
  search_index: z.object({
    model: z.string(),
    state: z.enum(['no_model', 'loading', 'idle', 'building', 'ready', 'error']),
    done: z.int().describe('records embedded in the current build'),
    total: z.int().describe('records the current build has to embed'),
  }),
});
export type Health = z.infer<typeof Health>;
export const HealthResponse = success(Health);

export const ContentSource = z.object({
  id: z.string(),
  name: z.string(),
  licence: z.string(),
  version: z.string(),
  records: z.int(),
  provenance: z.string(),
  notes: z.string(),
});

const PerCategory = z.record(z.enum(CATEGORIES), z.int());
const PerGrade = z.record(z.enum(EVIDENCE_GRADES), z.int());

/** Every category and grade is listed, with 0 when the catalogue has none. */
export const CatalogueBreakdown = z.object({
  compounds_by_category: PerCategory,
  compounds_by_grade: PerGrade,
  compounds_by_category_and_grade: z.record(z.enum(CATEGORIES), PerGrade),
  monographs_by_category: PerCategory,
  monographs_by_grade: PerGrade,
});

export const ContentInfo = z.object({
  version: z.string(),
  inputs_sha256: z.string(),
  counts: ContentCounts,
  catalogue: CatalogueBreakdown.describe('compounds and monographs per category and per evidence grade'),
  sources: z.array(ContentSource),
});
export type ContentInfo = z.infer<typeof ContentInfo>;
export const ContentResponse = success(ContentInfo);
