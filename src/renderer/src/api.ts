import { MateriaClient } from '../../shared/client.ts';

declare global {
  interface Window { materia?: { apiBase: string; apiKey: string } }
}

/** The desktop preload provides the API base and key; in a browser the page talks to the server that served it. */
export const api = new MateriaClient({
  baseUrl: window.materia?.apiBase || window.location.origin,
  apiKey: window.materia?.apiKey || undefined,
});
