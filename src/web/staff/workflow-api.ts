import { queryOptions } from '@tanstack/react-query';
import type { Correction, Story, StoryRevision, StoryRevisionSummary } from '../../domain/story/entities.ts';
import { apiRequest } from '../api/client.ts';
import { apiList } from '../api/reads.ts';

/** The newsroom's working day as staff call it (docs/product/api.md): the review queue, review decisions, history, corrections. */

/** The most a Review tab list shows; its total counts them all (X-Total-Count). */
export const REVIEW_LIST_LIMIT = 100;

/** Stories waiting for review, oldest submission first as the server orders them (admins see every reporter's), and how many wait. */
export const reviewQueueQuery = () =>
  queryOptions({
    queryKey: [`/api/stories?status=in_review&limit=${REVIEW_LIST_LIMIT}`] as const,
    queryFn: ({ queryKey }) => apiList<Story>(queryKey[0]),
  });

/** Stories waiting for their publication time, soonest first as the server orders them, and how many there are. */
export const scheduledStoriesQuery = () =>
  queryOptions({
    queryKey: [`/api/stories?status=scheduled&limit=${REVIEW_LIST_LIMIT}`] as const,
    queryFn: ({ queryKey }) => apiList<Story>(queryKey[0]),
  });

export function reviewStory(story: Story, decision: 'approve' | 'return', note?: string): Promise<Story> {
  return apiRequest<Story>('POST', `/api/stories/${story.id}/review`, { decision, note, version: story.version });
}

export const revisionsQuery = (storyId: number) =>
  queryOptions({
    queryKey: [`/api/stories/${storyId}/revisions`] as const,
    queryFn: ({ queryKey }) => apiRequest<StoryRevisionSummary[]>('GET', queryKey[0]),
    staleTime: 0,
  });

export const revisionQuery = (storyId: number, revisionId: number) =>
  queryOptions({
    queryKey: [`/api/stories/${storyId}/revisions/${revisionId}`] as const,
    queryFn: ({ queryKey }) => apiRequest<StoryRevision>('GET', queryKey[0]),
    // A revision never changes.
    staleTime: Infinity,
  });

/** Fails with 409 stale_version (staleStoryOf) when the story moved on since `version` was read. */
export function restoreRevision(storyId: number, revisionId: number, version: number): Promise<Story> {
  return apiRequest<Story>('POST', `/api/stories/${storyId}/revisions/${revisionId}/restore`, { version });
}

export function addCorrection(storyId: number, note: string): Promise<Correction> {
  return apiRequest<Correction>('POST', `/api/stories/${storyId}/corrections`, { note });
}
