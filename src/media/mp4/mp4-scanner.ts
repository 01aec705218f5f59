import { concatBytes } from '../bytes.ts';
import { fromBase64, toBase64 } from '../base64.ts';
import { Mp4Error, readBoxHeader } from './boxes.ts';
import { parseFragment } from './mp4-fragment.ts';
import { parseMp4Init, syncTrackOf, type Mp4Init, type Mp4Track } from './mp4-init.ts';

/**
 * Follows a fragmented MP4 byte stream as it arrives (MediaRecorder chunks, cut anywhere, also
 * inside a box) and reports what a live relay and a recorder need: the init section (`ftyp`
 * through `moov`), each fragment once its `mdat` is complete (where it starts and ends,
 * whether it starts on a keyframe, its time and duration) and the byte patches that correct the
 * recorder's quirks (recorder-quirks.ts). It holds at most one `moof` (a few hundred bytes) and
 * skips sample data by count. Its state is plain data (`snapshot`/`restore`) so a Durable Object
 * can persist it between chunks.
 */

export interface Mp4FragmentEvent {
  kind: 'fragment';
  /** Stream offsets: the `moof`'s first byte and the end of its `mdat`. */
  start: number;
  end: number;
  /** The sync track's first sample is a keyframe: a player may start here. */
  key: boolean;
  /** Seconds on the sync track's timeline. */
  time: number;
  duration: number;
}

export type Mp4ScanEvent =
  | { kind: 'init'; init: Mp4Init }
  | Mp4FragmentEvent
  /** Overwrite `bytes` at stream offset `offset` (known as soon as the `moof` is complete). */
  | { kind: 'patch'; offset: number; bytes: Uint8Array };

/** Past this, a stream that has not reached its first fragment is not a recording we can use. */
export const MAX_MP4_INIT_BYTES = 1024 * 1024;
/** A `moof` describes samples; a megabyte of it is not a live recording. */
const MAX_MOOF_BYTES = 1024 * 1024;
/** Top-level boxes that would start a second movie inside the stream. */
const SECOND_MOVIE = new Set(['ftyp', 'moov']);

/** Per track, the span of media time the fragments covered (ticks of the track's timescale). */
export interface TrackSpan {
  start: number;
  end: number;
}

/** A fragment whose `moof` has been read, with each track's media time, until its `mdat` is whole. */
interface PendingFragment extends Omit<Mp4FragmentEvent, 'kind' | 'end'> {
  spans: Record<string, TrackSpan>;
}

export interface Mp4ScannerSnapshot {
  offset: number;
  header: string | null;
  tracks: Mp4Track[] | null;
  carry: number[];
  box: { type: string; start: number; end: number } | null;
  /** Base64 of the `moof` collected so far. */
  moof: string | null;
  pending: PendingFragment | null;
  completeUpTo: number;
  spans: Record<string, TrackSpan>;
}

export class Mp4Scanner {
  private offset = 0;
  private header: Uint8Array | null = new Uint8Array();
  private tracks: Mp4Track[] | null = null;
  private carry = new Uint8Array();
  /** The top-level box being read, and its end. */
  private box: { type: string; start: number; end: number } | null = null;
  private moof: Uint8Array | null = null;
  /** The last `moof` read, waiting for its `mdat` to end. */
  private pending: PendingFragment | null = null;
  private complete = 0;
  private spans: Record<string, TrackSpan> = {};

  static restore(snapshot: Mp4ScannerSnapshot): Mp4Scanner {
    const scanner = new Mp4Scanner();
    scanner.offset = snapshot.offset;
    scanner.header = snapshot.header === null ? null : fromBase64(snapshot.header);
    scanner.tracks = snapshot.tracks;
    scanner.carry = Uint8Array.from(snapshot.carry);
    scanner.box = snapshot.box && { ...snapshot.box };
    scanner.moof = snapshot.moof === null ? null : fromBase64(snapshot.moof);
    scanner.pending = snapshot.pending && structuredClone(snapshot.pending);
    scanner.complete = snapshot.completeUpTo;
    scanner.spans = structuredClone(snapshot.spans);
    return scanner;
  }

  snapshot(): Mp4ScannerSnapshot {
    return {
      offset: this.offset,
      header: this.header === null ? null : toBase64(this.header),
      tracks: this.tracks,
      carry: [...this.carry],
      box: this.box && { ...this.box },
      moof: this.moof === null ? null : toBase64(this.moof),
      pending: this.pending && structuredClone(this.pending),
      completeUpTo: this.complete,
      spans: structuredClone(this.spans),
    };
  }

  /** Where the last complete fragment ends: a recording cut off mid-fragment is kept up to here. */
  get completeUpTo(): number {
    return this.complete;
  }

  /** Bytes before this offset get no more patches (a `moof` being collected may still bring some). */
  get settledUpTo(): number {
    return this.moof !== null && this.box ? this.box.start : this.offset;
  }

  /** Per track id, the media time its fragments covered. */
  trackSpans(): Record<string, TrackSpan> {
    return structuredClone(this.spans);
  }

