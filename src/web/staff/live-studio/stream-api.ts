import type { LiveStream } from '../../../domain/entities.ts';
import { apiRequest } from '../../api/client.ts';

/** Starting and ending a live stream (docs/product/api.md#client-conventions; server side: docs/product/api.md#live-streams). */

/** docs/product sends multipart with the description fixed to "Live stream". */
/** With `storyId`, the stream goes on that live blog's page (docs/product/api-liveblogs.md) instead of a story of its own. */
export function startStream(title: string, description = 'Live stream', storyId?: number): Promise<LiveStream> {
  const form = new FormData();
  form.append('title', title);
  form.append('description', description);
  if (storyId !== undefined) form.append('storyId', String(storyId));
  return apiRequest<LiveStream>('POST', '/api/streams/start', form);
}

export function endStream(id: number | string): Promise<LiveStream> {
  return apiRequest<LiveStream>('POST', `/api/streams/${id}/end`);
}
