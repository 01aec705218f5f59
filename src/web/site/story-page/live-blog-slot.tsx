import { useLayoutEffect, useRef } from 'react';
import type { Story } from '../../../domain/story/entities.ts';
import { storyPath } from '../../../domain/site/site.ts';

/**
 * Where the app's story page (the one it renders itself: a signed-in reporter's preview, a page the
 * app took over) holds a live blog's feed: the same island as the worker's page (live-blog.island.ts),
 * moved here if it was already running on the page, started here otherwise. Loaded on demand.
 */
export function LiveBlogSlot({ story }: { story: Story }) {
  const slot = useRef<HTMLDivElement>(null);
  const published = story.status === 'published';
  const path = storyPath(story);
  const storyId = story.id;
  useLayoutEffect(() => {
    let stop: (() => void) | null = null;
    let gone = false;
    void import('../../../reader/live-blog/live-blog.island.ts').then(async ({ adoptOrMount }) => {
      if (gone || !slot.current) return;
      stop = await adoptOrMount(slot.current, { storyId, path, published });
      if (gone) stop();
    });
    return () => {
      gone = true;
      stop?.();
    };
  }, [storyId, path, published]);
  return <div ref={slot} className="live-blog-slot" />;
}
