/**
 * Values against their reference ranges: one row per test, the normal range as a band, the value as a marker.
 * Each row has its own scale (tests have different units), so the chart compares a value with its own range only.
 */
import { num } from '../lib/format.ts';

export interface RangeRow {
  key: string;
  label: string;
  value: number;
  unit: string;
  low: number | null;
  high: number | null;
  status: string;
  rangeText: string;
  /** the value as written (the lab's precision); default: up to 3 decimals */
  valueText?: string;
}

/** Status words: critical reads differently from any high or low. */
export const statusWords = (status: string) =>
  status === 'critical_low'
    ? 'CRITICAL low, beyond the danger limit'
    : status === 'critical_high'
      ? 'CRITICAL high, beyond the danger limit'
      : status.replace(/_/g, ' ');

function scale(row: RangeRow): { min: number; max: number } {
  const points = [row.value, row.low, row.high].filter((x): x is number => x !== null);
  let min = Math.min(...points);
  let max = Math.max(...points);
  const span = max - min || Math.abs(max) || 1;
  min -= span * 0.25;
  max += span * 0.25;
  if (min < 0 && Math.min(...points) >= 0) min = 0;
  return { min, max };
}

const pct = (x: number, min: number, max: number) => Math.max(0, Math.min(100, ((x - min) / (max - min)) * 100));

export function RangeChart({ rows, caption }: { rows: RangeRow[]; caption: string }) {
  if (rows.length === 0) return null;
  return (
    <figure className="range-chart">
      <figcaption>{caption}</figcaption>
      <ul>
        {rows.map((r) => {
          const { min, max } = scale(r);
          const bandFrom = pct(r.low ?? min, min, max);
          const bandTo = pct(r.high ?? max, min, max);
          const at = pct(r.value, min, max);
          const shown = r.valueText ?? num(r.value, 3);
          const tone = /critical/.test(r.status)
            ? 'critical'
            : r.status === 'normal'
              ? 'ok'
              : r.status === 'not_evaluated'
                ? 'neutral'
                : 'warn';
          return (
            <li key={r.key} className={tone === 'critical' ? 'range-row range-critical' : 'range-row'}>
              <span className="range-label">{r.label}</span>
              <span
                className="range-track"
                role="img"
                aria-label={`${r.label}: ${shown} ${r.unit}, reference ${r.rangeText}, ${statusWords(r.status)}`}
              >
                <span
                  className="range-band"
                  style={{ left: `${bandFrom}%`, width: `${Math.max(0.5, bandTo - bandFrom)}%` }}
                />
                <span className={`range-marker tone-${tone}`} style={{ left: `${at}%` }} />
              </span>
              <span className="range-value">
                <strong>{shown}</strong> {r.unit}
                {tone === 'critical' && <strong className="critical-word"> CRITICAL</strong>}
                <span className="muted small"> · ref {r.rangeText}</span>
              </span>
            </li>
          );
        })}
      </ul>
      <p className="chart-legend small muted" aria-hidden="true">
        <span className="legend-band" /> reference range <span className="legend-dot tone-ok" /> within{' '}
        <span className="legend-dot tone-warn" /> outside <span className="legend-dot tone-critical" /> critical
      </p>
    </figure>
  );
}
