/**
 * Compounds: the filters of compound search and a table sortable by any column.
 *
 * In the API's own order (by name when browsing, by relevance for words) the table pages through the API, 25 records a
 * request. Another column's order needs every match, so only then are all matches read (up to MAX_ROWS) and sorted here.
 */
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { EndpointInput } from '../../../shared/client.ts';
import { CATEGORIES, EVIDENCE_GRADES, STATUSES, type Category } from '../../../shared/enums.ts';
import type { CompoundRecord } from '../../../shared/schemas/compounds.ts';
import { useAllCompounds, type CompoundQuery } from '../lib/compounds.ts';
import { useMediaQuery } from '../lib/media.ts';
import { useApiQuery } from '../lib/queries.ts';
import { GradeBadge } from '../components/Badges.tsx';
import { GradePicker } from '../components/GradePicker.tsx';
import { Pagination } from '../components/Pagination.tsx';
import { Empty, ErrorMessage, Loading } from '../components/States.tsx';
import { categoryLabel, humanize, num, plural, statusLabel } from '../lib/format.ts';
import { pick, pickList, useUrlState } from '../lib/url-state.ts';
import { useTitle } from '../lib/title.ts';

const PAGE_SIZE = 25;
const SORTS = ['relevance', 'name', 'category', 'grade', 'research', 'status'] as const;
type Sort = (typeof SORTS)[number];

type Body = EndpointInput<'compoundSearch'>['body'];

/** The direction each column sorts in when first clicked: the most linked studies first, everything else A to Z. */
const NATURAL: Record<Sort, 'ascending' | 'descending'> = {
  relevance: 'descending',
  name: 'ascending',
  category: 'ascending',
  grade: 'ascending',
  research: 'descending',
  status: 'ascending',
};
const flip = (d: 'ascending' | 'descending') => (d === 'ascending' ? 'descending' : 'ascending');

/** The orders offered by the "Sort by" list (the table headings do the same on wide screens). */
const SORT_CHOICES: { value: string; label: string; sort: Sort; desc: boolean }[] = [
  { value: 'relevance', label: 'Relevance', sort: 'relevance', desc: false },
  { value: 'name', label: 'Name, A to Z', sort: 'name', desc: false },
  { value: 'name-desc', label: 'Name, Z to A', sort: 'name', desc: true },
  { value: 'grade', label: 'Evidence grade, A first', sort: 'grade', desc: false },
  { value: 'research', label: 'Linked studies, most first', sort: 'research', desc: false },
  { value: 'category', label: 'Category', sort: 'category', desc: false },
  { value: 'status', label: 'Status', sort: 'status', desc: false },
];

const GRADE_ORDER = Object.fromEntries(EVIDENCE_GRADES.map((g, i) => [g, i]));

function compare(a: CompoundRecord, b: CompoundRecord, sort: Sort): number {
  switch (sort) {
    case 'name':
      return a.name.localeCompare(b.name);
    case 'category':
      return (
        categoryLabel(a.category).localeCompare(categoryLabel(b.category)) ||
        a.subcategory.localeCompare(b.subcategory) ||
        a.name.localeCompare(b.name)
      );
    case 'grade':
      return GRADE_ORDER[a.evidence_grade]! - GRADE_ORDER[b.evidence_grade]! || a.name.localeCompare(b.name);
    case 'research':
      return (b.research_count ?? 0) - (a.research_count ?? 0) || a.name.localeCompare(b.name);
    case 'status':
      return statusLabel(a.status).localeCompare(statusLabel(b.status)) || a.name.localeCompare(b.name);
    default:
      return 0;
  }
}

