import type { Cue } from '../../domain/captions/cues.ts';
import type { HlsPlaylist, HlsVariant } from '../../media/hls-playlist.ts';
import type { LiveManifest, LiveWork } from '../../media/live-protocol.ts';
import type { LiveRoomControl } from '../../domain/live-video/ports.ts';
import type { ViewerReport } from './viewer-tally.ts';

/**
 * The worker's handle on the live stream rooms (one Durable Object per stream: live-stream-room.ts),
 * as the routes and services see it. A leaf: it imports no room, so whatever is given the rooms
 * (AppDeps) does not import the Durable Object that is itself given AppDeps.
 */

/** One answer to a viewer's request for a segment (the worker turns it into HTTP); `contentType` is the container's media type. */
export type SegmentAnswer = { status: 200; bytes: Uint8Array; contentType: string } | { status: 204 | 404 | 410; contentType?: string };

/** What the site's players read of a stream's live captions (GET /api/streams/{id}/live/captions). */
export interface RecentCues {
  /** Whether the stream is being captioned at all (a transcriber is configured). */
  captioned: boolean;
  /** Media seconds up to which the captions are final, or null before the first window is heard. */
  heardThrough: number | null;
  cues: Cue[];
}

/** The rooms' control (open, end: the domain's port) and what the routes read of them. */
export interface LiveRooms extends LiveRoomControl {
  /** Null when there is no such stream. The viewer side (docs/decisions/025-live-delivery-over-http-segments.md). */
  manifest(streamId: number, report: ViewerReport | null): Promise<LiveManifest | null>;
  initSegment(streamId: number, report: ViewerReport | null): Promise<{ bytes: Uint8Array; mimeType: string } | null>;
  /** With `wait` false, a segment that is coming answers 204 at once instead of being waited for. */
  segment(streamId: number, n: number, report: ViewerReport | null, wait?: boolean): Promise<SegmentAnswer>;
  /** The HLS playlist's content (decision 041); 'not_hls' for a WebM stream, null for no such stream. */
  playlist(streamId: number, report: ViewerReport | null): Promise<HlsPlaylist | 'not_hls' | null>;
  /** The multivariant playlist's variant (decision 128); 'not_hls' for a WebM stream, null for no such stream. */
  variant(streamId: number, report: ViewerReport | null): Promise<HlsVariant | 'not_hls' | null>;
  /** The subtitles media playlist's content: its segments are those whose captions are final. */
  subtitles(streamId: number, report: ViewerReport | null): Promise<HlsPlaylist | 'not_hls' | 'no_captions' | null>;
  /** WebVTT segment n, or null when it is not listed (yet). */
  subtitleSegment(streamId: number, n: number, report: ViewerReport | null): Promise<string | null>;
  /** The cues of the stream's last `seconds` heard, for the site's players; null for no such stream. */
  recentCues(streamId: number, seconds: number, report: ViewerReport | null): Promise<RecentCues | null>;
  report(streamId: number, report: ViewerReport): Promise<void>;
  stats(streamId: number): Promise<LiveWork>;
  /** Hands a publisher's WebSocket upgrade, already authorised by the worker, to the stream's room. */
  connectPublisher(streamId: number, request: Request): Promise<Response>;
}
