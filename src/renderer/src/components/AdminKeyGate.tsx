/**
 * Admin screens without the admin key, and the way to forget it. AdminKeyGate shows its section's admin content only
 * while this tab holds the admin key, and otherwise says why it is needed with a button that asks for it;
 * AdminKeyStatus (in the sidebar) says when the key is held and offers to forget it.
 */
import { useRef, useState, type ReactNode } from 'react';
import { askForAdminKey, forgetAdminKey, useAdminKey } from '../lib/admin-key.ts';

export function AdminKeyGate({ what, children }: { what: string; children: ReactNode }) {
  const key = useAdminKey();
  const region = useRef<HTMLDivElement>(null);
  const unlock = async () => {
    // once unlocked, focus moves to the content the button stood for (the button itself is gone)
    if (await askForAdminKey()) requestAnimationFrame(() => region.current?.focus());
  };
  return (
    <div className="admin-gate" ref={region} tabIndex={-1}>
      {key ? (
        children
      ) : (
        <div className="admin-lock">
          <p>
            {what} need the admin key. This window's own key is for everyday work only, so that no script in the page
            could do this with it.
          </p>
          <button type="button" className="btn btn-primary" onClick={() => void unlock()}>
            Enter the admin key
          </button>
        </div>
      )}
    </div>
  );
}

export function AdminKeyStatus() {
  const key = useAdminKey();
  const [forgotten, setForgotten] = useState(false);
  return (
    <div className="admin-held" role="status">
      {key ? (
        <>
          <span>Admin key held in this tab</span>
          <button
            type="button"
            className="btn btn-secondary btn-small"
            onClick={() => {
              forgetAdminKey();
              setForgotten(true);
              const h1 = document.querySelector<HTMLElement>('main h1');
              if (h1) {
                h1.tabIndex = -1;
                h1.focus();
              }
            }}
          >
            Forget the admin key
          </button>
        </>
      ) : forgotten ? (
        <span className="sr-only">The admin key was forgotten.</span>
      ) : null}
    </div>
  );
}
