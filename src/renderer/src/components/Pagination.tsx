import { num } from '../lib/format.ts';

/** Previous / next with "page x of y"; pages are 1-based for people. */
export function Pagination({
  page,
  pages,
  onPage,
  label = 'Results pages',
}: {
  page: number;
  pages: number;
  onPage: (p: number) => void;
  label?: string;
}) {
  if (pages <= 1) return null;
  return (
    <nav className="pagination" aria-label={label}>
      <button type="button" className="btn btn-secondary" onClick={() => onPage(page - 1)} disabled={page <= 1}>
        ← Previous
      </button>
      <span aria-current="page">
        Page {num(page, 0)} of {num(pages, 0)}
      </span>
      <button type="button" className="btn btn-secondary" onClick={() => onPage(page + 1)} disabled={page >= pages}>
        Next →
      </button>
    </nav>
  );
}
