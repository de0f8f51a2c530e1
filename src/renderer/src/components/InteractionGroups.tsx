/**
 * Interactions grouped by severity (most severe first). Inside a group the rows with a mechanism or management text come
 * first (editorial and class rules, then FDA labels), sortable by substance or source; rows a source lists without any
 * text (DDInter, the ONC lists) fold into one line per group and source ("12 more pairs listed by DDInter without
 * mechanism or management"), still under their severity. Pair verdicts (the interaction check) show every source's
 * level and "Sources disagree".
 * With `printTop` (a monograph), paper carries only the contraindicated and major groups and one count line for the
 * rest ("40 more interactions of moderate or lower level — see the app"), so a long list does not fill pages.
 */
import { useMemo, useState } from 'react';
import { INTERACTION_SEVERITIES, type INTERACTION_SOURCES } from '../../../shared/enums.ts';
import type { InteractionPair } from '../../../shared/schemas/tools/interactions.ts';
import { humanize, num } from '../lib/format.ts';
import { SeverityBadge } from './Badges.tsx';

type Source = (typeof INTERACTION_SOURCES)[number];

export interface InteractionRow {
  substance: string;
  kind?: 'drug' | 'supplement' | 'food';
  severity: (typeof INTERACTION_SEVERITIES)[number];
  effect: string;
  management?: string;
  /** small print under the effect (where the entry comes from) */
  note?: string;
  source: Source;
  /** true when the source gives neither mechanism nor management (folded into one line) */
  bare?: boolean;
  /** a pair verdict: each source's own level */
  levels?: { source: Source; severity: (typeof INTERACTION_SEVERITIES)[number]; level: string }[];
  sourcesDisagree?: boolean;
}

export const SOURCE_LABEL: Record<Source, string> = {
  editorial: 'Editorial',
  ddinter: 'DDInter',
  onc_high_priority: 'ONC high priority',
  onc_non_interruptive: 'ONC non-interruptive',
  nlm_spl: 'FDA label',
  class_rule: 'Class rule',
};

/** Sources that list a pair without any text of their own. */
export const isTextlessSource = (s: Source) =>
  s === 'ddinter' || s === 'onc_high_priority' || s === 'onc_non_interruptive';

/** "Important first" inside a severity: our reviewed texts, then label sentences, then the lists. */
const SOURCE_RANK: Record<Source, number> = {
  editorial: 0,
  class_rule: 1,
  nlm_spl: 2,
  onc_high_priority: 3,
  onc_non_interruptive: 4,
  ddinter: 5,
};

const GROUP_TITLE: Record<InteractionRow['severity'], string> = {
  contraindicated: 'Contraindicated: do not combine',
  major: 'Major: avoid the combination or act on it',
  moderate: 'Moderate: monitor or adjust',
  minor: 'Minor',
  unknown: 'Listed without a severity',
};

type SortKey = 'importance' | 'substance' | 'source';

function order(rows: InteractionRow[], key: SortKey, desc: boolean): InteractionRow[] {
  const cmp = (a: InteractionRow, b: InteractionRow) => {
    if (key === 'substance') return a.substance.localeCompare(b.substance);
    if (key === 'source')
      return SOURCE_LABEL[a.source].localeCompare(SOURCE_LABEL[b.source]) || a.substance.localeCompare(b.substance);
    return (
      SOURCE_RANK[a.source] - SOURCE_RANK[b.source] ||
      Number(!!b.sourcesDisagree) - Number(!!a.sourcesDisagree) ||
      a.substance.localeCompare(b.substance)
    );
  };
  const out = [...rows].sort(cmp);
  return desc ? out.reverse() : out;
}

/** The levels a monograph prints in full; the rest is one count line on paper. */
const PRINTED_LEVELS: readonly InteractionRow['severity'][] = ['contraindicated', 'major'];

