/**
 * Webhooks: endpoints (secret shown once), a signed test ping, the delivery log, re-enable, delete, local targets.
 * Admin scope: shown once this tab holds the admin key.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType, type WebhookRecord } from '../../../../shared/schemas/webhooks.ts';
import {
  CheckField,
  FieldErrorsProvider,
  FormErrorSummary,
  TextField,
  useFieldErrors,
} from '../../components/form-kit.tsx';
import { AdminKeyGate } from '../../components/AdminKeyGate.tsx';
import { Empty, ErrorMessage, Loading } from '../../components/States.tsx';
import { date, num } from '../../lib/format.ts';
import { useApiMutation, useApiQuery } from '../../lib/queries.ts';
import { SecretOnce } from './ApiKeysSection.tsx';
import { ApiError } from '../../../../shared/client.ts';

const LABELS = { url: 'URL', events: 'Events', description: 'Description' };
const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'medium' }) : '—';

function EventChecks({ value, onChange }: { value: WebhookEventType[]; onChange: (v: WebhookEventType[]) => void }) {
  const errors = useFieldErrors('events');
  return (
    <fieldset className="field check-grid events-grid">
      <legend>Events</legend>
      {WEBHOOK_EVENT_TYPES.map((ev) => (
        <label key={ev} className="check">
          <input
            type="checkbox"
            checked={value.includes(ev)}
            onChange={(e) => onChange(e.target.checked ? [...value, ev] : value.filter((x) => x !== ev))}
          />
          <span className="check-label">
            <code>{ev}</code>
          </span>
        </label>
      ))}
      {errors.length > 0 && <span className="field-error">{errors.join('; ')}</span>}
    </fieldset>
  );
}

const LOCAL_HINT = /enable local webhook targets \(PUT \/v1\/webhooks\/settings\)/;
const LOCAL_WORDS = 'tick “Allow endpoints on this computer or the local network” below';

/** The API's advice names its own call; on this screen it is the checkbox just below the form. */
function inScreenWords(err: Error | null): Error | null {
  if (
    !(err instanceof ApiError) ||
    !(LOCAL_HINT.test(err.message) || err.details.some((d) => LOCAL_HINT.test(d.message)))
  )
    return err;
  return new ApiError(
    err.status,
    err.code,
    err.message.replace(LOCAL_HINT, LOCAL_WORDS),
    err.details.map((d) => ({ ...d, message: d.message.replace(LOCAL_HINT, LOCAL_WORDS) })),
    err.retryAfterSeconds,
  );
}

function CreateWebhook({ onCreated }: { onCreated: (secret: string, url: string) => void }) {
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>([]);
  const create = useApiMutation('webhookCreate');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(
      { body: { url, events, description: description.trim() || undefined } },
      {
        onSuccess: (r) => {
          onCreated(r.data.secret, r.data.url);
          setUrl('');
          setDescription('');
          setEvents([]);
          create.reset();
        },
      },
    );
  };
  return (
    <FieldErrorsProvider error={inScreenWords(create.error)}>
      <form className="subform" onSubmit={submit} noValidate aria-label="Add a webhook">
        <h3>Add an endpoint</h3>
        <FormErrorSummary error={inScreenWords(create.error)} labels={LABELS} />
        <div className="form-grid">
          <TextField
            path="url"
            label="URL"
            value={url}
            onChange={setUrl}
            placeholder="https://example.org/hooks/materia"
            className="wide"
          />
          <TextField
            path="description"
            label="Description (optional)"
            value={description}
            onChange={setDescription}
            className="wide"
          />
        </div>
        <EventChecks value={events} onChange={setEvents} />
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={create.isPending}>
            {create.isPending ? 'Adding…' : 'Add endpoint'}
          </button>
        </div>
      </form>
    </FieldErrorsProvider>
  );
}

