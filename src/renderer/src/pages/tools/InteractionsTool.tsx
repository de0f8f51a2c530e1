/**
 * The interaction check: a pasted medication list (read line by line by the API's medication-line reader), every pair
 * judged, unread lines said first. Its form and result are shared with the medication-list screen
 * (pages/MedicationListPage.tsx), which shows each line as read before the same result.
 */
import { useDeferredValue, useState } from 'react';
import { Link } from 'react-router';
import type { InteractionsData } from '../../../../shared/schemas/tools/interactions.ts';
import { SeverityBadge } from '../../components/Badges.tsx';
import { InteractionGroups, pairRows } from '../../components/InteractionGroups.tsx';
import { humanize, num, plural } from '../../lib/format.ts';
import { useApiMutation, useApiQuery } from '../../lib/queries.ts';
import { ResultCard, ResultFooter, TextAreaField, ToolForm } from '../../components/form-kit.tsx';
import { PrintFooter } from '../../components/PrintFooter.tsx';

const LABELS = { substances: 'Medicines', list: 'Medicines' };

/** The line under the caret and the name part of it (the words before a dose, frequency or separator). */
function lineAt(text: string, caret: number): { start: number; name: string } {
  const start =
    Math.max(text.lastIndexOf('\n', caret - 1), text.lastIndexOf(';', caret - 1), text.lastIndexOf(',', caret - 1)) + 1;
  const end = [text.indexOf('\n', caret), text.indexOf(';', caret), text.indexOf(',', caret)]
    .filter((i) => i >= 0)
    .reduce((a, b) => Math.min(a, b), text.length);
  const line = text.slice(start, end);
  const lead = /^\s*/.exec(line)![0].length;
  const name = /^[^\d(]*/.exec(line.slice(lead))![0].trimEnd();
  return { start: start + lead, name };
}

/** Suggestions for the name being typed (GET /v1/vocabulary/suggest); choosing one writes it in place of what was typed. */
function NameSuggestions({ text, caret, onPick }: { text: string; caret: number; onPick: (next: string) => void }) {
  const { start, name } = lineAt(text, caret);
  const q = useDeferredValue(name);
  const res = useApiQuery('nameSuggest', { query: { q, limit: '5' } }, { enabled: q.length >= 3 });
  const items = q.length >= 3 ? (res.data?.data.items ?? []) : [];
  const exact = items.find((i) => i.match === 'exact');
  const others = items.filter((i) => i.match !== 'exact');
  if (!exact && !others.length) return null;
  return (
    <div className="name-suggestions small" aria-live="polite">
      {exact && (
        <span className="muted">
          “{name}” reads as <strong>{exact.name}</strong>.{' '}
        </span>
      )}
      {others.length > 0 && (
        <span role="group" aria-label="Suggestions">
          {exact ? 'Or: ' : 'Did you mean: '}
          {others.map((i) => (
            <button
              key={i.name}
              type="button"
              className="link-button"
              onClick={() => onPick(text.slice(0, start) + i.name + text.slice(start + name.length))}
            >
              {i.name}
            </button>
          ))}
        </span>
      )}
    </div>
  );
}

export function InteractionsTool() {
  const run = useApiMutation('toolInteractions');
  return (
    <>
      <ListForm title="Interaction check" submitLabel="Check interactions" run={run} />
      {run.data && <InteractionsResult data={run.data.data} />}
    </>
  );
}

/** The list box with name suggestions, sent to POST /v1/tools/interactions/check as `list` (the API reads the lines). */
export function ListForm({
  title,
  submitLabel,
  run,
}: {
  title: string;
  submitLabel: string;
  run: ReturnType<typeof useApiMutation<'toolInteractions'>>;
}) {
  const [text, setText] = useState('');
  const [caret, setCaret] = useState(0);
  const [save, setSave] = useState(false);
  return (
    <ToolForm
      title={title}
      onSubmit={() => run.mutate({ body: { list: text, save } })}
      pending={run.isPending}
      error={run.error}
      labels={LABELS}
      save={save}
      onSave={setSave}
      submitLabel={submitLabel}
    >
      <TextAreaField
        path="list"
        label="Medicines (one per line, or separated by commas or semicolons)"
        value={text}
        onChange={setText}
        rows={6}
        placeholder={"Simvastatin 40mg ON\nClarithromycin 500mg BD\nwarfarin 5 mg; aspirin 81 mg; St John's wort"}
        hint="Paste a medication list as your record exports it: doses, forms and frequencies are read and shown back. 2 to 30 lines: generic or brand names (any country), combinations, abbreviations, supplements or foods."
        onCaret={setCaret}
      >
        <NameSuggestions text={text} caret={caret} onPick={setText} />
      </TextAreaField>
    </ToolForm>
  );
}

function CheckedSubstances({ substances }: { substances: InteractionsData['substances'] }) {
  return (
    <div className="table-wrap">
      <table className="data-table compact">
        <thead>
          <tr>
            <th scope="col">You entered</th>
            <th scope="col">Read as</th>
            <th scope="col">How</th>
          </tr>
        </thead>
        <tbody>
          {substances.map((s, i) => (
            // an unread line stands out (a warning edge and words), so it cannot pass for a checked one
            <tr
              key={i}
              className={
                s.status === 'unresolved' ? 'row-unread' : s.read_as?.line === 'partial' ? 'row-partial' : undefined
              }
            >
              <td>{s.input}</td>
              <td>
                {s.compound ? (
                  <Link to={`/compounds/${s.compound.slug}`}>{s.compound.name}</Link>
                ) : s.status === 'resolved' ? (
                  s.name
                ) : (
                  <strong className="text-warn">⚠ Not recognised: not checked</strong>
                )}
                {s.read_as && <LineReading read={s.read_as} />}
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

/** What the line said besides the name, as read, so a reader can check it: "40 mg · at night · oral". */
function LineReading({ read }: { read: NonNullable<InteractionsData['substances'][number]['read_as']> }) {
  const parts = [
    read.strength,
    read.form,
    read.release,
    read.route,
    read.frequency,
    read.status && (read.status === 'stopped' ? 'marked stopped' : 'marked on hold'),
  ].filter((p): p is string => !!p);
  if (!parts.length && !read.unread.length) return null;
  return (
    <div className="small line-reading">
      {parts.length > 0 && <span>{parts.join(' · ')}</span>}
      {read.unread.length > 0 && <span className="text-warn"> · not read: {read.unread.join(', ')}</span>}
    </div>
  );
}

export function InteractionsResult({ data }: { data: InteractionsData }) {
  const rows = pairRows(data.pairs);
  const nothing = data.pairs.length === 0;
  const lines = data.substances.length + data.not_medicines.length;
  return (
    <ResultCard title="Results">
      {data.unresolved.length > 0 && (
        // first, above any verdict: the list was not fully read, whatever was found among the rest
        <div className="notice notice-warn" role="note" aria-label="Unread lines">
          {/* "may be missing", not "is not shown": an editorial rule can still match an unread line's words */}
          <p>
            <strong>
              ⚠ {data.unresolved.length} of {plural(lines, 'line')} could not be read, so{' '}
              {data.unresolved.length === 1 ? 'it was' : 'they were'} not checked against the interaction sources:
            </strong>{' '}
            {data.unresolved.map((u) => `“${u.input}”`).join(', ')}. An interaction with{' '}
            {data.unresolved.length === 1 ? 'it' : 'them'} may be missing below.
          </p>
        </div>
      )}
      <p className="summary-line">
        Highest severity: <SeverityBadge severity={data.highest_severity} /> · {plural(data.pairs_checked, 'pair')}{' '}
        checked · {plural(data.pairs.length, 'pair')} with an interaction listed
        {!nothing && (
          <>
            {' '}
            ({num(data.counts.contraindicated, 0)} contraindicated, {num(data.counts.major, 0)} major,{' '}
            {num(data.counts.moderate, 0)} moderate, {num(data.counts.minor, 0)} minor
            {data.counts.unknown > 0 && <>, {num(data.counts.unknown, 0)} without a severity</>})
          </>
        )}
      </p>
      {nothing ? (
        <div className="notice coverage-note" role="note" aria-label="Coverage">
          {data.unresolved.length > 0 ? (
            // An unread line is never reassurance: say first that the list was not fully read.
            <p>
              <strong>
                {plural(data.unresolved.length, 'line')} could not be read, so the list was not fully checked.
              </strong>{' '}
              Nothing is listed among the substances that were recognised, which is not the same as “no interaction”.{' '}
              {data.coverage.statement}
            </p>
          ) : data.coverage.little_coverage.length > 0 ? (
            // A drug our sources barely list (a newer or non-US medicine): "none" would read as reassurance.
            <p>
              <strong>Not checked well:</strong> nothing is listed, which is not the same as “no interaction”.{' '}
              {data.coverage.statement}
            </p>
          ) : (
            <p>
              <strong>No interaction is listed between these substances</strong>, which is not the same as “no
              interaction”. {data.coverage.statement}
            </p>
          )}
          <CoverageDetails coverage={data.coverage} />
        </div>
      ) : (
        <>
          {data.coverage.little_coverage.length > 0 && (
            <div className="notice coverage-note" role="note" aria-label="Coverage">
              <p>
                <strong>Our sources hold few or no interactions for {data.coverage.little_coverage.join(', ')}</strong>:
                a pair of {data.coverage.little_coverage.length === 1 ? 'it' : 'them'} not listed below may still
                interact. Check the Contraindications and Interactions sections of the current label.
              </p>
            </div>
          )}
          <InteractionGroups rows={rows} idPrefix="check" />
        </>
      )}
      <h3>Substances</h3>
      <CheckedSubstances substances={data.substances} />
      {data.unresolved.length > 0 && (
        <ul className="plain-list">
          {data.unresolved.map((u) => (
            <li key={u.input}>
              <strong>“{u.input}”</strong> was not recognised, so it was not checked
              {u.suggestions.length > 0 ? `; did you mean ${u.suggestions.map((s) => s.name).join(', ')}?` : '.'}
            </li>
          ))}
        </ul>
      )}
      {data.not_medicines.length > 0 && (
        <p className="small muted">
          Read as notes, not medicines, and not checked: {data.not_medicines.map((n) => `“${n}”`).join(', ')}.
        </p>
      )}
      {!nothing && (
        <details className="coverage-more">
          <summary>What the sources cover</summary>
          <p>{data.coverage.statement}</p>
          <CoverageDetails coverage={data.coverage} />
        </details>
      )}
      <ResultFooter data={data} />
      <PrintFooter scope=".tool-result" what={`interaction check of ${plural(data.substances.length, 'line')}`} />
    </ResultCard>
  );
}

function CoverageDetails({ coverage }: { coverage: InteractionsData['coverage'] }) {
  return (
    <>
      <ul className="small">
        {coverage.sources.map((s) => (
          <li key={s.id}>
            <strong>{s.name}</strong> ({num(s.records, 0)} records): {s.lacks}
          </li>
        ))}
      </ul>
      {coverage.not_in_ddinter.length > 0 && (
        <p className="small">
          Not listed by DDInter at all, so only the other sources speak for: {coverage.not_in_ddinter.join(', ')}.
        </p>
      )}
      {coverage.unresolved.length > 0 && (
        <p className="small text-warn">
          Not recognised, so not checked against the sources: {coverage.unresolved.join(', ')}.
        </p>
      )}
    </>
  );
}
