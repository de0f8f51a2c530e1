/**
 * Lab rules over saved bloodwork panels (oldest first). For each test of the latest panel that is outside the source's
 * reference range: `lab_worsening` when the most recent earlier panel with the same test (same reference unit) was
 * closer to the range or inside it, else `lab_out_of_range`. Values inside the range give nothing, whatever their trend.
 * Critical values are warnings, the rest attention.
 */
import type { BloodworkData } from '../../../shared/schemas/tools/bloodwork.ts';
import { fmt, type InsightCandidate, type Saved } from '../types.ts';

type Result = BloodworkData['results'][number];
const OUT = new Set(['low', 'high', 'critical_low', 'critical_high']);

/** How far a value lies outside [low, high] (0 inside; a missing limit is no limit). */
export function distanceOutside(value: number, low: number | null, high: number | null): number {
  if (low !== null && value < low) return low - value;
  if (high !== null && value > high) return value - high;
  return 0;
}

const label = (r: Result) => (/[a-z]/i.test(r.input.test) ? r.input.test.trim() : r.test.name);
const dist = (r: Result) => distanceOutside(r.value!.value, r.reference_range.low, r.reference_range.high);

function previousOf(
  panels: Saved<BloodworkData>[],
  loinc: string,
  unit: string,
): { panel: Saved<BloodworkData>; result: Result } | null {
  for (let i = panels.length - 2; i >= 0; i--) {
    const result = panels[i]!.output.results.find(
      (r) => r.test.loinc === loinc && r.value !== null && r.value.unit === unit && r.status !== 'not_evaluated',
    );
    if (result) return { panel: panels[i]!, result };
  }
  return null;
}

export function labInsights(panels: Saved<BloodworkData>[]): InsightCandidate[] {
  const latest = panels.at(-1);
  if (!latest) return [];
  const seen = new Set<string>();
  const out: InsightCandidate[] = [];
  for (const r of latest.output.results) {
    if (seen.has(r.test.loinc) || r.value === null || !OUT.has(r.status)) continue;
    seen.add(r.test.loinc);
    const prev = previousOf(panels, r.test.loinc, r.value.unit);
    const worsening = prev !== null && dist(r) > dist(prev.result) + 1e-9;
    const side = r.status.endsWith('low') ? 'below' : 'above';
    const critical = r.status.startsWith('critical');
    const range = `reference ${r.reference_range.text}`;
    const now = `${fmt(r.value.value)} ${r.value.unit}`;
    const before = prev
      ? `${fmt(prev.result.value!.value)} ${prev.result.value!.unit} on ${prev.panel.created_at.slice(0, 10)}`
      : null;
    const evidence = [
      {
        type: 'lab_test' as const,
        id: r.test.loinc,
        label: `${r.test.name} (LOINC ${r.test.loinc}); NLM reference range ${r.reference_range.text}`,
        url: `https://loinc.org/${r.test.loinc}`,
      },
    ];
    const related = r.related_compounds.map((c) => c.slug);
    const advice = critical
      ? "This is beyond the source's critical limit: contact a clinician promptly."
      : 'Reference ranges come from one institution and are not adjusted for age or sex; discuss the result with a clinician.';
    if (worsening) {
      out.push({
        fingerprint: `lab_worsening|${r.test.loinc}|${prev.panel.id}|${latest.id}`,
        kind: 'lab_worsening',
        severity: critical ? 'warning' : 'attention',
        title: `${label(r)} worsening: ${now}, ${side} the reference range`,
        body: `${r.test.name} went from ${before} to ${now} on ${latest.created_at.slice(0, 10)} (${range}), moving further ${side} the range. ${advice}`,
        related_compounds: related,
        evidence,
        source_results: [prev.panel.id, latest.id],
        rule: 'latest saved bloodwork value outside the reference range and further from it than the previous saved value of the same test',
      });
    } else {
      const trend = before
        ? ` The previous value was ${before}${dist(prev!.result) > dist(r) + 1e-9 ? ', so it is moving toward the range' : ''}.`
        : '';
      out.push({
        fingerprint: `lab_out_of_range|${r.test.loinc}|${latest.id}`,
        kind: 'lab_out_of_range',
        severity: critical ? 'warning' : 'attention',
        title: `${label(r)} ${side} the reference range: ${now}`,
        body: `${r.test.name} was ${now} on ${latest.created_at.slice(0, 10)} (${range}).${trend} ${advice}`,
        related_compounds: related,
        evidence,
        source_results: prev ? [prev.panel.id, latest.id] : [latest.id],
        rule: 'latest saved bloodwork value outside the reference range',
      });
    }
  }
  return out;
}