export function CompoundsPage() {
  const url = useUrlState();
  const q = url.get('q').trim();
  const category = pick(url.get('category'), CATEGORIES);
  const subcategory = url.get('subcategory').trim();
  const grades = pickList(url.getList('grade'), EVIDENCE_GRADES);
  const status = pick(url.get('status'), STATUSES);
  const hasStudies = url.get('studies') === '1';
  const sort: Sort = pick(url.get('sort'), SORTS) ?? (q ? 'relevance' : 'name');
  const desc = url.get('dir') === 'desc';
  useTitle(q && `“${q}”`, 'Compounds');

  const [text, setText] = useState(q);
  useEffect(() => {
    setText(q);
  }, [q]);
  const [sub, setSub] = useState(subcategory);
  useEffect(() => {
    setSub(subcategory);
  }, [subcategory]);

  const filters: NonNullable<Body['filters']> = {};
  if (grades.length) filters.evidence_grade = grades;
  if (status) filters.status = status;
  if (hasStudies) filters.has_studies = true;
  const body: CompoundQuery = {
    query: q || '*',
    category,
    subcategory: subcategory || undefined,
    filters: Object.keys(filters).length ? filters : undefined,
    include_interactions: false,
    include_dosing: false,
  };
  // the API's own order: by relevance for words, by name when browsing
  const serverOrder = !desc && (sort === 'relevance' || (!q && sort === 'name'));
  const paged = useApiQuery(
    'compoundSearch',
    { body: { ...body, limit: PAGE_SIZE, offset: (url.page - 1) * PAGE_SIZE } },
    { enabled: serverOrder, keepPrevious: true },
  );
  const all = useAllCompounds(body, !serverOrder);
  const result = serverOrder ? paged : all;
  // subcategories offered for the chosen category: read when the field is first used, not with every visit
  const [wantSubs, setWantSubs] = useState(!!subcategory);
  // a phone shows the name box first and the other filters on demand, so the list starts on the first screen
  const phone = useMediaQuery('(max-width: 640px)');
  const [showFilters, setShowFilters] = useState(false);
  const browse = useAllCompounds(
    { query: '*', category, include_interactions: false, include_dosing: false },
    wantSubs,
  );
  const subcategories = useMemo(
    () => [...new Set((browse.data?.rows ?? []).map((c) => c.subcategory))].sort(),
    [browse.data],
  );

  const sorted = useMemo(() => {
    const list = [...(all.data?.rows ?? [])];
    if (sort !== 'relevance') list.sort((a, b) => compare(a, b, sort));
    if (desc) list.reverse();
    return list;
  }, [all.data, sort, desc]);
  const total = serverOrder ? paged.data?.meta.total : all.data?.total;
  const available = serverOrder ? (total ?? 0) : sorted.length; // rows that can be paged through
  const pages = Math.max(1, Math.ceil(available / PAGE_SIZE));
  const page = Math.min(url.page, pages);
  const shown = serverOrder ? (paged.data?.data ?? []) : sorted.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  const sortChoice = SORT_CHOICES.find((c) => c.sort === sort && c.desc === desc)?.value ?? '';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    url.set({ q: text.trim(), subcategory: sub.trim().toLowerCase().replace(/\s+/g, '_') });
  };
  const activeFilters =
    (category ? 1 : 0) + (subcategory ? 1 : 0) + (status ? 1 : 0) + (grades.length ? 1 : 0) + (hasStudies ? 1 : 0);
  const anyFilter = !!(q || category || subcategory || grades.length || status || hasStudies);

  const header = (key: Sort, label: string) => {
    const active = sort === key;
    const direction = desc ? flip(NATURAL[key]) : NATURAL[key];
    return (
      <th scope="col" aria-sort={active ? direction : 'none'}>
        <button
          type="button"
          className="sort-button"
          onClick={() => url.set({ sort: key, dir: active && !desc ? 'desc' : null, page: null })}
        >
          {label}
          <span aria-hidden="true" className="sort-mark">
            {active ? (direction === 'descending' ? ' ▼' : ' ▲') : ' ↕'}
          </span>
        </button>
      </th>
    );
  };

  return (
    <div className="page">
      <header className="page-header">
        <h1>Compounds</h1>
        <p className="lede">
          Browse and filter the compound records. Click a column heading, or choose an order, to sort.
        </p>
      </header>
      <form className="filter-bar" onSubmit={submit} aria-label="Compound filters">
        <div className="field grow">
          <label htmlFor="cq">Name or text</label>
          <input
            id="cq"
            type="search"
            value={text}
            maxLength={256}
            placeholder="e.g. magnesium, GLP-1, sleep"
            onChange={(e) => setText(e.target.value)}
          />
        </div>
        {phone && (
          <button
            type="button"
            className="btn btn-secondary filters-toggle"
            aria-expanded={showFilters}
            aria-controls="compound-more-filters"
            onClick={() => setShowFilters(!showFilters)}
          >
            {showFilters ? 'Hide filters' : `Filters and order${activeFilters ? ` (${activeFilters} active)` : ''}`}
          </button>
        )}
        {(!phone || showFilters) && (
          <>
            <div className="field" id="compound-more-filters">
              <label htmlFor="ccat">Category</label>
              <select
                id="ccat"
                value={category ?? ''}
                onChange={(e) => url.set({ category: e.target.value, subcategory: null })}
              >
                <option value="">All categories</option>
                {CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {categoryLabel(c)}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="csub">Subcategory</label>
              <input
                id="csub"
                list="csub-list"
                value={sub}
                onFocus={() => setWantSubs(true)}
                maxLength={64}
                placeholder="any"
                onChange={(e) => setSub(e.target.value)}
              />
              <datalist id="csub-list">
                {subcategories.map((s) => (
                  <option key={s} value={s}>
                    {humanize(s)}
                  </option>
                ))}
              </datalist>
            </div>
            <div className="field">
              <label htmlFor="cstatus">Status</label>
              <select id="cstatus" value={status ?? ''} onChange={(e) => url.set({ status: e.target.value })}>
                <option value="">Any status</option>
                {STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {statusLabel(s)}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="csort">Sort by</label>
              <select
                id="csort"
                value={sortChoice}
                onChange={(e) => {
                  const c = SORT_CHOICES.find((x) => x.value === e.target.value);
                  if (c) url.set({ sort: c.sort, dir: c.desc ? 'desc' : null, page: null });
                }}
              >
                {sortChoice === '' && <option value="">{sort}, reversed</option>}
                {SORT_CHOICES.filter((c) => q || c.sort !== 'relevance').map((c) => (
                  <option key={c.value} value={c.value}>
                    {c.label}
                  </option>
                ))}
              </select>
            </div>
            <GradePicker selected={grades} onChange={(next) => url.set({ grade: next })} />
            <label className="check field-check">
              <input
                type="checkbox"
                checked={hasStudies}
                onChange={(e) => url.set({ studies: e.target.checked ? '1' : null })}
              />
              <span className="check-label">With linked studies</span>
            </label>
          </>
        )}
        <div className="filter-actions">
          <button type="submit" className="btn btn-primary">
            Apply
          </button>
          {anyFilter && (
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() =>
                url.set({
                  q: null,
                  category: null,
                  subcategory: null,
                  grade: null,
                  status: null,
                  studies: null,
                  sort: null,
                  dir: null,
                })
              }
            >
              Clear
            </button>
          )}
        </div>
      </form>

      <section aria-label="Compounds" aria-busy={result.isFetching}>
        {result.isPending && <Loading label="Loading compounds…" />}
        {result.isError && <ErrorMessage error={result.error} onRetry={() => void result.refetch()} />}
        {result.data && (
          <p className="results-count" aria-live="polite">
            {plural(total ?? 0, 'compound')}
            {q ? <> matching “{q}”</> : ''}
            {!serverOrder && (total ?? 0) > sorted.length && (
              <span className="muted"> · sorting the first {num(sorted.length, 0)}</span>
            )}
            {q && sort !== 'relevance' && (
              <>
                {' '}
                ·{' '}
                <button type="button" className="link-button" onClick={() => url.set({ sort: 'relevance', dir: null })}>
                  order by relevance again
                </button>
              </>
            )}
          </p>
        )}
        {result.data && total === 0 && (
          <Empty title="No compound matches these filters.">
            <p>Widen the grade or status filters, or clear them.</p>
          </Empty>
        )}
        {shown.length > 0 && (
          <div className="table-wrap">
            <table className="data-table">
              <caption className="sr-only">
                Compounds, sorted by {sort}
                {desc ? ' (descending)' : ''}
              </caption>
              <thead>
                <tr>
                  {header('name', 'Name')}
                  {header('category', 'Category')}
                  {header('status', 'Status')}
                  {header('grade', 'Grade')}
                  {header('research', 'Linked studies')}
                  <th scope="col">Monograph</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((c) => (
                  <tr key={c.id}>
                    <td>
                      <Link to={`/compounds/${c.slug}`} className="strong-link">
                        {c.name}
                      </Link>
                      {c.alt_names.length > 0 && (
                        <div className="muted small">{c.alt_names.slice(0, 2).join(', ')}</div>
                      )}
                    </td>
                    <td>
                      {categoryLabel(c.category as Category)}
                      <div className="muted small">{humanize(c.subcategory)}</div>
                    </td>
                    <td>{statusLabel(c.status)}</td>
                    <td>
                      <GradeBadge grade={c.evidence_grade} />
                    </td>
                    <td className="num">{c.research_count !== undefined ? num(c.research_count, 0) : '—'}</td>
                    <td>{c.has_monograph ? 'Yes' : <span className="muted">No</span>}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pagination
          page={page}
          pages={pages}
          onPage={(p) => {
            url.set({ page: String(p) });
            window.scrollTo(0, 0);
          }}
          label="Compound pages"
        />
      </section>
    </div>
  );
}
