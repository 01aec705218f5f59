import type { CountedView, ViewCounterStats, ReadershipRows, TopStory, BeatViews, AudienceMinute, StoryStream } from './readership.ts';

/** Where views are counted and the readership figures are read (docs/product/api-analytics.md). */

/**
 * The exact view counts and their breakdowns (docs/decisions/060-view-counters-flush-to-d1.md):
 * views are counted in durable counters and reach the stories table, with their breakdowns, in
 * batches. A counter is the authority on the totals of the stories it has counted; the stories
 * table is exact for every other story.
 */
export interface ViewCounter {
  /** Counts one view, durably, before answering the story's new exact total. `storedViews` is the stories table's count, read for this view. */
  count(view: CountedView, storedViews: number): Promise<number>;
  /** Exact totals of those of these stories the counters have counted; absent ids are exact in the stories table. */
  totals(storyIds: readonly number[]): Promise<Map<number, number>>;
  /** Exact totals of the stories with views not yet in the stories table. */
  unflushed(): Promise<Map<number, number>>;
  stats(): Promise<ViewCounterStats>;
}

/** Which stories a readership report covers. */
export type ReadershipScope = { kind: 'story'; storyId: number } | { kind: 'author'; authorId: number } | { kind: 'site' };

/** The hours a report reads (an AnalyticsRange's start and end) and how its series is bucketed. */
export interface ReadershipWindow {
  start: string;
  end: string;
  interval: 'hour' | 'day';
}

export interface ReadershipRepository {
  /** A published, not deleted story's stored view count, for counting a view of it; null for any other id. */
  viewableStory(id: number): Promise<{ views: number } | null>;
  /** The stories table's views summed over stories not deleted (and of one author), leaving out `exceptIds`; and which of `exceptIds` it would have summed. */
  storedViewsExcept(exceptIds: readonly number[], authorId?: number): Promise<{ sum: number; included: number[] }>;
  /** Views in the window, per bucket and per breakdown; deleted stories leave every figure. */
  rows(scope: ReadershipScope, window: ReadershipWindow): Promise<ReadershipRows>;
  /** The most viewed stories in the window, at most `limit`. */
  topStories(scope: ReadershipScope, window: ReadershipWindow, limit: number): Promise<TopStory[]>;
  /** Views in the window per beat (a story's beat now), biggest first. */
  beats(window: ReadershipWindow): Promise<BeatViews[]>;
  /** Adds a minute of a live stream's audience (viewer-seconds add up, the peak is the larger). */
  recordAudienceMinute(streamId: number, minute: AudienceMinute): Promise<void>;
  audienceMinutes(streamId: number): Promise<AudienceMinute[]>;
  /** The live streams a story was made from, oldest first. */
  storyStreams(storyId: number): Promise<StoryStream[]>;
}
