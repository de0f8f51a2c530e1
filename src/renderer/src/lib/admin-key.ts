/**
 * The admin key, held for this tab only. The page's own key (the launch's session key) has no admin scope, so that a
 * script injected into the page cannot create keys or allow private webhook targets with it (issue 30); admin actions
 * ask for the admin key instead. It lives in this module's memory — never localStorage, sessionStorage or a cookie —
 * so it is gone when the tab closes or reloads, and only admin requests carry it (lib/api-call.ts).
 *
 * Also here: the one open request for the key, which the dialog (components/AdminKeyDialog.tsx) answers, and the two
 * errors that lead to it (no key given; the API's refusal naming the admin scope). No request is made from here, so
 * error displays can import it without the API client.
 */
import { useSyncExternalStore } from 'react';
import { ApiError } from '../../../shared/client.ts';

let held: string | null = null;
export interface AdminKeyPrompt {
  /** why the key is asked for again (the previous one was refused), in the API's words */
  reason: string | null;
  answer(key: string | null): void;
}
let prompt: AdminKeyPrompt | null = null;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((l) => l());
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export const heldAdminKey = (): string | null => held;

export function holdAdminKey(key: string): void {
  held = key;
  changed();
}

/** Drops the key; the callers that showed admin data drop it too (App clears the admin queries on this change). */
export function forgetAdminKey(): void {
  if (held === null) return;
  held = null;
  changed();
}

/**
 * Opens the dialog and settles with the key it accepted, or null when the person cancelled. A second ask while the
 * dialog is open joins the first.
 */
let waiting: Promise<string | null> | null = null;
export function askForAdminKey(reason: string | null = null): Promise<string | null> {
  if (waiting) return waiting;
  waiting = new Promise<string | null>((resolve) => {
    prompt = {
      reason,
      answer: (key) => {
        prompt = null;
        waiting = null;
        if (key) held = key;
        changed();
        resolve(key);
      },
    };
    changed();
  });
  return waiting;
}

export function useAdminKey(): string | null {
  return useSyncExternalStore(subscribe, heldAdminKey);
}

export function useAdminKeyPrompt(): AdminKeyPrompt | null {
  return useSyncExternalStore(subscribe, () => prompt);
}

export function onAdminKeyChange(fn: (key: string | null) => void): () => void {
  let last = held;
  return subscribe(() => {
    if (held !== last) fn((last = held));
  });
}

/** An admin action that went without an admin key: none was given (cancelled), or the one held was refused. */
export class AdminKeyNeeded extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AdminKeyNeeded';
  }
}

/** The API's 403 for a key without the admin scope (its details name the scope: "needs admin; key has …"). */
export function isAdminScopeRefusal(err: unknown): err is ApiError {
  return (
    err instanceof ApiError &&
    err.status === 403 &&
    err.details.some((d) => d.field === 'scope' && /^needs admin\b/.test(d.message))
  );
}
