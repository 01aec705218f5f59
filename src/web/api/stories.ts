import { queryOptions } from '@tanstack/react-query';
import type { Story } from '../../domain/entities.ts';
import type { StoryStatus } from '../../domain/story.ts';
import { ApiError, apiList, apiRequest } from './client.ts';

export const LATEST_LIMIT = 6;
export const STORY_PAGE_SIZE = 12;

export const latestStoriesQuery = () =>
  queryOptions({
    queryKey: [`/api/stories?status=published&limit=${LATEST_LIMIT}`] as const,
    queryFn: ({ queryKey, signal }) => apiRequest<Story[]>('GET', queryKey[0], undefined, { signal }),
  });

export const featuredStoryQuery = () =>
  queryOptions({
    queryKey: ['/api/stories/featured'] as const,
    // The API answers null when no story is featured.
    queryFn: async ({ queryKey, signal }) => (await apiRequest<Story | null>('GET', queryKey[0], undefined, { signal })) ?? null,
  });

/** One page (1-based) of all published stories, newest first, optionally within one beat. */
export const publishedPageQuery = (page: number, beatId?: number) => {
  const params = new URLSearchParams({ status: 'published', limit: String(STORY_PAGE_SIZE), offset: String((page - 1) * STORY_PAGE_SIZE) });
  if (beatId !== undefined) params.set('beatId', String(beatId));
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
    queryKey: [`/api/stories/slug/${encodeURIComponent(slugOrId)}`] as const,
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

/** Counts one view (only published stories count); the answer is the new total. */
export function recordView(storyId: number): Promise<{ views: number }> {
  return apiRequest<{ views: number }>('POST', `/api/stories/${storyId}/view`);
}

/** One story by id (the editor's read); 404 when the caller may not see it. */
export const storyByIdQuery = (id: number) =>
  queryOptions({
    queryKey: [`/api/stories/${id}`] as const,
    queryFn: ({ queryKey }) => apiRequest<Story>('GET', queryKey[0]),
  });

const AUTHOR_PAGE = 100;

/** Every story of one author, all statuses the caller may see, newest first (read page by page). */
export const authorStoriesQuery = (authorId: number) =>
  queryOptions({
    queryKey: [`/api/stories?authorId=${authorId}`] as const,
    queryFn: async ({ queryKey }) => {
      const all: Story[] = [];
      for (let offset = 0; ; offset += AUTHOR_PAGE) {
        const page = await apiRequest<Story[]>('GET', `${queryKey[0]}&limit=${AUTHOR_PAGE}&offset=${offset}`);
        all.push(...page);
        if (page.length < AUTHOR_PAGE) return all;
      }
    },
  });

/** Every cached story read (lists, single stories, the featured story) starts with this path. */
export const storyQueries = {
  predicate: (query: { queryKey: readonly unknown[] }) => String(query.queryKey[0]).startsWith('/api/stories'),
};

/** The story save payload of SPEC.md section 3. */
export interface StoryPayload {
  title: string;
  slug: string;
  description: string;
  content: string;
  beatId: number | null;
  status: StoryStatus;
  isFeatured: boolean;
  featuredImageUrl: string | null;
  videoUrl: string | null;
  authorId: number;
}

export function createStory(payload: StoryPayload): Promise<Story> {
  return apiRequest<Story>('POST', '/api/stories', payload);
}

/** Fails with 409 stale_version (see staleStoryOf) when `version` is no longer the stored one. */
export function updateStory(id: number, payload: StoryPayload & { version: number }): Promise<Story> {
  return apiRequest<Story>('PUT', `/api/stories/${id}`, payload);
}

/** Soft delete: restoreStory undoes it. */
export function deleteStory(id: number): Promise<unknown> {
  return apiRequest<unknown>('DELETE', `/api/stories/${id}`);
}

export function restoreStory(id: number): Promise<Story> {
  return apiRequest<Story>('POST', `/api/stories/${id}/restore`);
}

/** The stored story a stale save collided with, when the error is that 409. */
export function staleStoryOf(error: unknown): Story | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const body = error.body as { error?: { code?: unknown; current?: unknown } } | null;
  return body?.error?.code === 'stale_version' && body.error.current ? (body.error.current as Story) : null;
}
