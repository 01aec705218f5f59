import { QueryClientProvider } from '@tanstack/react-query';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ApiError } from '../api/client.ts';
import { createQueryClient } from '../api/query-client.ts';
import { staffPaths } from '../auth/staff-paths.ts';
import { currentUserQuery } from '../auth/current-user.ts';
import { NotFound } from '../ui/not-found.tsx';
import { routeTree } from '../route-tree.gen.ts';
import { warmUpFormatters } from './warm-up-formatters.ts';
import { nextTask } from './next-task.ts';

/**
 * A signed-in user the admin's security policy blocks (403 two_factor_required, after a policy
 * change) is taken to the profile, where they set a second factor up. (A reader's page never moves
 * its reader: its islands only ask who is signed in, which the policy allows.)
 */
function onApiError(error: unknown): void {
  if (error instanceof ApiError && error.code === 'two_factor_required' && window.location.pathname !== staffPaths.profile) {
    void router.navigate({ href: staffPaths.profile });
  }
}

const queryClient = createQueryClient(onApiError);

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

/**
 * The app's screens (src/web/main.tsx says which), rendered into the <main> of the worker's frame
 * (decision 120: the header and footer are the worker's on every page). Load the first route (its
 * code and data) and the sign-in state before rendering, so the app's first commit is the whole
 * screen rather than one still waiting for its route, with the header's corner right at once;
 * render it in a transition, in slices that keep the page responsive. Each step starts in a task
 * of its own.
 */
export async function startApp(): Promise<void> {
  await nextTask();
  await Promise.all([router.load(), queryClient.prefetchQuery(currentUserQuery())]);
  await warmUpFormatters();
  await nextTask();
  const root = createRoot(document.getElementById('main')!);
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
