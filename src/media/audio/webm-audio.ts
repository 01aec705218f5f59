import { concatBytes } from '../bytes.ts';
import { EbmlError, EbmlId, encodeElement, encodeFloat64Element, encodeUintElement, readElementHeader, readUint } from '../webm/ebml.ts';
import { forEachChild, MAX_INIT_BYTES, parseInitSegment, type WebmInit, type WebmTrack } from '../webm/webm-scanner.ts';

/**
 * The audio of a WebM (MediaRecorder's, ffmpeg's, a live stream's recording) as an audio-only WebM
 * (decision 125): the audio track's own TrackEntry (codec, CodecPrivate, sampling) and its blocks,
 * copied byte for byte, their times moved to start at 0. Nothing is decoded or encoded: a piece costs
 * a copy of its audio bytes, and video payloads are skipped by count as the file streams past.
 */

/** A BlockGroup larger than this is a video frame's: skipped unread. Audio frames are a few hundred bytes. */
const MAX_AUDIO_GROUP_BYTES = 64 * 1024;
/** Enough of a block for its track number (up to 8 bytes), relative time and flags. */
const BLOCK_HEAD_BYTES = 11;

export interface WebmAudioBlock {
  /** Absolute time in the file's timecode ticks. */
  ticks: number;
  /** The whole SimpleBlock or BlockGroup element. */
  element: Uint8Array;
  /** Where, in `element`, the block's relative time (2 bytes) is. */
  timeAt: number;
}

function trackNumberLength(first: number): number {
  let length = 1;
  for (let mask = 0x80; length <= 8 && !(first & mask); mask >>= 1) length++;
  if (length > 8) throw new EbmlError('bad block track number');
  return length;
}

/** A block's track and relative time, read at the start of its payload. */
function blockHead(bytes: Uint8Array, at: number): { track: number; relativeTime: number; timeAt: number } {
  const length = trackNumberLength(bytes[at]!);
  const track = readUint(bytes, at, length) - (0x80 >> (length - 1)) * 256 ** (length - 1);
  const raw = (bytes[at + length]! << 8) | bytes[at + length + 1]!;
  return { track, relativeTime: raw >= 0x8000 ? raw - 0x10000 : raw, timeAt: at + length };
}

/** The TrackEntry element (header and all) of track `number` in an init segment. */
function trackEntryBytes(init: WebmInit, number: number): Uint8Array | null {
  const bytes = init.bytes;
  const ebml = readElementHeader(bytes, 0)!;
  const segmentAt = ebml.headerLength + ebml.size!;
  const segment = readElementHeader(bytes, segmentAt)!;
  let found: Uint8Array | null = null;
  forEachChild(bytes, segmentAt + segment.headerLength, bytes.length, (child, dataStart) => {
    if (child.id !== EbmlId.Tracks) return;
    forEachChild(bytes, dataStart, dataStart + child.size!, (entry, entryStart, entryAt) => {
      if (entry.id !== EbmlId.TrackEntry) return;
      forEachChild(bytes, entryStart, entryStart + entry.size!, (field, fieldStart) => {
        if (field.id === EbmlId.TrackNumber && readUint(bytes, fieldStart, field.size!) === number)
          found = bytes.slice(entryAt, entryStart + entry.size!);
      });
    });
  });
  return found;
}

export interface WebmAudioTrack {
  init: WebmInit;
  track: WebmTrack;
  trackEntry: Uint8Array;
}

/**
 * Reads a WebM as it streams past (chunks cut anywhere) and hands back the audio track's blocks.
 * Throws EbmlError for bytes that are not WebM; `audio` is null until the header is read, and stays
 * null (with `hasAudio` false) for a file without an audio track.
 */
export class WebmAudioReader {
  audio: WebmAudioTrack | null = null;
  hasAudio = true;
  private header: Uint8Array | null = new Uint8Array();
  private carry: Uint8Array = new Uint8Array();
  private skip = 0;
  private clusterTicks = 0;

  push(chunk: Uint8Array): WebmAudioBlock[] {
    const out: WebmAudioBlock[] = [];
    if (this.header !== null) {
      this.header = concatBytes([this.header, chunk]);
      const init = parseInitSegment(this.header);
      if (init === null) {
        if (this.header.length > MAX_INIT_BYTES) throw new EbmlError('no Cluster within the first MiB');
        return out;
      }
      const track = init.tracks.find((candidate) => candidate.kind === 'audio');
      const trackEntry = track ? trackEntryBytes(init, track.number) : null;
      if (!track || !trackEntry) this.hasAudio = false;
      else this.audio = { init, track, trackEntry };
      chunk = this.header.subarray(init.bytes.length);
      this.header = null;
    }
    if (!this.audio) return out;
    this.scan(this.carry.length > 0 ? concatBytes([this.carry, chunk]) : chunk, out);
    return out;
  }

