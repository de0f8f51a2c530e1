import { MateriaClient } from '../../shared/client.ts';

declare global {
  interface Window {
    materia?: { apiBase: string; apiKey: string };
  }
}

const STORAGE_KEY = 'materia.apiKey';

/**
 * Where the key comes from: the desktop preload hands it over (window.materia); in a browser, `npm start` prints a link
 * whose fragment carries a one-time code (#code=…), never the key. The page trades the code for the key (POST
 * /v1/session), keeps the key in localStorage (readable by this origin only) and removes the code from the address bar.
 * A fragment never reaches the server or its logs, and a used code is worth nothing.
 */
export async function resolveApiKey(): Promise<string | null> {
  if (window.materia?.apiKey) return window.materia.apiKey;
  const code = new URLSearchParams(window.location.hash.replace(/^#/, '')).get('code');
  if (code) {
    history.replaceState(null, '', window.location.pathname + window.location.search);
    try {
      const { data } = await new MateriaClient({ baseUrl: window.location.origin }).call('sessionExchange', {
        body: { code },
      });
      localStorage.setItem(STORAGE_KEY, data.key);
      return data.key;
    } catch {
      // a used or expired code: the key kept from an earlier visit, if any, else the page explains how to get a link
    }
  }
  return localStorage.getItem(STORAGE_KEY);
}

export function forgetApiKey(): void {
  localStorage.removeItem(STORAGE_KEY);
}

export const apiBase = window.materia?.apiBase || window.location.origin;

const apiKey = await resolveApiKey();

// Opening the printed link in a tab already showing the app changes only the fragment, which reloads nothing: do it here.
window.addEventListener('hashchange', () => {
  if (new URLSearchParams(window.location.hash.replace(/^#/, '')).get('code')) window.location.reload();
});

/** The key this page uses (null: none was handed over; App then explains how to open the page). */
export const currentApiKey = (): string | null => apiKey;

/** True in the desktop window (the preload handed the key over), false in a browser tab. */
export const isDesktop = (): boolean => !!window.materia?.apiKey;

export const api = new MateriaClient({ baseUrl: apiBase, apiKey: apiKey ?? undefined });
