/**
 * The page addresses, as patterns over the path (`:name` is one segment): the app's screens and the
 * reader pages the worker writes. The worker decides with these what a page address gets; the app's
 * links, whether they open in place (decision 076). Apart from page-contract.ts so that the entry
 * every reader page loads carries none of it. It imports nothing (eslint.config.js).
 */

/**
 * Every address the app has a screen for, as patterns over the path (`:name` is one segment). The
 * worker answers any other page address with its own page or 404 and the not-found screen
 * (docs/product/screens.md); tests/contract/app-routes.test.ts holds this list to the app's route
 * tree. Reader pages (home, stories, beats, authors, search) are the worker's alone (decision 076):
 * `/story/:slug` is here only for a story the public may not see (its author's preview, a signed-in
 * browser: APP_WHEN_SIGNED_IN_ATTRIBUTE).
 */
export const APP_ROUTES = [
  '/admin',
  '/dashboard',
  '/edit/:id',
  '/login',
  '/profile',
  '/reset-password',
  '/story/:slug',
  '/story/new',
] as const;

/** The reader pages the worker writes whole (decisions 076, 120), as patterns like APP_ROUTES'. */
export const READER_ROUTES = ['/', '/about', '/author/:username', '/beat/:slug', '/beta', '/search', '/story/:slug'] as const;

/** True when `pathname` is one of the app's screens (a trailing slash is not). */
export const isAppRoute = (pathname: string) => matchesRoute(APP_ROUTES, pathname);

/** True when `pathname` is a page's address: one of the app's screens or a reader page of the worker's. */
export const isPageRoute = (pathname: string) => isAppRoute(pathname) || matchesRoute(READER_ROUTES, pathname);

function matchesRoute(routes: readonly string[], pathname: string): boolean {
  const segments = pathname.split('/');
  return routes.some((route) => {
    const parts = route.split('/');
    return (
      parts.length === segments.length &&
      parts.every((part, index) => (part.startsWith(':') ? segments[index] !== '' : part === segments[index]))
    );
  });
}

/**
 * True when a link from inside the app may open `pathname` without a page load: one of the app's
 * screens, but never a story's address, which is the worker's cached page (decision 076).
 */
export function opensInApp(pathname: string): boolean {
  return isAppRoute(pathname) && (pathname === '/story/new' || !pathname.startsWith('/story/'));
}
