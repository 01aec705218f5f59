import { applyPatches, type BytePatchAt } from '../../../src/media/bytes.ts';

/**
 * The live benchmark's bookkeeping, pure: what the publisher sent and when, what each viewer got
 * and when, and from those the chunk delays and whether a viewer got every byte.
 *
 * A viewer's media must be a contiguous run of the published stream's bytes (as served: with the
 * server's corrections of the recorder's quirks, same length) ending at its end
 * (a late joiner starts at a keyframe, wherever that is; one that joined before the first chunk
 * starts right after the init segment). Chunk k's delay for a viewer is when the viewer's bytes
 * first reached the end of chunk k minus when the publisher sent chunk k.
 */

export class PublishedStream {
  /** What the publisher sends. */
  readonly bytes: Buffer;
  /** What viewers must get: the same bytes, with the server's corrections of the recorder's quirks (MP4: patches). */
  readonly served: Buffer;
  /** Stream offset just past each chunk. */
  readonly chunkEnds: number[];
  /** When each chunk was handed to the publisher's socket (performance.now()), NaN until then. */
  readonly sentAt: number[];

  constructor(
    chunks: readonly Uint8Array[],
    /** Length of the initialisation segment at the start of the first chunk. */
    readonly initLength: number,
    patches: readonly BytePatchAt[] = [],
  ) {
    this.bytes = Buffer.concat(chunks);
    const patched = applyPatches(this.bytes, 0, patches);
    this.served = Buffer.from(patched.buffer, patched.byteOffset, patched.byteLength);
    let end = 0;
    this.chunkEnds = chunks.map((chunk) => (end += chunk.length));
    this.sentAt = chunks.map(() => Number.NaN);
  }

  get length(): number {
    return this.bytes.length;
  }

  /** The first chunk whose end lies past `offset`. */
  chunkAfter(offset: number): number {
    let low = 0;
    let high = this.chunkEnds.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (this.chunkEnds[mid]! <= offset) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}

export class ViewerFollower {
  /** Where the viewer's media started in the stream, once it got any. */
  start: number | null = null;
  /** Stream offset of the next byte the viewer should get. */
  offset: number | null = null;
  initOk = false;
  /** False once a byte arrived that is not the stream's next byte. */
  inOrder = true;
  messages = 0;

  constructor(
    private readonly stream: PublishedStream,
    private readonly onDelay: (chunk: number, ms: number) => void,
  ) {}

  receiveInit(bytes: Uint8Array): void {
    this.messages++;
    this.initOk =
      Buffer.compare(
        Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
        this.stream.served.subarray(0, this.stream.initLength),
      ) === 0;
  }

  private initSoFar = Buffer.alloc(0);

  /** A piece of an answer that begins with the init segment and goes on with media (a join). */
  receiveJoin(bytes: Uint8Array, at: number): void {
    const missing = this.stream.initLength - this.initSoFar.length;
    if (missing <= 0) return this.receiveMedia(bytes, at);
    this.initSoFar = Buffer.concat([this.initSoFar, bytes.subarray(0, missing)]);
    if (this.initSoFar.length === this.stream.initLength) this.receiveInit(this.initSoFar);
    if (bytes.length > missing) this.receiveMedia(bytes.subarray(missing), at);
  }

  receiveMedia(bytes: Uint8Array, at: number): void {
    this.messages++;
    if (!this.inOrder || bytes.length === 0) return;
    const piece = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (this.offset === null) {
      const found = this.stream.served.indexOf(piece, this.stream.initLength);
      if (found < 0) {
        this.inOrder = false;
        return;
      }
      this.start = found;
      this.offset = found;
    }
    const from = this.offset;
    const to = from + piece.length;
    if (to > this.stream.length || Buffer.compare(piece, this.stream.served.subarray(from, to)) !== 0) {
      this.inOrder = false;
      return;
    }
    this.offset = to;
    for (let k = this.stream.chunkAfter(from); k < this.stream.chunkEnds.length && this.stream.chunkEnds[k]! <= to; k++) {
      this.onDelay(k, at - this.stream.sentAt[k]!);
    }
  }

  /** The init segment and every byte from its start to the stream's end, in order. */
  get complete(): boolean {
    return this.initOk && this.inOrder && this.offset === this.stream.length;
  }
}

/** Nearest-rank percentile of sorted values (p in 0..100); NaN for none. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export interface DelaySummary {
  count: number;
  p50: number;
  p99: number;
  max: number;
}

export function summarize(values: readonly number[]): DelaySummary {
  const sorted = Float64Array.from(values).sort();
  const list = Array.from(sorted);
  return { count: list.length, p50: percentile(list, 50), p99: percentile(list, 99), max: list.at(-1) ?? Number.NaN };
}