  private scan(buf: Uint8Array, out: WebmAudioBlock[]): void {
    const audioTrack = this.audio!.track.number;
    let pos = 0;
    this.carry = new Uint8Array();
    for (;;) {
      if (this.skip > 0) {
        const n = Math.min(this.skip, buf.length - pos);
        pos += n;
        this.skip -= n;
        if (this.skip > 0) return;
      }
      if (pos >= buf.length) return;
      const header = readElementHeader(buf, pos);
      if (header === null) {
        this.carry = buf.slice(pos);
        return;
      }
      const { id, size, headerLength } = header;
      if (id === EbmlId.EBML || id === EbmlId.Segment) throw new EbmlError('a second EBML document inside the file');
      if (id === EbmlId.Cluster) {
        pos += headerLength;
        continue;
      }
      if (size === null) throw new EbmlError(`element 0x${id.toString(16)} of unknown size`);
      const whole = headerLength + size;
      if (id === EbmlId.Timecode || id === EbmlId.SimpleBlock || (id === EbmlId.BlockGroup && size <= MAX_AUDIO_GROUP_BYTES)) {
        // Blocks of another track are skipped as soon as their head says so; audio ones are read whole.
        const need = id === EbmlId.SimpleBlock ? Math.min(whole, headerLength + BLOCK_HEAD_BYTES) : whole;
        if (buf.length - pos < need) {
          this.carry = buf.slice(pos);
          return;
        }
        if (id === EbmlId.Timecode) {
          this.clusterTicks = readUint(buf, pos + headerLength, size);
          pos += whole;
          continue;
        }
        const blockAt = id === EbmlId.SimpleBlock ? pos + headerLength : this.blockInGroup(buf, pos + headerLength, pos + whole);
        const head = blockAt === null ? null : blockHead(buf, blockAt);
        if (!head || head.track !== audioTrack) {
          pos += headerLength;
          this.skip = size;
          continue;
        }
        if (buf.length - pos < whole) {
          this.carry = buf.slice(pos);
          return;
        }
        out.push({ ticks: this.clusterTicks + head.relativeTime, element: buf.slice(pos, pos + whole), timeAt: head.timeAt - pos });
        pos += whole;
        continue;
      }
      pos += headerLength;
      this.skip = size;
    }
  }

  private blockInGroup(buf: Uint8Array, start: number, end: number): number | null {
    let found: number | null = null;
    forEachChild(buf, start, end, (child, dataStart) => {
      if (child.id === EbmlId.Block && found === null) found = dataStart;
    });
    return found;
  }
}

/** Ticks a Cluster may span: a block's time is a signed 16-bit offset from its Cluster's. */
const CLUSTER_SPAN_TICKS = 30_000;

/**
 * An audio-only WebM of `blocks` (in time order), their times moved so that `startTicks` is 0.
 * Segment and Clusters have known sizes, Info a Duration: any decoder reads it from the start.
 */
export function audioOnlyWebm(audio: WebmAudioTrack, blocks: readonly WebmAudioBlock[], startTicks: number, endTicks: number): Uint8Array {
  const clusters: Uint8Array[] = [];
  let clusterStart = 0;
  let members: Uint8Array[] = [];
  const close = () => {
    if (members.length > 0) clusters.push(encodeElement(EbmlId.Cluster, [encodeUintElement(EbmlId.Timecode, clusterStart), ...members]));
    members = [];
  };
  for (const block of blocks) {
    const time = Math.max(0, block.ticks - startTicks);
    if (members.length === 0 || time - clusterStart > CLUSTER_SPAN_TICKS) {
      close();
      clusterStart = time;
    }
    const element = block.element.slice();
    const relative = time - clusterStart;
    element[block.timeAt] = (relative >> 8) & 0xff;
    element[block.timeAt + 1] = relative & 0xff;
    members.push(element);
  }
  close();
  const text = (value: string) => new TextEncoder().encode(value);
  const ebml = encodeElement(EbmlId.EBML, [
    encodeUintElement(0x4286, 1),
    encodeUintElement(0x42f7, 1),
    encodeUintElement(0x42f2, 4),
    encodeUintElement(0x42f3, 8),
    encodeElement(EbmlId.DocType, text('webm')),
    encodeUintElement(0x4287, 4),
    encodeUintElement(0x4285, 2),
  ]);
  const info = encodeElement(EbmlId.Info, [
    encodeUintElement(EbmlId.TimecodeScale, audio.init.timecodeScale),
    encodeFloat64Element(EbmlId.Duration, Math.max(1, endTicks - startTicks)),
    encodeElement(0x4d80, text('newsroom')),
    encodeElement(0x5741, text('newsroom')),
  ]);
  const tracks = encodeElement(EbmlId.Tracks, [audio.trackEntry]);
  return concatBytes([ebml, encodeElement(EbmlId.Segment, [info, tracks, ...clusters])]);
}
