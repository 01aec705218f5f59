import { queryOptions } from '@tanstack/react-query';
import type { ActiveLiveStream, LiveStream } from '../../domain/entities.ts';
import { apiRequest } from './client.ts';

/** Live-stream calls of SPEC.md section 7 (server side: API.md "Live streams"). */

export const activeStreamsQuery = () =>
  queryOptions({
    queryKey: ['/api/streams/active'] as const,
    queryFn: ({ queryKey, signal }) => apiRequest<ActiveLiveStream[]>('GET', queryKey[0], undefined, { signal }),
    // Whether someone is live changes by the minute; ask again each time it is needed.
    staleTime: 0,
  });

/** Where a reader watches a live stream: its story's page. */
export function streamPath(stream: Pick<ActiveLiveStream, 'slug' | 'storyId'>): string {
  return `/story/${stream.slug || stream.storyId}`;
}

/** SPEC.md sends multipart with the description fixed to "Live stream". */
export function startStream(title: string, description = 'Live stream'): Promise<LiveStream> {
  const form = new FormData();
  form.append('title', title);
  form.append('description', description);
  return apiRequest<LiveStream>('POST', '/api/streams/start', form);
}

export function endStream(id: number | string): Promise<LiveStream> {
  return apiRequest<LiveStream>('POST', `/api/streams/${id}/end`);
}
