/**
 * The medication-list screen: paste a list as a record exports it; each line is shown as the API's medication-line
 * reader read it (ingredient, strength, route, frequency), unread lines highlighted and said first, then the
 * interaction result. One request (POST /v1/tools/interactions/check with `list`): the reading is the interaction
 * checker's own, never a second parser here; the form and the result are the interaction tool's components.
 */
import { Link } from 'react-router';
import type { InteractionsData } from '../../../shared/schemas/tools/interactions.ts';
import { plural } from '../lib/format.ts';
import { useApiMutation } from '../lib/queries.ts';
import { useTitle } from '../lib/title.ts';
import { InteractionsResult, ListForm } from './tools/InteractionsTool.tsx';

export default function MedicationListPage() {
  useTitle('Medication list');
  const run = useApiMutation('toolInteractions');
  return (
    <div className="page med-list-page">
      <header className="page-header">
        <h1>Medication list</h1>
        <p className="lede">
          Paste a list as your record exports it. Each line is shown as it was read — ingredient, strength, route,
          frequency — and every pair is checked for interactions.
        </p>
      </header>
      <ListForm title="Medication list" submitLabel="Read the list" run={run} />
      {run.data && (
        <>
          <LinesAsRead data={run.data.data} />
          <InteractionsResult data={run.data.data} />
        </>
      )}
    </div>
  );
}

type Substance = InteractionsData['substances'][number];

/** A line's ingredients by name: a combination brand names several, a class its members. */
function ingredients(s: Substance): string {
  if (s.ingredients.length > 1) return s.ingredients.map((i) => i.name).join(' + ');
  return s.compound?.name ?? s.name;
}

function LinesAsRead({ data }: { data: InteractionsData }) {
  const unread = data.substances.filter((s) => s.status === 'unresolved').length;
  const lines = data.substances.length + data.not_medicines.length;
  return (
    <section className="card section lines-read" aria-labelledby="lines-h">
      <h2 id="lines-h">Your list as read</h2>
      <p className={unread ? 'text-warn' : 'muted'}>
        {unread
          ? `⚠ ${unread} of ${plural(lines, 'line')} could not be read and ${unread === 1 ? 'was' : 'were'} not checked.`
          : `All ${plural(data.substances.length, 'medicine line')} read.`}
      </p>
      <div className="table-wrap">
        <table className="data-table compact">
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">Ingredient</th>
              <th scope="col">Strength</th>
              <th scope="col">Route</th>
              <th scope="col">Frequency</th>
              <th scope="col">Also read</th>
            </tr>
          </thead>
          <tbody>
            {data.substances.map((s, i) => {
              const r = s.read_as;
              const notRead = s.status === 'unresolved';
              const also = [
                r?.form,
                r?.release,
                r?.as_needed ? 'when needed' : null,
                r?.status === 'stopped' ? 'marked stopped' : r?.status === 'held' ? 'marked on hold' : null,
                s.duplicate_of ? `same as “${s.duplicate_of}”` : null,
              ].filter(Boolean);
              return (
                <tr key={i} className={notRead ? 'row-unread' : r?.line === 'partial' ? 'row-partial' : undefined}>
                  <td>{s.input}</td>
                  <td>
                    {notRead ? (
                      <strong className="text-warn">⚠ Not read: not checked</strong>
                    ) : s.compound ? (
                      <Link to={`/compounds/${s.compound.slug}`}>{ingredients(s)}</Link>
                    ) : (
                      ingredients(s)
                    )}
                    {s.notice && <div className="muted small">{s.notice}</div>}
                    {r && r.unread.length > 0 && <div className="small text-warn">not read: {r.unread.join(', ')}</div>}
                  </td>
                  <td>{r?.strength ?? '—'}</td>
                  <td>{r?.route ?? '—'}</td>
                  <td>{r?.frequency ?? '—'}</td>
                  <td className="small">{also.length ? also.join(' · ') : '—'}</td>
                </tr>
              );
            })}
            {data.not_medicines.map((n) => (
              <tr key={`note-${n}`} className="row-partial">
                <td>{n}</td>
                <td colSpan={5} className="muted">
                  Read as a note, not a medicine: not checked
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