  /** Feeds the next bytes of the stream; throws Mp4Error when they cannot be a fragmented MP4. */
  push(chunk: Uint8Array): Mp4ScanEvent[] {
    const events: Mp4ScanEvent[] = [];
    const start = this.offset;
    this.offset += chunk.length;
    if (this.header !== null) {
      this.header = concatBytes([this.header, chunk]);
      const initEnd = findInitEnd(this.header);
      if (initEnd === null) {
        if (this.header.length > MAX_MP4_INIT_BYTES) throw new Mp4Error('no fragment within the first MiB: not a live recording');
        return events;
      }
      const init = parseMp4Init(this.header.slice(0, initEnd));
      this.tracks = init.tracks;
      const rest = this.header.subarray(initEnd);
      this.header = null;
      events.push({ kind: 'init', init });
      this.scanBody(rest, initEnd, events);
      return events;
    }
    this.scanBody(chunk, start, events);
    return events;
  }

  private scanBody(chunk: Uint8Array, chunkStart: number, events: Mp4ScanEvent[]): void {
    let buf = chunk;
    let base = chunkStart;
    if (this.carry.length > 0) {
      buf = concatBytes([this.carry, chunk]);
      base -= this.carry.length;
      this.carry = new Uint8Array();
    }
    let pos = 0;
    while (pos < buf.length) {
      if (this.box) {
        const take = Math.min(this.box.end - (base + pos), buf.length - pos);
        if (this.moof) this.moof = concatBytes([this.moof, buf.subarray(pos, pos + take)]);
        pos += take;
        if (base + pos === this.box.end) this.boxEnded(events);
        continue;
      }
      const header = readBoxHeader(buf, pos);
      if (header === null) {
        this.carry = buf.slice(pos);
        return;
      }
      this.beginBox(header.type, header.size, base + pos);
    }
  }

  private beginBox(type: string, size: number | null, at: number): void {
    if (size === null) throw new Mp4Error(`box ${type} at ${at} runs to the end of the file: not a live recording`);
    if (SECOND_MOVIE.has(type)) throw new Mp4Error(`a second ${type} at ${at}: another recording`);
    if (type === 'moof') {
      if (size > MAX_MOOF_BYTES) throw new Mp4Error(`a moof of ${size} bytes at ${at}`);
      this.moof = new Uint8Array();
    }
    // Its header is read again as part of the box: a moof is collected whole, anything else skipped.
    this.box = { type, start: at, end: at + size };
  }

  private boxEnded(events: Mp4ScanEvent[]): void {
    const box = this.box!;
    this.box = null;
    if (box.type === 'moof') {
      const moof = this.moof!;
      this.moof = null;
      this.readMoof(moof, box.start, events);
    } else if (box.type === 'mdat' && this.pending) {
      const { spans, ...fragment } = this.pending;
      events.push({ kind: 'fragment', ...fragment, end: box.end });
      for (const [id, { start, end }] of Object.entries(spans)) {
        const span = this.spans[id];
        this.spans[id] = span ? { start: Math.min(span.start, start), end: Math.max(span.end, end) } : { start, end };
      }
      this.pending = null;
      this.complete = box.end;
    }
  }

  private readMoof(moof: Uint8Array, at: number, events: Mp4ScanEvent[]): void {
    const tracks = this.tracks!;
    const fragment = parseFragment(moof, tracks);
    for (const patch of fragment.patches) events.push({ kind: 'patch', offset: at + patch.offset, bytes: patch.bytes });
    const sync = syncTrackOf({ tracks });
    const main = fragment.tracks.find((track) => track.id === sync.id) ?? fragment.tracks[0];
    const spans = Object.fromEntries(
      fragment.tracks.map((track) => [String(track.id), { start: track.baseTime, end: track.baseTime + track.duration }]),
    );
    const timescale = tracks.find((track) => track.id === main?.id)?.timescale ?? 1;
    this.pending = {
      start: at,
      key: main?.firstSync ?? false,
      time: main ? main.baseTime / timescale : 0,
      duration: main ? main.duration / timescale : 0,
      spans,
    };
  }
}

/**
 * Where the init section ends in `bytes` (the end of the `moov`: a recorder's first chunk is often
 * exactly that, and its type is then known at once), or null while it has not all arrived.
 */
function findInitEnd(bytes: Uint8Array): number | null {
  let pos = 0;
  for (;;) {
    const header = readBoxHeader(bytes, pos);
    if (header === null) return null;
    if (pos === 0 && header.type !== 'ftyp') throw new Mp4Error('no ftyp at the start: not an MP4');
    if (header.type === 'moof' || header.type === 'mdat')
      throw new Mp4Error(`a ${header.type} before the moov: not a fragmented MP4 from its start`);
    if (header.size === null) throw new Mp4Error(`box ${header.type} runs to the end of the file before any fragment`);
    if (header.type === 'moov') return pos + header.size <= bytes.length ? pos + header.size : null;
    pos += header.size;
  }
}
