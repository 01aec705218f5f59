/**
 * A body written once and read by any number of viewers, each from its first byte: a late reader
 * gets what is already buffered at once, then each new piece as it is pushed. The in-isolate
 * fan-out behind streamed segment groups (docs/decisions/025-live-delivery-over-http-segments.md
 * "Streamed groups").
 */
const KEEP_AWAKE_MS = 1000;

export class Feed {
  private readonly parts: Uint8Array[] = [];
  private ended = false;
  private wakers: (() => void)[] = [];

  push(bytes: Uint8Array): void {
    this.parts.push(bytes);
    this.wake();
  }

  end(): void {
    this.ended = true;
    this.wake();
  }

  /** A new reader from the start. A reader that goes away simply stops pulling. */
  reader(): ReadableStream<Uint8Array> {
    let next = 0;
    return new ReadableStream<Uint8Array>({
      pull: async (controller) => {
        while (next >= this.parts.length && !this.ended) await this.nextPiece();
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

  /**
   * Waits for the next push, or at most KEEP_AWAKE_MS. The timer matters: a reader is the body of
   * another request than the one that pushes, and workerd ends a response whose request has
   * nothing of its own pending (no timer, no I/O) as hung, cutting the body short. The timer is
   * that request's own pending event; the push still wakes it at once.
   */
  private nextPiece(): Promise<void> {
    return new Promise<void>((resolve) => {
      setTimeout(resolve, KEEP_AWAKE_MS);
      this.wakers.push(resolve);
    });
  }

  private wake(): void {
    const wakers = this.wakers;
    this.wakers = [];
    for (const wake of wakers) wake();
  }
}
