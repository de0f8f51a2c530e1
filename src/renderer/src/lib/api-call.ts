/**
 * Which key a request carries. Every route the page uses every day goes with the page's own key (read, chat, tools);
 * an admin route goes with the admin key this tab holds (lib/admin-key.ts), asked for when an action needs it. So the
 * admin key is sent only on admin requests, and a refusal that names the admin scope leads to the dialog, not a dead end.
 */
import { ApiError, MateriaClient, type EndpointInput, type EndpointOutput } from '../../../shared/client.ts';
import { ENDPOINTS, type EndpointName } from '../../../shared/endpoints.ts';
import { api, apiBase } from '../api.ts';
import { AdminKeyNeeded, askForAdminKey, forgetAdminKey, heldAdminKey, isAdminScopeRefusal } from './admin-key.ts';

export const needsAdmin = (name: unknown): boolean =>
  typeof name === 'string' && name in ENDPOINTS && ENDPOINTS[name as EndpointName].scope === 'admin';

export const adminClient = (key: string): MateriaClient => new MateriaClient({ baseUrl: apiBase, apiKey: key });

/**
 * Asks the API whether `key` may do admin actions, with one cheap admin read. Null when it may; otherwise what to
 * tell the person, in the API's words.
 */
export async function checkAdminKey(key: string): Promise<string | null> {
  try {
    await adminClient(key).call('apiKeyList', { query: { limit: '1' } });
    return null;
  } catch (err) {
    if (isAdminScopeRefusal(err))
      return `This key works, but it has no admin scope (${err.details[0]!.message.replace(/^needs admin; /, '')}). Use the admin key.`;
    if (err instanceof ApiError && err.status === 401) return `This key was not accepted: ${err.message}.`;
    if (err instanceof ApiError && err.status === 429)
      return `Too many tries: the API's rate limit was reached. Try again in ${err.retryAfterSeconds ?? 60} seconds.`;
    if (err instanceof ApiError) return err.message;
    return 'The local API is not reachable. Is “npm start” (or the desktop app) still running?';
  }
}

/**
 * Calls `name` with the right key. `interactive`: an action the person just asked for, which may open the admin key
 * dialog; a query shown on a screen never does (its screen offers the dialog instead, components/AdminKeyGate.tsx).
 */
export async function callApi<N extends EndpointName>(
  name: N,
  input: EndpointInput<N>,
  signal: AbortSignal | undefined,
  interactive: boolean,
): Promise<EndpointOutput<N>> {
  if (!needsAdmin(name)) return api.call(name, input, signal);
  let reason: string | null = null;
  let key = heldAdminKey() ?? (interactive ? await askForAdminKey() : null);
  for (;;) {
    if (!key) throw new AdminKeyNeeded(reason ?? 'This action needs the admin key.');
    try {
      return await adminClient(key).call(name, input, signal);
    } catch (err) {
      // a key revoked or expired since it was given (401), or one without admin (403): ask again, or forget it
      if (!(err instanceof ApiError && (err.status === 401 || isAdminScopeRefusal(err)))) throw err;
      reason = `The admin key was not accepted: ${err.message}.`;
      const refused = key;
      // Asked before the refused key is dropped: dropping it first would close the screen this action runs on
      // (its section waits for an admin key), and with it what the action shows once (a new key's secret).
      key = interactive ? await askForAdminKey(reason) : null;
      if (!key && heldAdminKey() === refused) forgetAdminKey();
    }
  }
}
