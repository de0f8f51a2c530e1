/** API keys: list, create (the secret is shown once), revoke. Admin scope: shown once this tab holds the admin key. */
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { SCOPES, type Scope } from '../../../../shared/enums.ts';
import type { ApiKeyRecord } from '../../../../shared/schemas/api-keys.ts';
import { currentApiKey } from '../../api.ts';
import { AdminKeyGate } from '../../components/AdminKeyGate.tsx';
import { forgetAdminKey, heldAdminKey } from '../../lib/admin-key.ts';
import { FieldErrorsProvider, FormErrorSummary, TextField, useFieldErrors } from '../../components/form-kit.tsx';
import { Empty, ErrorMessage, Loading } from '../../components/States.tsx';
import { date } from '../../lib/format.ts';
import { useApiMutation, useApiQuery } from '../../lib/queries.ts';

const SCOPE_HELP: Record<Scope, string> = {
  read: 'search, compounds, documents, monographs, insights',
  chat: 'chat and conversations',
  tools: 'calculators and analyzers, profile',
  admin: 'API keys, webhooks, document import',
};
const LABELS = { name: 'Name', scopes: 'Scopes', expires_at: 'Expires' };

export function keyState(k: ApiKeyRecord, now = Date.now()): 'active' | 'revoked' | 'expired' {
  if (k.revoked_at) return 'revoked';
  if (k.expires_at && Date.parse(k.expires_at) <= now) return 'expired';
  return 'active';
}

function ScopeChecks({ value, onChange }: { value: Scope[]; onChange: (v: Scope[]) => void }) {
  const errors = useFieldErrors('scopes');
  return (
    <fieldset className="field scope-checks">
      <legend>Scopes</legend>
      {SCOPES.map((s) => (
        <label key={s} className="check">
          <input
            type="checkbox"
            checked={value.includes(s)}
            onChange={(e) => onChange(e.target.checked ? [...value, s] : value.filter((x) => x !== s))}
          />
          <span className="check-label">
            <strong>{s}</strong> <span className="muted small">{SCOPE_HELP[s]}</span>
          </span>
        </label>
      ))}
      {errors.length > 0 && <span className="field-error">{errors.join('; ')}</span>}
    </fieldset>
  );
}

function ExpiresField({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const errors = useFieldErrors('expires_at');
  return (
    <div className="field">
      <label htmlFor="key-expires">Expires (optional)</label>
      <input
        id="key-expires"
        type="date"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby="key-expires-hint"
        aria-invalid={errors.length > 0}
      />
      <span className="hint" id="key-expires-hint">
        Leave empty for a key that does not expire.
      </span>
      {errors.length > 0 && <span className="field-error">{errors.join('; ')}</span>}
    </div>
  );
}

function CreateKey({ onCreated }: { onCreated: (key: string, name: string) => void }) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<Scope[]>(['read']);
  const [expires, setExpires] = useState('');
  const create = useApiMutation('apiKeyCreate');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // a date means "through the end of that day" in this computer's time zone
    const expires_at = expires ? new Date(`${expires}T23:59:59`).toISOString() : undefined;
    create.mutate(
      { body: { name, scopes, expires_at } },
      {
        onSuccess: (r) => {
          onCreated(r.data.key, r.data.name);
          setName('');
          setExpires('');
          setScopes(['read']);
          create.reset();
        },
      },
    );
  };
  return (
    <FieldErrorsProvider error={create.error}>
      <form className="subform" onSubmit={submit} noValidate aria-label="Create an API key">
        <h3>Create a key</h3>
        <FormErrorSummary error={create.error} labels={LABELS} />
        <div className="form-grid">
          <TextField
            path="name"
            label="Name"
            value={name}
            onChange={setName}
            placeholder="e.g. notebook on my laptop"
            hint="What the key is for."
          />
          <ExpiresField value={expires} onChange={setExpires} />
        </div>
        <ScopeChecks value={scopes} onChange={setScopes} />
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create key'}
          </button>
        </div>
      </form>
    </FieldErrorsProvider>
  );
}

export function SecretOnce({
  title,
  secret,
  note,
  onDone,
}: {
  title: string;
  secret: string;
  note: string;
  onDone: () => void;
}) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="secret-once" role="status">
      <p className="state-title">{title}</p>
      <p>{note}</p>
      <pre className="code secret" aria-label="secret">
        {secret}
      </pre>
      <div className="form-actions">
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() =>
            void navigator.clipboard.writeText(secret).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? 'Copied' : 'Copy'}
        </button>
        <button type="button" className="btn btn-primary" onClick={onDone}>
          I have stored it
        </button>
      </div>
    </div>
  );
}

