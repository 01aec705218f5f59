import { useEffect, useRef } from 'react';
import { islands } from '../../../reader/islands.ts';
import { StoryVideo } from '../../../reader/stories/story-video.tsx';
import { wakeIslands } from '../../islands/wake-islands.ts';

/**
 * The editor's preview of the video field: the story page's own video (the reader's component,
 * decision 120: a YouTube facade whose island loads the player on the tap, or a native player with
 * the picture as poster), for what is typed now.
 */
export function VideoPreview({ url, title, poster }: { url: string; title: string; poster: string | null }) {
  const html =
    StoryVideo({ story: { videoUrl: url, title, featuredImageUrl: poster }, origin: location.origin, slot: 'article' })?.html ?? '';
  const holder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (holder.current) wakeIslands(islands, { signedIn: true }, holder.current);
  }, [html]);
  return <div ref={holder} className="video-preview" aria-label="Video preview" dangerouslySetInnerHTML={{ __html: html }} />;
}
