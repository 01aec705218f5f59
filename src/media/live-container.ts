import type { BytePatchAt } from './bytes.ts';
import { fourCC } from './mp4/boxes.ts';
import { EbmlId, encodeId } from './webm/ebml.ts';
import type { CuePoint } from './webm/webm-recording.ts';
import type { RecordedFragment } from './mp4/mp4-recording.ts';

/**
 * One small interface over the containers a reporter's browser records (GUIDE example 13): a live
 * stream is WebM (`src/media/webm/`) or fragmented MP4 (`src/media/mp4/`), decided by its first
 * bytes; the stream's Durable Object only orchestrates. A container follows the bytes as they
 * arrive and says where the init section ends, where segments may be cut, which cuts start on a
 * keyframe, and which bytes to patch; at the end it writes the recording's header and tail around
 * the media bytes, which never move.
 */

export type ContainerKind = 'webm' | 'mp4';

export interface StreamInit {
  /** Every byte before the first media (WebM: before the first Cluster; MP4: `ftyp` through `moov`). */
  bytes: Uint8Array;
  /** The MediaSource type, e.g. `video/mp4; codecs="avc1.640015,opus"`. */
  mimeType: string;
}

export type StreamEvent =
  | { kind: 'init'; init: StreamInit }
  /** A segment starting at this stream offset starts on a keyframe of the video: a player may start there. */
  | { kind: 'key'; offset: number }
  /** A segment may end at this offset (MP4: a fragment is complete), with the media time it covered. */
  | { kind: 'boundary'; offset: number; time: number; duration: number }
  /** An entry of the recording's index that only the container knows (WebM's Cues). */
  | { kind: 'cue'; cue: CuePoint }
  | ({ kind: 'patch' } & BytePatchAt);

/** Where the recording's media bytes land and how it is stored. */
export interface RecordingShape {
  contentType: string;
  extension: string;
  /** Bytes the rewritten header adds in front of the media (fixed once the init section is known). */
  growth: number;
}

export interface RecordingInput {
  /** Every cue the container emitted (WebM). */
  cues: readonly CuePoint[];
  /** Every segment cut, in order (MP4: one per fragment; its index is built from them). */
  fragments: readonly RecordedFragment[];
  /** Recorded bytes after the init section that the file keeps. */
  mediaLength: number;
}

export interface LiveContainer {
  readonly kind: ContainerKind;
  /**
   * True when a segment may end at any byte (WebM: a MediaSource takes its bytes as they come, so
   * each chunk is a segment at once); false when only at `boundary` events (MP4: whole fragments).
   */
  readonly cutsAnywhere: boolean;
  readonly init: StreamInit | null;
  /** Where the last whole frame or fragment ends: a recording cut off mid-way keeps up to here. */
  readonly completeUpTo: number;
  /** Bytes before this offset will get no more patches, so they may be uploaded. */
  readonly settledUpTo: number;
  /** Whether any media has arrived whole enough to keep (a Cluster; a complete fragment). */
  readonly hasMedia: boolean;
  /** Feeds the next bytes; throws MediaFormatError when they cannot be this container. */
  push(bytes: Uint8Array): StreamEvent[];
  snapshot(): ContainerSnapshot;
  /** Null until the init section has arrived. */
  recording(): RecordingShape | null;
  finishRecording(input: RecordingInput): { header: Uint8Array; tail: Uint8Array };
}

/** Plain data a Durable Object stores between chunks; each container reads its own back. */
export type ContainerSnapshot = { kind: ContainerKind; state: unknown };

export class MediaFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MediaFormatError';
  }
}

const EBML_MAGIC = encodeId(EbmlId.EBML);

/** What a stream's first bytes say it is: null while too few have arrived, 'unknown' for neither container. */
export function detectContainer(bytes: Uint8Array): ContainerKind | 'unknown' | null {
  if (bytes.length > 0 && bytes[0] === EBML_MAGIC[0]) {
    if (bytes.length < EBML_MAGIC.length) return null;
    return EBML_MAGIC.every((byte, i) => bytes[i] === byte) ? 'webm' : 'unknown';
  }
  if (bytes.length < 8) return null;
  return fourCC(bytes, 4) === 'ftyp' ? 'mp4' : 'unknown';
}
