/** Live streams (docs/product/api.md#live-streams, docs/api/live-streams.md). */

/** A live stream as its reporter and admins see it (docs/product/api.md#live-streams). */
export interface LiveStream {
  id: number;
  storyId: number;
  streamKey: string;
  isActive: boolean;
  viewers: number;
  startedAt: string | null;
  endedAt: string | null;
  createdAt: string;
}

/** What anyone may see of a stream that is on air: no stream key, plus its story's slug and title. */
export interface ActiveLiveStream extends Omit<LiveStream, 'streamKey'> {
  slug: string;
  title: string;
}
