import { useEffect, useState, type FormEvent } from 'react';
import { ApiError, type EndpointOutput } from '../../shared/client.ts';
import { EVIDENCE_GRADE_MEANING } from '../../shared/enums.ts';
import { api } from './api.ts';

type Health = EndpointOutput<'health'>['data'];
type Results = EndpointOutput<'compoundSearch'>;

export function App() {
  const [health, setHealth] = useState<Health | null>(null);
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<Results | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    api.call('health').then((r) => setHealth(r.data)).catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, []);

  async function onSearch(e: FormEvent) {
    e.preventDefault();
    if (!query.trim()) return;
    setBusy(true);
    setError(null);
    try {
      setResults(await api.call('compoundSearch', { body: { query, limit: 20 } }));
    } catch (err) {
      setError(err instanceof ApiError ? `${err.message} (${err.status})` : String(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 960, margin: '0 auto', padding: 24 }}>
      <header>
        <h1 style={{ margin: 0 }}>Materia</h1>
        <p style={{ color: '#555' }}>
          {health ? `Content ${health.content.version}: ${health.content.counts.compounds} compounds, ${health.content.counts.monographs} monographs, ${health.content.counts.documents} documents · search: ${health.search_mode}` : 'Connecting to the local API…'}
        </p>
      </header>
      <form onSubmit={onSearch} role="search">
        <label htmlFor="q">Search compounds</label>{' '}
        <input id="q" value={query} onChange={(e) => setQuery(e.target.value)} maxLength={256} placeholder="e.g. metformin, magnesium, sleep" />{' '}
        <button type="submit" disabled={busy}>{busy ? 'Searching…' : 'Search'}</button>
      </form>
      {error && <p role="alert" style={{ color: '#a00' }}>{error}</p>}
      {results && (
        <section aria-live="polite">
          <p>{results.meta.total} result{results.meta.total === 1 ? '' : 's'}</p>
          {results.data.length === 0 && <p>No compound matches “{results.meta.query}”.</p>}
          <ul>
            {results.data.map((c) => (
              <li key={c.id}>
                <strong>{c.name}</strong> · {c.category.replace('_', ' ')} · grade <abbr title={EVIDENCE_GRADE_MEANING[c.evidence_grade]}>{c.evidence_grade}</abbr> · {c.status.replace('_', ' ')}
                <div style={{ color: '#444' }}>{c.description}</div>
              </li>
            ))}
          </ul>
        </section>
      )}
    </main>
  );
}
