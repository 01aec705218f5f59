import { applyPatches, concatBytes, type BytePatchAt } from './bytes.ts';
import type { StreamEvent } from './live-container.ts';

/**
 * Cuts a live stream's media bytes into segments as a container's events allow
 * (docs/decisions/025-live-delivery-over-http-segments.md, 040): where segments may end anywhere
 * (WebM) each chunk is a segment, cut again where a keyframe starts; otherwise (MP4) a segment is
 * one whole fragment and waits, in memory, until its last byte has come. Patches are applied on
 * the way out. Played back to back from a keyframe segment, segments are exactly the stream's
 * bytes after the init section (patched).
 *
 * Only `next` (where the next segment starts) is state to keep; the bytes waiting to become a
 * segment are in memory only. After the object wakes they are gone: the segment is still cut (its
 * place in the numbering and the recording's index is kept) but has no bytes.
 */

export interface CutSegment {
  /** Stream offset of its first byte. */
  offset: number;
  length: number;
  /** Null when the bytes were lost (the object slept between its first and last byte). */
  bytes: Uint8Array | null;
  key: boolean;
  /** Media seconds, where the container says (MP4). */
  time: number | null;
  duration: number | null;
}

export class SegmentCutter {
  /** Bytes [next, next + held.length) waiting to be cut, or null when they are not all in memory. */
  private held: Uint8Array | null = new Uint8Array();
  private patches: BytePatchAt[] = [];

  constructor(
    private readonly cutsAnywhere: boolean,
    /** Where the next segment starts; null until the init section is known. */
    private next: number | null = null,
    restored = false,
  ) {
    if (restored) this.held = null;
  }

  get nextOffset(): number | null {
    return this.next;
  }

  /** The chunk `bytes` that starts at stream offset `start`, and the events the container found in it. */
  cut(start: number, bytes: Uint8Array, events: readonly StreamEvent[]): CutSegment[] {
    for (const event of events) {
      if (event.kind === 'init') this.next ??= event.init.bytes.length;
      if (event.kind === 'patch') this.patches.push({ offset: event.offset, bytes: event.bytes });
    }
    const end = start + bytes.length;
    if (this.next === null || end <= this.next) return [];
    const from = Math.max(start, this.next);
    const piece = bytes.subarray(from - start);
    if (this.held !== null && this.next + this.held.length === from) this.held = concatBytes([this.held, piece]);
    else this.held = from === this.next ? piece.slice() : null;

    const keys = new Set(events.flatMap((event) => (event.kind === 'key' ? [event.offset] : [])));
    const cuts = this.cutsAnywhere
      ? [...[...keys].filter((offset) => offset > this.next! && offset < end).sort((a, b) => a - b), end].map((offset) => ({
          offset,
          time: null,
          duration: null,
        }))
      : events.flatMap((event) => (event.kind === 'boundary' ? [event] : []));

    const segments: CutSegment[] = [];
    for (const cut of cuts) {
      const at = this.next;
      if (cut.offset <= at) continue;
      const length = cut.offset - at;
      const raw = this.held && this.held.length >= length ? this.held.subarray(0, length) : null;
      segments.push({
        offset: at,
        length,
        bytes: raw && applyPatches(raw, at, this.patches),
        key: keys.has(at),
        time: cut.time,
        duration: cut.duration,
      });
      // Past a cut inside this chunk, its bytes are all here again (after bytes lost to a wake).
      this.held =
        this.held && this.held.length >= length
          ? this.held.subarray(length)
          : cut.offset >= from
            ? piece.subarray(cut.offset - from)
            : null;
      this.next = cut.offset;
    }
    // A WebM chunk's bytes are all cut; an MP4 fragment's bytes wait for the rest of it.
    if (this.held !== null) this.held = this.held.slice();
    this.patches = this.patches.filter((patch) => patch.offset + patch.bytes.length > this.next!);
    return segments;
  }
}
