import { EbmlError, EbmlId, encodeUintElement, readElementHeader, readUint } from '../../../src/media/webm/ebml.ts';
import { concatBytes } from '../../../src/media/bytes.ts';
import { WebmScanner, parseInitSegment } from '../../../src/media/webm/webm-scanner.ts';

/**
 * Makes a long live stream out of a short recorded one, for the live benchmark: the recording's
 * media (every Cluster) is repeated `loops` times after one initialisation segment, each repeat's
 * Cluster Timecodes shifted by the recording's length so time keeps rising, as a player and the
 * stream's recorder expect. The recorder's chunk boundaries are kept (the same cuts in every repeat),
 * so the publisher sends what MediaRecorder would have sent over a longer take.
 *
 * Every Timecode is written 4 bytes wide (up to 49 days of milliseconds), in the first repeat too,
 * so every repeat has the same length and the chunk cuts map the same way into each. Blocks keep
 * their times relative to their Cluster, so only Timecodes change. Handles Clusters of unknown size
 * (MediaRecorder's live output); a Cluster of known size would need its size rewritten, so it is refused.
 */

export interface LoopedStream {
  /** The initialisation segment (EBML header, Segment header, Info, Tracks). */
  init: Uint8Array;
  /** The chunks to send, in order: the first starts with `init`; together they are the whole stream. */
  chunks: Uint8Array[];
  /** Milliseconds of media per repeat (the shift between repeats). */
  loopMs: number;
}

const TIMECODE_WIDTH = 4;
/** A widened Timecode element's length: id, size and the 4-byte value. */
const WIDE_TIMECODE_LENGTH = encodeUintElement(EbmlId.Timecode, 0, TIMECODE_WIDTH).length;

interface TimecodeAt {
  /** Offset of the Timecode element in the media (the bytes after the init segment). */
  offset: number;
  length: number;
  value: number;
}

/** Where each Cluster Timecode is in `media` (Clusters and the rest of the Segment's children, walked flat). */
function findTimecodes(media: Uint8Array): TimecodeAt[] {
  const found: TimecodeAt[] = [];
  let inCluster = false;
  for (let pos = 0; pos < media.length;) {
    const header = readElementHeader(media, pos);
    if (header === null) throw new EbmlError(`truncated element at ${pos}`);
    if (header.id === EbmlId.Cluster) {
      if (header.size !== null) throw new EbmlError('a Cluster of known size: only live (unknown-size) Clusters are looped');
      inCluster = true;
      pos += header.headerLength;
      continue;
    }
    if (header.size === null) throw new EbmlError(`element 0x${header.id.toString(16)} of unknown size at ${pos}`);
    if (inCluster && header.id === EbmlId.Timecode) {
      found.push({
        offset: pos,
        length: header.headerLength + header.size,
        value: readUint(media, pos + header.headerLength, header.size),
      });
    }
    pos += header.headerLength + header.size;
  }
  return found;
}

/** The media with every Timecode rewritten `shift` ticks later, 4 bytes wide. */
function shiftedMedia(media: Uint8Array, timecodes: readonly TimecodeAt[], shift: number): Uint8Array {
  const pieces: Uint8Array[] = [];
  let at = 0;
  for (const timecode of timecodes) {
    pieces.push(media.subarray(at, timecode.offset), encodeUintElement(EbmlId.Timecode, timecode.value + shift, TIMECODE_WIDTH));
    at = timecode.offset + timecode.length;
  }
  pieces.push(media.subarray(at));
  return concatBytes(pieces);
}

/** Where an offset in the original media lands once its Timecodes are widened. */
function widenedOffset(offset: number, timecodes: readonly TimecodeAt[]): number {
  let growth = 0;
  for (const timecode of timecodes) {
    if (timecode.offset >= offset) break;
    // A cut inside a Timecode element moves to its end.
    if (offset < timecode.offset + timecode.length) return timecode.offset + growth + WIDE_TIMECODE_LENGTH;
    growth += WIDE_TIMECODE_LENGTH - timecode.length;
  }
  return offset + growth;
}

/**
 * The recording's length in timecode ticks, rounded up to whole `roundTo` ticks (its recorder's
 * timeslice): the shift between repeats, so each starts after the last one's final block.
 */
export function recordingTicks(recording: Uint8Array, roundTo = 1000): number {
  let last = 0;
  for (const event of new WebmScanner().push(recording)) if (event.kind === 'block') last = Math.max(last, event.time);
  return Math.ceil((last + 1) / roundTo) * roundTo;
}

/**
 * `recording`: a whole WebM file as MediaRecorder wrote it; `chunkSizes`: the byte length of each
 * chunk it was delivered in (summing to the file's length).
 */
export function loopRecording(recording: Uint8Array, chunkSizes: readonly number[], loops: number): LoopedStream {
  if (chunkSizes.reduce((a, b) => a + b, 0) !== recording.length) throw new Error('the chunk sizes do not add up to the recording');
  if (!Number.isInteger(loops) || loops < 1) throw new Error('loops must be a whole number of at least 1');
  const parsed = parseInitSegment(recording);
  if (!parsed) throw new EbmlError('the recording has no complete initialisation segment');
  const init = parsed.bytes;
  const media = recording.subarray(init.length);
  const timecodes = findTimecodes(media);
  const loopMs = recordingTicks(recording);

  // Chunk ends in media coordinates (widened); the first chunk's share of the init segment is dropped.
  const ends: number[] = [];
  let end = 0;
  for (const size of chunkSizes) {
    end += size;
    const inMedia = end - init.length;
    if (inMedia > 0) ends.push(widenedOffset(inMedia, timecodes));
  }

  const chunks: Uint8Array[] = [];
  for (let loop = 0; loop < loops; loop++) {
    const repeat = shiftedMedia(media, timecodes, loop * loopMs);
    let from = 0;
    for (const to of ends) {
      const piece = repeat.subarray(from, to);
      chunks.push(loop === 0 && from === 0 ? concatBytes([init, piece]) : piece);
      from = to;
    }
  }
  return { init, chunks, loopMs };
}
