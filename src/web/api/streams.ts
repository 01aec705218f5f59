import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiRequest } from './client.ts';

/** An entry of GET /api/streams/active (API.md): a live stream and its story's slug. */
export interface ActiveStream {
  id: number | string;
  storyId: number;
  slug?: string | null;
  viewers?: number;
  startedAt?: string | null;
}

/**
 * The streams that are live now. A server without the streams API (404) simply has none;
 * an answer that is not a list is read as none too.
 */
export const activeStreamsQuery = () =>
  queryOptions({
    queryKey: ['/api/streams/active'] as const,
    queryFn: async ({ queryKey, signal }): Promise<ActiveStream[]> => {
      try {
        const streams = await apiRequest<unknown>('GET', queryKey[0], undefined, { signal });
        return Array.isArray(streams) ? (streams as ActiveStream[]) : [];
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return [];
        throw error;
      }
    },
    // Whether someone is live changes by the minute; ask again each time the button is used.
    staleTime: 0,
  });

/** Where a reader watches a live stream: its story's page. */
export function streamPath(stream: ActiveStream): string {
  return `/story/${stream.slug || stream.storyId}`;
}
