import { lazy, Suspense } from 'react';
import type { Story } from '../../domain/story/entities.ts';

/** The player and the MediaSource code load only for a story that is live now: other readers never download them. */
const LivePlayer = lazy(() => import('./live-player.tsx').then((module) => ({ default: module.LivePlayer })));

/** A live story's video slot: the live player, loaded on demand. */
export function LiveStoryVideo({ story }: { story: Story }) {
  return (
    <Suspense
      fallback={
        <div className="video-frame" role="status">
          <span className="visually-hidden">Loading the live player…</span>
        </div>
      }
    >
      <LivePlayer story={story} />
    </Suspense>
  );
}
