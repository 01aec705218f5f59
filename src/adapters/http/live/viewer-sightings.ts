import type { ViewerReport } from '../../live/viewer-tally.ts';

/**
 * One worker isolate's view of who is watching (docs/decisions/025-live-delivery-over-http-segments.md):
 * each player sends a random viewer id with its requests; this counts the distinct ids seen in the
 * last WINDOW_MS per stream and says when the isolate should tell the stream's object. Reports
 * ride on the requests the isolate makes to the object anyway; when every request is a cache
 * hit, `due` asks for one of its own, at most every REPORT_EVERY_MS (or REPORT_MIN_MS after a change).
 */

export const WINDOW_MS = 10_000;
const REPORT_MIN_MS = 1_000;
const REPORT_EVERY_MS = 5_000;
/** Bounds the memory made-up viewer ids can take in one isolate. */
const MAX_VIEWERS_PER_STREAM = 200_000;
const VIEWER_ID = /^[A-Za-z0-9_-]{8,64}$/;

interface StreamSightings {
  seen: Map<string, number>;
  reported: number | null;
  reportedAt: number;
}

export class ViewerSightings {
  private isolateId: string | null = null;
  private readonly streams = new Map<number, StreamSightings>();

  constructor(private readonly now: () => number = Date.now) {}

  /** This isolate's random id, made on first use (random values are not allowed at a worker's start). */
  get isolate(): string {
    this.isolateId ??= crypto.randomUUID();
    return this.isolateId;
  }

  /** A request from viewer `id` (ignored unless it looks like one of our random ids). */
  see(streamId: number, id: string | null | undefined): void {
    if (!id || !VIEWER_ID.test(id)) return;
    const stream = this.streamOf(streamId);
    stream.seen.delete(id);
    stream.seen.set(id, this.now());
    if (stream.seen.size > MAX_VIEWERS_PER_STREAM) stream.seen.delete(stream.seen.keys().next().value!);
  }

  count(streamId: number): number {
    const stream = this.streams.get(streamId);
    if (!stream) return 0;
    const since = this.now() - WINDOW_MS;
    // Oldest first (see() moves an id to the end), so expired ids are at the front.
    for (const [id, at] of stream.seen) {
      if (at >= since) break;
      stream.seen.delete(id);
    }
    return stream.seen.size;
  }

  /** The report to send with a request to the object now (and remembered as sent). */
  report(streamId: number): ViewerReport {
    const viewers = this.count(streamId);
    const stream = this.streamOf(streamId);
    stream.reported = viewers;
    stream.reportedAt = this.now();
    if (viewers === 0) this.streams.delete(streamId);
    return { isolate: this.isolate, viewers };
  }

  /** Whether the object should hear from this isolate even though no request of its own goes there. */
  due(streamId: number): boolean {
    const stream = this.streams.get(streamId);
    if (!stream) return false;
    const viewers = this.count(streamId);
    const since = this.now() - stream.reportedAt;
    if (viewers !== stream.reported) return since >= REPORT_MIN_MS;
    return viewers > 0 && since >= REPORT_EVERY_MS;
  }

  private streamOf(streamId: number): StreamSightings {
    let stream = this.streams.get(streamId);
    if (!stream) {
      stream = { seen: new Map(), reported: null, reportedAt: -Infinity };
      this.streams.set(streamId, stream);
    }
    return stream;
  }
}
