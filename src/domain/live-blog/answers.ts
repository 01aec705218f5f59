import type { LiveBlogUpdate } from './entities.ts';
import type { Coverage } from '../story/story.ts';

/** What the live blog routes answer with (docs/product/api-liveblogs.md). */

/**
 * A page of a live blog's feed: updates newest first, and the cursor to ask for what changed after
 * it. With `after`, also the ids of updates deleted since (`deleted`). `more` says that older
 * updates exist (first and older pages) or that more changes wait (with `after`).
 */
export interface LiveBlogFeed {
  updates: LiveBlogUpdate[];
  cursor: string;
  deleted?: number[];
  more: boolean;
  coverage: Coverage;
}
