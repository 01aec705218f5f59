import { targetDurationFor, type HlsPlaylist, type HlsSegment } from '../../media/hls-playlist.ts';

/**
 * Which segments a live MP4 stream's HLS playlist lists (docs/decisions/041-hls-from-the-same-segments.md):
 * while on air, the newest held ones, consecutive, at least LIVE_WINDOW of them where held (RFC
 * 8216 6.2.2 wants three target durations at least); once the recording is stored, every segment
 * of the stream, served from it.
 */

export const LIVE_WINDOW = 12;
/**
 * A captioned stream's players stay this far behind the live edge (HOLD-BACK), where its captions
 * are final (a 3-5 s window, a transcriber answering in 2 s: decision 128); its playlists list enough
 * segments to cover it.
 */
export const CAPTIONED_HOLD_BACK_SECONDS = 12;
const CAPTIONED_WINDOW_SECONDS = 30;

/** A segment as the room knows it: a held one, or a row of its table. */
export interface ListedSegment {
  n: number;
  key: boolean;
  time: number | null;
  duration: number | null;
}

/** Wall clock (ms since the epoch) at media time `media` (seconds): the stream's program date-time origin. */
export interface StreamClock {
  wall: number;
  media: number;
}

export interface PlaylistInput {
  ended: boolean;
  segments: readonly ListedSegment[];
  clock: StreamClock | null;
  /** The number the next segment will get. */
  next: number;
  /** The longest segment so far (seconds). */
  longest: number;
  /** The stream is being captioned (room-captions.ts). */
  captioned?: boolean;
}

function timed(segment: ListedSegment, clock: StreamClock | null): HlsSegment | null {
  if (segment.time === null || segment.duration === null || !clock) return null;
  return {
    n: segment.n,
    duration: segment.duration,
    key: segment.key,
    startsAt: Math.round(clock.wall + (segment.time - clock.media) * 1000),
  };
}

export function playlistOf(input: PlaylistInput): HlsPlaylist {
  const all = input.segments.map((segment) => timed(segment, input.clock)).filter((segment): segment is HlsSegment => segment !== null);
  // Consecutive numbers only: a segment lost to the object sleeping is a gap, and the list starts after it.
  let from = all.length;
  while (from > 0 && (from === all.length || all[from - 1]!.n === all[from]!.n - 1)) from--;
  const run = all.slice(from);
  const targetDuration = targetDurationFor(input.longest);
  if (input.ended) return { ended: true, segments: run, nextSequence: input.next, targetDuration };
  if (!input.captioned) return { ended: false, segments: run.slice(-LIVE_WINDOW), nextSequence: input.next, targetDuration };
  const holdBack = Math.max(CAPTIONED_HOLD_BACK_SECONDS, 3 * targetDuration);
  let from2 = run.length;
  for (let seconds = 0; from2 > 0 && (seconds < CAPTIONED_WINDOW_SECONDS || run.length - from2 < LIVE_WINDOW);)
    seconds += run[--from2]!.duration;
  return { ended: false, segments: run.slice(from2), nextSequence: input.next, targetDuration, holdBack };
}
