/**
 * Biological-age change: the latest two saved PhenoAge results whose age acceleration (phenotypic − chronological age)
 * differs by at least one year. A rise is `attention`, a fall `info`. The biomarkers whose model contributions moved
 * most in the same direction are named and cited (their LOINC reference entries).
 */
import type { BioageData } from '../../../shared/schemas/tools/bioage.ts';
import type { Citation } from '../../../shared/schemas/insights.ts';
import { fmt, type InsightCandidate, type Saved } from '../types.ts';

export const BIOAGE_CHANGE_YEARS = 1;

const LABELS: Record<string, string> = {
  albumin: 'albumin',
  creatinine: 'creatinine',
  glucose: 'glucose',
  crp: 'CRP',
  lymphocyte_percent: 'lymphocyte %',
  mcv: 'MCV',
  rdw: 'RDW',
  alkaline_phosphatase: 'alkaline phosphatase',
  wbc: 'white cell count',
};

const signed = (n: number) => `${n >= 0 ? '+' : '−'}${fmt(Math.abs(n))}`;

export function bioageInsights(results: Saved<BioageData>[]): InsightCandidate[] {
  if (results.length < 2) return [];
  const prev = results.at(-2)!;
  const latest = results.at(-1)!;
  const a0 = prev.output.age_acceleration.value;
  const a1 = latest.output.age_acceleration.value;
  const change = a1 - a0;
  if (Math.abs(change) < BIOAGE_CHANGE_YEARS) return [];
  const before = new Map(prev.output.contributions.map((c) => [c.biomarker, c.contribution.value]));
  const drivers = latest.output.contributions
    .map((c) => ({ c, delta: c.contribution.value - (before.get(c.biomarker) ?? c.contribution.value) }))
    .filter((x) => Math.sign(x.delta) === Math.sign(change) && Math.abs(x.delta) > 1e-9)
    .sort((x, y) => Math.abs(y.delta) - Math.abs(x.delta))
    .slice(0, 2);
  const evidence: Citation[] = drivers.flatMap(({ c }) =>
    c.reference_range
      ? [
          {
            type: 'lab_test' as const,
            id: c.reference_range.loinc,
            label: `${LABELS[c.biomarker] ?? c.biomarker} (LOINC ${c.reference_range.loinc})`,
            url: `https://loinc.org/${c.reference_range.loinc}`,
          },
        ]
      : [],
  );
  const up = change > 0;
  const day = (s: Saved<BioageData>) => s.created_at.slice(0, 10);
  return [
    {
      fingerprint: `bioage_change|${prev.id}|${latest.id}`,
      kind: 'bioage_change',
      severity: up ? 'attention' : 'info',
      title: `Biological age acceleration ${up ? 'up' : 'down'} ${fmt(Math.abs(change))} years`,
      body:
        `PhenoAge was ${fmt(latest.output.phenotypic_age.value)} years at age ${fmt(latest.output.chronological_age.value)} on ${day(latest)} ` +
        `(acceleration ${signed(a1)} years), against ${fmt(prev.output.phenotypic_age.value)} at ${fmt(prev.output.chronological_age.value)} on ${day(prev)} ` +
        `(${signed(a0)} years).${drivers.length ? ` Largest contributions to the change: ${drivers.map(({ c }) => LABELS[c.biomarker] ?? c.biomarker).join(' and ')}.` : ''} ` +
        'PhenoAge (Levine 2018) is a research estimate; one panel can move with an acute illness (a raised CRP or white cell count), so repeat the tests before reading a trend.',
      related_compounds: [],
      evidence,
      source_results: [prev.id, latest.id],
      rule: `age acceleration of the latest two saved PhenoAge results differs by ${BIOAGE_CHANGE_YEARS} year or more`,
    },
  ];
}
