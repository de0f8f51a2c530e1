/**
 * Search: one box over compounds, documents and research items, with type, source, grade and category facets. When the
 * API corrected a typo or searched a brand's generic too, the results say so ("Showing results for metformin").
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import type { EndpointInput } from '../../../shared/client.ts';
import { CATEGORIES, EVIDENCE_GRADES, type EvidenceGrade } from '../../../shared/enums.ts';
import {
  MAX_QUERY_LENGTH,
  SEARCH_SORTS,
  SEARCH_TYPES,
  type DocumentSource,
  type SearchHit,
  type SemanticSearchData,
} from '../../../shared/schemas/search.ts';
import { GradeBadge, Tag } from '../components/Badges.tsx';
import { ExternalLink } from '../components/ExternalLink.tsx';
import { SEARCH_INPUT_ID } from '../components/Layout.tsx';
import { Pagination } from '../components/Pagination.tsx';
import { Empty, ErrorMessage, Loading } from '../components/States.tsx';
import { categoryLabel, date, gradeMeaning, num, plural, researchDocumentId } from '../lib/format.ts';
import { useMediaQuery } from '../lib/media.ts';
import { useApiQuery } from '../lib/queries.ts';
import { pick, pickList, useUrlState } from '../lib/url-state.ts';
import { useTitle } from '../lib/title.ts';

const PAGE_SIZE = 10;
type SearchType = (typeof SEARCH_TYPES)[number];
type SearchSort = (typeof SEARCH_SORTS)[number];
const TYPE_LABEL: Record<SearchType, string> = {
  compounds: 'Compounds',
  documents: 'Documents',
  research: 'Research questions',
};
const FACET_TYPE: Record<'compound' | 'document' | 'research', SearchType> = {
  compound: 'compounds',
  document: 'documents',
  research: 'research',
};
const SORT_LABEL: Record<SearchSort, string> = {
  relevance: 'Relevance',
  evidence_grade: 'Evidence grade (A first)',
  date: 'Newest first',
  name: 'Name (A–Z)',
};
/** The source filter: your imported library alone, or what Materia ships. */
const SOURCE_CHOICES = ['imported', 'bundled'] as const;
type SourceChoice = (typeof SOURCE_CHOICES)[number];
const SOURCE_CHOICE_LABEL: Record<SourceChoice, string> = {
  imported: 'My library (imported)',
  bundled: 'Bundled with Materia',
};
export const DOCUMENT_SOURCE_LABEL: Record<DocumentSource, string> = {
  scifact: 'SciFact',
  cord19: 'CORD-19',
  pubmedqa: 'PubMedQA',
  imported: 'My library',
};
const EXAMPLES = ['vitamin d fracture prevention', 'magnesium sleep', 'metformin', 'BPC-157', 'creatine cognition'];

type SearchInput = EndpointInput<'search'>;

