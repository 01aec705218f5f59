import type { AudienceMinute } from '../../domain/readership/readership.ts';

/**
 * A live stream's audience, minute by minute (GET /api/analytics/streams/{id}), taken from the
 * room's viewer count each time the room looks at it (every publisher chunk, every isolate's
 * report): for each minute on air, the most viewers at once, and the viewer-seconds watched (the
 * count held until the next look, the time between). A minute is recorded when it is over, and the
 * last one when the stream ends: one D1 write a minute, whatever the audience.
 */

const MINUTE_MS = 60_000;

export class StreamAudience {
  /** The current minute's start (ms), or null before the first look and after the end. */
  private minute: number | null = null;
  private peak = 0;
  private viewerMs = 0;
  private count = 0;
  private lastAt = 0;

  constructor(private readonly record: (minute: AudienceMinute) => Promise<void>) {}

  observe(count: number, now: number): void {
    this.advance(now);
    this.count = count;
    this.peak = Math.max(this.peak, count);
  }

  /** The stream ended: the minute under way is recorded as it stands. */
  close(now: number): void {
    if (this.minute === null) return;
    this.advance(now);
    // A minute that had just begun when the stream ended was never on air.
    if (this.lastAt > this.minute) this.save();
    this.minute = null;
  }

  private advance(now: number): void {
    if (this.minute === null) {
      this.minute = Math.floor(now / MINUTE_MS) * MINUTE_MS;
      this.lastAt = now;
      return;
    }
    for (let end = this.minute + MINUTE_MS; now >= end; end += MINUTE_MS) {
      this.viewerMs += this.count * (end - this.lastAt);
      this.save();
      this.minute = end;
      this.lastAt = end;
      // Whoever was watching as the minute turned is watching in the next one.
      this.peak = this.count;
      this.viewerMs = 0;
    }
    this.viewerMs += this.count * (now - this.lastAt);
    this.lastAt = now;
  }

  private save(): void {
    if (this.minute === null || (this.peak === 0 && this.viewerMs === 0)) return;
    const minute: AudienceMinute = {
      minute: new Date(this.minute).toISOString(),
      viewers: this.peak,
      viewerSeconds: Math.round(this.viewerMs / 1000),
    };
    this.record(minute).catch((error: unknown) => console.error('recording a minute of the stream audience failed', error));
  }
}