/** Whose key a row is: this window's everyday key, or the admin key this tab holds. */
type Mine = 'window' | 'admin' | null;
const prefixOf = (key: string | null) => (key ?? '').replace(/^(mk_[A-Za-z0-9]+_).*$/, '$1');

function RevokeButton({ k, mine, onDone }: { k: ApiKeyRecord; mine: Mine; onDone: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const revoke = useApiMutation('apiKeyRevoke');
  if (!confirming)
    return (
      <button
        type="button"
        className="btn btn-danger btn-small"
        onClick={() => setConfirming(true)}
        aria-label={`Revoke ${k.name}`}
      >
        Revoke
      </button>
    );
  return (
    <span className="confirm">
      <span className="small">
        {mine === 'window'
          ? 'This window uses this key: it will stop working. Revoke?'
          : mine === 'admin'
            ? 'This is the admin key this tab holds: admin actions will need another. Revoke?'
            : 'Revoke for good?'}
      </span>
      <button
        type="button"
        className="btn btn-danger btn-small"
        disabled={revoke.isPending}
        onClick={() =>
          revoke.mutate(
            { params: { id: k.id } },
            {
              onSuccess: () => {
                setConfirming(false);
                if (mine === 'admin') forgetAdminKey();
                onDone();
              },
            },
          )
        }
      >
        Yes, revoke {k.name}
      </button>
      <button type="button" className="btn btn-secondary btn-small" onClick={() => setConfirming(false)}>
        Cancel
      </button>
      {revoke.isError && <ErrorMessage error={revoke.error} />}
    </span>
  );
}

export function ApiKeysSection() {
  return (
    <section className="card section" aria-labelledby="keys-h">
      <h2 id="keys-h">API keys</h2>
      <p className="muted">
        Keys let scripts and other programs call the local API. Only a hash of each key is stored, so a key's secret is
        shown once, when it is created.
      </p>
      <AdminKeyGate what="Listing, creating and revoking API keys">
        <ApiKeys />
      </AdminKeyGate>
    </section>
  );
}

function ApiKeys() {
  const queryClient = useQueryClient();
  const list = useApiQuery('apiKeyList', { query: { include_revoked: 'true', limit: '100' } });
  const [created, setCreated] = useState<{ key: string; name: string } | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['apiKeyList'] });
  const windowPrefix = prefixOf(currentApiKey());
  const adminPrefix = prefixOf(heldAdminKey());
  return (
    <>
      {created && (
        <SecretOnce
          title={`Key “${created.name}” created`}
          secret={created.key}
          note="Copy it now: it will not be shown again. Send it as the X-API-Key header."
          onDone={() => setCreated(null)}
        />
      )}
      {list.isPending && <Loading label="Loading keys…" />}
      {list.isError && <ErrorMessage error={list.error} onRetry={() => void list.refetch()} />}
      {list.data && list.data.data.length === 0 && <Empty title="No keys yet." />}
      {list.data && list.data.data.length > 0 && (
        <div className="table-wrap">
          <table className="data-table">
            <caption className="sr-only">API keys</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Key</th>
                <th scope="col">Scopes</th>
                <th scope="col">Created</th>
                <th scope="col">Last used</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.data.map((k) => {
                const state = keyState(k);
                const mine: Mine = k.prefix === windowPrefix ? 'window' : k.prefix === adminPrefix ? 'admin' : null;
                return (
                  <tr key={k.id} className={state !== 'active' ? 'row-muted' : ''}>
                    <td>
                      <strong>{k.name}</strong>
                      {mine && (
                        <div className="small muted">{mine === 'window' ? 'this window' : "this tab's admin key"}</div>
                      )}
                    </td>
                    <td>
                      <code>{k.prefix}…</code>
                    </td>
                    <td className="small">{k.scopes.join(', ')}</td>
                    <td className="small">{date(k.created_at)}</td>
                    <td className="small">{k.last_used_at ? date(k.last_used_at) : 'never'}</td>
                    <td>
                      <span className={`badge status status-${state === 'active' ? 'ok' : 'neutral'}`}>
                        {state === 'active' ? 'Active' : state === 'revoked' ? 'Revoked' : 'Expired'}
                      </span>
                      {k.expires_at && state === 'active' && (
                        <div className="small muted">until {date(k.expires_at)}</div>
                      )}
                    </td>
                    <td>{state === 'active' && <RevokeButton k={k} mine={mine} onDone={refresh} />}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <CreateKey
        onCreated={(key, name) => {
          setCreated({ key, name });
          refresh();
        }}
      />
    </>
  );
}
