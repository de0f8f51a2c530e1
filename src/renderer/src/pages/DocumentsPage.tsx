/** Documents: filters, a list with the abstract one click away, and links to DOI and PubMed. */
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import type { EndpointInput } from '../../../shared/client.ts';
import { EVIDENCE_GRADES } from '../../../shared/enums.ts';
import { DOCUMENT_SOURCES, type Document } from '../../../shared/schemas/documents.ts';
import { GradeBadge, Tag } from '../components/Badges.tsx';
import { doiUrl, ExternalLink, pubmedUrl } from '../components/ExternalLink.tsx';
import { GradePicker } from '../components/GradePicker.tsx';
import { Pagination } from '../components/Pagination.tsx';
import { Empty, ErrorMessage, Loading } from '../components/States.tsx';
import { documentTitle } from '../lib/document-title.ts';
import { date, gradeMeaning, plural } from '../lib/format.ts';
import { useApiQuery } from '../lib/queries.ts';
import { pick, pickList, useUrlState } from '../lib/url-state.ts';
import { useTitle } from '../lib/title.ts';
import { ImportPanel } from './documents/ImportPanel.tsx';

const PAGE_SIZE = 20;
const SOURCE_LABEL: Record<(typeof DOCUMENT_SOURCES)[number], string> = {
  scifact: 'SciFact',
  cord19: 'CORD-19',
  pubmedqa: 'PubMedQA',
  imported: 'Imported by you',
};

function DocLinks({ d }: { d: Document }) {
  const links: { href: string; label: string }[] = [];
  if (d.doi) links.push({ href: doiUrl(d.doi), label: `DOI ${d.doi}` });
  if (d.pmid) links.push({ href: pubmedUrl(d.pmid), label: `PubMed ${d.pmid}` });
  if (d.pmcid) links.push({ href: `https://www.ncbi.nlm.nih.gov/pmc/articles/${d.pmcid}/`, label: d.pmcid });
  if (d.url && !links.some((l) => l.href === d.url)) links.push({ href: d.url, label: 'Source page' });
  if (links.length === 0) return null;
  return (
    <ul className="inline-list">
      {links.map((l) => (
        <li key={l.href}>
          <ExternalLink href={l.href}>{l.label}</ExternalLink>
        </li>
      ))}
    </ul>
  );
}

function byline(d: Document): string {
  const authors = d.authors.length > 3 ? `${d.authors.slice(0, 3).join('; ')} et al.` : d.authors.join('; ');
  return [authors, d.journal, date(d.publication_date, d.publication_year)].filter(Boolean).join(' · ');
}

