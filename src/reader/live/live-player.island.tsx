import { useSuspenseQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { renderIsland } from '../../web/islands/react-island.tsx';
import { stringProp, type IslandProps } from '../../web/islands/island.ts';
import { storyBySlugQuery } from '../../web/api/story-queries.ts';
import { StoryVideo } from '../stories/story-video.tsx';
import { LiveStoryVideo } from './live-story-video.tsx';

/**
 * A live story's video slot on a reader's page (live-slot.tsx): the live player, and the recording
 * once the stream ends (the player writes the ended story into the query cache: story-ended.ts). The story
 * comes from the page's initial data, under the read URL of `segment` (the page's /story/{segment}).
 */
function LiveSlot({ segment }: { segment: string }) {
  const { data: story } = useSuspenseQuery(storyBySlugQuery(segment));
  if (!story) return null;
  if (story.isLive) return <LiveStoryVideo story={story} />;
  // Ended: the recording, as the story's page shows a video (the reader's component, decision 120).
  const video = StoryVideo({ story, origin: location.origin, slot: 'article' });
  return video ? <div dangerouslySetInnerHTML={{ __html: video.html }} /> : null;
}

export function mount(slot: HTMLElement, props: IslandProps): void {
  renderIsland(
    slot,
    <Suspense fallback={<div className="video-frame" />}>
      <LiveSlot segment={stringProp(props, 'segment')} />
    </Suspense>,
  );
}
