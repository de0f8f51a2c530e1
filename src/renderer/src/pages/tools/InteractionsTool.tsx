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

export function SubstanceTable({ substances }: { substances: InteractionsData['substances'] }) {
  return (
    <div className="table-wrap">
      <table className="data-table compact">
        <thead><tr><th scope="col">You entered</th><th scope="col">Recognised as</th><th scope="col">How</th></tr></thead>
        <tbody>
          {substances.map((s, i) => (
            <tr key={i}>
              <td>{s.input}</td>
              <td>
                {s.compound && <Link to={`/compounds/${s.compound.slug}`}>{s.compound.name}</Link>}
                {!s.compound && s.ddinter.length > 0 && s.ddinter.map((d) => d.name).join(', ')}
                {s.status === 'unmatched' && <span className="text-warn">Not recognised</span>}
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
  const rows = data.interactions.map((i) => ({
    substance: `${i.a.name} + ${i.b.name}`,
    severity: i.severity,
    effect: i.notes || 'No details given by the source.',
    note: `Listed as ${i.listed_as}${i.record ? ` (record ${i.record})` : ''}${i.matched_class ? `; applies through the class “${i.matched_class}”` : ''}`,
    source: i.source,
  }));
  return (
    <ResultCard title="Results">
      <p className="summary-line">
        Highest severity: <SeverityBadge severity={data.highest_severity} /> · {num(data.pairs_checked, 0)} pairs checked ·{' '}
        {num(data.counts.major, 0)} major, {num(data.counts.moderate, 0)} moderate, {num(data.counts.minor, 0)} minor
        {data.counts.unknown > 0 && <>, {num(data.counts.unknown, 0)} without a severity</>}
      </p>
      {rows.length === 0 ? <p>No interaction is listed between these substances. That is not proof of safety: the sources are not exhaustive.</p>
        : <InteractionGroups rows={rows} idPrefix="check" />}
      <h3>Substances</h3>
      <SubstanceTable substances={data.substances} />
      {data.unmatched.length > 0 && (
        <ul className="plain-list">
          {data.unmatched.map((u) => (
            <li key={u.input}><strong>“{u.input}”</strong> was not recognised{u.suggestions.length > 0 ? `; did you mean ${u.suggestions.map((s) => s.name).join(', ')}?` : '.'}</li>
          ))}
        </ul>
      )}
      <ResultFooter data={data} />
    </ResultCard>
  );
}
