import { queryOptions } from '@tanstack/react-query';
import type { ActiveLiveStream } from '../../domain/live-video/entities.ts';
import { apiRequest } from '../../web/api/client.ts';

/** Live-stream calls of docs/product/api.md#client-conventions (server side: docs/product/api.md#live-streams). */

export const activeStreamsQuery = () =>
  queryOptions({
    queryKey: ['/api/streams/active'] as const,
    queryFn: ({ queryKey, signal }) => apiRequest<ActiveLiveStream[]>('GET', queryKey[0], undefined, { signal }),
    // Whether someone is live changes by the minute; ask again each time it is needed.
    staleTime: 0,
  });
