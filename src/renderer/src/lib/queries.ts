/** TanStack Query over the typed client: every screen reads and writes the API through these two hooks. */
import { keepPreviousData, MutationCache, QueryCache, QueryClient, useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, type EndpointInput, type EndpointOutput } from '../../../shared/client.ts';
import type { EndpointName } from '../../../shared/endpoints.ts';
import { AdminKeyNeeded, onAdminKeyChange, useAdminKey } from './admin-key.ts';
import { callApi, needsAdmin } from './api-call.ts';

/** Called when the API refuses the page's key (a key from an earlier launch); App shows the key screen. */
let onKeyRejected: () => void = () => {};
export function setKeyRejectedHandler(fn: () => void): void {
  onKeyRejected = fn;
}

// only the page's own key: a refused admin key comes as AdminKeyNeeded (lib/api-call.ts) and asks for the key again
const watchAuth = (err: unknown) => {
  if (err instanceof ApiError && err.status === 401) onKeyRejected();
};

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: watchAuth }),
  mutationCache: new MutationCache({ onError: watchAuth }),
  defaultOptions: {
    queries: {
      staleTime: 5 * 60_000,
      refetchOnWindowFocus: false,
      // 4xx answers will not change on retry; a 429 says when to come back, so do not hammer it either
      retry: (count, err) =>
        !(err instanceof ApiError && err.status >= 400 && err.status < 500) &&
        !(err instanceof AdminKeyNeeded) &&
        count < 2,
    },
  },
});

// Forgetting the admin key forgets what it showed (the key list, webhooks) too.
onAdminKeyChange((key) => {
  if (!key) queryClient.removeQueries({ predicate: (q) => needsAdmin(q.queryKey[0]) });
});

export interface ApiQueryOptions {
  enabled?: boolean;
  /** keep showing the previous page while the next one loads (pagination, filters) */
  keepPrevious?: boolean;
}

/** A read shown on a screen. An admin read waits until this tab holds the admin key; it never opens the dialog. */
export function useApiQuery<N extends EndpointName>(name: N, input: EndpointInput<N>, opts: ApiQueryOptions = {}) {
  const adminKey = useAdminKey();
  return useQuery<EndpointOutput<N>, Error>({
    queryKey: [name, input],
    queryFn: ({ signal }) => callApi(name, input, signal, false),
    enabled: (opts.enabled ?? true) && (!needsAdmin(name) || adminKey !== null),
    placeholderData: opts.keepPrevious ? keepPreviousData : undefined,
  });
}

/** An action the person asked for: an admin action asks for the admin key when this tab holds none. */
export function useApiMutation<N extends EndpointName>(name: N) {
  return useMutation<EndpointOutput<N>, Error, EndpointInput<N>>({
    mutationFn: (input) => callApi(name, input, undefined, true),
  });
}