export function SearchPage() {
  const url = useUrlState();
  const location = useLocation();
  const q = url.get('q').trim();
  const type = pick(url.get('type'), SEARCH_TYPES);
  const grades = pickList(url.getList('grade'), EVIDENCE_GRADES);
  const category = pick(url.get('category'), CATEGORIES);
  const sort = pick(url.get('sort'), SEARCH_SORTS) ?? 'relevance';
  const source = pick(url.get('source'), SOURCE_CHOICES);
  useTitle(q ? `“${q}” — Search` : 'Search');

  const [text, setText] = useState(q);
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    setText(q);
  }, [q]);
  useEffect(() => {
    box.current?.focus();
  }, [location.state]);
  // typing searches after a short pause; Enter searches at once
  const setUrl = url.set;
  useEffect(() => {
    const t = text.trim();
    if (t === q || (t.length > 0 && t.length < 2)) return;
    const timer = setTimeout(() => setUrl({ q: t }, { replace: true }), 400);
    return () => clearTimeout(timer);
  }, [text, q, setUrl]);

  const filters = (omit: 'grade' | 'category' | null): SearchInput['body']['filters'] => {
    const f: NonNullable<SearchInput['body']['filters']> = {};
    if (omit !== 'grade' && grades.length) f.evidence_grade = grades;
    if (omit !== 'category' && category) f.category = category;
    if (source) f.source = [source];
    return Object.keys(f).length ? f : undefined;
  };
  const base = (omit: 'grade' | 'category' | 'type' | null, limit: number, offset: number): SearchInput => ({
    body: {
      query: q,
      limit,
      offset,
      sort,
      types: type && omit !== 'type' ? [type] : [...SEARCH_TYPES],
      filters: filters(omit === 'type' ? null : omit),
    },
  });
  const enabled = q.length > 0;
  const results = useApiQuery('search', base(null, PAGE_SIZE, (url.page - 1) * PAGE_SIZE), {
    enabled,
    keepPrevious: true,
  });
  // facets count what each choice would give with the other filters kept (so a chosen facet still shows its siblings)
  const typeFacet = useApiQuery('search', base('type', 1, 0), { enabled: enabled && !!type, keepPrevious: true });
  const gradeFacet = useApiQuery('search', base('grade', 1, 0), {
    enabled: enabled && grades.length > 0,
    keepPrevious: true,
  });
  const categoryFacet = useApiQuery('search', base('category', 1, 0), {
    enabled: enabled && !!category,
    keepPrevious: true,
  });

  const data = results.data?.data;
  const facets = {
    types: (type ? typeFacet.data?.data : data)?.facets.types ?? [],
    grades: (grades.length ? gradeFacet.data?.data : data)?.facets.evidence_grades ?? [],
    categories: (category ? categoryFacet.data?.data : data)?.facets.categories ?? [],
  };
  // "All" is the all-types search's own total: a PubMedQA record is one result there, though each type counts it
  const allTypesTotal = (type ? typeFacet.data?.data : data)?.results_total ?? 0;
  // narrow windows fold the filters away so results come first
  const narrow = useMediaQuery('(max-width: 820px)');
  const active = (type ? 1 : 0) + grades.length + (category ? 1 : 0) + (source ? 1 : 0);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    url.set({ q: text.trim() });
  };

  return (
    <div className="page">
      <header className="page-header">
        <h1>Search</h1>
        <p className="lede">Compounds, research documents and research questions in the local library.</p>
      </header>
      <form role="search" className="search-form" onSubmit={submit}>
        <label htmlFor={SEARCH_INPUT_ID} className="sr-only">
          Search the library
        </label>
        <input
          id={SEARCH_INPUT_ID}
          ref={box}
          type="search"
          value={text}
          maxLength={MAX_QUERY_LENGTH}
          autoComplete="off"
          placeholder="Search compounds, documents, research… (press / to focus)"
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className="btn btn-primary">
          Search
        </button>
      </form>

      {!enabled && <SearchIntro onPick={(example) => url.set({ q: example })} />}

      {enabled && (
        <div className="with-facets">
          <aside className="facets" aria-label="Filters">
            <details open={!narrow} className="facets-fold">
              <summary>Filters{active > 0 ? ` (${active} active)` : ''}</summary>
              <div className="facets-body">
                <fieldset className="facet">
                  <legend>Type</legend>
                  <div className="pill-group">
                    <button type="button" className="pill" aria-pressed={!type} onClick={() => url.set({ type: null })}>
                      All{facets.types.length > 0 && <span className="count">{num(allTypesTotal, 0)}</span>}
                    </button>
                    {facets.types.map((t) => (
                      <button
                        key={t.name}
                        type="button"
                        className="pill"
                        aria-pressed={type === FACET_TYPE[t.name]}
                        onClick={() => url.set({ type: FACET_TYPE[t.name] })}
                      >
                        {TYPE_LABEL[FACET_TYPE[t.name]]}
                        <span className="count">{num(t.count, 0)}</span>
                      </button>
                    ))}
                  </div>
                </fieldset>
                <fieldset className="facet">
                  <legend>Source</legend>
                  <label className="check">
                    <input type="radio" name="source" checked={!source} onChange={() => url.set({ source: null })} />
                    <span className="check-label">All sources</span>
                  </label>
                  {SOURCE_CHOICES.map((sc) => (
                    <label key={sc} className="check">
                      <input
                        type="radio"
                        name="source"
                        checked={source === sc}
                        onChange={() => url.set({ source: sc })}
                      />
                      <span className="check-label">{SOURCE_CHOICE_LABEL[sc]}</span>
                      {!source && data && (
                        <span className="count" title="documents and research items">
                          {num(sourceCount(data, sc), 0)}
                        </span>
                      )}
                    </label>
                  ))}
                </fieldset>
                <fieldset className="facet">
                  <legend>Evidence grade</legend>
                  {EVIDENCE_GRADES.map((g) => {
                    const count = facets.grades.find((f) => f.grade === g)?.count ?? 0;
                    const checked = grades.includes(g);
                    return (
                      <label key={g} className="check">
                        <input
                          type="checkbox"
                          checked={checked}
                          disabled={!checked && count === 0}
                          onChange={() => url.set({ grade: checked ? grades.filter((x) => x !== g) : [...grades, g] })}
                        />
                        <GradeBadge grade={g} scale={type === 'compounds' ? 'compound' : 'document'} />{' '}
                        <GradeWords grade={g} type={type} />
                        <span className="count">{num(count, 0)}</span>
                      </label>
                    );
                  })}
                </fieldset>
                <fieldset className="facet">
                  <legend>Category</legend>
                  <label className="check">
                    <input
                      type="radio"
                      name="category"
                      checked={!category}
                      onChange={() => url.set({ category: null })}
                    />
                    <span className="check-label">Any category</span>
                  </label>
                  {CATEGORIES.map((c) => {
                    const count = facets.categories.find((f) => f.name === c)?.count ?? 0;
                    if (count === 0 && category !== c) return null;
                    return (
                      <label key={c} className="check">
                        <input
                          type="radio"
                          name="category"
                          checked={category === c}
                          onChange={() => url.set({ category: c })}
                        />
                        <span className="check-label">{categoryLabel(c)}</span>
                        <span className="count">{num(count, 0)}</span>
                      </label>
                    );
                  })}
                </fieldset>
              </div>
            </details>
          </aside>

          <section className="results" aria-label="Results" aria-busy={results.isFetching}>
            <div className="results-bar">
              <p className="results-count" aria-live="polite">
                {data ? (
                  <>
                    {plural(data.results_total, 'result')} for “{data.query}”
                  </>
                ) : results.isPending ? (
                  'Searching…'
                ) : (
                  ''
                )}
                {data && <span className="muted"> · {data.search_mode} search</span>}
              </p>
              <label className="inline-field">
                <span>Sort by</span>
                <select
                  value={sort}
                  onChange={(e) => url.set({ sort: e.target.value === 'relevance' ? null : e.target.value })}
                >
                  {SEARCH_SORTS.map((s) => (
                    <option key={s} value={s}>
                      {SORT_LABEL[s]}
                    </option>
                  ))}
                </select>
              </label>
            </div>
            {data?.query_interpretation && <Interpretation query={data.query} qi={data.query_interpretation} />}
            {results.isPending && <Loading label="Searching…" />}
            {results.isError && <ErrorMessage error={results.error} onRetry={() => void results.refetch()} />}
            {data && data.results.length === 0 && (
              <Empty
                title={`Nothing matches “${data.query}”${grades.length || category || type || source ? ' with these filters' : ''}.`}
              >
                {grades.length > 0 || category || type || source ? (
                  <button
                    type="button"
                    className="btn btn-secondary"
                    onClick={() => url.set({ grade: null, category: null, type: null, source: null })}
                  >
                    Clear filters
                  </button>
                ) : (
                  <p>Try fewer or different words; names also match with small typos.</p>
                )}
              </Empty>
            )}
            {data && data.results.length > 0 && (
              <ol className="result-list" start={data.pagination.offset + 1}>
                {data.results.map((hit) => (
                  <li key={`${hit.type}-${hit.id}`}>
                    <SearchResult hit={hit} />
                  </li>
                ))}
              </ol>
            )}
            {data && (
              <Pagination
                page={url.page}
                pages={data.pagination.pages}
                onPage={(p) => {
                  url.set({ page: String(p) });
                  window.scrollTo(0, 0);
                }}
              />
            )}
          </section>
        </div>
      )}
    </div>
  );
}

