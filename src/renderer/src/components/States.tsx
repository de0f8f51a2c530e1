/** Loading, empty and error states, the same everywhere. */
import type { ReactNode } from 'react';
import { ApiError } from '../../../shared/client.ts';
import { AdminKeyNeeded, askForAdminKey, isAdminScopeRefusal } from '../lib/admin-key.ts';

export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="state state-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

export function Empty({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="state state-empty" role="status">
      <p className="state-title">{title}</p>
      {children && <div className="state-body">{children}</div>}
    </div>
  );
}

/** Plain words for an API error; 400 details are listed field by field. */
export function describeError(err: unknown): {
  title: string;
  message: string;
  details: { field: string; message: string }[];
} {
  if (err instanceof AdminKeyNeeded) return { title: 'Admin key needed', message: err.message, details: [] };
  if (isAdminScopeRefusal(err)) {
    return { title: 'Admin key needed', message: 'This action needs the admin key.', details: [] };
  }
  if (err instanceof ApiError) {
    if (err.status === 429) {
      return {
        title: 'Too many requests',
        message: `The local API's rate limit was reached. Try again in ${err.retryAfterSeconds ?? 60} seconds.`,
        details: [],
      };
    }
    if (err.status === 404) return { title: 'Not found', message: err.message, details: [] };
    if (err.status === 401) return { title: 'Key not accepted', message: err.message, details: [] };
    if (err.status === 403) return { title: 'Not allowed with this key', message: err.message, details: [] };
    if (err.status >= 500) return { title: 'The local API failed', message: err.message, details: [] };
    return { title: 'The request was not accepted', message: err.message, details: err.details };
  }
  if (err instanceof TypeError) {
    return {
      title: 'The local API is not reachable',
      message: 'Is “npm start” (or the desktop app) still running? Reload the page when it is.',
      details: [],
    };
  }
  return { title: 'Something went wrong', message: err instanceof Error ? err.message : String(err), details: [] };
}

export function ErrorMessage({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const e = describeError(error);
  return (
    <div className="state state-error" role="alert">
      <p className="state-title">{e.title}</p>
      <p>{e.message}</p>
      {e.details.length > 0 && (
        <ul className="error-details">
          {e.details.map((d, i) => (
            <li key={i}>
              <code>{d.field}</code>: {d.message}
            </li>
          ))}
        </ul>
      )}
      {/* an admin action: the way on is the admin key, then the same action again */}
      {(error instanceof AdminKeyNeeded || isAdminScopeRefusal(error)) && (
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => void askForAdminKey().then((key) => key && onRetry?.())}
        >
          Enter the admin key
        </button>
      )}
      {/* a 404 or a refused request answers the same the next time: no "Try again" for those */}
      {onRetry &&
        !(error instanceof AdminKeyNeeded) &&
        !(error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429) && (
          <button type="button" className="btn btn-secondary" onClick={onRetry}>
            Try again
          </button>
        )}
    </div>
  );
}
