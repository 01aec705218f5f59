import { toWebVtt } from '../../domain/captions/caption-file.ts';
import { formatVttTime } from '../../domain/captions/timestamps.ts';
import type { Cue } from '../../domain/captions/cues.ts';
import { timestampMap, type HlsVariant } from '../../media/hls-playlist.ts';
import type { ListedSegment } from './room-playlist.ts';

/**
 * A captioned MP4 stream's HLS subtitles (decision 128): the multivariant playlist's variant, the
 * subtitles media playlist (the media playlist's segments whose captions are final), and each
 * WebVTT segment (the cues over its media segment's time, timed on the stream's media timeline,
 * with the X-TIMESTAMP-MAP that says so).
 */

/** Bits per second when no segment is held to measure (a 720p camera). */
const DEFAULT_BANDWIDTH = 2_500_000;

export function variantOf(input: {
  mimeType: string | null;
  held: readonly { bytes: Uint8Array; duration: number | null }[];
  captioned: boolean;
  lang: string | null;
}): HlsVariant {
  const codecs = /codecs="([^"]+)"/.exec(input.mimeType ?? '')?.[1] ?? null;
  const rates = input.held.filter((segment) => segment.duration).map((segment) => (segment.bytes.length * 8) / segment.duration!);
  return {
    codecs,
    bandwidth: rates.length > 0 ? Math.max(...rates) : DEFAULT_BANDWIDTH,
    subtitles: input.captioned ? { lang: input.lang, name: 'Captions (automatic)' } : null,
  };
}

/** Whether media segment `segment`'s captions are final: heard to its end, or the stream ended (all that will be heard was). */
export function captionsFinal(segment: ListedSegment, heardThrough: number | null, ended: boolean): boolean {
  if (ended) return true;
  return segment.time !== null && segment.duration !== null && heardThrough !== null && segment.time + segment.duration <= heardThrough;
}

export interface CaptionReader {
  heardThrough: number | null;
  cuesBetween(from: number, to: number): Cue[];
}

/**
 * WebVTT segment of media segment `row` (a cue over two segments is in both, as Apple's rules ask),
 * or null when its captions are not final or it has no time.
 */
export function subtitleSegment(row: ListedSegment | null, captions: CaptionReader, ended: boolean): string | null {
  if (!row || row.time === null || row.duration === null || !captionsFinal(row, captions.heardThrough, ended)) return null;
  const cues = captions.cuesBetween(row.time, row.time + row.duration);
  return toWebVtt(cues, [timestampMap(row.time, formatVttTime)]);
}
