/**
 * A schema failure as the field details every error carries ({field, message}): the one translation from zod issues,
 * shared by the HTTP edge (a 400's details) and the document importer (a failed record's errors), so neither imports
 * the other.
 */
import type { z } from 'zod';
import type { ErrorDetail } from './errors.ts';

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
