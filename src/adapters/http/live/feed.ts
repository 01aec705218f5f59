import { POLL_MS, pollUntil } from './cross-request.ts';

/**
 * A body written once and read by any number of viewers, each from its first byte: a late reader
 * gets what is already buffered at once, then each new piece as it is pushed. The in-isolate
 * fan-out behind streamed segment groups (docs/decisions/025-live-delivery-over-http-segments.md
 * "Streamed groups"). Readers are bodies of other requests than the one pushing, so they look for
 * new pieces on their own timers (cross-request.ts says why); a reader first sleeps until about
 * when the next piece is due (pieces come at the reporter's pace, about one a second), so that
 * thousands of waiting readers cost a few wake-ups each per piece, not one every POLL_MS.
 */
const MIN_GAP_MS = 100;

export class Feed {
  private readonly parts: Uint8Array[] = [];
  private ended = false;
  private lastPushAt = Date.now();
  /** The usual time between pushes, learnt as they come. */
  private gapMs = 1000;

  push(bytes: Uint8Array): void {
    const now = Date.now();
    const gap = now - this.lastPushAt;
    // Pieces of one chunk come together (a chunk cut at a keyframe is two segments): that is no gap.
    if (this.parts.length > 0 && gap > MIN_GAP_MS) this.gapMs = 0.7 * this.gapMs + 0.3 * gap;
    this.lastPushAt = now;
    this.parts.push(bytes);
  }

  end(): void {
    this.ended = true;
  }

  /** A new reader from the start. A reader that goes away simply stops pulling. */
  reader(): ReadableStream<Uint8Array> {
    let next = 0;
    const ready = () => next < this.parts.length || this.ended;
    return new ReadableStream<Uint8Array>({
      pull: async (controller) => {
        if (!ready()) {
          const due = this.lastPushAt + this.gapMs - 2 * POLL_MS - Date.now();
          if (due > POLL_MS) await new Promise((resolve) => setTimeout(resolve, due));
          await pollUntil(ready);
        }
        if (next < this.parts.length) controller.enqueue(this.parts[next++]!);
        else controller.close();
      },
    });
  }

  /** Everything pushed so far, in one piece. */
  bytes(): Uint8Array {
    const out = new Uint8Array(this.parts.reduce((sum, part) => sum + part.length, 0));
    let at = 0;
    for (const part of this.parts) {
      out.set(part, at);
      at += part.length;
    }
    return out;
  }
}
