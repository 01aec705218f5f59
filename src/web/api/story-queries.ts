import { queryOptions } from '@tanstack/react-query';
import { FEATURED_URL, HOME_LATEST_URL, storyReadUrl } from '../../contract/page-contract.ts';
import type { Story } from '../../domain/story/entities.ts';
import { LIST_PAGE_SIZE } from '../../domain/site/site.ts';
import { ApiError, apiRequest } from './client.ts';
import { apiList } from './reads.ts';
import type { ViewArrival } from '../../reader/story/arrival.ts';

/** The public lists' page size, the same on the worker's pages (docs/product/screens.md). */
export const STORY_PAGE_SIZE = LIST_PAGE_SIZE;

export const latestStoriesQuery = () =>
  queryOptions({
    // The worker embeds the home page's first reads under these same URLs (page-contract.ts).
    queryKey: [HOME_LATEST_URL] as const,
    queryFn: ({ queryKey, signal }) => apiRequest<Story[]>('GET', queryKey[0], undefined, { signal }),
  });

export const featuredStoryQuery = () =>
  queryOptions({
    queryKey: [FEATURED_URL] as const,
    // The API answers null when no story is featured.
    queryFn: async ({ queryKey, signal }) => (await apiRequest<Story | null>('GET', queryKey[0], undefined, { signal })) ?? null,
  });

/** One page (1-based) of all published stories, newest first, optionally within one beat or by one author. */
export const publishedPageQuery = (page: number, beatId?: number, authorId?: number) => {
  const params = new URLSearchParams({ status: 'published', limit: String(STORY_PAGE_SIZE), offset: String((page - 1) * STORY_PAGE_SIZE) });
  if (beatId !== undefined) params.set('beatId', String(beatId));
  if (authorId !== undefined) params.set('authorId', String(authorId));
  return queryOptions({
    queryKey: [`/api/stories?${params}`] as const,
    queryFn: ({ queryKey, signal }) => apiList<Story>(queryKey[0], { signal }),
  });
};

/**
 * The viewer's story by the path segment of /story/{slug}: the slug, or the id of a story without
 * one. A numeric segment that is no story's slug is tried as an id. Null when there is no such
 * story the caller may see.
 */
export const storyBySlugQuery = (slugOrId: string) =>
  queryOptions({
    queryKey: [storyReadUrl(slugOrId)] as const,
    queryFn: async ({ queryKey, signal }): Promise<Story | null> => {
      try {
        return await apiRequest<Story>('GET', queryKey[0], undefined, { signal });
      } catch (error) {
        if (!(error instanceof ApiError) || error.status !== 404) throw error;
      }
      if (!/^\d+$/.test(slugOrId)) return null;
      try {
        return await apiRequest<Story>('GET', `/api/stories/${slugOrId}`, undefined, { signal });
      } catch (error) {
        if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
        throw error;
      }
    },
  });

/** Counts one view (only published stories count) with where the reader came from; the answer is the new total. */
export function recordView(storyId: number, arrival: ViewArrival): Promise<{ views: number }> {
  return apiRequest<{ views: number }>('POST', `/api/stories/${storyId}/view`, arrival);
}

/** Every cached story read (lists, single stories, the featured story) starts with this path. */
export const storyQueries = {
  predicate: (query: { queryKey: readonly unknown[] }) => String(query.queryKey[0]).startsWith('/api/stories'),
};
