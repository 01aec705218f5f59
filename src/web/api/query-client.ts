import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './reads.ts';
import { seedInitialData } from './initial-data.ts';

/**
 * The query cache the app and the React islands use, seeded from the page's initial data.
 * docs/product/api.md, docs/product/rules.md: GET the key's URL, no retries, no refetch on focus,
 * no polling, never stale by time. `onError` hears every failed read and write.
 */
export function createQueryClient(onError?: (error: unknown) => void): QueryClient {
  const queryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  });
  seedInitialData(queryClient);
  return queryClient;
}
