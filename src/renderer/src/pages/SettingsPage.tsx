/** Settings: how to reach the local API, search mode and index, content version, sources and licences. */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api, apiBase, currentApiKey } from '../api.ts';
import { Empty, ErrorMessage, Loading } from '../components/States.tsx';
import { num, plural } from '../lib/format.ts';
import { useApiQuery } from '../lib/queries.ts';
import { ApiKeysSection } from './settings/ApiKeysSection.tsx';
import { WebhooksSection } from './settings/WebhooksSection.tsx';
import { useTitle } from '../lib/title.ts';

export const maskKey = (key: string) => key.replace(/^(mk_[A-Za-z0-9]+_).+$/, '$1••••••••');

const INDEX_STATE: Record<string, string> = {
  no_model: 'No embedding model installed: search is lexical (BM25).',
  loading: 'Loading the embedding model…',
  idle: 'Waiting to build the vector index.',
  building: 'Building the vector index; search stays lexical until it is ready.',
  ready: 'Vector index ready: search is hybrid (BM25 + embeddings).',
  error: 'The vector index could not be built; search is lexical.',
};

function ApiAccess() {
  const key = currentApiKey() ?? '';
  const [copied, setCopied] = useState<string | null>(null);
  const base = `${apiBase.replace(/\/$/, '')}/v1`;
  // the key reaches curl on its input (printf is a shell builtin), never on a command line that ps shows to others
  const curl = (k: string) =>
    `printf 'X-API-Key: %s\\n' '${k}' | curl -s -X POST ${base}/compounds/search -H @- \\\n  -H 'Content-Type: application/json' -d '{"query":"magnesium","limit":5}'`;
  const copy = async (text: string, what: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(what);
    } catch {
      setCopied('failed');
    }
  };
  return (
    <section className="card section" aria-labelledby="api-h">
      <h2 id="api-h">Local API</h2>
      <dl className="facts">
        <div>
          <dt>Address</dt>
          <dd>
            <code>{base}</code>
          </dd>
        </div>
        <div>
          <dt>This window's key</dt>
          <dd>
            <code>{maskKey(key)}</code>{' '}
            <span className="muted small">
              (scopes read, chat and tools, for this launch only: it stops working when the server restarts; admin
              actions ask for the admin key)
            </span>
          </dd>
        </div>
        <div>
          <dt>Reference</dt>
          <dd>
            <code>{base}/openapi.json</code> · try requests in the API sandbox
          </dd>
        </div>
      </dl>
      <h3>Call it with curl</h3>
      {/* focusable: at phone width the line scrolls sideways, and a keyboard must reach it (WCAG 2.1.1) */}
      <pre className="code" aria-label="curl example with the key masked" tabIndex={0}>
        {curl(maskKey(key))}
      </pre>
      <div className="form-actions">
        <button type="button" className="btn btn-secondary" onClick={() => void copy(curl(key), 'curl')}>
          Copy with the real key
        </button>
        <span role="status" className="small muted">
          {copied === 'curl'
            ? 'Copied the command with the key.'
            : copied === 'failed'
              ? 'Copying is not allowed here; select the text instead.'
              : ''}
        </span>
      </div>
      <p className="small muted">
        Scripts should use a key of their own: the admin key written to <code>&lt;data dir&gt;/admin-key</code> on first
        start, or one you create. Send it as <code>X-API-Key</code> or <code>Authorization: Bearer</code>, never in the
        address.
      </p>
    </section>
  );
}

function SearchStatus() {
  // poll while the index is being built, so progress shows without a reload
  const health = useQuery({
    queryKey: ['health', 'poll'],
    queryFn: ({ signal }) => api.call('health', {}, signal),
    refetchInterval: (q) =>
      ['loading', 'building', 'idle'].includes(q.state.data?.data.search_index.state ?? '') ? 3000 : false,
  });
  return (
    <section className="card section" aria-labelledby="search-h">
      <h2 id="search-h">Search</h2>
      {health.isPending && <Loading />}
      {health.isError && <ErrorMessage error={health.error} onRetry={() => void health.refetch()} />}
      {health.data &&
        (() => {
          const h = health.data.data;
          const idx = h.search_index;
          return (
            <>
              <dl className="facts">
                <div>
                  <dt>Mode</dt>
                  <dd>
                    <strong>{h.search_mode === 'hybrid' ? 'Hybrid' : 'Lexical'}</strong>{' '}
                    <span className="muted small">{h.search_mode_reason}</span>
                  </dd>
                </div>
                <div>
                  <dt>Embedding model</dt>
                  <dd>
                    <code>{idx.model}</code>
                  </dd>
                </div>
                <div>
                  <dt>Index</dt>
                  <dd>{INDEX_STATE[idx.state] ?? idx.state}</dd>
                </div>
                <div>
                  <dt>Server version</dt>
                  <dd>{h.version}</dd>
                </div>
              </dl>
              {idx.total > 0 && (
                <div className="progress-wrap">
                  <label htmlFor="index-progress">
                    Records embedded: {num(idx.done, 0)} of {num(idx.total, 0)}
                  </label>
                  <progress id="index-progress" max={idx.total} value={idx.done} />
                </div>
              )}
              {idx.state === 'no_model' && (
                <p className="small">
                  Run <code>npm run model:fetch</code> on a connected machine, then restart, to turn on hybrid search.
                </p>
              )}
            </>
          );
        })()}
    </section>
  );
}

function ContentInfo() {
  const content = useApiQuery('content', {});
  return (
    <section className="card section" aria-labelledby="content-h">
      <h2 id="content-h">Content, sources and licences</h2>
      {content.isPending && <Loading />}
      {content.isError && <ErrorMessage error={content.error} onRetry={() => void content.refetch()} />}
      {content.data &&
        (() => {
          const c = content.data.data;
          return (
            <>
              <dl className="facts">
                <div>
                  <dt>Content version</dt>
                  <dd>
                    <strong>{c.version}</strong>
                  </dd>
                </div>
                <div>
                  <dt>Records</dt>
                  <dd>
                    {plural(c.counts.compounds, 'compound')}, {plural(c.counts.monographs, 'monograph')},{' '}
                    {plural(c.counts.documents, 'document')}
                  </dd>
                </div>
                <div>
                  <dt>Inputs hash</dt>
                  <dd>
                    <code className="hash">{c.inputs_sha256}</code>
                  </dd>
                </div>
              </dl>
              {c.sources.length === 0 ? (
                <Empty title="No sources are listed in this content build." />
              ) : (
                <div className="table-wrap">
                  <table className="data-table">
                    <thead>
                      <tr>
                        <th scope="col">Source</th>
                        <th scope="col">Licence</th>
                        <th scope="col">Records</th>
                        <th scope="col">Notes</th>
                      </tr>
                    </thead>
                    <tbody>
                      {c.sources.map((s) => (
                        <tr key={s.id}>
                          <td>
                            <strong>{s.name}</strong>
                            <div className="muted small">
                              {s.version} · {s.provenance}
                            </div>
                          </td>
                          <td>{s.licence}</td>
                          <td className="num">{num(s.records, 0)}</td>
                          <td className="small">{s.notes}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </>
          );
        })()}
    </section>
  );
}

export function SettingsPage() {
  useTitle('Settings');
  return (
    <div className="page">
      <header className="page-header">
        <h1>Settings</h1>
        <p className="lede">
          How to reach the local API, its keys and webhooks, the state of search, and where the content comes from.
        </p>
      </header>
      <ApiAccess />
      <ApiKeysSection />
      <WebhooksSection />
      <SearchStatus />
      <ContentInfo />
    </div>
  );
}
