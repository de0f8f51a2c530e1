/**
 * Import by drag and drop (or a file chooser) on the Documents screen, through POST /v1/documents/import: the file is
 * planned into batches under the API's size limit (lib/import-plan.ts), sent one by one with a progress bar (with the
 * admin key, which the first batch asks for when this tab holds none: lib/api-call.ts), and the
 * API's per-record report is shown at each record's position in the file. Nothing is dropped silently: a file that
 * cannot be sent, a refused batch and every failed record are listed.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type DragEvent } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../../shared/client.ts';
import type { ImportReport } from '../../../../shared/schemas/documents.ts';
import { ErrorMessage } from '../../components/States.tsx';
import { callApi } from '../../lib/api-call.ts';
import { num, plural } from '../../lib/format.ts';
import { planImport, type ImportFormat } from '../../lib/import-plan.ts';
import { ImportedDocuments } from './ImportedDocuments.tsx';

type Failure = ImportReport['failed'][number];
interface Totals {
  received: number;
  created: number;
  updated: number;
  failed: Failure[];
}
interface BatchError {
  first: number;
  records: number;
  error: unknown;
}
type State =
  | { phase: 'idle' }
  | { phase: 'refused'; message: string }
  | { phase: 'sending'; file: string; batch: number; batches: number; sent: number; total: number }
  | {
      phase: 'done';
      file: string;
      format: ImportFormat;
      total: number;
      totals: Totals;
      errors: BatchError[];
      stopped: number;
    };

const POSITION: Record<ImportFormat, string> = { json: 'Record', jsonl: 'Line', pubmed_xml: 'Article' };
const FAILURES_SHOWN = 50;

/** 401, 429, no admin key and a lost connection stop the import: the next batch would meet the same answer. */
const stopsImport = (err: unknown) => !(err instanceof ApiError) || err.status === 401 || err.status === 429;

export function ImportPanel() {
  const [state, setState] = useState<State>({ phase: 'idle' });
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const busy = state.phase === 'sending';

  async function importFile(file: File) {
    let text: string;
    try {
      text = await file.text();
    } catch (e) {
      setState({ phase: 'refused', message: `${file.name} could not be read: ${(e as Error).message}` });
      return;
    }
    const plan = planImport(file.name, text);
    if ('error' in plan) {
      setState({ phase: 'refused', message: plan.error });
      return;
    }
    const totals: Totals = { received: 0, created: 0, updated: 0, failed: [] };
    const errors: BatchError[] = [];
    let sent = 0;
    let stopped = 0;
    for (const [i, batch] of plan.batches.entries()) {
      setState({
        phase: 'sending',
        file: file.name,
        batch: i + 1,
        batches: plan.batches.length,
        sent,
        total: plan.records,
      });
      try {
        // an admin route: the admin key goes with it, asked for on the first batch when this tab holds none
        const { data } = await callApi('documentImport', { body: batch.body }, undefined, true);
        totals.received += data.received;
        totals.created += data.created;
        totals.updated += data.updated;
        // the API counts from the start of what it was sent: put each failure back at its place in the file
        totals.failed.push(...data.failed.map((f) => ({ ...f, index: f.index + batch.first })));
      } catch (err) {
        errors.push({ first: batch.first, records: batch.records, error: err });
        if (stopsImport(err)) {
          stopped = plan.batches.slice(i + 1).reduce((n, b) => n + b.records, 0);
          break;
        }
      }
      sent += batch.records;
    }
    setState({ phase: 'done', file: file.name, format: plan.format, total: plan.records, totals, errors, stopped });
    if (totals.created + totals.updated > 0) {
      void queryClient.invalidateQueries({ queryKey: ['documentList'] });
      void queryClient.invalidateQueries({ queryKey: ['search'] });
    }
  }

  function take(files: FileList | null | undefined) {
    if (!files || files.length === 0 || busy) return;
    if (files.length > 1) {
      setState({ phase: 'refused', message: `${files.length} files were dropped: import one file at a time.` });
      return;
    }
    void importFile(files[0]!);
  }

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    take(e.dataTransfer?.files);
  };
  return (
    <section className="card import-card" aria-labelledby="import-h">
      <div
        className={`drop-zone${dragging ? ' dragging' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          if (!busy) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <h2 id="import-h">Import your documents</h2>
        <p className="drop-line">
          Drop a file here, or{' '}
          <button
            type="button"
            className="btn btn-secondary btn-small"
            disabled={busy}
            onClick={() => input.current?.click()}
          >
            Choose a file
          </button>
          <input
            ref={input}
            type="file"
            hidden
            accept=".json,.jsonl,.ndjson,.xml,application/json,text/xml"
            onChange={(e) => {
              take(e.target.files);
              e.target.value = '';
            }}
          />
        </p>
        <p className="hint">
          JSON (an array of records), JSON lines, or PubMed XML. Each record needs a title or an abstract; a record
          already in your library (same PMID, DOI or id) is updated. Large files go in batches.
        </p>
      </div>
      <ImportState state={state} />
      <ImportedDocuments />
    </section>
  );
}

function ImportState({ state }: { state: State }) {
  if (state.phase === 'idle') return null;
  if (state.phase === 'refused') {
    return (
      <div className="state state-error" role="alert">
        <p className="state-title">Nothing was imported</p>
        <p>{state.message}</p>
      </div>
    );
  }
  if (state.phase === 'sending') {
    return (
      <div className="progress-wrap import-progress">
        <progress max={state.total} value={state.sent} aria-label={`Importing ${state.file}`} />
        <p className="small" role="status">
          Saving and indexing {state.file}: batch {state.batch} of {state.batches} ({num(state.sent, 0)} of{' '}
          {plural(state.total, 'record')} done)
        </p>
      </div>
    );
  }
  const { totals, errors, format } = state;
  const where = (i: number) => `${POSITION[format]} ${num(i + 1, 0)}`;
  return (
    <div className="import-report" aria-live="polite">
      <p className="summary-line" role="status">
        <strong>{state.file}:</strong> {plural(state.total, 'record')} in the file · {num(totals.created, 0)} created ·{' '}
        {num(totals.updated, 0)} updated ·{' '}
        <span className={totals.failed.length ? 'text-danger' : undefined}>{num(totals.failed.length, 0)} failed</span>
        {state.stopped > 0 && <span className="text-danger"> · {num(state.stopped, 0)} not sent</span>}
      </p>
      {errors.map((b, i) => (
        <div key={i}>
          <p className="small">
            <strong>
              {where(b.first)} to {where(b.first + b.records - 1).replace(/^\S+ /, '')}
            </strong>{' '}
            were not imported:
          </p>
          <ErrorMessage error={b.error} />
        </div>
      ))}
      {totals.failed.length > 0 && (
        <>
          <h3>Records not imported</h3>
          <ul className="plain-list import-failures">
            {totals.failed.slice(0, FAILURES_SHOWN).map((f) => (
              <li key={f.index}>
                <strong>{where(f.index)}</strong>
                {f.key && <> ({f.key})</>}: {f.errors.map((er) => `${er.field}: ${er.message}`).join('; ')}
              </li>
            ))}
          </ul>
          {totals.failed.length > FAILURES_SHOWN && (
            <p className="small muted">and {num(totals.failed.length - FAILURES_SHOWN, 0)} more.</p>
          )}
        </>
      )}
      {totals.created + totals.updated > 0 && (
        <p>
          <Link to="/documents?source=imported">Show the documents imported by you</Link>
        </p>
      )}
    </div>
  );
}
