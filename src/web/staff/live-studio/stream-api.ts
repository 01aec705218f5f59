import type { LiveStream } from '../../../domain/live-video/entities.ts';
import { apiRequest } from '../../api/client.ts';
import type { StreamDetails } from './stream-details.tsx';

/** Starting and ending a live stream (docs/product/api.md#client-conventions; server side: docs/product/api.md#live-streams). */

/**
 * Multipart, as docs/product sends it: the title, and the description and beat when given. With
 * `storyId`, the stream goes on that live blog's page (docs/product/api-liveblogs.md) instead of a
 * story of its own.
 */
export function startStream(
  title: string,
  details: StreamDetails = { description: '', beatId: '' },
  storyId?: number,
): Promise<LiveStream> {
  const form = new FormData();
  form.append('title', title);
  if (details.description.trim()) form.append('description', details.description.trim());
  if (details.beatId) form.append('beatId', details.beatId);
  if (storyId !== undefined) form.append('storyId', String(storyId));
  return apiRequest<LiveStream>('POST', '/api/streams/start', form);
}

export function endStream(id: number | string): Promise<LiveStream> {
  return apiRequest<LiveStream>('POST', `/api/streams/${id}/end`);
}
