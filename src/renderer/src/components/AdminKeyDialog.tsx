/**
 * The dialog that asks for the admin key (one, mounted by App; opened by lib/admin-key.ts askForAdminKey). A modal
 * <dialog>: the browser keeps focus inside and Escape cancels; focus starts in the field and goes back where it was.
 * The key is checked with the API before it is held, so a wrong key is said here, in the API's words, and the field
 * is marked invalid. Nothing typed here is stored anywhere but this tab's memory.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useAdminKeyPrompt } from '../lib/admin-key.ts';
import { checkAdminKey } from '../lib/api-call.ts';

export function AdminKeyDialog() {
  const prompt = useAdminKeyPrompt();
  const dialog = useRef<HTMLDialogElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const returnTo = useRef<Element | null>(null);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (prompt && !d.open) {
      returnTo.current = document.activeElement;
      setValue('');
      setError(prompt.reason);
      d.showModal();
      field.current?.focus();
    } else if (!prompt && d.open) {
      d.close();
      // back to what opened it, if it is still there (an unlocked section moves focus itself)
      if (returnTo.current instanceof HTMLElement && returnTo.current.isConnected) returnTo.current.focus();
    }
  }, [prompt]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!prompt || checking) return;
    const key = value.trim();
    const problem = key ? (setChecking(true), await checkAdminKey(key)) : 'Enter the admin key.';
    setChecking(false);
    if (problem) {
      setError(problem);
      field.current?.focus();
      field.current?.select();
      return;
    }
    setValue('');
    setError(null);
    prompt.answer(key);
  };
  const cancel = () => {
    setValue('');
    setError(null);
    prompt?.answer(null);
  };
  const describedBy = ['admin-key-hint', error ? 'admin-key-error' : null].filter(Boolean).join(' ');
  return (
    <dialog
      ref={dialog}
      className="admin-key-dialog"
      aria-labelledby="admin-key-title"
      aria-describedby="admin-key-why"
      onCancel={(e) => {
        e.preventDefault(); // Escape: close through the same path as Cancel, so the action learns of it
        cancel();
      }}
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <h2 id="admin-key-title">Enter the admin key</h2>
        <p id="admin-key-why">
          Managing API keys and webhooks, and importing or deleting documents, need the admin key. This window's own key
          is for everyday work only, so that no script in the page could do these things with it.
        </p>
        <div className="field">
          <label htmlFor="admin-key-input">Admin key</label>
          <input
            ref={field}
            id="admin-key-input"
            type="password"
            autoComplete="off"
            spellCheck={false}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            aria-invalid={error !== null}
            aria-describedby={describedBy}
          />
          <span className="hint" id="admin-key-hint">
            It is in the file <code>admin-key</code> in Materia's data folder (for example{' '}
            <code>~/.local/share/materia/admin-key</code>), or it is the key set as <code>MATERIA_API_KEY</code>. This
            tab keeps it in memory only, sends it only with admin requests, and forgets it when the tab is closed or
            reloaded, or when you choose “Forget the admin key”.
          </span>
          {error && (
            <span className="field-error" id="admin-key-error" role="alert">
              {error}
            </span>
          )}
        </div>
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={checking}>
            {checking ? 'Checking…' : 'Use this key'}
          </button>
          <button type="button" className="btn btn-secondary" onClick={cancel}>
            Cancel
          </button>
        </div>
      </form>
    </dialog>
  );
}
