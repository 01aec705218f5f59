import { EbmlError, EbmlId, TOP_LEVEL_IDS, readElementHeader, readFloat, readString, readUint, type ElementHeader } from './ebml.ts';
import { fromBase64, toBase64 } from '../base64.ts';

/**
 * Follows a WebM byte stream as it arrives (MediaRecorder chunks cut anywhere, also inside an
 * element) and reports what a live relay and a recorder need: the initialisation segment (every
 * byte before the first Cluster), where each Cluster starts, and each block's track, time and
 * keyframe flag. It never holds more than a few bytes of media: payloads are skipped by count.
 * Its state is plain data (`snapshot`/`restore`) so a Durable Object can persist it between chunks.
 */

export type TrackKind = 'video' | 'audio' | 'other';

export interface WebmTrack {
  number: number;
  kind: TrackKind;
  codecId: string;
}

export interface WebmInit {
  /** The initialisation segment: EBML header, Segment header and every element before the first Cluster. */
  bytes: Uint8Array;
  docType: string;
  /** Nanoseconds per timecode tick (Matroska's default is 1,000,000: ticks are milliseconds). */
  timecodeScale: number;
  tracks: WebmTrack[];
}

export type ScanEvent =
  | { kind: 'init'; init: WebmInit }
  | { kind: 'cluster'; offset: number }
  /** time is absolute, in timecode ticks; clusterOffset is the stream offset of the Cluster holding it. */
  | { kind: 'block'; track: number; time: number; keyframe: boolean; clusterOffset: number }
  /** A Segment child other than a Cluster after the header (Cues, Tags, ...): where the media ends. */
  | { kind: 'other'; offset: number; id: number };

/** Past this, a stream that has not reached its first Cluster is not a recording we can use. */
export const MAX_INIT_BYTES = 1024 * 1024;
/** Enough for a block's track number (up to 8 bytes), its 16-bit relative time and its flags. */
const BLOCK_HEAD_BYTES = 11;

interface ClusterContext {
  offset: number;
  end: number | null;
  timecode: number;
}

interface GroupContext {
  end: number;
  track: number | null;
  time: number;
  hasReference: boolean;
}

export interface ScannerSnapshot {
  offset: number;
  /** Base64 of the bytes seen so far while still before the first Cluster. */
  header: string | null;
  carry: number[];
  skip: number;
  cluster: ClusterContext | null;
  group: GroupContext | null;
  initDone: boolean;
  cleanEnd: number;
}

