import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './client.ts';
import { seedInitialData } from './initial-data.ts';

/**
 * The query cache the app and the React islands use, seeded from the page's initial data.
 * docs/product/api.md, docs/product/rules.md: GET the key's URL, no retries, no refetch on focus,
 * no polling, never stale by time.
 */
export function createQueryClient(): QueryClient {
  const queryClient = new QueryClient({
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
