import type { StoryStatus } from '../story/story.ts';
import type { StoryAuthor, BeatRef } from '../story/entities.ts';

/** What finding the news answers (docs/product/api.md, "Finding the news"). */

/** One search result (docs/product/api.md, "Finding the news"); `status` matters to staff searches. */
export interface SearchHit {
  id: number;
  slug: string;
  title: string;
  description: string;
  snippet: string;
  status: StoryStatus;
  publishedAt: string | null;
  author: StoryAuthor;
  beat: BeatRef | null;
}
