import { describe, expect, test } from 'vitest';
import { APP_ROUTES, isAppRoute } from '../../src/contract/page-contract.ts';
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
    expect(isAppRoute('/')).toBe(true);
    expect(isAppRoute('/story/some-slug')).toBe(true);
    expect(isAppRoute('/story/new')).toBe(true);
    expect(isAppRoute('/edit/12')).toBe(true);
    expect(isAppRoute('/story/')).toBe(false);
    expect(isAppRoute('/story/a/b')).toBe(false);
    expect(isAppRoute('/beta/')).toBe(false);
    expect(isAppRoute('/betas')).toBe(false);
    expect(isAppRoute('')).toBe(false);
  });
});
