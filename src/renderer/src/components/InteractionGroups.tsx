/** Interactions grouped by severity (major first), with a filter for long lists. */
import { useMemo, useState } from 'react';
import { INTERACTION_SEVERITIES, type INTERACTION_SOURCES } from '../../../shared/enums.ts';
import { humanize, num } from '../lib/format.ts';
import { SeverityBadge } from './Badges.tsx';

export interface InteractionRow {
  substance: string;
  kind?: 'drug' | 'supplement' | 'food';
  severity: (typeof INTERACTION_SEVERITIES)[number];
  effect: string;
  management?: string;
  /** small print under the effect (where the entry comes from) */
  note?: string;
  source: (typeof INTERACTION_SOURCES)[number];
}

const SOURCE_LABEL: Record<InteractionRow['source'], string> = {
  editorial: 'Editorial', ddinter: 'DDInter', onc_high_priority: 'ONC high priority', onc_non_interruptive: 'ONC non-interruptive',
  nlm_spl: 'FDA label', class_rule: 'Class rule',
};

const GROUP_TITLE: Record<InteractionRow['severity'], string> = {
  contraindicated: 'Contraindicated: do not combine',
  major: 'Major: avoid the combination or act on it',
  moderate: 'Moderate: monitor or adjust',
  minor: 'Minor',
  unknown: 'Listed without a severity',
};

export function InteractionGroups({ rows, idPrefix }: { rows: InteractionRow[]; idPrefix: string }) {
  const [filter, setFilter] = useState('');
  const shown = useMemo(() => {
    const f = filter.trim().toLowerCase();
    return f ? rows.filter((r) => r.substance.toLowerCase().includes(f) || r.effect.toLowerCase().includes(f)) : rows;
  }, [rows, filter]);
  if (rows.length === 0) return <p className="muted">No interactions are recorded.</p>;
  return (
    <div className="interactions">
      {rows.length > 8 && (
        <div className="field inline-filter">
          <label htmlFor={`${idPrefix}-filter`}>Filter interactions</label>
          <input id={`${idPrefix}-filter`} type="search" value={filter} placeholder="substance or effect" onChange={(e) => setFilter(e.target.value)} />
        </div>
      )}
      {shown.length === 0 && <p className="muted">No interaction matches “{filter}”.</p>}
      {INTERACTION_SEVERITIES.map((sev) => {
        const group = shown.filter((r) => r.severity === sev);
        if (group.length === 0) return null;
        return (
          <details key={sev} className={`sev-group sev-group-${sev}`} open={sev !== 'unknown' || group.length <= 5}>
            <summary>
              <SeverityBadge severity={sev} /> <span className="sev-title">{GROUP_TITLE[sev]}</span>
              <span className="count">{num(group.length, 0)}</span>
            </summary>
            <div className="table-wrap">
              <table className="data-table compact">
                <thead>
                  <tr>
                    <th scope="col">Substance</th>
                    <th scope="col">Effect</th>
                    {group.some((r) => r.management) && <th scope="col">Management</th>}
                    <th scope="col">Source</th>
                  </tr>
                </thead>
                <tbody>
                  {group.map((r, i) => (
                    <tr key={`${r.substance}-${i}`}>
                      <td>
                        <strong>{r.substance}</strong>
                        {r.kind && <div className="muted small">{humanize(r.kind)}</div>}
                      </td>
                      <td>{r.effect}{r.note && <div className="muted small">{r.note}</div>}</td>
                      {group.some((x) => x.management) && <td>{r.management ?? ''}</td>}
                      <td className="small">{SOURCE_LABEL[r.source]}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        );
      })}
    </div>
  );
}