export function DocumentsPage() {
  const url = useUrlState();
  const q = url.get('q').trim();
  useTitle(q && `“${q}”`, 'Documents');
  const grades = pickList(url.getList('grade'), EVIDENCE_GRADES);
  const journal = url.get('journal').trim();
  const from = url.get('from').trim();
  const to = url.get('to').trim();
  const source = pick(url.get('source'), DOCUMENT_SOURCES);
  const compound = url.get('compound').trim();

  const [form, setForm] = useState({ q, journal, from, to, compound });
  useEffect(() => {
    setForm({ q, journal, from, to, compound });
  }, [q, journal, from, to, compound]);

  const query: EndpointInput<'documentList'>['query'] = {
    limit: String(PAGE_SIZE),
    offset: String((url.page - 1) * PAGE_SIZE),
    q: q || undefined,
    evidence_grade: grades.length ? grades.join(',') : undefined,
    journal: journal || undefined,
    from: from || undefined,
    to: to || undefined,
    source,
    compound: compound || undefined,
  };
  const docs = useApiQuery('documentList', { query }, { keepPrevious: true });
  // every filter applies by itself, as the choices do: typed ones after a short pause (a date once it is complete)
  const setUrl = url.set;
  useEffect(() => {
    const next = {
      q: form.q.trim(),
      journal: form.journal.trim(),
      from: form.from.trim(),
      to: form.to.trim(),
      compound: form.compound.trim(),
    };
    const applied = { q, journal, from, to, compound };
    const complete = (d: string) => d === '' || /^\d{4}(-\d{2}-\d{2})?$/.test(d);
    if (
      (Object.keys(next) as (keyof typeof next)[]).every((k) => next[k] === applied[k]) ||
      !complete(next.from) ||
      !complete(next.to)
    )
      return;
    const timer = setTimeout(() => setUrl(next, { replace: true }), 500);
    return () => clearTimeout(timer);
  }, [form, q, journal, from, to, compound, setUrl]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    url.set({
      q: form.q.trim(),
      journal: form.journal.trim(),
      from: form.from.trim(),
      to: form.to.trim(),
      compound: form.compound.trim(),
    });
  };
  const anyFilter = !!(q || grades.length || journal || from || to || source || compound);
  const field = (key: keyof typeof form) => ({
    value: form[key],
    onChange: (e: { target: { value: string } }) => setForm({ ...form, [key]: e.target.value }),
  });

  return (
    <div className="page">
      <header className="page-header">
        <h1>Documents</h1>
        <p className="lede">
          Research abstracts and bibliographic records
          {compound ? (
            <>
              {' '}
              that mention <Link to={`/compounds/${compound}`}>{compound}</Link>
            </>
          ) : (
            ''
          )}
          . Without a search, newest first.
        </p>
      </header>
      <ImportPanel />
      <form className="filter-bar" onSubmit={submit} aria-label="Document filters">
        <div className="field grow">
          <label htmlFor="dq">Words in title or abstract</label>
          <input id="dq" type="search" maxLength={256} placeholder="e.g. vitamin d fracture" {...field('q')} />
        </div>
        <div className="field">
          <label htmlFor="djournal">Journal (exact name)</label>
          <input id="djournal" maxLength={256} placeholder="e.g. BMJ" {...field('journal')} />
        </div>
        <div className="field narrow">
          <label htmlFor="dfrom">From</label>
          <input
            id="dfrom"
            inputMode="numeric"
            placeholder="e.g. 2015"
            aria-describedby="date-hint"
            {...field('from')}
          />
        </div>
        <div className="field narrow">
          <label htmlFor="dto">To</label>
          <input
            id="dto"
            inputMode="numeric"
            placeholder="e.g. 2022-06-30"
            aria-describedby="date-hint"
            {...field('to')}
          />
        </div>
        <div className="field">
          <label htmlFor="dsource">Source</label>
          <select id="dsource" value={source ?? ''} onChange={(e) => url.set({ source: e.target.value })}>
            <option value="">All sources</option>
            {DOCUMENT_SOURCES.map((s) => (
              <option key={s} value={s}>
                {SOURCE_LABEL[s]}
              </option>
            ))}
          </select>
        </div>
        <div className="field narrow">
          <label htmlFor="dcompound">Compound (slug)</label>
          <input id="dcompound" maxLength={128} placeholder="e.g. metformin" {...field('compound')} />
        </div>
        <GradePicker selected={grades} onChange={(next) => url.set({ grade: next })} scale="document" />
        <div className="filter-actions">
          <button type="submit" className="btn btn-primary">
            Apply
          </button>
          {anyFilter && (
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() =>
                url.set({ q: null, grade: null, journal: null, from: null, to: null, source: null, compound: null })
              }
            >
              Clear
            </button>
          )}
        </div>
        <p id="date-hint" className="hint full">
          Filters apply as you choose or type (Enter applies at once). Dates as YYYY or YYYY-MM-DD, inclusive; a record
          with only a year counts when its year overlaps.
        </p>
      </form>

      <section aria-label="Documents" aria-busy={docs.isFetching}>
        {docs.isPending && <Loading label="Loading documents…" />}
        {docs.isError && <ErrorMessage error={docs.error} onRetry={() => void docs.refetch()} />}
        {docs.data && (
          <p className="results-count" aria-live="polite">
            {plural(docs.data.meta.total, 'document')}
          </p>
        )}
        {docs.data && docs.data.data.length === 0 && (
          <Empty title="No document matches these filters.">
            {anyFilter && <p>Try a wider date range or fewer words.</p>}
          </Empty>
        )}
        {docs.data && docs.data.data.length > 0 && (
          <ol className="result-list" start={docs.data.meta.offset + 1}>
            {docs.data.data.map((d) => (
              <li key={d.id}>
                <article className="result">
                  <p className="result-kind">
                    {SOURCE_LABEL[d.source]} · {d.study_design_label}
                  </p>
                  <h2 className="result-title">
                    <Link to={`/documents/${d.id}`}>{documentTitle(d)}</Link>{' '}
                    <GradeBadge grade={d.evidence_grade} scale="document" />
                  </h2>
                  <p className="muted">{byline(d)}</p>
                  {d.abstract ? (
                    <details className="abstract">
                      <summary>Abstract</summary>
                      <p>{d.abstract}</p>
                    </details>
                  ) : (
                    <p className="muted small">
                      No abstract in the library (the source has none or its licence does not allow it).
                    </p>
                  )}
                  <DocLinks d={d} />
                </article>
              </li>
            ))}
          </ol>
        )}
        {docs.data && (
          <Pagination
            page={url.page}
            pages={Math.ceil(docs.data.meta.total / PAGE_SIZE)}
            onPage={(p) => {
              url.set({ page: String(p) });
              window.scrollTo(0, 0);
            }}
            label="Document pages"
          />
        )}
      </section>
    </div>
  );
}

