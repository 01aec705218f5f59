import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ApiError, getQueryFn } from '../api/client.ts';
import { staffPaths } from '../auth/staff-paths.ts';
import { seedInitialData } from '../api/initial-data.ts';
import { currentUserQuery } from '../auth/current-user.ts';
import { NotFound } from '../ui/not-found.tsx';
import { routeTree } from '../route-tree.gen.ts';
import { warmUpFormatters } from './warm-up-formatters.ts';
import { nextTask } from './next-task.ts';

/** docs/product/api.md, docs/product/rules.md: GET the key's URL, no retries, no refetch on focus, no polling, never stale by time. */
/**
 * A signed-in user the admin's security policy blocks (403 two_factor_required, after a policy
 * change or on a reader's page) is taken to the profile, where they set a second factor up.
 */
function onApiError(error: unknown): void {
  if (error instanceof ApiError && error.code === 'two_factor_required' && window.location.pathname !== staffPaths.profile) {
    void router.navigate({ href: staffPaths.profile });
  }
}

const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: onApiError }),
  mutationCache: new MutationCache({ onError: onApiError }),
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

const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  // The query cache decides freshness; the router always asks it.
  defaultPreloadStaleTime: 0,
  defaultNotFoundComponent: NotFound,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

/** Longest the app waits for the reading view's lead picture before taking over anyway. */
const LEAD_PICTURE_WAIT_MS = 2000;

/**
 * When the worker's reading view has a lead picture, let it be shown first: the app then swaps in
 * the same picture, already decoded, instead of replacing one that has not appeared yet.
 */
async function leadPictureShown(): Promise<void> {
  const lead = document.querySelector<HTMLImageElement>('#root img[fetchpriority="high"]');
  if (!lead) return;
  await Promise.race([lead.decode().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, LEAD_PICTURE_WAIT_MS))]);
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/**
 * The worker may have painted a reading view into #root already (otherwise index.html's spinner
 * is there). Load the first route (its code and data) before rendering, so the app's first commit
 * is the whole page rather than a frame still waiting for its route; render it in a transition,
 * in slices that keep the page responsive. Each step starts in a task of its own.
 */
export async function startApp(): Promise<void> {
  await nextTask();
  const readingView = document.querySelector('#root > main') !== null;
  // Over a reading view, wait for the sign-in state so the header appears once, right; without
  // one, render at once: the frame shows its spinner while the sign-in state loads (docs/product/screens.md).
  const signIn = queryClient.prefetchQuery(currentUserQuery());
  await Promise.all([router.load(), readingView ? signIn : null, leadPictureShown()]);
  await warmUpFormatters();
  await nextTask();
  const root = createRoot(document.getElementById('root')!);
  startTransition(() => {
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    );
  });
}
