/**
 * The documents you imported, listed under the import card with a delete for each (DELETE /v1/documents/{id}), asked
 * twice: "Delete" opens a confirmation naming the document, and only "Yes, delete" sends. Deleting is an admin action:
 * it asks for the admin key when this tab holds none (lib/api-call.ts); a refusal is shown as the API words it. After a delete the lists and search refresh and
 * focus goes to the list's heading, with a status line saying what was deleted.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Document } from '../../../../shared/schemas/documents.ts';
import { Pagination } from '../../components/Pagination.tsx';
import { ErrorMessage, Loading } from '../../components/States.tsx';
import { date } from '../../lib/format.ts';
import { useApiMutation, useApiQuery } from '../../lib/queries.ts';
import { documentTitle } from '../../lib/document-title.ts';

const PAGE = 10;

export function ImportedDocuments() {
  const [page, setPage] = useState(1);
  const [deleted, setDeleted] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const queryClient = useQueryClient();
  const list = useApiQuery(
    'documentList',
    { query: { source: 'imported', limit: String(PAGE), offset: String((page - 1) * PAGE) } },
    { keepPrevious: true },
  );
  if (list.isPending) return <Loading label="Loading your imported documents…" />;
  if (list.isError) return <ErrorMessage error={list.error} onRetry={() => void list.refetch()} />;
  const total = list.data.meta.total;
  const pages = Math.max(1, Math.ceil(total / PAGE));
  const onDeleted = (title: string) => {
    setDeleted(title);
    // the last row of the last page gone: step back a page
    if (list.data.data.length === 1 && page > 1) setPage(page - 1);
    void queryClient.invalidateQueries({ queryKey: ['documentList'] });
    void queryClient.invalidateQueries({ queryKey: ['search'] });
    heading.current?.focus();
  };
  return (
    <div className="imported-docs">
      <h3 id="imported-h" ref={heading} tabIndex={-1}>
        Imported by you ({total})
      </h3>
      <p className="sr-only" role="status">
        {deleted ? `Deleted “${deleted}”.` : ''}
      </p>
      {deleted && <p className="small muted">Deleted “{deleted}”: it is gone from your library and from search.</p>}
      {total === 0 ? (
        <p className="muted">No imported documents yet.</p>
      ) : (
        <>
          <ul className="plain-list imported-list" aria-labelledby="imported-h">
            {list.data.data.map((d) => (
              <ImportedRow key={d.id} d={d} onDeleted={onDeleted} />
            ))}
          </ul>
          <Pagination page={page} pages={pages} onPage={setPage} label="Imported document pages" />
        </>
      )}
    </div>
  );
}

function ImportedRow({ d, onDeleted }: { d: Document; onDeleted: (title: string) => void }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useApiMutation('documentDelete');
  const yes = useRef<HTMLButtonElement>(null);
  // the confirmation takes focus, so a keyboard user lands on the choice just offered
  useEffect(() => {
    if (confirming) yes.current?.focus();
  }, [confirming]);
  const title = documentTitle(d);
  const meta = [d.external_id ? `your id ${d.external_id}` : null, date(d.publication_date, d.publication_year)]
    .filter(Boolean)
    .join(' · ');
  return (
    <li className="imported-row">
      <div className="imported-what">
        <Link to={`/documents/${d.id}`}>{title}</Link>
        {meta && <div className="muted small">{meta}</div>}
      </div>
      {!confirming ? (
        <button
          type="button"
          className="btn btn-danger btn-small"
          onClick={() => setConfirming(true)}
          aria-label={`Delete ${title}`}
        >
          Delete
        </button>
      ) : (
        <span className="confirm" role="group" aria-label={`Confirm deleting ${title}`}>
          <span className="small">Delete it from your library and search? Importing it again brings it back.</span>
          <button
            type="button"
            className="btn btn-danger btn-small"
            disabled={remove.isPending}
            ref={yes}
            onClick={() => remove.mutate({ params: { id: d.id } }, { onSuccess: () => onDeleted(title) })}
          >
            Yes, delete
          </button>
          <button type="button" className="btn btn-secondary btn-small" onClick={() => setConfirming(false)}>
            Cancel
          </button>
          {remove.isError && <ErrorMessage error={remove.error} />}
        </span>
      )}
    </li>
  );
}
