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
  /**
   * Seconds behind the live edge players should stay (EXT-X-SERVER-CONTROL HOLD-BACK): set while a
   * stream is captioned, so that players sit where its captions are final (decision 128).
   */
  holdBack?: number;
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

/** The lines every media playlist of a stream opens with (its segments' and its subtitles'). */
function playlistHead({ segments, targetDuration, nextSequence }: HlsPlaylist): string[] {
  return [
    '#EXTM3U',
    `#EXT-X-VERSION:${HLS_VERSION}`,
    `#EXT-X-TARGETDURATION:${targetDuration}`,
    `#EXT-X-MEDIA-SEQUENCE:${segments[0]?.n ?? nextSequence}`,
  ];
}

export function hlsMediaPlaylist(playlist: HlsPlaylist): string {
  const { segments } = playlist;
  const lines = playlistHead(playlist);
  if (playlist.ended) lines.push('#EXT-X-PLAYLIST-TYPE:VOD');
  else lines.push(`#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES${holdBackOf(playlist)}`);
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

const holdBackOf = (playlist: HlsPlaylist) => (playlist.holdBack ? `,HOLD-BACK=${playlist.holdBack.toFixed(1)}` : '');

/** The subtitles media playlist's URI relative to the multivariant one's, and its segments' relative to it. */
export const HLS_SUBTITLES_URI = 'captions.m3u8';
export const hlsSubtitleSegmentUri = (n: number) => `captions/${n}.vtt`;
export const HLS_MEDIA_URI = 'live.m3u8';

export interface HlsVariant {
  /** The RFC 6381 codecs of the stream's tracks (`avc1.64001f,mp4a.40.2`), when known. */
  codecs: string | null;
  /** Peak bits per second. */
  bandwidth: number;
  /** Its captions' rendition, when the stream is captioned; `lang` once the transcriber has said it. */
  subtitles: { lang: string | null; name: string } | null;
}

/**
 * The multivariant playlist of a live stream (RFC 8216 4.4.6.1; decision 128): the one media
 * playlist, and, when captioned, a WebVTT SUBTITLES rendition (the group `captions`) that iPhones'
 * players and hls.js offer as captions. `query` (a viewer's id) is added to both URIs, so a player
 * that opened it is counted by the playlists it then reads.
 */
export function hlsMultivariantPlaylist(variant: HlsVariant, query = ''): string {
  const suffix = query ? `?${query}` : '';
  const lines = ['#EXTM3U', `#EXT-X-VERSION:${HLS_VERSION}`, '#EXT-X-INDEPENDENT-SEGMENTS'];
  const attributes = [`BANDWIDTH=${Math.max(1, Math.round(variant.bandwidth))}`];
  if (variant.codecs) attributes.push(`CODECS="${variant.codecs}"`);
  if (variant.subtitles) {
    const language = variant.subtitles.lang ? `,LANGUAGE="${variant.subtitles.lang}"` : '';
    lines.push(
      `#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="captions",NAME="${variant.subtitles.name.replace(/"/g, "'")}"${language},DEFAULT=NO,AUTOSELECT=YES,FORCED=NO,CHARACTERISTICS="public.accessibility.transcribes-spoken-dialog",URI="${HLS_SUBTITLES_URI}${suffix}"`,
    );
    attributes.push('SUBTITLES="captions"');
  }
  lines.push(`#EXT-X-STREAM-INF:${attributes.join(',')}`, `${HLS_MEDIA_URI}${suffix}`);
  return `${lines.join('\n')}\n`;
}

/**
 * The subtitles media playlist: a WebVTT segment per media segment, same numbers, times and
 * program date-times, so players align them; only segments whose captions are final are listed
 * (each is immutable once listed).
 */
export function hlsSubtitlesPlaylist(playlist: HlsPlaylist): string {
  const { segments } = playlist;
  const lines = playlistHead(playlist);
  if (playlist.ended) lines.push('#EXT-X-PLAYLIST-TYPE:VOD');
  else if (playlist.holdBack) lines.push(`#EXT-X-SERVER-CONTROL:HOLD-BACK=${playlist.holdBack.toFixed(1)}`);
  for (const segment of segments) {
    lines.push(
      `#EXT-X-PROGRAM-DATE-TIME:${new Date(segment.startsAt).toISOString()}`,
      `#EXTINF:${segment.duration.toFixed(3)},`,
      hlsSubtitleSegmentUri(segment.n),
    );
  }
  if (playlist.ended) lines.push('#EXT-X-ENDLIST');
  return `${lines.join('\n')}\n`;
}

/**
 * The X-TIMESTAMP-MAP line of a WebVTT segment whose cues are timed on the stream's media timeline
 * (seconds): LOCAL `time` is media time `time`, written as a 90-kHz MPEG-2 timestamp (33 bits).
 */
export function timestampMap(time: number, formatTime: (seconds: number) => string): string {
  // To the millisecond WebVTT writes, so that both say the same instant.
  const local = Math.round(time * 1000) / 1000;
  return `X-TIMESTAMP-MAP=MPEGTS:${Math.round(local * 90_000) % 2 ** 33},LOCAL:${formatTime(local)}`;
}
