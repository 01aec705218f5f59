import type { LiveStream, ActiveLiveStream } from './entities.ts';

/** Where live streams are kept (the rooms themselves are Durable Objects: src/adapters/live/). */

export interface LiveStreamRepository {
  countActive(): Promise<number>;
  /** Streams ever started on this author's stories. */
  countForAuthor(authorId: number): Promise<number>;
  /** Writes `stream.started` by `startedBy` (when given) with it. */
  create(stream: { storyId: number; streamKey: string; startedAt: string }, now: string, startedBy?: number): Promise<LiveStream>;
  findById(id: number): Promise<LiveStream | null>;
  /** Streams on air, newest first, with their story's slug and title. */
  listActive(): Promise<ActiveLiveStream[]>;
  setViewers(id: number, viewers: number): Promise<void>;
  /**
   * Ends the stream and, in the same atomic write, publishes its story with the recording (when
   * there is one) and clears isLive. Ending an ended stream changes nothing. Null when there is no such stream.
   */
  end(id: number, ending: { videoUrl: string | null; endedAt: string; endedBy?: number | null }): Promise<LiveStream | null>;
}
