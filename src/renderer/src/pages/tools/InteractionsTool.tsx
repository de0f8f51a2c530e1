import { useState } from 'react';
import { Link } from 'react-router';
import type { InteractionsData } from '../../../../shared/schemas/tools/interactions.ts';
import { SeverityBadge } from '../../components/Badges.tsx';
import { InteractionGroups } from '../../components/InteractionGroups.tsx';
import { humanize, num } from '../../lib/format.ts';
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
  const rows = data.pairs.map((p) => ({
    substance: `${p.a.name} + ${p.b.name}`,
    severity: p.severity,
    effect: p.mechanism ?? 'The sources list the pair without a mechanism.',
    management: p.management ?? undefined,
    note: `${p.sources.map((s) => `${s.listed_as}: ${s.severity}`).join('; ')}${p.sources_disagree ? ' (sources disagree)' : ''}`,
    source: p.sources[0]!.source,
  }));
  return (
    <ResultCard title="Results">
      <p className="summary-line">
        Highest severity: <SeverityBadge severity={data.highest_severity} /> · {num(data.pairs_checked, 0)} pairs checked ·{' '}
        {num(data.counts.contraindicated, 0)} contraindicated, {num(data.counts.major, 0)} major, {num(data.counts.moderate, 0)} moderate, {num(data.counts.minor, 0)} minor
        {data.counts.unknown > 0 && <>, {num(data.counts.unknown, 0)} without a severity</>}
      </p>
      {rows.length === 0 ? <p>No interaction is listed between these substances. {data.coverage.statement}</p>
        : <InteractionGroups rows={rows} idPrefix="check" />}
      <h3>Substances</h3>
      <CheckedSubstances substances={data.substances} />
      {data.unresolved.length > 0 && (
        <ul className="plain-list">
          {data.unresolved.map((u) => (
            <li key={u.input}><strong>“{u.input}”</strong> was not recognised, so it was not checked{u.suggestions.length > 0 ? `; did you mean ${u.suggestions.map((s) => s.name).join(', ')}?` : '.'}</li>
          ))}
        </ul>
      )}
      <ResultFooter data={data} />
    </ResultCard>
  );
}
