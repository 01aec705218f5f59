import type { QueryClient } from '@tanstack/react-query';
import type { Story } from '../../domain/story/entities.ts';
import { storyQueries } from '../../web/api/story-queries.ts';
import { activeStreamsQuery } from './stream-queries.ts';

function ended(story: Story, storyId: number, videoUrl: string | null): Story {
  return story.id === storyId ? { ...story, isLive: false, status: 'published', videoUrl: videoUrl ?? story.videoUrl } : story;
}

/**
 * The stream's room said the stream is over and where its recording is. Its story is published
 * with that video and no longer live (docs/decisions/010-live-stream-protocol.md): write that into
 * every cached read of the story, so the page switches to the recording at once. Refetching right
 * now could bring back a copy of the story that an edge cache took while it was live, so the
 * reads are only marked stale and are fetched afresh the next time a screen needs them.
 */
export function applyStreamEnded(queryClient: QueryClient, storyId: number, videoUrl: string | null): void {
  const patch = (data: unknown): unknown => {
    if (Array.isArray(data)) return data.map(patch);
    if (!data || typeof data !== 'object') return data;
    if ('isLive' in data) return ended(data as Story, storyId, videoUrl);
    // A page of a list: { items, total }.
    if ('items' in data && Array.isArray(data.items)) return { ...data, items: data.items.map(patch) };
    return data;
  };
  queryClient.setQueriesData<unknown>(storyQueries, patch);
  void queryClient.invalidateQueries({ ...storyQueries, refetchType: 'none' });
  void queryClient.invalidateQueries({ queryKey: activeStreamsQuery().queryKey });
}