function Deliveries({ id }: { id: string }) {
  const log = useApiQuery('webhookDeliveries', { params: { id }, query: { limit: '20' } });
  if (log.isPending) return <Loading label="Loading deliveries…" />;
  if (log.isError) return <ErrorMessage error={log.error} onRetry={() => void log.refetch()} />;
  if (log.data.data.length === 0)
    return <p className="muted small">No deliveries yet. Send a test to try the endpoint.</p>;
  return (
    <div className="table-wrap">
      <table className="data-table compact">
        <caption className="sr-only">Deliveries, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Created</th>
            <th scope="col">Event</th>
            <th scope="col">Status</th>
            <th scope="col">Attempts</th>
            <th scope="col">Last answer</th>
            <th scope="col">Next try</th>
          </tr>
        </thead>
        <tbody>
          {log.data.data.map((d) => (
            <tr key={d.id}>
              <td className="small">{when(d.created_at)}</td>
              <td>
                <code>{d.event_type}</code>
              </td>
              <td>
                <span
                  className={`badge status status-${d.status === 'succeeded' ? 'ok' : d.status === 'failed' ? 'critical' : 'neutral'}`}
                >
                  {d.status}
                </span>
              </td>
              <td className="num">
                {d.attempt_count} / {d.max_attempts}
              </td>
              <td className="small">
                {d.last_status_code !== null ? `HTTP ${d.last_status_code}` : (d.last_error ?? '—')}
                {d.attempts.length > 0 && (
                  <div className="muted">
                    {d.attempts
                      .map((a) => `${a.status_code ?? 'no answer'} in ${num(a.duration_ms, 0)} ms`)
                      .join(' · ')}
                  </div>
                )}
              </td>
              <td className="small">{when(d.next_attempt_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function WebhookRow({ w, onChange }: { w: WebhookRecord; onChange: () => void }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const test = useApiMutation('webhookTest');
  const enable = useApiMutation('webhookEnable');
  const remove = useApiMutation('webhookDelete');
  const refreshLog = () => void queryClient.invalidateQueries({ queryKey: ['webhookDeliveries'] });
  return (
    <li className="webhook">
      <div className="webhook-head">
        <div>
          <p className="webhook-url">
            <code>{w.url}</code>
          </p>
          {w.description && <p className="small">{w.description}</p>}
          <p className="small muted">
            {w.events.join(', ')} · added {date(w.created_at)}
          </p>
        </div>
        <span className={`badge status status-${w.enabled ? 'ok' : 'critical'}`}>
          {w.enabled
            ? 'Enabled'
            : `Disabled${w.disabled_reason === 'gone' ? ' (answered 410 Gone)' : w.disabled_reason === 'failing' ? ' (kept failing)' : ''}`}
        </span>
      </div>
      <div className="form-actions">
        <button
          type="button"
          className="btn btn-secondary btn-small"
          disabled={test.isPending}
          onClick={() =>
            test.mutate(
              { params: { id: w.id } },
              {
                onSettled: () => {
                  setOpen(true);
                  refreshLog();
                },
              },
            )
          }
        >
          {test.isPending ? 'Sending…' : 'Send test'}
        </button>
        <button
          type="button"
          className="btn btn-secondary btn-small"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
        >
          {open ? 'Hide deliveries' : 'Deliveries'}
        </button>
        {!w.enabled && (
          <button
            type="button"
            className="btn btn-secondary btn-small"
            onClick={() => enable.mutate({ params: { id: w.id } }, { onSuccess: onChange })}
          >
            Enable again
          </button>
        )}
        {!confirming && (
          <button type="button" className="btn btn-danger btn-small" onClick={() => setConfirming(true)}>
            Delete
          </button>
        )}
        {confirming && (
          <span className="confirm">
            <span className="small">Delete this endpoint and its delivery log?</span>
            <button
              type="button"
              className="btn btn-danger btn-small"
              onClick={() => remove.mutate({ params: { id: w.id } }, { onSuccess: onChange })}
            >
              Yes, delete
            </button>
            <button type="button" className="btn btn-secondary btn-small" onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </span>
        )}
        {test.data && (
          <span className="small" role="status">
            Test {test.data.data.status}
            {test.data.data.last_status_code !== null
              ? `: HTTP ${test.data.data.last_status_code}`
              : test.data.data.last_error
                ? `: ${test.data.data.last_error}`
                : ''}
          </span>
        )}
      </div>
      {[test.error, enable.error, remove.error].filter(Boolean).map((e, i) => (
        <ErrorMessage key={i} error={e} />
      ))}
      {open && <Deliveries id={w.id} />}
    </li>
  );
}

function LocalTargets() {
  const queryClient = useQueryClient();
  const settings = useApiQuery('webhookSettingsGet', {});
  const put = useApiMutation('webhookSettingsPut');
  if (settings.isPending) return null;
  if (settings.isError) return <ErrorMessage error={settings.error} />;
  const s = settings.data.data;
  return (
    <div className="local-targets">
      <CheckField
        label="Allow endpoints on this computer or the local network"
        checked={s.allow_private_targets}
        onChange={(v) =>
          put.mutate(
            { body: { allow_private_targets: v } },
            { onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['webhookSettingsGet'] }) },
          )
        }
      />
      <p className="hint">
        {s.env_allow_private ? 'Allowed by MATERIA_WEBHOOKS_ALLOW_PRIVATE at start, whatever this setting says. ' : ''}
        Cloud metadata addresses and this app's own port are always refused.
      </p>
      {put.isError && <ErrorMessage error={put.error} />}
    </div>
  );
}

export function WebhooksSection() {
  return (
    <section className="card section" aria-labelledby="hooks-h">
      <h2 id="hooks-h">Webhooks</h2>
      <p className="muted">
        Materia can POST events to your endpoints, signed with Standard Webhooks (<code>webhook-id</code>,{' '}
        <code>webhook-timestamp</code>, <code>webhook-signature</code>). Failed deliveries are retried with backoff.
      </p>
      <AdminKeyGate what="Webhooks (their endpoints, deliveries and local targets)">
        <Webhooks />
      </AdminKeyGate>
    </section>
  );
}

function Webhooks() {
  const queryClient = useQueryClient();
  const list = useApiQuery('webhookList', {});
  const [created, setCreated] = useState<{ secret: string; url: string } | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['webhookList'] });
  return (
    <>
      {created && (
        <SecretOnce
          title="Endpoint added"
          secret={created.secret}
          note={`Signing secret for ${created.url}. Copy it now: it will not be shown again.`}
          onDone={() => setCreated(null)}
        />
      )}
      {list.isPending && <Loading label="Loading webhooks…" />}
      {list.isError && <ErrorMessage error={list.error} onRetry={() => void list.refetch()} />}
      {list.data && list.data.data.length === 0 && <Empty title="No endpoints yet." />}
      {list.data && list.data.data.length > 0 && (
        <ul className="webhook-list">
          {list.data.data.map((w) => (
            <WebhookRow key={w.id} w={w} onChange={refresh} />
          ))}
        </ul>
      )}
      <LocalTargets />
      <CreateWebhook
        onCreated={(secret, url) => {
          setCreated({ secret, url });
          refresh();
        }}
      />
    </>
  );
}