export function DocumentPage() {
  const { id = '' } = useParams();
  const doc = useApiQuery('documentGet', { params: { id } });
  useTitle(doc.data ? documentTitle(doc.data.data) : 'Document', 'Documents');
  if (doc.isPending)
    return (
      <div className="page">
        <h1>Document</h1>
        <Loading label="Loading the document…" />
      </div>
    );
  if (doc.isError) {
    return (
      <div className="page">
        <h1>Document</h1>
        <ErrorMessage error={doc.error} onRetry={() => void doc.refetch()} />
        <p>
          <Link to="/documents">Back to documents</Link>
        </p>
      </div>
    );
  }
  const d = doc.data.data;
  return (
    <div className="page document">
      <nav className="breadcrumbs" aria-label="Breadcrumb">
        <Link to="/documents">Documents</Link> <span aria-hidden="true">›</span> {d.id}
      </nav>
      <header className="page-header">
        <h1>{documentTitle(d)}</h1>
        <p className="header-meta">
          {/* A document's grade follows from its design alone: shown with the design, never with the compound scale's words. */}
          <span
            className={`badge grade grade-${d.evidence_grade}`}
            title={`Document grade ${d.evidence_grade}, from its study design: ${gradeMeaning(d.evidence_grade, 'document')}`}
          >
            Grade {d.evidence_grade}
            <span className="badge-note"> · {d.study_design_label}</span>
          </span>
          <Tag>{SOURCE_LABEL[d.source]}</Tag>
        </p>
        <p className="muted">{byline(d)}</p>
      </header>
      <section className="card section" aria-labelledby="abs-h">
        <h2 id="abs-h">Abstract</h2>
        {d.abstract ? (
          <p className="abstract-text">{d.abstract}</p>
        ) : (
          <p className="muted">
            No abstract in the library: the source has none or its licence does not allow redistributing it.
          </p>
        )}
      </section>
      <section className="card section" aria-labelledby="rec-h">
        <h2 id="rec-h">Record</h2>
        <dl className="facts">
          <div>
            <dt>Authors</dt>
            <dd>{d.authors.length ? d.authors.join('; ') : 'Not given by the source'}</dd>
          </div>
          <div>
            <dt>Journal</dt>
            <dd>{d.journal ?? 'Not given by the source'}</dd>
          </div>
          <div>
            <dt>Published</dt>
            <dd>{date(d.publication_date, d.publication_year)}</dd>
          </div>
          <div>
            <dt>Licence</dt>
            <dd>{d.license ?? 'Not stated'}</dd>
          </div>
          <div>
            <dt>Identifier</dt>
            <dd>
              <code>{d.id}</code>
            </dd>
          </div>
        </dl>
        <h3>Links</h3>
        <DocLinks d={d} />
        {!d.doi && !d.pmid && !d.url && <p className="muted">The source gives no DOI, PubMed ID or link.</p>}
        {d.mesh_terms.length > 0 && (
          <>
            <h3>MeSH terms</h3>
            <p className="tags">
              {d.mesh_terms.map((t) => (
                <Tag key={t}>{t}</Tag>
              ))}
            </p>
          </>
        )}
      </section>
    </div>
  );
}
