/**
 * An HLS media playlist (RFC 8216; docs/decisions/041-hls-from-the-same-segments.md) for a live
 * MP4 stream's segments: fragmented MP4 with the init section as `#EXT-X-MAP`, every segment's
 * wall-clock time, the server's blocking reload while on air, `#EXT-X-ENDLIST` once over. URIs
 * are relative to the playlist's own (`/api/streams/{id}/live.m3u8`): `live/init.mp4` and
 * `live/{n}.m4s`, the very segment objects MediaSource players read as `live/init` and `live/{n}`.
 */

export interface HlsSegment {
  /** The segment's number (its media sequence number). */
  n: number;
  /** Seconds. */
  duration: number;
  /** Wall-clock time of its first frame, ms since the epoch. */
  startsAt: number;
  key: boolean;
}

export interface HlsPlaylist {
  ended: boolean;
  /** Listed in order; numbers consecutive. */
  segments: readonly HlsSegment[];
  /** The sequence number the first segment would have when there is none (the next to come). */
  nextSequence: number;
  /** At least the longest segment's duration rounded; fixed for a stream's life. */
  targetDuration: number;
}

/** fMP4 segments (`#EXT-X-MAP` in a media playlist) need protocol version 6, and Apple's authoring rules ask 7. */
export const HLS_VERSION = 7;
export const HLS_CONTENT_TYPE = 'application/vnd.apple.mpegurl';

/**
 * A segment's URI relative to the playlist's: `live/{n}.m4s`, the same object as `live/{n}` (players
 * such as FFmpeg refuse segment URLs without a media extension).
 */
export const hlsSegmentUri = (n: number) => `live/${n}.m4s`;
export const HLS_INIT_URI = 'live/init.mp4';

/** The target duration for segments as long as `longest` seconds: RFC 8216 4.3.3.1 compares EXTINF rounded to the nearest integer. */
export function targetDurationFor(longest: number, floor = 2): number {
  return Math.max(floor, Math.round(longest));
}

export function hlsMediaPlaylist(playlist: HlsPlaylist): string {
  const { segments } = playlist;
  const lines = [
    '#EXTM3U',
    `#EXT-X-VERSION:${HLS_VERSION}`,
    `#EXT-X-TARGETDURATION:${playlist.targetDuration}`,
    `#EXT-X-MEDIA-SEQUENCE:${segments[0]?.n ?? playlist.nextSequence}`,
  ];
  if (playlist.ended) lines.push('#EXT-X-PLAYLIST-TYPE:VOD');
  else lines.push('#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES');
  if (segments.length > 0 && segments.every((segment) => segment.key)) lines.push('#EXT-X-INDEPENDENT-SEGMENTS');
  lines.push(`#EXT-X-MAP:URI="${HLS_INIT_URI}"`);
  for (const segment of segments) {
    lines.push(
      `#EXT-X-PROGRAM-DATE-TIME:${new Date(segment.startsAt).toISOString()}`,
      `#EXTINF:${segment.duration.toFixed(3)},`,
      hlsSegmentUri(segment.n),
    );
  }
  if (playlist.ended) lines.push('#EXT-X-ENDLIST');
  return `${lines.join('\n')}\n`;
}
