import { type DefaultOptions, MutationCache, QueryClient } from '@tanstack/react-query';
import { reportOfflineMutation, retryDelay, shouldRetry } from './retry';

export { reportOfflineMutation, retryDelay, shouldRetry } from './retry';

const HOUR_MS = 60 * 60 * 1000;

/** Query defaults of spec §9: cached data is fresh and kept for an hour, offline-first. */
export const queryConfig = {
  queries: {
    staleTime: HOUR_MS,
    gcTime: HOUR_MS,
    retry: shouldRetry,
    retryDelay,
    refetchOnWindowFocus: false,
    refetchOnMount: false,
    refetchOnReconnect: false,
    networkMode: 'offlineFirst',
  },
  mutations: {
    networkMode: 'offlineFirst',
  },
} satisfies DefaultOptions;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: queryConfig,
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        reportOfflineMutation(error, Boolean(mutation.options.onError));
      },
    }),
  });
}

/** The app's single cache. Tests build their own with {@link createQueryClient}. */
export const queryClient = createQueryClient();
