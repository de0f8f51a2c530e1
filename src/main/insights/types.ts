import type { Citation, InsightKind, InsightSeverity } from '../../shared/schemas/insights.ts';

/** An insight as a rule finds it; stored once per fingerprint (the facts it rests on). */
export interface InsightCandidate {
  fingerprint: string;
  kind: InsightKind;
  severity: InsightSeverity;
  title: string;
  body: string;
  related_compounds: string[];
  evidence: Citation[];
  source_results: string[];
  rule: string;
}

/** A saved tool result with its output typed. */
export interface Saved<T> {
  id: string;
  created_at: string;
  output: T;
}

/** Numbers as a clinician reads them: four significant digits (whole numbers from 1,000 up), no trailing zeros. */
export const fmt = (n: number) => (Math.abs(n) >= 1000 ? String(Math.round(n)) : String(Number(n.toPrecision(4))));
