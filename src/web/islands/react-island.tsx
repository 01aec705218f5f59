import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { createQueryClient } from '../api/query-client.ts';

let queryClient: QueryClient | undefined;

/**
 * Renders a React island into its element, replacing only that element's children (decision 045):
 * for a slot whose markup is the island's own (the live player, a live feed), never for markup
 * the reader may be using. Every React island on the page shares one query cache, seeded from the
 * page's initial data, so an island reads what the worker embedded without a round trip.
 * This module is only ever loaded by an island's own chunk: React stays off pages without one.
 */
export function renderIsland(element: HTMLElement, node: ReactNode): void {
  queryClient ??= createQueryClient();
  createRoot(element).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>{node}</QueryClientProvider>
    </StrictMode>,
  );
}
