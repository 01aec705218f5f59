import { pollUntil } from './cross-request.ts';

/**
 * A body written once and read by any number of viewers, each from its first byte: a late reader
 * gets what is already buffered at once, then each new piece as it is pushed. The in-isolate
 * fan-out behind streamed segment groups (docs/decisions/025-live-delivery-over-http-segments.md
 * "Streamed groups"). Readers are bodies of other requests than the one pushing, so they look for
 * new pieces on their own timers (cross-request.ts says why).
 */
export class Feed {
  private readonly parts: Uint8Array[] = [];
  private ended = false;

  push(bytes: Uint8Array): void {
    this.parts.push(bytes);
  }

  end(): void {
    this.ended = true;
  }

  /** A new reader from the start. A reader that goes away simply stops pulling. */
  reader(): ReadableStream<Uint8Array> {
    let next = 0;
    return new ReadableStream<Uint8Array>({
      pull: async (controller) => {
        await pollUntil(() => next < this.parts.length || this.ended);
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
