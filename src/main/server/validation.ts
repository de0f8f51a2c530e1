import type { z } from 'zod';
import type { ErrorDetail } from '../../shared/errors.ts';
import { HttpError } from './http-error.ts';

/** Turns zod issues into details that name each offending field ("filters.evidence_grade.0", "limit", "body"). */
export function issuesToDetails(issues: readonly z.core.$ZodIssue[], whole: string): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  for (const issue of issues) {
    const base = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) details.push({ field: base ? `${base}.${key}` : key, message: 'unknown field' });
    } else {
      details.push({ field: base || whole, message: issue.message });
    }
  }
  return details;
}

export function parseOrThrow<T extends z.ZodType>(
  schema: T,
  value: unknown,
  part: 'body' | 'query' | 'path',
): z.infer<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const details = issuesToDetails(result.error.issues, part);
  const fields = [...new Set(details.map((d) => d.field))].join(', ');
  throw new HttpError('invalid_request', `invalid ${part === 'path' ? 'path parameter' : part}: ${fields}`, details);
}
