/**
 * A compound: its record, and every section of its monograph when it has one; linked documents; related compounds.
 * The record and the monograph are requested together (one round trip, not record then monograph); while the monograph
 * is on its way its sections keep their place, so nothing jumps when it arrives.
 */
import { useQuery } from '@tanstack/react-query';
import { createContext, useContext, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { CompoundRecord } from '../../../shared/schemas/compounds.ts';
import type { Monograph } from '../../../shared/schemas/monographs.ts';
import { PointOfCareCard } from '../components/PointOfCareCard.tsx';
import { PrintFooter } from '../components/PrintFooter.tsx';
import { GradeBadge, Tag } from '../components/Badges.tsx';
import { basisAnchor, ClaimCite, ClaimFootnotes } from '../components/ClaimCitations.tsx';
import { ExternalLink, pubmedUrl } from '../components/ExternalLink.tsx';
import { InteractionGroups, isTextlessSource, type InteractionRow } from '../components/InteractionGroups.tsx';
import { Pagination } from '../components/Pagination.tsx';
import { Empty, ErrorMessage, Loading } from '../components/States.tsx';
import { documentTitle } from '../lib/document-title.ts';
import { categoryLabel, date, humanize, num, plural, statusLabel } from '../lib/format.ts';
import { ApiError } from '../../../shared/client.ts';
import type { CompoundRecord as Rec } from '../../../shared/schemas/compounds.ts';
import { api } from '../api.ts';
import { queryClient, useApiQuery } from '../lib/queries.ts';
import { useTitle } from '../lib/title.ts';

const DOCS_PAGE = 10;

export function CompoundPage() {
  const { slug = '' } = useParams();
  const compound = useApiQuery('compoundGet', { params: { slug } });
  const c = compound.data?.data;
  useTitle(c?.name ?? (compound.isError ? 'Compound not found' : 'Compound'));
  // asked at once, beside the record; skipped only when the record (or a list already on screen) says there is none
  const known = c ?? knownRecord(slug);
  const monograph = useQuery({
    queryKey: ['monographGet:optional', slug],
    enabled: known?.has_monograph !== false,
    queryFn: async ({ signal }) => {
      try {
        return (await api.call('monographGet', { params: { slug } }, signal)).data;
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null; // no monograph for this compound
        throw err;
      }
    },
  });
  const m = monograph.data ?? undefined;

  if (compound.isPending)
    return (
      <div className="page">
        <h1>Compound</h1>
        <Loading label="Loading the compound…" />
      </div>
    );
  if (compound.isError) {
    return (
      <div className="page">
        <h1>Compound</h1>
        <ErrorMessage error={compound.error} onRetry={() => void compound.refetch()} />
        <p>
          <Link to="/compounds">Back to compounds</Link>
        </p>
      </div>
    );
  }
  const rec = compound.data.data;
  const monographComing = rec.has_monograph && !m && !monograph.isError;
  const sections: { id: string; title: string }[] = [
    ...(m?.point_of_care ? [{ id: 'point-of-care', title: 'At the point of care' }] : []),
    { id: 'overview', title: 'Overview' },
    ...(m || monographComing
      ? [
          { id: 'structure', title: 'Classification and structure' },
          { id: 'mechanism', title: 'Mechanism of action' },
          { id: 'evidence', title: 'Clinical evidence' },
          { id: 'indications', title: 'Indications' },
        ]
      : []),
    { id: 'dosing', title: 'Dosing' },
    { id: 'safety', title: 'Safety' },
    { id: 'interactions', title: 'Interactions' },
    ...(m || monographComing
      ? [
          { id: 'cost', title: 'Cost' },
          { id: 'related', title: 'Related compounds' },
        ]
      : []),
    { id: 'documents', title: 'Linked documents' },
    { id: 'sources', title: 'Sources' },
  ];

  const basis = (m?.sources ?? rec.sources).basis.length;
  return (
    <BasisCount.Provider value={basis}>
      <div className="page monograph">
        <nav className="breadcrumbs" aria-label="Breadcrumb">
          <Link to="/compounds">Compounds</Link> <span aria-hidden="true">›</span> {rec.name}
        </nav>
        <header className="page-header">
          <h1>{rec.name}</h1>
          {m && m.full_name !== rec.name && <p className="lede">{m.full_name}</p>}
          <p className="header-meta">
            <GradeBadge grade={rec.evidence_grade} long />
            <Tag>{categoryLabel(rec.category)}</Tag>
            <Tag>{humanize(rec.subcategory)}</Tag>
            <Tag>{statusLabel(rec.status)}</Tag>
            {rec.drugbank_id && <Tag>DrugBank {rec.drugbank_id}</Tag>}
          </p>
          {rec.alt_names.length > 0 && <AlsoKnownAs names={rec.alt_names} />}
        </header>

        <div className="with-toc">
          <nav className="toc" aria-label="Sections">
            <p className="toc-title">On this page</p>
            <ol>
              {sections.map((s) => (
                <li key={s.id}>
                  <a href={`#${s.id}`}>{s.title}</a>
                </li>
              ))}
            </ol>
          </nav>
          <div className="sections">
            {monographComing && <Loading label="Loading the monograph…" />}
            {monograph.isError && <ErrorMessage error={monograph.error} onRetry={() => void monograph.refetch()} />}
            {!rec.has_monograph && (
              <p className="notice">
                No monograph is written for this compound yet; this page shows its compound record.
              </p>
            )}
            {m?.point_of_care && <PointOfCareCard poc={m.point_of_care} sources={m.sources} />}
            <Section id="overview" title="Overview">
              <p>{rec.description}</p>
              {rec.benefits.length > 0 && (
                <>
                  <h3>Reported benefits</h3>
                  <ul>
                    {rec.benefits.map((b, i) => (
                      <li key={i}>{b}</li>
                    ))}
                  </ul>
                </>
              )}
            </Section>
            {m && <MonographBody m={m} />}
            {monographComing && <MonographPlaceholder />}
            {!m && !monographComing && <RecordBody rec={rec} />}
            <Section id="documents" title="Linked documents">
              <LinkedDocuments slug={slug} />
            </Section>
            <Section id="sources" title="Sources" cite={false}>
              <Sources rec={rec} m={m} />
            </Section>
            <PrintFooter
              scope=".monograph"
              what={`monograph last updated ${date(m?.last_updated ?? rec.last_updated)}`}
            />
          </div>
        </div>
      </div>
    </BasisCount.Provider>
  );
}

/** How many basis sources the monograph lists: every editorial section cites them ([1–4]). */
const BasisCount = createContext(0);

/** The common names first; the rest (often chemical synonyms) on demand. */
function AlsoKnownAs({ names }: { names: string[] }) {
  const [all, setAll] = useState(false);
  const FIRST = 4;
  const shown = all ? names : names.slice(0, FIRST);
  return (
    <p className="muted">
      Also known as: {shown.join(', ')}
      {!all && names.length > FIRST && <span className="print-inline">, {names.slice(FIRST).join(', ')}</span>}
      {names.length > FIRST && (
        <>
          {' '}
          <button type="button" className="link-button" aria-expanded={all} onClick={() => setAll(!all)}>
            {all ? 'fewer names' : `and ${names.length - FIRST} more`}
          </button>
        </>
      )}
    </p>
  );
}

/** A compound record from a list already in the cache (search results, the Compounds table), if any. */
function knownRecord(slug: string): Rec | undefined {
  for (const [, data] of queryClient.getQueriesData<{ data?: unknown; rows?: unknown }>({
    predicate: (q) => String(q.queryKey[0]).startsWith('compoundSearch'),
  })) {
    const list = (Array.isArray(data?.data) ? data.data : Array.isArray(data?.rows) ? data.rows : []) as Rec[];
    const hit = list.find((r) => r.slug === slug);
    if (hit) return hit;
  }
  return undefined;
}

/** The monograph's sections, titled and at about their usual height, until it arrives. */
const PLACEHOLDER_SECTIONS: [string, string, number][] = [
  ['structure', 'Classification and structure', 140],
  ['mechanism', 'Mechanism of action', 180],
  ['evidence', 'Clinical evidence', 220],
  ['indications', 'Indications', 200],
  ['dosing', 'Dosing', 160],
  ['safety', 'Safety', 320],
  ['interactions', 'Interactions', 260],
];
function MonographPlaceholder() {
  return (
    <>
      {PLACEHOLDER_SECTIONS.map(([id, title, height]) => (
        <section key={id} id={id} className="card section" aria-busy="true" aria-labelledby={`${id}-h`}>
          <h2 id={`${id}-h`}>{title}</h2>
          <div className="placeholder-block" style={{ minHeight: height }} aria-hidden="true" />
        </section>
      ))}
    </>
  );
}

const basisRange = (basis: number) => (basis === 1 ? '1' : `1–${basis}`);

function Section({
  id,
  title,
  children,
  cite = true,
}: {
  id: string;
  title: string;
  children: ReactNode;
  cite?: boolean;
}) {
  const basis = useContext(BasisCount);
  return (
    <section id={id} className="card section" aria-labelledby={`${id}-h`}>
      <div className="section-head">
        <h2 id={`${id}-h`}>{title}</h2>
        {cite && basis > 0 && (
          // the name holds the visible "1–4" (WCAG 2.5.3, label in name): a speech user says what they see
          <a
            className="cite-marker section-cite"
            href="#basis-list"
            aria-label={`${title}: written from the monograph's sources ${basisRange(basis)}`}
          >
            [{basisRange(basis)}]
          </a>
        )}
      </div>
      {children}
    </section>
  );
}

function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="facts">
      {items.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

const FREQUENCY: Record<string, string> = {
  very_common: 'Very common',
  common: 'Common',
  uncommon: 'Uncommon',
  rare: 'Rare',
  unknown: 'Frequency not known',
};

function MonographBody({ m }: { m: Monograph }) {
  const rows: InteractionRow[] = [
    ...m.interactions.drug_interactions.map((i) => ({ ...i, kind: 'drug' as const, bare: isTextlessSource(i.source) })),
    ...m.interactions.supplement_interactions.map((i) => ({
      ...i,
      kind: 'supplement' as const,
      bare: isTextlessSource(i.source),
    })),
    ...m.interactions.food_interactions.map((i) => ({ ...i, kind: 'food' as const, bare: isTextlessSource(i.source) })),
  ];
  return (
    <>
      <Section id="structure" title="Classification and structure">
        <Facts
          items={[
            ['Type', m.classification.type],
            ['Category', `${categoryLabel(m.classification.category)} · ${humanize(m.classification.subcategory)}`],
            ['Structure', humanize(m.structure.type)],
            ['Molecular formula', m.structure.molecular_formula ?? 'Not applicable'],
            [
              'Molecular weight',
              m.structure.molecular_weight !== null ? `${num(m.structure.molecular_weight)} g/mol` : 'Not applicable',
            ],
            ...(m.structure.sequence
              ? [
                  [
                    'Sequence',
                    <span className="sequence" key="s">
                      {m.structure.sequence}
                    </span>,
                  ] as [string, ReactNode],
                ]
              : []),
          ]}
        />
      </Section>
      <Section id="mechanism" title="Mechanism of action">
        <ul>
          {m.mechanism_of_action.map((x, i) => (
            <li key={i}>{x}</li>
          ))}
        </ul>
      </Section>
      <Section id="evidence" title="Clinical evidence">
        <Facts
          items={[
            ['Evidence grade', <GradeBadge grade={m.clinical_evidence.evidence_grade} long key="g" />],
            ['Documents in this library linked to it', num(m.research_papers, 0)],
            ['… of them human studies', num(m.clinical_evidence.human_studies, 0)],
            ['… of them animal or laboratory studies', num(m.clinical_evidence.preclinical_studies, 0)],
          ]}
        />
        {m.clinical_evidence.clinical_outcomes.length > 0 && (
          <>
            <h3>Clinical outcomes</h3>
            <ul>
              {m.clinical_evidence.clinical_outcomes.map((x, i) => (
                <li key={i}>
                  {x}
                  <ClaimCite sources={m.sources} section="clinical_outcomes" index={i} />
                </li>
              ))}
            </ul>
            <ClaimFootnotes sources={m.sources} section="clinical_outcomes" />
          </>
        )}
      </Section>
      <Section id="indications" title="Indications">
        {m.indications.length === 0 ? (
          <p className="muted">No indications are listed.</p>
        ) : (
          <div className="table-wrap">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">Condition</th>
                  <th scope="col">Grade</th>
                  <th scope="col">Typical dosage</th>
                  <th scope="col">Duration</th>
                </tr>
              </thead>
              <tbody>
                {m.indications.map((x, i) => (
                  <tr key={i}>
                    <td>
                      {x.condition}
                      <ClaimCite sources={m.sources} section="indications" index={i} />
                    </td>
                    <td>
                      <GradeBadge grade={x.evidence_grade} />
                    </td>
                    <td>{x.typical_dosage}</td>
                    <td>{x.duration}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <ClaimFootnotes sources={m.sources} section="indications" />
      </Section>
      <Section id="dosing" title="Dosing">
        <Facts
          items={[
            ['Route', m.dosing.route.map(humanize).join(', ') || '—'],
            ['Typical dose', m.dosing.typical_dose],
            ['Loading dose', m.dosing.loading_dose ?? 'None'],
            ['Frequency', m.dosing.frequency],
            ['Duration', m.dosing.duration],
          ]}
        />
        {m.dosing.notes && <p className="notice">{m.dosing.notes}</p>}
      </Section>
      <Section id="safety" title="Safety">
        <Facts items={[['Regulatory status', m.safety_profile.fda_status]]} />
        <p>{m.safety_profile.adverse_events}</p>
        <div className="two-col">
          <div>
            <h3>Common side effects</h3>
            <SideEffects list={m.safety_profile.common_side_effects} />
          </div>
          <div>
            <h3>Serious side effects</h3>
            <SideEffects list={m.safety_profile.serious_side_effects} />
          </div>
        </div>
        <h3>Contraindications</h3>
        {m.safety_profile.contraindications.length ? (
          <ul>
            {m.safety_profile.contraindications.map((x, i) => (
              <li key={i}>{x}</li>
            ))}
          </ul>
        ) : (
          <p className="muted">None listed.</p>
        )}
      </Section>
      <Section id="interactions" title={`Interactions (${num(rows.length, 0)})`}>
        <InteractionGroups rows={rows} idPrefix="mono" printTop />
      </Section>
      <Section id="cost" title="Cost">
        <p>{m.cost_estimate}</p>
      </Section>
      <Section id="related" title="Related compounds">
        <RelatedCompounds slugs={m.related_compounds} />
      </Section>
    </>
  );
}

function SideEffects({ list }: { list: Monograph['safety_profile']['common_side_effects'] }) {
  if (list.length === 0) return <p className="muted">None listed.</p>;
  return (
    <ul className="plain-list">
      {list.map((s, i) => (
        <li key={i}>
          <strong>{s.effect}</strong> <span className="muted">· {FREQUENCY[s.frequency] ?? s.frequency}</span>
          {s.notes && <div className="small">{s.notes}</div>}
        </li>
      ))}
    </ul>
  );
}

function RecordBody({ rec }: { rec: CompoundRecord }) {
  const d = rec.typical_dosing;
  const rows: InteractionRow[] = (rec.interactions ?? []).map((i) => ({
    substance: i.substance,
    severity: i.severity,
    effect: i.notes,
    source: i.source,
    bare: isTextlessSource(i.source),
  }));
  return (
    <>
      <Section id="dosing" title="Dosing">
        {d ? (
          <Facts
            items={[
              ['Typical amount', d.amount !== null ? `${num(d.amount)} ${d.unit}` : `No established dose (${d.unit})`],
              ['Frequency', d.frequency],
              ['Duration', d.duration],
              ['Route', humanize(d.route)],
              ...(d.animal_dose_note
                ? [['Animal or veterinary dose (not for humans)', d.animal_dose_note] as [string, string]]
                : []),
            ]}
          />
        ) : (
          <p className="muted">No dosing information.</p>
        )}
      </Section>
      <Section id="safety" title="Safety">
        <h3>Side effects</h3>
        {rec.side_effects.length ? (
          <ul>
            {rec.side_effects.map((s, i) => (
              <li key={i}>{s}</li>
            ))}
          </ul>
        ) : (
          <p className="muted">None listed.</p>
        )}
      </Section>
      <Section id="interactions" title={`Interactions (${num(rows.length, 0)})`}>
        <InteractionGroups rows={rows} idPrefix="rec" printTop />
      </Section>
    </>
  );
}

function RelatedCompounds({ slugs }: { slugs: string[] }) {
  const batch = useApiQuery('compoundBatch', { body: { slugs } }, { enabled: slugs.length > 0 });
  if (slugs.length === 0) return <p className="muted">None listed.</p>;
  if (batch.isPending) return <Loading label="Loading related compounds…" />;
  if (batch.isError) return <ErrorMessage error={batch.error} onRetry={() => void batch.refetch()} />;
  return (
    <ul className="card-grid">
      {batch.data.data.map((r) => (
        <li key={r.slug} className="mini-card">
          <Link to={`/compounds/${r.slug}`} className="strong-link">
            {r.name}
          </Link>{' '}
          <GradeBadge grade={r.evidence_grade} />
          <div className="muted small">
            {categoryLabel(r.category)} · {humanize(r.subcategory)}
          </div>
        </li>
      ))}
      {batch.data.meta.missing.map((s) => (
        <li key={s} className="mini-card muted">
          {s} (not in this content version)
        </li>
      ))}
    </ul>
  );
}

function LinkedDocuments({ slug }: { slug: string }) {
  const [page, setPage] = useState(1);
  const docs = useApiQuery(
    'documentList',
    { query: { compound: slug, limit: String(DOCS_PAGE), offset: String((page - 1) * DOCS_PAGE) } },
    { keepPrevious: true },
  );
  if (docs.isPending) return <Loading label="Loading linked documents…" />;
  if (docs.isError) return <ErrorMessage error={docs.error} onRetry={() => void docs.refetch()} />;
  if (docs.data.meta.total === 0) return <Empty title="No document in this library is linked to this compound." />;
  const pages = Math.ceil(docs.data.meta.total / DOCS_PAGE);
  return (
    <>
      <p className="muted">
        {plural(docs.data.meta.total, 'document')} in this library linked to this compound.{' '}
        <Link to={`/documents?compound=${slug}`} className="screen-only">
          Open them in Documents
        </Link>
        <span className="print-inline">Their list is in the app (not printed).</span>
      </p>
      <ul className="doc-list screen-only">
        {docs.data.data.map((d) => (
          <li key={d.id}>
            <Link to={`/documents/${d.id}`}>{documentTitle(d)}</Link>{' '}
            <GradeBadge grade={d.evidence_grade} scale="document" />
            <div className="muted small">
              {[d.journal, date(d.publication_date, d.publication_year), d.study_design_label]
                .filter(Boolean)
                .join(' · ')}
            </div>
          </li>
        ))}
      </ul>
      <Pagination page={page} pages={pages} onPage={setPage} label="Linked document pages" />
    </>
  );
}

function Sources({ rec, m }: { rec: CompoundRecord; m: Monograph | undefined }) {
  const src = m?.sources ?? rec.sources;
  return (
    <>
      <p className="notice">
        <strong>Editorial content.</strong> {src.note}
      </p>
      {src.basis.length > 0 && (
        <>
          <h3>Basis</h3>
          <p className="muted small">
            The numbers after each section's heading refer to this list: the editorial text was written from these
            sources as a whole.
            {m?.sources.claims &&
              ' A number after a clinical outcome or an indication names the entries that claim rests on; a claim without one has no specific source in this list.'}
          </p>
          <ol id="basis-list" className="basis-list">
            {src.basis.map((b, i) => (
              <li key={i} id={basisAnchor(i + 1)}>
                {b}
              </li>
            ))}
          </ol>
        </>
      )}
      {rec.pubmed_ids && rec.pubmed_ids.length > 0 && (
        <>
          <h3>PubMed records</h3>
          <ul className="inline-list">
            {rec.pubmed_ids.map((id) => (
              <li key={id}>
                <ExternalLink href={pubmedUrl(id)}>PMID {id}</ExternalLink>
              </li>
            ))}
          </ul>
        </>
      )}
      <p className="muted small">Last updated {date(m?.last_updated ?? rec.last_updated)}.</p>
    </>
  );
}
