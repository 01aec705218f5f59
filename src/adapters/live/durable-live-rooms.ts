import type { HlsPlaylist, HlsVariant } from '../../media/hls-playlist.ts';
import type { LiveManifest, LiveWork } from '../../media/live-protocol.ts';
import { ROLE_HEADER } from './live-role.ts';
import type { LiveRoomOutcome, LiveRoomSettings } from '../../domain/live-video/ports.ts';
import type { LiveRooms, RecentCues, SegmentAnswer } from './live-rooms.ts';
import type { LiveStreamRoom } from './live-stream-room.ts';
import type { ViewerReport } from './viewer-tally.ts';

/** The live stream rooms over their Durable Object namespace: one object per stream, named by its id. */
export class DurableLiveRooms implements LiveRooms {
  constructor(private readonly namespace: DurableObjectNamespace<LiveStreamRoom>) {}

  private room(streamId: number) {
    return this.namespace.get(this.namespace.idFromName(`stream-${streamId}`));
  }

  open(settings: LiveRoomSettings): Promise<void> {
    return this.room(settings.streamId).open(settings);
  }

  /** `endedBy`: the user who ended it, for the audit log. */
  end(streamId: number, endedBy: number | null = null): Promise<LiveRoomOutcome> {
    return this.room(streamId).end(endedBy);
  }

  /** Null when there is no such stream. The viewer side (docs/decisions/025-live-delivery-over-http-segments.md). */
  async manifest(streamId: number, report: ViewerReport | null): Promise<LiveManifest | null> {
    return this.room(streamId).manifest(report);
  }

  async initSegment(streamId: number, report: ViewerReport | null): Promise<{ bytes: Uint8Array; mimeType: string } | null> {
    return this.room(streamId).initSegment(report);
  }

  /** With `wait` false, a segment that is coming answers 204 at once instead of being waited for. */
  async segment(streamId: number, n: number, report: ViewerReport | null, wait = true): Promise<SegmentAnswer> {
    return this.room(streamId).segment(n, report, wait);
  }

  /** The HLS playlist's content (decision 041); 'not_hls' for a WebM stream, null for no such stream. */
  async playlist(streamId: number, report: ViewerReport | null): Promise<HlsPlaylist | 'not_hls' | null> {
    return this.room(streamId).playlist(report);
  }

  async variant(streamId: number, report: ViewerReport | null): Promise<HlsVariant | 'not_hls' | null> {
    return this.room(streamId).variant(report);
  }

  async subtitles(streamId: number, report: ViewerReport | null): Promise<HlsPlaylist | 'not_hls' | 'no_captions' | null> {
    return this.room(streamId).subtitles(report);
  }

  async subtitleSegment(streamId: number, n: number, report: ViewerReport | null): Promise<string | null> {
    return this.room(streamId).subtitleSegment(n, report);
  }

  async recentCues(streamId: number, seconds: number, report: ViewerReport | null): Promise<RecentCues | null> {
    return this.room(streamId).recentCues(seconds, report);
  }

  async report(streamId: number, report: ViewerReport): Promise<void> {
    await this.room(streamId).report(report);
  }

  async stats(streamId: number): Promise<LiveWork> {
    return this.room(streamId).stats();
  }

  /**
   * Hands a publisher's WebSocket upgrade, already authorised by the worker, to the stream's room.
   * The role header is set here, after whatever the client sent, so only the worker decides who publishes.
   */
  async connectPublisher(streamId: number, request: Request): Promise<Response> {
    const headers = new Headers(request.headers);
    headers.set(ROLE_HEADER, 'publisher');
    const response = await this.room(streamId).fetch(new Request(request.url, { method: 'GET', headers }));
    // A copy with mutable headers, so the worker's security headers can be added on the way out.
    return new Response(response.webSocket ? null : response.body, {
      status: response.status,
      webSocket: response.webSocket,
      headers: response.headers,
    });
  }
}
