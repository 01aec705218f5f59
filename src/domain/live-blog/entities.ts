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

/** A live blog as its page shows it: a page of updates (the newest, or those before `before`), the pinned one and the key events. */
export interface LiveBlogPageData {
  page: { updates: LiveBlogUpdate[]; cursor: number; more: boolean };
  pinned: LiveBlogUpdate | null;
  keyEvents: LiveBlogUpdate[];
  /** The update id an older page starts before; null for the newest. */
  before: number | null;
}
