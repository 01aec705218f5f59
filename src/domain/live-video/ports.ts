import type { LiveStream, ActiveLiveStream } from './entities.ts';

/** Where live streams are kept (the rooms themselves are Durable Objects: src/adapters/live/). */

export interface LiveStreamRepository {
  countActive(): Promise<number>;
  /** Streams ever started on this author's stories. */
  countForAuthor(authorId: number): Promise<number>;
  /** Writes `stream.started` by `startedBy` (when given) with it. */
  create(stream: { storyId: number; streamKey: string; startedAt: string }, now: string, startedBy?: number): Promise<LiveStream>;
  findById(id: number): Promise<LiveStream | null>;
  /** Whether a stream was ever started on this story (live now, or ended: its recording is read back by the stream's addresses). */
  existsForStory(storyId: number): Promise<boolean>;
  /** Streams on air, newest first, with their story's slug and title. */
  listActive(): Promise<ActiveLiveStream[]>;
  setViewers(id: number, viewers: number): Promise<void>;
  /**
   * Ends the stream and, in the same atomic write, publishes its story with the recording (when
   * there is one) and clears isLive. Ending an ended stream changes nothing. Null when there is no such stream.
   */
  end(id: number, ending: { videoUrl: string | null; endedAt: string; endedBy?: number | null }): Promise<LiveStream | null>;
}

/** What a live stream's room is opened with: where its recording goes, and the site whose cached pages it refreshes when it ends. */
export interface LiveRoomSettings {
  streamId: number;
  /** Where the recording goes; its extension follows the container the first bytes turn out to be. */
  recordingKey: string;
  /** The site's origin, whose cached public pages the room refreshes when the stream ends. */
  origin?: string;
}

/** How a stream ended: its recording (null when nothing was recorded) and its size. */
export interface LiveRoomOutcome {
  videoUrl: string | null;
  size: number;
}

/**
 * The live stream rooms as the use cases drive them: one per stream (a Durable Object,
 * src/adapters/live/), opened when the stream starts and ended once, keeping what was recorded.
 */
export interface LiveRoomControl {
  open(settings: LiveRoomSettings): Promise<void>;
  /** `endedBy`: the user who ended it, for the audit log. */
  end(streamId: number, endedBy?: number | null): Promise<LiveRoomOutcome>;
}
