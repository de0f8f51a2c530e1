/** Shown when the page has no key, or the API refused it (a link from an earlier launch). */
import { forgetApiKey } from '../api.ts';

export function KeyScreen({ reason }: { reason: 'missing' | 'rejected' }) {
  // the server this page came from, whatever port it chose (not the default 3737)
  const origin = window.location.origin;
  return (
    <main id="main" className="key-screen">
      <div className="card key-card">
        <div className="brand">
          <span className="brand-mark" aria-hidden="true">
            M
          </span>
          <span className="brand-name">Materia</span>
        </div>
        <h1>{reason === 'missing' ? 'Open Materia from the link in your terminal' : 'This link has expired'}</h1>
        <p>
          {reason === 'missing'
            ? 'This page needs the key of the running server, and it only gets it from the link that server prints.'
            : "The local server did not accept this page's key. Each start of the server issues a new key, so a link from an earlier start stops working."}
        </p>
        <ol className="steps">
          <li>
            In a terminal, in the Materia folder, run <code>npm start</code> (or look at the terminal where it already
            runs).
          </li>
          <li>
            Find the line <code>web UI: {origin}/#code=…</code>
          </li>
          <li>
            Open that whole link, including the part after <code>#</code>. It works once, within 15 minutes; the page
            then keeps its key in this browser. That key is for everyday work (reading, tools, chat): admin actions ask
            for the admin key, which the page keeps only while the tab is open.
          </li>
        </ol>
        <p className="small muted">
          Another link while the server runs (the key goes to curl on its input, never on its command line, where other
          users of the machine could read it):{' '}
          <code>
            printf 'X-API-Key: %s\n' "$(cat &lt;data dir&gt;/admin-key)" | curl -H @- -X POST {origin}/v1/session/codes
          </code>
        </p>
        <p className="small muted">
          The desktop app does this for you. Scripts use their own key: the admin key in{' '}
          <code>&lt;data dir&gt;/admin-key</code>.
        </p>
        {reason === 'rejected' && (
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => {
              forgetApiKey();
              window.location.reload();
            }}
          >
            Forget the old key
          </button>
        )}
      </div>
    </main>
  );
}
