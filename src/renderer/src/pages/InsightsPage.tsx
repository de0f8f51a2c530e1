/** Insights: rule-based notes from your profile and saved tool results, and the profile they read. */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { INSIGHT_KINDS, type Insight, type InsightSeverity } from '../../../shared/schemas/insights.ts';
import {
  FieldErrorsProvider,
  FormErrorSummary,
  lines,
  NumberField,
  SelectField,
  TextField,
} from '../components/form-kit.tsx';
import { ExternalLink } from '../components/ExternalLink.tsx';
import { Pagination } from '../components/Pagination.tsx';
import { Empty, ErrorMessage, Loading } from '../components/States.tsx';
import { useCompoundIndex } from '../lib/compounds.ts';
import { date, humanize, plural } from '../lib/format.ts';
import { useApiMutation, useApiQuery } from '../lib/queries.ts';
import { pick, useUrlState } from '../lib/url-state.ts';
import { useTitle } from '../lib/title.ts';

const PAGE_SIZE = 20;
const SEVERITY_LABEL: Record<InsightSeverity, string> = {
  warning: 'Warning',
  attention: 'Attention',
  info: 'Information',
};
const PROFILE_LABELS = {
  sex: 'Sex',
  birth_year: 'Birth year',
  goals: 'Goals',
  compounds: 'Compounds',
  medications: 'Medications',
};

function Evidence({ items }: { items: Insight['evidence'] }) {
  if (items.length === 0) return null;
  return (
    <ul className="inline-list small">
      {items.map((c, i) => (
        <li key={i}>
          {c.type === 'compound' || c.type === 'monograph' ? (
            <Link to={`/compounds/${c.id}`}>{c.label}</Link>
          ) : c.type === 'document' ? (
            <Link to={`/documents/${c.id}`}>{c.label}</Link>
          ) : c.url ? (
            <ExternalLink href={c.url}>{c.label}</ExternalLink>
          ) : (
            <span>{c.label}</span>
          )}
          <span className="muted"> ({c.type === 'lab_test' ? `LOINC ${c.id}` : c.type.replace('_', ' ')})</span>
        </li>
      ))}
    </ul>
  );
}

function InsightCard({ i }: { i: Insight }) {
  // the same list the profile form reads (one cached request set): names instead of slugs
  const index = useCompoundIndex();
  const nameOf = (slug: string) => index.data?.rows.find((c) => c.slug === slug)?.name ?? humanize(slug);
  return (
    <article className={`result insight insight-${i.severity}`}>
      <p className="result-kind">
        {humanize(i.kind)} · {date(i.created_at)}
      </p>
      <h2 className="result-title">
        <span className={`badge insight-badge insight-badge-${i.severity}`}>{SEVERITY_LABEL[i.severity]}</span>{' '}
        {i.title}
      </h2>
      <p>{i.body}</p>
      {i.related_compounds.length > 0 && (
        <p className="small">
          Compounds:{' '}
          {i.related_compounds.map((s, n) => (
            <span key={s}>
              {n > 0 && ', '}
              <Link to={`/compounds/${s}`}>{nameOf(s)}</Link>
            </span>
          ))}
        </p>
      )}
      <Evidence items={i.evidence} />
      <p className="small muted">
        Rule: {humanize(i.rule)}. Editorial, generated from your data: not a diagnosis or medical advice.
      </p>
    </article>
  );
}

const csv = (xs: string[]) => xs.join(', ');

