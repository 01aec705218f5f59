import type { LiveBlogUpdate } from './entities.ts';
import type { Coverage } from '../story/story.ts';

/** Where a live blog's updates are kept, on one change clock (decision 055). */

/** An update as the policy needs it: who wrote it. */
export type StoredLiveBlogUpdate = LiveBlogUpdate & { authorId: number };

/** A page of a live blog's updates, newest first, and the feed's cursor as it stood when they were read. */
export interface LiveBlogPage {
  updates: LiveBlogUpdate[];
  /** The live blog's newest change (0 for none), read in the same snapshot as the updates. */
  cursor: number;
  /** Whether older updates than these exist. */
  more: boolean;
}

/** What changed after a cursor: updates as they stand now, the ids of deleted ones, and the new cursor. */
export interface LiveBlogChanges {
  updates: LiveBlogUpdate[];
  deleted: number[];
  cursor: number;
  /** More changes wait after `cursor` (the page was full). */
  more: boolean;
}

export type LiveBlogEditOutcome = { kind: 'edited'; update: LiveBlogUpdate } | { kind: 'stale' } | { kind: 'not_found' };

/**
 * A live blog's updates (docs/product/api-liveblogs.md, decision 055). Every write takes the next
 * number of one change clock, so "what changed after N" is one range read; pinning an update
 * unpins the live blog's other pinned update in the same atomic write.
 */
export interface LiveBlogRepository {
  page(storyId: number, options: { before?: number; limit: number; keyEvent?: boolean; pinned?: boolean }): Promise<LiveBlogPage>;
  /** Changes after `after`, oldest change first, at most `limit`; the updates newest first. */
  changes(storyId: number, after: number, limit: number): Promise<LiveBlogChanges>;
  findById(storyId: number, updateId: number): Promise<StoredLiveBlogUpdate | null>;
  /** Null when the story is not (or no longer) a live blog with live coverage: nothing is written. */
  create(
    storyId: number,
    authorId: number,
    update: { body: string; keyEvent: boolean; pinned: boolean },
    now: string,
  ): Promise<LiveBlogUpdate | null>;
  /** Writes only when the stored version is `expectedVersion`; bumps it. */
  edit(
    storyId: number,
    updateId: number,
    expectedVersion: number,
    patch: { body?: string; keyEvent?: boolean; pinned?: boolean },
    now: string,
  ): Promise<LiveBlogEditOutcome>;
  /** False when there was no such update (or it was deleted already). */
  delete(storyId: number, updateId: number, now: string): Promise<boolean>;
  /** Sets a live blog's coverage (ending keeps the first end time; reopening clears it) and moves its updatedAt; false when it is no live blog. */
  setCoverage(storyId: number, coverage: Coverage, now: string): Promise<boolean>;
  /**
   * Puts a published live blog on air (isLive) for a stream started from its live desk, or takes it
   * off when starting failed; false when it is not such a live blog (or is on air already).
   */
  setVideoLive(storyId: number, live: boolean): Promise<boolean>;
}
