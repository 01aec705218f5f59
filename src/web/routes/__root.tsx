import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet, useRouter, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { ISLAND_ATTRIBUTE, ISLANDS } from '../../contract/page-contract.ts';
import { markCurrentTab, showStaffCorner } from '../../reader/frame/staff-corner.ts';
import { useAuth } from '../auth/use-auth.ts';
import { watchNotices } from '../islands/notices.ts';
import { frameLinksNavigate } from '../ui/frame-links.ts';
import { NotFound } from '../ui/not-found.tsx';
import { Spinner } from '../ui/spinner.tsx';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: AppScreen,
  notFoundComponent: NotFound,
});

/**
 * docs/product/screens.md: the screen (a spinner while the sign-in state loads), inside the worker's
 * frame (its header, footer and notice region, decision 120), which the app keeps in step with who
 * is signed in and where they are.
 */
function AppScreen() {
  const { isLoading } = useAuth();
  useSiteFrame();
  useFocusOnNavigation();
  return isLoading ? <Spinner label="Loading your account" /> : <Outlet />;
}

/** The worker's frame around the app: the staff corner and tabs for who is signed in, the current tab, in-app links, toasts. */
function useSiteFrame() {
  const router = useRouter();
  const { user, isLoading } = useAuth();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  useEffect(() => {
    const corner = document.querySelector<HTMLElement>(`[${ISLAND_ATTRIBUTE}="${ISLANDS.account}"]`);
    if (corner && !isLoading) showStaffCorner(corner, user);
  }, [user, isLoading]);
  useEffect(() => markCurrentTab(pathname), [pathname, user]);
  useEffect(() => watchNotices(), []);
  useEffect(
    () =>
      frameLinksNavigate(
        [document.querySelector('#root > header'), document.querySelector('#root > footer')],
        (href) => void router.navigate({ href }),
      ),
    [router],
  );
}

/**
 * After moving to another page inside the app, focus goes to the new page's content (as a full
 * page load would start there), so keyboard and screen-reader users are not left on a link that
 * no longer exists. Links to an anchor keep their own target.
 */
function useFocusOnNavigation() {
  const router = useRouter();
  useEffect(
    () =>
      router.subscribe('onResolved', ({ fromLocation, toLocation, pathChanged }) => {
        if (!fromLocation || !pathChanged || toLocation.hash) return;
        document.getElementById('main')?.focus({ preventScroll: true });
      }),
    [router],
  );
}
