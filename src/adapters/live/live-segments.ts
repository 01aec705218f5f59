/**
 * The live stream cut into numbered, immutable segments for viewers over HTTP
 * (docs/decisions/025-live-delivery-over-http-segments.md). Each publisher chunk's media bytes
 * become one segment, cut again where a keyframe Cluster starts inside it, so a segment that
 * begins with a keyframe Cluster exists for late joiners to start at. Played back to back from any keyframe segment,
 * the segments are exactly the stream's bytes after the initialisation segment.
 *
 * The bytes are held in memory only, newest first, within a budget; the numbering and the newest
 * keyframe segment are plain data the room stores, so numbers never repeat after a wake (the
 * bytes held before it are then gone: a viewer asking for them hears "gone" and starts again
 * at the next keyframe segment). When the stream ends nothing more is added, but what is held
 * stays served (a viewer still catching up gets the tail); the room serves older segments from
 * the stored recording.
 */
import type { CutSegment } from '../../media/segment-cutter.ts';

export interface Segment {
  n: number;
  /** Stream offset of its first byte. */
  offset: number;
  bytes: Uint8Array;
  /** Starts on a keyframe of the video (a keyframe Cluster; a fragment whose first video sample is a keyframe): a player may start here. */
  key: boolean;
  /** Media seconds (MP4: what HLS lists), or null. */
  time: number | null;
  duration: number | null;
}

export interface SegmentIndex {
  /** The number the next segment will get. */
  next: number;
  /** The newest keyframe segment still held, or null. */
  first: number | null;
}

export type SegmentLookup = { kind: 'ready'; segment: Segment } | { kind: 'soon' } | { kind: 'gone' } | { kind: 'unknown' };

/** How far ahead of the newest segment a request may wait for one (LL-HLS's blocking request). */
export const MAX_SEGMENTS_AHEAD = 3;
/** The memory budget: older segments are dropped past either bound (the newest keyframe segment stays while it fits in the hard cap). */
const KEEP_SEGMENTS = 60;
const KEEP_BYTES = 24 * 1024 * 1024;
const HARD_CAP_BYTES = 48 * 1024 * 1024;

type Waiter = (segment: Segment | null) => void;

export class LiveSegments {
  private held: Segment[] = [];
  private bytes = 0;
  private index: SegmentIndex;
  private readonly waiters = new Map<number, Set<Waiter>>();
  private closed = false;

  constructor(index: SegmentIndex | null) {
    // After a wake nothing is held: the stored `first` names bytes that are gone.
    this.index = { next: index?.next ?? 0, first: null };
  }

  snapshot(): SegmentIndex {
    return { ...this.index };
  }

  /** The newest complete segment, or null before the first. */
  get latest(): number | null {
    return this.index.next > 0 ? this.index.next - 1 : null;
  }

  get first(): number | null {
    return this.index.first;
  }

  /** Adds a cut segment and answers its number; one whose bytes were lost takes its number and is never held. */
  add(cut: CutSegment): number {
    const n = this.index.next;
    this.index.next = n + 1;
    if (cut.bytes) {
      // A copy: the chunk's buffer belongs to the WebSocket message.
      const held: Segment = { n, offset: cut.offset, bytes: cut.bytes.slice(), key: false, time: cut.time, duration: cut.duration };
      this.held.push(held);
      this.bytes += held.bytes.length;
      if (cut.key) this.markKey(cut.offset);
      for (const done of [...(this.waiters.get(n) ?? [])]) done(held);
    } else {
      for (const done of [...(this.waiters.get(n) ?? [])]) done(null);
    }
    this.trim();
    return n;
  }

  /** The held segments from n on, oldest first (what a live HLS playlist lists). */
  heldFrom(n: number): readonly Segment[] {
    return this.held.filter((segment) => segment.n >= n);
  }

  /** A Cluster at `offset` turned out to start with a video keyframe: its segment is where late joiners start. */
  markKey(offset: number): void {
    const segment = this.held.find((candidate) => candidate.offset === offset);
    if (!segment) return;
    segment.key = true;
    if (this.closed) return;
    if (this.index.first === null || segment.n > this.index.first) this.index.first = segment.n;
  }

  lookup(n: number): SegmentLookup {
    const segment = this.held.find((candidate) => candidate.n === n);
    if (segment) return { kind: 'ready', segment };
    if (n < this.index.next) return { kind: 'gone' };
    if (!this.closed && n < this.index.next + MAX_SEGMENTS_AHEAD) return { kind: 'soon' };
    return { kind: 'unknown' };
  }

  /** Resolves with segment n once it exists, or null after `timeoutMs` or when the stream ends. */
  waitFor(n: number, timeoutMs: number): Promise<Segment | null> {
    return new Promise((resolve) => {
      const waiters = this.waiters.get(n) ?? new Set<Waiter>();
      this.waiters.set(n, waiters);
      const timer = setTimeout(() => done(null), timeoutMs);
      const done: Waiter = (segment) => {
        clearTimeout(timer);
        waiters.delete(done);
        if (waiters.size === 0 && this.waiters.get(n) === waiters) this.waiters.delete(n);
        resolve(segment);
      };
      waiters.add(done);
    });
  }

  /**
   * The stream is over: nothing more will come, and every waiting request is answered now. What
   * is held stays served: a viewer still catching up when the stream ends gets the tail.
   */
  close(): void {
    this.closed = true;
    this.index.first = null;
    for (const waiters of [...this.waiters.values()]) for (const done of [...waiters]) done(null);
    this.waiters.clear();
  }

  private trim(): void {
    const over = () => this.held.length > KEEP_SEGMENTS || this.bytes > KEEP_BYTES;
    while (this.held.length > 1 && over()) {
      const oldest = this.held[0]!;
      const keepsFirst = this.index.first !== null && oldest.n >= this.index.first;
      if (keepsFirst && this.bytes <= HARD_CAP_BYTES) break;
      this.held.shift();
      this.bytes -= oldest.bytes.length;
      if (this.index.first !== null && oldest.n >= this.index.first) this.index.first = null;
    }
  }
}
