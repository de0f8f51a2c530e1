/** Request validation at the edge: a part of the request that fails its zod schema is a 400 naming each field. */
import type { z } from 'zod';
import { issuesToDetails } from '../../shared/field-errors.ts';
import { HttpError } from './http-error.ts';

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
