/** TanStack Query over the typed client: every screen reads and writes the API through these two hooks. */
import { keepPreviousData, MutationCache, QueryCache, QueryClient, useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, type EndpointInput, type EndpointOutput } from '../../../shared/client.ts';
import type { EndpointName } from '../../../shared/endpoints.ts';
import { api } from '../api.ts';

/** Called when the API refuses the page's key (a key from an earlier launch); App shows the key screen. */
let onKeyRejected: () => void = () => {};
export function setKeyRejectedHandler(fn: () => void): void {
  onKeyRejected = fn;
}

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
      retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
    },
  },
});

export interface ApiQueryOptions {
  enabled?: boolean;
  /** keep showing the previous page while the next one loads (pagination, filters) */
  keepPrevious?: boolean;
}

export function useApiQuery<N extends EndpointName>(name: N, input: EndpointInput<N>, opts: ApiQueryOptions = {}) {
  return useQuery<EndpointOutput<N>, Error>({
    queryKey: [name, input],
    queryFn: ({ signal }) => api.call(name, input, signal),
    enabled: opts.enabled ?? true,
    placeholderData: opts.keepPrevious ? keepPreviousData : undefined,
  });
}

export function useApiMutation<N extends EndpointName>(name: N) {
  return useMutation<EndpointOutput<N>, Error, EndpointInput<N>>({
    mutationFn: (input) => api.call(name, input),
  });
}
