import { MateriaClient } from '../../shared/client.ts';

declare global {
  interface Window { materia?: { apiBase: string; apiKey: string } }
}

const STORAGE_KEY = 'materia.apiKey';

/**
 * Where the key comes from: the desktop preload hands it over (window.materia); in a browser, `npm start` prints a link
 * whose fragment carries this launch's key (#key=…). A fragment never reaches the server or its logs; the page moves it
 * to localStorage (readable by this origin only) and removes it from the address bar.
 */
export function resolveApiKey(): string | null {
  if (window.materia?.apiKey) return window.materia.apiKey;
  const fromHash = new URLSearchParams(window.location.hash.replace(/^#/, '')).get('key');
  if (fromHash) {
    localStorage.setItem(STORAGE_KEY, fromHash);
    history.replaceState(null, '', window.location.pathname + window.location.search);
    return fromHash;
  }
  return localStorage.getItem(STORAGE_KEY);
}

export function forgetApiKey(): void {
  localStorage.removeItem(STORAGE_KEY);
}

export const apiBase = window.materia?.apiBase || window.location.origin;

const apiKey = resolveApiKey();

// Opening the printed link in a tab already showing the app changes only the fragment, which reloads nothing: do it here.
window.addEventListener('hashchange', () => {
  if (new URLSearchParams(window.location.hash.replace(/^#/, '')).get('key')) window.location.reload();
});

/** The key this page uses (null: none was handed over; App then explains how to open the page). */
export const currentApiKey = (): string | null => apiKey;

/** True in the desktop window (the preload handed the key over), false in a browser tab. */
export const isDesktop = (): boolean => !!window.materia?.apiKey;

export const api = new MateriaClient({ baseUrl: apiBase, apiKey: apiKey ?? undefined });
