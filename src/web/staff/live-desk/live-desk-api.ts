import type { LiveBlogFeed } from '../../../domain/live-blog/answers.ts';
import type { LiveBlogUpdate } from '../../../domain/live-blog/entities.ts';
import type { Story } from '../../../domain/story/entities.ts';
import type { Coverage } from '../../../domain/story/story.ts';
import { ApiError, apiRequest } from '../../api/client.ts';

/** The live desk's calls (docs/product/api-liveblogs.md), with the reporter's token. */

const base = (storyId: number) => `/api/stories/${storyId}/updates`;

export function readUpdates(storyId: number, query = ''): Promise<LiveBlogFeed> {
  return apiRequest<LiveBlogFeed>('GET', `${base(storyId)}${query}`);
}

export function postUpdate(storyId: number, update: { body: string; keyEvent: boolean; pinned: boolean }): Promise<LiveBlogUpdate> {
  return apiRequest<LiveBlogUpdate>('POST', base(storyId), update);
}

export function editUpdate(
  storyId: number,
  updateId: number,
  change: { body?: string; keyEvent?: boolean; pinned?: boolean; version: number },
): Promise<LiveBlogUpdate> {
  return apiRequest<LiveBlogUpdate>('PUT', `${base(storyId)}/${updateId}`, change);
}

export function deleteUpdate(storyId: number, updateId: number): Promise<unknown> {
  return apiRequest<unknown>('DELETE', `${base(storyId)}/${updateId}`);
}

export function setCoverage(storyId: number, coverage: Coverage): Promise<Story> {
  return apiRequest<Story>('POST', `/api/stories/${storyId}/coverage`, { coverage });
}

/** The update as stored now, when a save was refused as stale (409 stale_version). */
export function staleUpdateOf(error: unknown): LiveBlogUpdate | null {
  if (!(error instanceof ApiError) || error.status !== 409 || error.code !== 'stale_version') return null;
  return ((error.body as { error?: { current?: LiveBlogUpdate } } | null)?.error?.current as LiveBlogUpdate | undefined) ?? null;
}

/** What to tell the reporter when a call failed: the server's words, else a plain fallback. */
export function failureText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.fields.body ?? error.serverMessage ?? fallback;
  return fallback;
}
