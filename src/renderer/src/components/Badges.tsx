import type { ReactNode } from 'react';
import type { EvidenceGrade } from '../../../shared/enums.ts';
import { gradeMeaning, humanize, type GradeScale } from '../lib/format.ts';

/** A grade in its own scale's words: a document's (`scale="document"`, from its design) is not a compound's. */
export function GradeBadge({
  grade,
  long = false,
  scale = 'compound',
}: {
  grade: EvidenceGrade;
  long?: boolean;
  scale?: GradeScale;
}) {
  const name = scale === 'document' ? 'Document grade' : 'Evidence grade';
  return (
    <span className={`badge grade grade-${grade}`} title={`${name} ${grade}: ${gradeMeaning(grade, scale)}`}>
      <span className="sr-only">{name} </span>
      {long ? `Grade ${grade}` : grade}
      {long && <span className="badge-note"> · {gradeMeaning(grade, scale)}</span>}
    </span>
  );
}

export type Severity = 'contraindicated' | 'major' | 'moderate' | 'minor' | 'unknown' | 'none';

export function SeverityBadge({ severity }: { severity: Severity }) {
  const label = severity === 'unknown' ? 'Severity not given' : severity === 'none' ? 'None found' : humanize(severity);
  return <span className={`badge sev sev-${severity}`}>{label}</span>;
}

/** Status of a value against a range (tools). */
export function StatusBadge({ status }: { status: string }) {
  if (status === 'critical_low' || status === 'critical_high') {
    // its own colour and words: beyond the danger (panic) limits, not just outside the range
    return (
      <span className="badge status status-critical-alarm">
        <span aria-hidden="true">⚠ </span>Critical {status === 'critical_low' ? 'low' : 'high'}
      </span>
    );
  }
  const tone = /critical/.test(status)
    ? 'critical'
    : /^(low|high|elevated|increased|substantially_increased|slightly_high|below_rda)$/.test(status)
      ? 'warn'
      : /^(normal|within_range|not_increased|at_or_above_rda)$/.test(status)
        ? 'ok'
        : 'neutral';
  return (
    <span className={`badge status status-${tone}`}>
      {humanize(status.replace('within_range', 'within range').replace(/\brda\b/g, 'RDA'))}
    </span>
  );
}

export function Tag({ children }: { children: ReactNode }) {
  return <span className="tag">{children}</span>;
}
