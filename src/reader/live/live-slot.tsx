/** @jsxRuntime automatic */
/** @jsxImportSource #reader-jsx */
import { ISLANDS } from '../../contract/page-contract.ts';
import type { Story } from '../../domain/story/entities.ts';
import { island } from '../island.ts';

/** The live player island's props: the story's segment (its slug, or its id), the key of its read in the page's first data. */
export interface LivePlayerProps {
  segment: string;
}

/** A live stream's player slot (live-player.island.tsx renders the player in it); its frame keeps the page from moving when the player arrives. */
export function LiveSlot({ story }: { story: Story }) {
  return (
    <div class="live-slot" {...island<LivePlayerProps>(ISLANDS.livePlayer, { segment: story.slug || String(story.id) })}>
      <div class="video-frame"></div>
    </div>
  );
}
