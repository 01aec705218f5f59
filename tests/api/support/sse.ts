/** A reader of a Server-Sent Events body: events as they arrive, parsed as the browser's EventSource would. */
export interface SseEvent {
  event: string;
  id: string | null;
  data: string;
}

export class SseReader {
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private readonly decoder = new TextDecoder();
  private buffer = '';
  private readonly queued: SseEvent[] = [];
  /** The retry and id lines of the stream's opening, as the browser keeps them. */
  lastEventId: string | null = null;
  retry: number | null = null;
  comments = 0;

  constructor(body: ReadableStream<Uint8Array>) {
    this.reader = body.getReader();
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
      if (read === 'timeout') return null;
      if (read.done) return null;
      this.buffer += this.decoder.decode(read.value, { stream: true });
      this.parse();
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

  private parse(): void {
    let end: number;
    while ((end = this.buffer.indexOf('\n\n')) !== -1) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      let event = 'message';
      let id: string | null = null;
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) this.comments++;
        else if (line.startsWith('event: ')) event = line.slice(7);
        else if (line.startsWith('id: ')) id = line.slice(4);
        else if (line.startsWith('data: ')) data.push(line.slice(6));
        else if (line.startsWith('retry: ')) this.retry = Number(line.slice(7));
      }
      if (id !== null) this.lastEventId = id;
      if (data.length > 0) this.queued.push({ event, id, data: data.join('\n') });
    }
  }
}
