import { SseParser, type SseEvent } from '../../../scripts/lib/sse-parser.ts';

export type { SseEvent };

/** A reader of a Server-Sent Events body: events as they arrive, parsed as the browser's EventSource would. */
export class SseReader {
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private readonly decoder = new TextDecoder();
  private readonly parser = new SseParser();
  private readonly queued: SseEvent[] = [];

  constructor(body: ReadableStream<Uint8Array>) {
    this.reader = body.getReader();
  }

  /** The reconnection delay the stream asked for. */
  get retry(): number | null {
    return this.parser.retry;
  }

  /** The next event (comments and retry-only blocks are skipped), or null when the stream ends first or `timeoutMs` passes. */
  async next(timeoutMs = 10_000): Promise<SseEvent | null> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const queued = this.queued.shift();
      if (queued) return queued;
      const left = deadline - Date.now();
      if (left <= 0) return null;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const read = await Promise.race([
        this.reader.read(),
        new Promise<'timeout'>((resolve) => {
          timer = setTimeout(() => resolve('timeout'), left);
        }),
      ]);
      if (timer !== undefined) clearTimeout(timer);
      if (read === 'timeout' || read.done) return null;
      this.queued.push(...this.parser.push(this.decoder.decode(read.value, { stream: true })));
    }
  }

  /** Events until one passes `until`, or null at the timeout. */
  async waitFor(until: (event: SseEvent) => boolean, timeoutMs = 10_000): Promise<SseEvent | null> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const event = await this.next(deadline - Date.now());
      if (!event || until(event)) return event;
    }
  }

  async close(): Promise<void> {
    await this.reader.cancel().catch(() => undefined);
  }
}