function appendBytes(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b;
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

export class WebmScanner {
  /** Stream offset of the next byte to arrive. */
  private offset = 0;
  private header: Uint8Array | null = new Uint8Array();
  /** Bytes of an element header or block head that a chunk boundary cut; at most a few bytes. */
  private carry: Uint8Array = new Uint8Array();
  private skip = 0;
  private cluster: ClusterContext | null = null;
  private group: GroupContext | null = null;
  private initDone = false;
  private cleanEnd = 0;

  static restore(snapshot: ScannerSnapshot): WebmScanner {
    const scanner = new WebmScanner();
    scanner.offset = snapshot.offset;
    scanner.header = snapshot.header === null ? null : fromBase64(snapshot.header);
    scanner.carry = Uint8Array.from(snapshot.carry);
    scanner.skip = snapshot.skip;
    scanner.cluster = snapshot.cluster && { ...snapshot.cluster };
    scanner.group = snapshot.group && { ...snapshot.group };
    scanner.initDone = snapshot.initDone;
    scanner.cleanEnd = snapshot.cleanEnd;
    return scanner;
  }

  snapshot(): ScannerSnapshot {
    return {
      offset: this.offset,
      header: this.header === null ? null : toBase64(this.header),
      carry: [...this.carry],
      skip: this.skip,
      cluster: this.cluster && { ...this.cluster },
      group: this.group && { ...this.group },
      initDone: this.initDone,
      cleanEnd: this.cleanEnd,
    };
  }

  /**
   * Where the last element that arrived whole ends: a recording cut off mid-frame (a dropped
   * connection) is kept up to here. 0 while the header is incomplete.
   */
  get completeUpTo(): number {
    return this.cleanEnd;
  }

  /** Total bytes pushed so far. */
  get received(): number {
    return this.offset;
  }

  /** Feeds the next bytes of the stream; throws EbmlError when they cannot be WebM. */
  push(chunk: Uint8Array): ScanEvent[] {
    const events: ScanEvent[] = [];
    const start = this.offset;
    this.offset += chunk.length;
    if (this.header !== null) {
      this.header = appendBytes(this.header, chunk);
      const init = parseInitSegment(this.header);
      if (init === null) {
        if (this.header.length > MAX_INIT_BYTES) throw new EbmlError('no Cluster within the first MiB: not a recording');
        return events;
      }
      const rest = this.header.subarray(init.bytes.length);
      this.header = null;
      this.initDone = true;
      events.push({ kind: 'init', init });
      this.scanBody(rest, init.bytes.length, events);
      return events;
    }
    this.scanBody(chunk, start, events);
    return events;
  }

  private scanBody(chunk: Uint8Array, chunkStart: number, events: ScanEvent[]): void {
    const buf = this.carry.length > 0 ? appendBytes(this.carry, chunk) : chunk;
    const base = chunkStart - this.carry.length;
    this.carry = new Uint8Array();
    let pos = 0;
    for (;;) {
      if (this.skip > 0) {
        const n = Math.min(this.skip, buf.length - pos);
        pos += n;
        this.skip -= n;
        if (this.skip > 0) return;
      }
      this.closeEnded(base + pos, events);
      if (!this.group) this.cleanEnd = base + pos;
      if (pos >= buf.length) return;
      const header = readElementHeader(buf, pos);
      if (header === null) {
        this.carry = buf.slice(pos);
        return;
      }
      const consumed = this.element(header, buf, pos, base + pos, events);
      if (consumed === null) {
        this.carry = buf.slice(pos);
        return;
      }
      pos += consumed;
    }
  }

  /** Handles the element whose header starts at `pos`; returns bytes consumed, or null to wait for more. */
  private element(header: ElementHeader, buf: Uint8Array, pos: number, at: number, events: ScanEvent[]): number | null {
    const { id, size, headerLength } = header;
    if (this.cluster && this.cluster.end === null && TOP_LEVEL_IDS.has(id)) this.cluster = null;
    if (id === EbmlId.EBML || id === EbmlId.Segment)
      throw new EbmlError(`a second ${id === EbmlId.EBML ? 'EBML header' : 'Segment'} at ${at}`);
    if (id === EbmlId.Cluster) {
      this.group = null;
      this.cluster = { offset: at, end: size === null ? null : at + headerLength + size, timecode: 0 };
      events.push({ kind: 'cluster', offset: at });
      return headerLength;
    }
    if (size === null) throw new EbmlError(`element 0x${id.toString(16)} of unknown size at ${at}`);
    if (!this.cluster) {
      events.push({ kind: 'other', offset: at, id });
      this.skip = size;
      return headerLength;
    }
    if (id === EbmlId.Timecode) {
      if (pos + headerLength + size > buf.length) return null;
      this.cluster.timecode = readUint(buf, pos + headerLength, size);
      return headerLength + size;
    }
    if (id === EbmlId.BlockGroup) {
      this.group = { end: at + headerLength + size, track: null, time: 0, hasReference: false };
      return headerLength;
    }
    if (id === EbmlId.SimpleBlock || (id === EbmlId.Block && this.group)) {
      const need = Math.min(size, BLOCK_HEAD_BYTES);
      if (pos + headerLength + need > buf.length) return null;
      const head = readBlockHead(buf, pos + headerLength, size);
      const time = this.cluster.timecode + head.relativeTime;
      if (id === EbmlId.SimpleBlock) {
        events.push({ kind: 'block', track: head.track, time, keyframe: head.keyframe, clusterOffset: this.cluster.offset });
      } else if (this.group) {
        this.group.track = head.track;
        this.group.time = time;
      }
      this.skip = size;
      return headerLength;
    }
    if (id === EbmlId.ReferenceBlock && this.group) this.group.hasReference = true;
    this.skip = size;
    return headerLength;
  }

  private closeEnded(at: number, events: ScanEvent[]): void {
    if (this.group && at >= this.group.end) {
      if (this.group.track !== null && this.cluster) {
        events.push({
          kind: 'block',
          track: this.group.track,
          time: this.group.time,
          keyframe: !this.group.hasReference,
          clusterOffset: this.cluster.offset,
        });
      }
      this.group = null;
    }
    if (this.cluster?.end != null && at >= this.cluster.end) this.cluster = null;
  }
}

function readBlockHead(buf: Uint8Array, start: number, size: number) {
  const first = buf[start]!;
  let length = 1;
  for (let mask = 0x80; length <= 8 && !(first & mask); mask >>= 1) length++;
  if (length > 8 || length + 3 > size) throw new EbmlError(`bad block at ${start}`);
  const track = readUint(buf, start, length) - (0x80 >> (length - 1)) * 256 ** (length - 1);
  const raw = (buf[start + length]! << 8) | buf[start + length + 1]!;
  const relativeTime = raw >= 0x8000 ? raw - 0x10000 : raw;
  const flags = buf[start + length + 2]!;
  return { track, relativeTime, keyframe: (flags & 0x80) !== 0 };
}

/**
 * Parses the bytes before the first Cluster, or returns null while they are not all there yet.
 * Throws when the bytes are not an EBML document holding a Segment.
 */
export function parseInitSegment(bytes: Uint8Array): WebmInit | null {
  const ebml = readElementHeader(bytes, 0);
  if (ebml === null) return null;
  if (ebml.id !== EbmlId.EBML || ebml.size === null) throw new EbmlError('not an EBML document');
  const ebmlEnd = ebml.headerLength + ebml.size;
  if (bytes.length < ebmlEnd) return null;
  let docType = 'matroska';
  forEachChild(bytes, ebml.headerLength, ebmlEnd, (child, dataStart) => {
    if (child.id === EbmlId.DocType) docType = readString(bytes, dataStart, child.size ?? 0);
  });
  const segment = readElementHeader(bytes, ebmlEnd);
  if (segment === null) return null;
  if (segment.id !== EbmlId.Segment) throw new EbmlError('no Segment after the EBML header');
  let pos = ebmlEnd + segment.headerLength;
  let timecodeScale = 1_000_000;
  let tracks: WebmTrack[] = [];
  for (;;) {
    const child = readElementHeader(bytes, pos);
    if (child === null) return null;
    if (child.id === EbmlId.Cluster) break;
    if (child.size === null) throw new EbmlError(`element 0x${child.id.toString(16)} of unknown size before the first Cluster`);
    const dataStart = pos + child.headerLength;
    const end = dataStart + child.size;
    if (end > bytes.length) return null;
    if (child.id === EbmlId.Info) timecodeScale = parseTimecodeScale(bytes, dataStart, end) ?? timecodeScale;
    if (child.id === EbmlId.Tracks) tracks = parseTracks(bytes, dataStart, end);
    pos = end;
  }
  return { bytes: bytes.slice(0, pos), docType, timecodeScale, tracks };
}

export function forEachChild(
  bytes: Uint8Array,
  start: number,
  end: number,
  visit: (header: ElementHeader, dataStart: number, elementStart: number) => void,
): void {
  let pos = start;
  while (pos < end) {
    const header = readElementHeader(bytes, pos);
    if (header === null || header.size === null) throw new EbmlError(`truncated element at ${pos}`);
    visit(header, pos + header.headerLength, pos);
    pos += header.headerLength + header.size;
  }
}

function parseTimecodeScale(bytes: Uint8Array, start: number, end: number): number | null {
  let scale: number | null = null;
  forEachChild(bytes, start, end, (child, dataStart) => {
    if (child.id === EbmlId.TimecodeScale) scale = readUint(bytes, dataStart, child.size ?? 0);
  });
  return scale;
}

/** Reads Info's Duration (ticks) if present; used by tests and by the client-side fix. */
export function parseDuration(bytes: Uint8Array, start: number, end: number): number | null {
  let duration: number | null = null;
  forEachChild(bytes, start, end, (child, dataStart) => {
    if (child.id === EbmlId.Duration) duration = readFloat(bytes, dataStart, child.size ?? 0);
  });
  return duration;
}

function parseTracks(bytes: Uint8Array, start: number, end: number): WebmTrack[] {
  const tracks: WebmTrack[] = [];
  forEachChild(bytes, start, end, (entry, entryStart) => {
    if (entry.id !== EbmlId.TrackEntry) return;
    const track: WebmTrack = { number: 0, kind: 'other', codecId: '' };
    forEachChild(bytes, entryStart, entryStart + (entry.size ?? 0), (child, dataStart) => {
      const size = child.size ?? 0;
      if (child.id === EbmlId.TrackNumber) track.number = readUint(bytes, dataStart, size);
      if (child.id === EbmlId.TrackType) {
        const type = readUint(bytes, dataStart, size);
        track.kind = type === 1 ? 'video' : type === 2 ? 'audio' : 'other';
      }
      if (child.id === EbmlId.CodecID) track.codecId = readString(bytes, dataStart, size);
    });
    tracks.push(track);
  });
  return tracks;
}

const CODEC_NAMES: Record<string, string> = {
  V_VP8: 'vp8',
  V_VP9: 'vp9',
  V_AV1: 'av01.0.04M.08',
  A_OPUS: 'opus',
  A_VORBIS: 'vorbis',
};

/** The type a browser's MediaSource needs for these tracks, e.g. `video/webm; codecs="vp9,opus"`. */
export function mimeTypeOf(init: Pick<WebmInit, 'tracks'>): string {
  const codecs = init.tracks.map((t) => CODEC_NAMES[t.codecId]).filter((c): c is string => c !== undefined);
  const hasVideo = init.tracks.some((t) => t.kind === 'video');
  const base = hasVideo ? 'video/webm' : 'audio/webm';
  return codecs.length > 0 ? `${base}; codecs="${codecs.join(',')}"` : base;
}

/** The track whose keyframes decide where a player may start: the video track, else the first track. */
export function syncTrackOf(init: Pick<WebmInit, 'tracks'>): number | null {
  return (init.tracks.find((t) => t.kind === 'video') ?? init.tracks[0])?.number ?? null;
}
