import { queryOptions } from '@tanstack/react-query';
import type { Story } from '../../domain/story/entities.ts';
import type { StorySaveInput } from '../../domain/story/schemas.ts';
import type { StoryFormat } from '../../domain/story/story.ts';
import type { StaffMember } from '../../domain/users/answers.ts';
import { ApiError, apiRequest } from '../api/client.ts';
import { apiList } from '../api/reads.ts';

/** The story calls only staff make: reading any story they may edit, their own list, saving, deleting. */

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

/** What the dashboard's newsroom list shows: everyone's stories, filtered, a page at a time. */
export interface NewsroomFilter {
  authorId: number | null;
  status: Story['status'] | null;
  beatId: number | null;
  offset: number;
}

export const NEWSROOM_PAGE = 20;

/** The newsroom's stories (GET /api/stories with its filters, newest first) and how many match. */
export const newsroomStoriesQuery = (filter: NewsroomFilter) =>
  queryOptions({
    queryKey: ['/api/stories', 'newsroom', filter] as const,
    queryFn: () => {
      const params = new URLSearchParams({ limit: String(NEWSROOM_PAGE), offset: String(filter.offset) });
      if (filter.authorId !== null) params.set('authorId', String(filter.authorId));
      if (filter.status !== null) params.set('status', filter.status);
      if (filter.beatId !== null) params.set('beatId', String(filter.beatId));
      return apiList<Story>(`/api/stories?${params}`);
    },
  });

/** Everyone who writes in the newsroom (GET /api/users/staff): the newsroom list's Author filter. */
export const newsroomStaffQuery = () =>
  queryOptions({ queryKey: ['/api/users/staff'] as const, queryFn: () => apiRequest<StaffMember[]>('GET', '/api/users/staff') });

/** The story save payload of docs/product/rules.md#story-content: the shared schema's fields plus authorId (which the server ignores). */
type PictureWords = 'featuredImageAlt' | 'featuredImageCaption' | 'featuredImageCredit';
/** The save payload as the app sends it; the picture's words may be left out (none). */
export type StoryPayload = Omit<StorySaveInput, 'publishAt' | 'format' | PictureWords> &
  Partial<Pick<StorySaveInput, PictureWords>> & { publishAt?: string | null; format?: StoryFormat; authorId: number };

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
