import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { useAuth } from '../auth/use-auth.ts';
import { NotFound } from '../components/not-found.tsx';
import { Spinner } from '../components/spinner.tsx';
import { SiteFooter } from '../frame/site-footer.tsx';
import { SiteHeader } from '../frame/site-header.tsx';
import { Toaster } from '../toast/toaster.tsx';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: SiteFrame,
  notFoundComponent: NotFound,
});

/** SPEC.md section 2: top bar, the screen (a spinner while the sign-in state loads), footer; toasts over all. */
function SiteFrame() {
  const { isLoading } = useAuth();
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
      <Toaster />
    </>
  );
}
