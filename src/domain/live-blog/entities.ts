import type { StoryAuthor } from '../story/entities.ts';

/** A live blog's updates (docs/product/api-liveblogs.md). */

/** One update of a live blog (docs/product/api-liveblogs.md). `body` is sanitised HTML. */
export interface LiveBlogUpdate {
  id: number;
  body: string;
  author: StoryAuthor;
  keyEvent: boolean;
  pinned: boolean;
  version: number;
  createdAt: string;
  updatedAt: string;
}