export function InteractionGroups({
  rows,
  idPrefix,
  printTop = false,
}: {
  rows: InteractionRow[];
  idPrefix: string;
  printTop?: boolean;
}) {
  const [filter, setFilter] = useState('');
  const [sort, setSort] = useState<{ key: SortKey; desc: boolean }>({ key: 'importance', desc: false });
  const shown = useMemo(() => {
    const f = filter.trim().toLowerCase();
    return f ? rows.filter((r) => r.substance.toLowerCase().includes(f) || r.effect.toLowerCase().includes(f)) : rows;
  }, [rows, filter]);
  if (rows.length === 0) return <p className="muted">No interactions are recorded.</p>;
  const withText = shown.filter((r) => !r.bare);
  const notPrinted = printTop ? shown.filter((r) => !PRINTED_LEVELS.includes(r.severity)) : [];
  const unlevelled = notPrinted.filter((r) => r.severity === 'unknown').length;
  const showLevels = withText.some((r) => r.levels?.length);

  const header = (key: Exclude<SortKey, 'importance'>, label: string) => {
    const active = sort.key === key;
    return (
      <th scope="col" aria-sort={active ? (sort.desc ? 'descending' : 'ascending') : 'none'}>
        <button
          type="button"
          className="sort-button"
          onClick={() =>
            setSort(
              active && !sort.desc
                ? { key, desc: true }
                : active
                  ? { key: 'importance', desc: false }
                  : { key, desc: false },
            )
          }
        >
          {label}
          <span aria-hidden="true" className="sort-mark">
            {active ? (sort.desc ? ' ▼' : ' ▲') : ' ↕'}
          </span>
        </button>
      </th>
    );
  };

  return (
    <div className="interactions">
      <div className="interactions-tools">
        {rows.length > 8 && (
          <div className="field inline-filter">
            <label htmlFor={`${idPrefix}-filter`}>Filter interactions</label>
            <input
              id={`${idPrefix}-filter`}
              type="search"
              value={filter}
              placeholder="substance or effect"
              onChange={(e) => setFilter(e.target.value)}
            />
          </div>
        )}
        {withText.length > 1 && (
          <p className="muted small sort-note">
            {sort.key === 'importance' ? (
              'In each group: reviewed texts first (editorial, class rules), then FDA label sentences.'
            ) : (
              <>
                Sorted by {sort.key}
                {sort.desc ? ', reversed' : ''}.{' '}
                <button
                  type="button"
                  className="link-button"
                  onClick={() => setSort({ key: 'importance', desc: false })}
                >
                  Important first again
                </button>
              </>
            )}
          </p>
        )}
      </div>
      {shown.length === 0 && <p className="muted">No interaction matches “{filter}”.</p>}
      {INTERACTION_SEVERITIES.map((sev) => {
        const group = shown.filter((r) => r.severity === sev);
        if (group.length === 0) return null;
        const detailed = order(
          group.filter((r) => !r.bare),
          sort.key,
          sort.desc,
        );
        const bare = group.filter((r) => r.bare);
        const bareBySource = [...new Set(bare.map((r) => r.source))].map((s) => ({
          source: s,
          rows: bare.filter((r) => r.source === s).sort((a, b) => a.substance.localeCompare(b.substance)),
        }));
        const management = detailed.some((r) => r.management);
        return (
          <details
            key={sev}
            className={`sev-group sev-group-${sev}${printTop && !PRINTED_LEVELS.includes(sev) ? ' screen-only' : ''}`}
            open={sev !== 'unknown' || detailed.length + bareBySource.length <= 5}
          >
            <summary>
              <SeverityBadge severity={sev} /> <span className="sev-title">{GROUP_TITLE[sev]}</span>
              <span className="count">{plural(group.length)}</span>
            </summary>
            {detailed.length > 0 && (
              <div className="table-wrap">
                <table className="data-table compact">
                  <caption className="sr-only">
                    {GROUP_TITLE[sev]}: interactions with a mechanism or management text
                  </caption>
                  <thead>
                    <tr>
                      {header('substance', 'Substance')}
                      <th scope="col">Effect</th>
                      {management && <th scope="col">Management</th>}
                      {header('source', showLevels ? 'Sources' : 'Source')}
                    </tr>
                  </thead>
                  <tbody>
                    {detailed.map((r, i) => (
                      <tr key={`${r.substance}-${r.source}-${i}`}>
                        <td>
                          <strong>{r.substance}</strong>
                          {r.kind && <div className="muted small">{humanize(r.kind)}</div>}
                        </td>
                        <td>
                          {r.effect}
                          {r.note && <div className="muted small">{r.note}</div>}
                        </td>
                        {management && <td>{r.management ?? ''}</td>}
                        <td className="small">
                          <SourceLevels row={r} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            {bareBySource.map(({ source, rows: list }) => (
              <details key={source} className="bare-pairs">
                <summary>
                  {detailed.length > 0 ? `${plural(list.length, 'more pair')}` : plural(list.length, 'pair')} listed by{' '}
                  {SOURCE_LABEL[source]} without mechanism or management
                </summary>
                <ul className="bare-list">
                  {list.map((r, i) => (
                    <li key={`${r.substance}-${i}`}>
                      {r.substance}
                      {r.levels && r.levels.length > 1 && (
                        <span className="muted small">
                          {' '}
                          ({r.levels.map((l) => `${SOURCE_LABEL[l.source]}: ${l.level}`).join(', ')})
                        </span>
                      )}
                      {r.sourcesDisagree && <span className="badge sev-unknown disagree">sources disagree</span>}
                    </li>
                  ))}
                </ul>
                <p className="muted small">
                  {SOURCE_LABEL[source]} gives no mechanism or management text for these: check a full interaction
                  reference before combining.
                </p>
              </details>
            ))}
          </details>
        );
      })}
      {notPrinted.length > 0 && (
        <p className="print-only print-rest-count">
          {num(notPrinted.length, 0)} more {notPrinted.length === 1 ? 'interaction' : 'interactions'} of moderate or
          lower level — see the app.
          {unlevelled > 0 && ` ${num(unlevelled, 0)} of them are listed without a level.`}
        </p>
      )}
    </div>
  );
}

const plural = (n: number, word = 'pair') => `${num(n, 0)} ${n === 1 ? word : `${word}s`}`;

function SourceLevels({ row }: { row: InteractionRow }) {
  if (!row.levels?.length) return <>{SOURCE_LABEL[row.source]}</>;
  return (
    <>
      <ul className="source-levels">
        {row.levels.map((l, i) => (
          <li key={i}>
            <span className="source-name">{SOURCE_LABEL[l.source]}</span>:{' '}
            {l.severity === 'unknown' ? 'no level given' : humanize(l.severity)}
            {l.level && l.level.toLowerCase() !== l.severity ? <span className="muted"> ({l.level})</span> : null}
          </li>
        ))}
      </ul>
      {row.sourcesDisagree && <span className="badge sev-moderate disagree">Sources disagree</span>}
    </>
  );
}

type PairVerdict = Pick<
  InteractionPair,
  'a' | 'b' | 'severity' | 'sources' | 'sources_disagree' | 'mechanism' | 'management'
>;

/** One row per pair verdict (interaction check, stack builder, protocol): every source's level, and whether they disagree. */
export function pairRows(pairs: PairVerdict[]): InteractionRow[] {
  return pairs.map((p) => ({
    substance: `${p.a.name} + ${p.b.name}`,
    severity: p.severity,
    effect: p.mechanism ?? 'No mechanism text from the sources.',
    management: p.management ?? undefined,
    source: p.sources[0]!.source,
    bare: !p.mechanism && !p.management,
    levels: p.sources.map((s) => ({ source: s.source, severity: s.severity, level: s.level })),
    sourcesDisagree: p.sources_disagree,
  }));
}
