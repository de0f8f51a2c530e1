import { z } from 'zod';

export const MAX_OFFSET = 10_000;

export const Slug = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be a lowercase slug (letters, digits, hyphens)');

/** A publication-date bound: a year, or a full date that exists. */
export const DateBound = z
  .string()
  .regex(/^\d{4}(-\d{2}-\d{2})?$/, 'must be YYYY or YYYY-MM-DD')
  .refine((s) => s.length === 4 || !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), 'is not a real date');

export const Limit = (max: number, dflt: number) => z.int().min(1).max(max).default(dflt);
export const Offset = z.int().min(0).max(MAX_OFFSET).default(0);

/** The bounds of each QueryInt, so a JSON caller (an MCP tool) can be offered the same field as a plain integer. */
export const QUERY_INT_BOUNDS = new WeakMap<z.ZodType, { min: number; max: number; dflt: number }>();

/** Query-string numbers arrive as text; a non-numeric one is a 400, never NaN. */
export const QueryInt = (min: number, max: number, dflt: number) => {
  const field = z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.int().min(min).max(max))
    .default(dflt);
  QUERY_INT_BOUNDS.set(field, { min, max, dflt });
  return field;
};

/** Pagination of list endpoints (also the shape of compound search's `meta`, minus its echo fields). */
export const PageMeta = z.object({
  total: z.int(),
  returned: z.int(),
  limit: z.int(),
  offset: z.int(),
  has_more: z.boolean(),
});
export type PageMeta = z.infer<typeof PageMeta>;

export function success<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data });
}

export function successWithMeta<T extends z.ZodType, M extends z.ZodType>(data: T, meta: M) {
  return z.object({ success: z.literal(true), data, meta });
}

/** Editorial marking of authored text (DESIGN.md §4): it is ours, and this is what it rests on. */
export const EditorialSources = z.object({
  editorial: z.literal(true),
  basis: z.array(z.string()),
  note: z.string(),
});
