import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { islands } from '../../../reader/islands.ts';
import { send } from '../../api/client.ts';
import { wakeIslands } from '../../islands/wake-islands.ts';
import { Spinner } from '../../ui/spinner.tsx';

/** GET /api/stories/{id}/preview: the story's page as the worker renders it (its key starts with /api/stories, so a save refreshes it). */
export const storyPreviewQuery = (storyId: number) =>
  queryOptions({
    queryKey: [`/api/stories/${storyId}/preview`] as const,
    queryFn: async ({ queryKey, signal }) => (await send('GET', queryKey[0], undefined, { signal })).text(),
  });

/**
 * A story as its page shows it, for staff (decision 120): the reader's own components, rendered by
 * the worker, put in place and their islands woken (share, the video, Edit, a live blog's feed).
 * React never renders a reader's page: it holds the worker's HTML and leaves it alone.
 */
export function StoryPreview({ storyId }: { storyId: number }) {
  const { data: html, isPending, isError } = useQuery(storyPreviewQuery(storyId));
  const holder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (holder.current && html) wakeIslands(islands, { signedIn: true }, holder.current);
  }, [html]);
  if (isPending) return <Spinner label="Loading the story" />;
  if (isError) return <p role="alert">The story could not be loaded.</p>;
  return <div ref={holder} className="story-preview" dangerouslySetInnerHTML={{ __html: html }} />;
}
