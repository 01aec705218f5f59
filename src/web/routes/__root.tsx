import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useAuth } from '../auth/use-auth.ts';
import { NotFound } from '../ui/not-found.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { SiteFooter } from '../site/frame/site-footer.tsx';
import { SiteHeader } from '../site/frame/site-header.tsx';
import { ToasterHost } from '../ui/toast/toaster-host.tsx';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: SiteFrame,
  notFoundComponent: NotFound,
});

/** docs/product/screens.md: top bar, the screen (a spinner while the sign-in state loads), footer; toasts over all. */
function SiteFrame() {
  const { isLoading } = useAuth();
  useFocusOnNavigation();
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1}>
        {isLoading ? <Spinner label="Loading your account" /> : <Outlet />}
      </main>
      <SiteFooter />
      <ToasterHost />
    </>
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
