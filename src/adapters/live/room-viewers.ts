import type { AudienceMinute } from '../../domain/readership/readership.ts';
import { StreamAudience } from './stream-audience.ts';
import { ViewerTally, type ViewerReport } from './viewer-tally.ts';

/**
 * A live room's viewer count (docs/decisions/025-live-delivery-over-http-segments.md): the sum of
 * the worker isolates' reports (viewer-tally.ts). When it changes the publisher hears at once;
 * D1 (GET /api/streams/active) is written at most once every SAVE_EVERY_MS, the latest count
 * winning, never once per join or leave.
 */

/** Often enough that GET /api/streams/active (cached up to 5 s more) shows a count no older than about 10 s. */
export const SAVE_EVERY_MS = 5_000;

export interface RoomViewersPorts {
  now: () => number;
  tellPublisher: (count: number) => void;
  save: (count: number) => Promise<void>;
  /** Each minute on air's audience, once the minute is over (stream-audience.ts). */
  recordMinute?: (minute: AudienceMinute) => Promise<void>;
}

export class RoomViewers {
  private readonly tally = new ViewerTally();
  private told = 0;
  private saved = 0;
  private savedAt = -Infinity;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  private readonly audience: StreamAudience | null;

  constructor(private readonly ports: RoomViewersPorts) {
    this.audience = ports.recordMinute ? new StreamAudience(ports.recordMinute) : null;
  }

  total(): number {
    return this.tally.total(this.ports.now());
  }

  report(report: ViewerReport): void {
    this.tally.report(report, this.ports.now());
    this.refresh();
  }

  /** Looks at the count again (reports expire with time, so also on every publisher chunk). */
  refresh(): void {
    if (this.stopped) return;
    const count = this.total();
    this.audience?.observe(count, this.ports.now());
    if (count !== this.told) {
      this.told = count;
      this.ports.tellPublisher(count);
    }
    if (count !== this.saved && this.timer === null) {
      const wait = Math.max(0, this.savedAt + SAVE_EVERY_MS - this.ports.now());
      this.timer = setTimeout(() => void this.save(), wait);
    }
  }

  /** The stream ended: no more writes (ending sets the stream's row itself). */
  stop(): void {
    if (!this.stopped) this.audience?.close(this.ports.now());
    this.stopped = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private async save(): Promise<void> {
    this.timer = null;
    if (this.stopped) return;
    const count = this.total();
    this.savedAt = this.ports.now();
    try {
      await this.ports.save(count);
      this.saved = count;
    } catch (error) {
      console.error('writing the viewer count failed', error);
    }
    this.refresh();
  }
}