/**
 * A grade's words in the facet: a letter means one thing for a compound (its evidence profile) and another for a
 * document or research item (its study design), so with every type searched both are said.
 */
function GradeWords({ grade, type }: { grade: EvidenceGrade; type: SearchType | undefined }) {
  if (type === 'compounds') return <span className="check-label">{gradeMeaning(grade)}</span>;
  if (type) return <span className="check-label">{gradeMeaning(grade, 'document')}</span>;
  return (
    <span className="check-label">
      <span className="grade-scale">Compounds: {gradeMeaning(grade)}</span>
      <span className="grade-scale">Documents: {gradeMeaning(grade, 'document')}</span>
    </span>
  );
}

/** Documents and research items of one source choice, from the sources facet (compounds are all bundled). */
function sourceCount(data: SemanticSearchData, choice: SourceChoice): number {
  const docs = data.facets.sources
    .filter((f) => (choice === 'imported' ? f.name === 'imported' : f.name !== 'imported'))
    .reduce((n, f) => n + f.count, 0);
  const compounds = choice === 'bundled' ? (data.facets.types.find((t) => t.name === 'compound')?.count ?? 0) : 0;
  return docs + compounds;
}

/** "Showing results for metformin": the API corrected a misspelt name or searched further names too. */
function Interpretation({ query, qi }: { query: string; qi: NonNullable<SemanticSearchData['query_interpretation']> }) {
  if (!qi.corrected && qi.expanded_with.length === 0) return null;
  return (
    <p className="interpretation-line" role="note">
      {qi.corrected && (
        <>
          Showing results for <strong>{qi.corrected}</strong> <span className="muted">(you typed “{query}”)</span>.{' '}
        </>
      )}
      {qi.expanded_with.length > 0 && (
        <>
          Also searched for{' '}
          {qi.expanded_with.map((x, i) => (
            <span key={x}>
              {i > 0 && ', '}
              <strong>{x}</strong>
            </span>
          ))}
          .
        </>
      )}
    </p>
  );
}