function ProfileForm() {
  const queryClient = useQueryClient();
  const profile = useApiQuery('profileGet', {});
  const save = useApiMutation('profilePut');
  const index = useCompoundIndex();
  const [f, setF] = useState({
    sex: '' as 'male' | 'female' | '',
    birth_year: '',
    goals: '',
    compounds: '',
    medications: '',
  });
  // people read names, the API stores slugs and subcategory keys: the form shows names ("Magnesium glycinate", "muscle growth")
  const rows = useMemo(() => index.data?.rows ?? [], [index.data]);
  // What the user has typed is never replaced by data that arrives later (the compound names load after the profile).
  const [edited, setEdited] = useState(false);
  useEffect(() => {
    const p = profile.data?.data;
    const nameOf = (slug: string) => rows.find((c) => c.slug === slug)?.name ?? slug;
    if (p && !edited) {
      setF({
        sex: p.sex ?? '',
        birth_year: p.birth_year ? String(p.birth_year) : '',
        goals: csv(p.goals.map((g) => g.replace(/_/g, ' '))),
        compounds: csv(p.compounds.map(nameOf)),
        medications: csv(p.medications),
      });
    }
  }, [profile.data, rows, edited]);
  const subcategories = useMemo(() => [...new Set(rows.map((c) => c.subcategory.replace(/_/g, ' ')))].sort(), [rows]);
  // a name not in the loaded list goes as typed: the server reads names and brands through the vocabulary
  const toSlug = (s: string) => rows.find((c) => c.name.toLowerCase() === s.toLowerCase())?.slug ?? s;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const year = f.birth_year.trim();
    save.mutate(
      {
        body: {
          sex: f.sex || null,
          birth_year: year ? (Number.isInteger(Number(year)) ? Number(year) : (year as unknown as number)) : null,
          goals: lines(f.goals).map((g) => g.toLowerCase().replace(/\s+/g, '_')),
          compounds: lines(f.compounds).map(toSlug),
          medications: lines(f.medications),
        },
      },
      {
        onSuccess: () => {
          setEdited(false);
          void queryClient.invalidateQueries({ queryKey: ['profileGet'] });
          void queryClient.invalidateQueries({ queryKey: ['insightList'] });
        },
      },
    );
  };
  const set = (k: keyof typeof f) => (v: string) => {
    setEdited(true);
    setF({ ...f, [k]: v });
  };
  return (
    <section className="card section profile-card" aria-labelledby="profile-h">
      <h2 id="profile-h">Your profile</h2>
      <p className="muted small">Stored on this machine only. Insights use it with the tool results you save.</p>
      {profile.isPending && <Loading />}
      {profile.isError && <ErrorMessage error={profile.error} onRetry={() => void profile.refetch()} />}
      {profile.data && (
        <FieldErrorsProvider error={save.error}>
          <form onSubmit={submit} noValidate aria-label="Profile">
            <FormErrorSummary error={save.error} labels={PROFILE_LABELS} />
            <div className="form-grid">
              <SelectField
                path="sex"
                label="Sex"
                value={f.sex}
                onChange={set('sex')}
                options={[
                  { value: '', label: 'Not given' },
                  { value: 'female', label: 'Female' },
                  { value: 'male', label: 'Male' },
                ]}
              />
              <NumberField
                path="birth_year"
                label="Birth year"
                value={f.birth_year}
                onChange={set('birth_year')}
                placeholder="e.g. 1970"
              />
              <TextField
                path="goals"
                label="Goals (comma-separated)"
                value={f.goals}
                onChange={set('goals')}
                list="profile-goals"
                className="wide"
                hint="Compound subcategories, e.g. sleep, cardiovascular, cognitive."
              />
              <datalist id="profile-goals">
                {subcategories.map((s) => (
                  <option key={s} value={s} />
                ))}
              </datalist>
              <TextField
                path="compounds"
                label="Compounds you take (comma-separated)"
                value={f.compounds}
                onChange={set('compounds')}
                list="profile-compounds"
                className="wide"
                hint="Names from the library; the list suggests them as you type."
              />
              <datalist id="profile-compounds">
                {rows.map((c) => (
                  <option key={c.slug} value={c.name} />
                ))}
              </datalist>
              <TextField
                path="medications"
                label="Other medicines (comma-separated)"
                value={f.medications}
                onChange={set('medications')}
                className="wide"
              />
            </div>
            <div className="form-actions">
              <button type="submit" className="btn btn-primary" disabled={save.isPending}>
                {save.isPending ? 'Saving…' : 'Save profile'}
              </button>
              {save.isSuccess && (
                <span role="status" className="small">
                  Saved.
                </span>
              )}
              {profile.data.data.updated_at && (
                <span className="small muted">Last saved {date(profile.data.data.updated_at)}</span>
              )}
            </div>
          </form>
        </FieldErrorsProvider>
      )}
    </section>
  );
}

export function InsightsPage() {
  useTitle('Insights');
  const url = useUrlState();
  const kind = pick(url.get('kind'), INSIGHT_KINDS);
  const list = useApiQuery(
    'insightList',
    { query: { kind, limit: String(PAGE_SIZE), offset: String((url.page - 1) * PAGE_SIZE) } },
    { keepPrevious: true },
  );
  return (
    <div className="page">
      <header className="page-header">
        <h1>Insights</h1>
        <p className="lede">
          Notes found by fixed rules in your profile and saved tool results: labs out of range or worsening,
          biological-age changes, interactions in what you take.
        </p>
      </header>
      <div className="results-bar">
        <p className="results-count" aria-live="polite">
          {list.data ? (
            <>
              {plural(list.data.meta.total, 'insight')}
              {list.data.meta.new > 0 ? ` · ${list.data.meta.new} new` : ''}
            </>
          ) : (
            ''
          )}
        </p>
        <label className="inline-field">
          <span>Show</span>
          <select value={kind ?? ''} onChange={(e) => url.set({ kind: e.target.value })}>
            <option value="">All kinds</option>
            {INSIGHT_KINDS.map((k) => (
              <option key={k} value={k}>
                {humanize(k)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {list.isPending && <Loading label="Looking for insights…" />}
      {list.isError && <ErrorMessage error={list.error} onRetry={() => void list.refetch()} />}
      {list.data && list.data.data.length === 0 && (
        <Empty title={kind ? 'No insight of this kind.' : 'No insights yet.'}>
          <p>
            Insights come from your profile below and from tool results you save: tick “Save the result on this machine”
            in <Link to="/tools">Tools</Link>.
          </p>
        </Empty>
      )}
      {list.data && list.data.data.length > 0 && (
        <ol className="result-list">
          {list.data.data.map((i) => (
            <li key={i.id}>
              <InsightCard i={i} />
            </li>
          ))}
        </ol>
      )}
      {list.data && (
        <Pagination
          page={url.page}
          pages={Math.ceil(list.data.meta.total / PAGE_SIZE)}
          onPage={(p) => url.set({ page: String(p) })}
          label="Insight pages"
        />
      )}
      <ProfileForm />
    </div>
  );
}
