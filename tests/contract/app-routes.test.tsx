import { describe, expect, test } from 'vitest';
import { APP_ROUTES, isAppRoute, isPageRoute, opensInApp } from '../../src/contract/page-routes.ts';
import { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { routeTree } from '../../src/web/route-tree.gen.ts';

/** The worker answers 404 for any address outside APP_ROUTES (decision 045): the list must be the app's own routes. */
describe('the app’s routes, as the worker knows them', () => {
  test('are the route tree’s, one for one', () => {
    const fromTree = Object.keys(createRouter({ routeTree, context: { queryClient: new QueryClient() } }).routesByPath).map((path) =>
      path.replace(/\$(\w+)/g, ':$1'),
    );
    expect([...APP_ROUTES].sort()).toEqual(fromTree.sort());
  });

  test('match whole segments, never more or less', () => {
    expect(isAppRoute('/admin')).toBe(true);
    expect(isAppRoute('/story/some-slug')).toBe(true);
    expect(isAppRoute('/story/new')).toBe(true);
    expect(isAppRoute('/edit/12')).toBe(true);
    expect(isAppRoute('/story/')).toBe(false);
    expect(isAppRoute('/story/a/b')).toBe(false);
    expect(isAppRoute('/admin/')).toBe(false);
    expect(isAppRoute('/admins')).toBe(false);
    expect(isAppRoute('')).toBe(false);
  });

  test('leave the reader pages to the worker (decisions 076, 120)', () => {
    for (const path of ['/', '/search', '/beat/politics', '/author/maya', '/beta', '/about']) {
      expect(isAppRoute(path), path).toBe(false);
      expect(isPageRoute(path), path).toBe(true);
    }
    expect(isPageRoute('/story/some-slug')).toBe(true);
    expect(isPageRoute('/beat/a/b')).toBe(false);
    // A link inside the app opens a story as the worker's page; the app's own screens in place.
    expect(opensInApp('/story/some-slug')).toBe(false);
    expect(opensInApp('/')).toBe(false);
    expect(opensInApp('/beta')).toBe(false);
    expect(opensInApp('/about')).toBe(false);
    expect(opensInApp('/story/new')).toBe(true);
    expect(opensInApp('/dashboard')).toBe(true);
    expect(opensInApp('/edit/12')).toBe(true);
  });
});