function SearchIntro({ onPick }: { onPick: (q: string) => void }) {
  const health = useApiQuery('health', {});
  const counts = health.data?.data.content.counts;
  return (
    <section className="intro" aria-label="Getting started">
      {counts && (
        <p>
          The library holds {plural(counts.compounds, 'compound')}, {plural(counts.monographs, 'monograph')} and{' '}
          {plural(counts.documents, 'research document')}. Everything runs on this machine.
        </p>
      )}
      <p className="muted">Try:</p>
      <ul className="example-list">
        {EXAMPLES.map((e) => (
          <li key={e}>
            <button type="button" className="pill" onClick={() => onPick(e)}>
              {e}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function authorsLine(authors: string[]): string {
  if (authors.length === 0) return '';
  return authors.length > 3 ? `${authors.slice(0, 3).join('; ')} et al.` : authors.join('; ');
}

export function SearchResult({ hit }: { hit: SearchHit }) {
  if (hit.type === 'compound') {
    return (
      <article className="result">
        <p className="result-kind">Compound · {categoryLabel(hit.category)}</p>
        <h2 className="result-title">
          <Link to={`/compounds/${hit.slug}`}>{hit.name}</Link> <GradeBadge grade={hit.evidence_grade} />
        </h2>
        <p className="clamp-3">{hit.summary}</p>
        <p className="result-meta">
          <span>
            <strong>Typical dose:</strong> {hit.typical_dosage}
          </span>
          {hit.route_of_administration.length > 0 && (
            <span>
              <strong>Route:</strong> {hit.route_of_administration.join(', ')}
            </span>
          )}
        </p>
      </article>
    );
  }
  if (hit.type === 'document') {
    return (
      <article className="result">
        <p className="result-kind">
          Document · {DOCUMENT_SOURCE_LABEL[hit.source]}
          {hit.source === 'imported' && hit.external_id ? ` (your id ${hit.external_id})` : ''}
          {hit.journal ? ` · ${hit.journal}` : ''}
          {hit.publication_date ? ` · ${date(hit.publication_date)}` : ''}
        </p>
        <h2 className="result-title">
          <Link to={`/documents/${hit.id}`}>{hit.title ?? 'Untitled record'}</Link>{' '}
          <GradeBadge grade={hit.evidence_grade} scale="document" />
        </h2>
        {hit.authors.length > 0 && <p className="muted">{authorsLine(hit.authors)}</p>}
        {hit.abstract && <p className="clamp-3">{hit.abstract}</p>}
        {hit.url && (
          <p className="result-meta">
            <ExternalLink href={hit.url}>{hit.doi ? `DOI ${hit.doi}` : 'Source'}</ExternalLink>
          </p>
        )}
      </article>
    );
  }
  const docId = researchDocumentId(hit.id);
  return (
    <article className="result">
      <p className="result-kind">Research question</p>
      <h2 className="result-title">{docId ? <Link to={`/documents/${docId}`}>{hit.title}</Link> : hit.title}</h2>
      <p className="clamp-3">
        <strong>Conclusion:</strong> {hit.content_preview}
      </p>
      {hit.topics.length > 0 && (
        <p className="tags">
          {hit.topics.slice(0, 6).map((t) => (
            <Tag key={t}>{t}</Tag>
          ))}
        </p>
      )}
    </article>
  );
}
