import { useState } from 'react';
import { Link } from 'react-router';
import type { InteractionsData } from '../../../../shared/schemas/tools/interactions.ts';
import { SeverityBadge } from '../../components/Badges.tsx';
import { InteractionGroups, pairRows } from '../../components/InteractionGroups.tsx';
import { humanize, num, plural } from '../../lib/format.ts';
import { useApiMutation } from '../../lib/queries.ts';
import { lines, ResultCard, ResultFooter, TextAreaField, ToolForm } from '../../components/form-kit.tsx';

const LABELS = { substances: 'Substances' };

export function InteractionsTool() {
  const [text, setText] = useState('');
  const [save, setSave] = useState(false);
  const run = useApiMutation('toolInteractions');
  return (
    <>
      <ToolForm title="Interaction check" onSubmit={() => run.mutate({ body: { substances: lines(text), save } })} pending={run.isPending}
        error={run.error} labels={LABELS} save={save} onSave={setSave} submitLabel="Check interactions">
        <TextAreaField path="substances" label="Substances (one per line or comma-separated)" value={text} onChange={setText} rows={5}
          placeholder={'warfarin\naspirin\nSt John\'s wort'} hint="2 to 30 names: generic or brand names, synonyms, supplements or foods." />
      </ToolForm>
      {run.data && <InteractionsResult data={run.data.data} />}
    </>
  );
}

function CheckedSubstances({ substances }: { substances: InteractionsData['substances'] }) {
  return (
    <div className="table-wrap">
      <table className="data-table compact">
        <thead><tr><th scope="col">You entered</th><th scope="col">Checked as</th><th scope="col">How</th></tr></thead>
        <tbody>
          {substances.map((s, i) => (
            <tr key={i}>
              <td>{s.input}</td>
              <td>
                {s.compound ? <Link to={`/compounds/${s.compound.slug}`}>{s.compound.name}</Link> : s.status === 'resolved' ? s.name : <span className="text-warn">Not recognised</span>}
                {s.notice && <div className="muted small">{s.notice}</div>}
                {s.duplicate_of && <div className="muted small">same as “{s.duplicate_of}”</div>}
              </td>
              <td className="small">{s.matched_via ? humanize(s.matched_via) : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function InteractionsResult({ data }: { data: InteractionsData }) {
  const rows = pairRows(data.pairs);
  const nothing = data.pairs.length === 0;
  return (
    <ResultCard title="Results">
      <p className="summary-line">
        Highest severity: <SeverityBadge severity={data.highest_severity} /> · {plural(data.pairs_checked, 'pair')} checked ·{' '}
        {plural(data.pairs.length, 'pair')} with an interaction listed
        {!nothing && <> ({num(data.counts.contraindicated, 0)} contraindicated, {num(data.counts.major, 0)} major, {num(data.counts.moderate, 0)} moderate, {num(data.counts.minor, 0)} minor{data.counts.unknown > 0 && <>, {num(data.counts.unknown, 0)} without a severity</>})</>}
      </p>
      {nothing ? (
        <div className="notice coverage-note" role="note" aria-label="Coverage">
          <p><strong>No interaction is listed between these substances</strong>, which is not the same as “no interaction”. {data.coverage.statement}</p>
          <CoverageDetails coverage={data.coverage} />
        </div>
      ) : <InteractionGroups rows={rows} idPrefix="check" />}
      <h3>Substances</h3>
      <CheckedSubstances substances={data.substances} />
      {data.unresolved.length > 0 && (
        <ul className="plain-list">
          {data.unresolved.map((u) => (
            <li key={u.input}><strong>“{u.input}”</strong> was not recognised, so it was not checked{u.suggestions.length > 0 ? `; did you mean ${u.suggestions.map((s) => s.name).join(', ')}?` : '.'}</li>
          ))}
        </ul>
      )}
      {!nothing && (
        <details className="coverage-more">
          <summary>What the sources cover</summary>
          <p>{data.coverage.statement}</p>
          <CoverageDetails coverage={data.coverage} />
        </details>
      )}
      <ResultFooter data={data} />
    </ResultCard>
  );
}

function CoverageDetails({ coverage }: { coverage: InteractionsData['coverage'] }) {
  return (
    <>
      <ul className="small">
        {coverage.sources.map((s) => <li key={s.id}><strong>{s.name}</strong> ({num(s.records, 0)} records): {s.lacks}</li>)}
      </ul>
      {coverage.not_in_ddinter.length > 0 && <p className="small">Not listed by DDInter at all, so only the other sources speak for: {coverage.not_in_ddinter.join(', ')}.</p>}
      {coverage.unresolved.length > 0 && <p className="small text-warn">Not recognised, so not checked against the sources: {coverage.unresolved.join(', ')}.</p>}
    </>
  );
}
