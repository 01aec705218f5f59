import { request, type Agent } from 'undici';
import { SseParser } from '../../lib/sse-parser.ts';

/**
 * A simulated reader of a live blog, doing on the wire what the reader's page does (and nothing a
 * browser would not): it loads the story page (the worker's HTML, edge-cached), reads the cursor
 * the page was written at, and follows the live blog's event stream from there as the page's
 * EventSource does: on a stream's end it reconnects after the retry the server asked for, sending
 * Last-Event-ID. For each update it notes when it first saw it (performance.now()).
 */
export interface BenchReader {
  /** performance.now() when its stream answered 200, or null. */
  connectedAt: number | null;
  /** Update id -> when this reader first had it. */
  seen: Map<number, number>;
  reconnects: number;
  failures: number;
  stop(): void;
  done: Promise<void>;
}

const CURSOR = /data-cursor="(\d+)"/;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function benchReader(baseUrl: string, slug: string, storyId: number, agent: Agent): BenchReader {
  const reader: BenchReader = {
    connectedAt: null,
    seen: new Map(),
    reconnects: 0,
    failures: 0,
    stop: () => undefined,
    done: Promise.resolve(),
  };
  let stopped = false;
  let current: { destroy(): void } | null = null;
  reader.stop = () => {
    stopped = true;
    current?.destroy();
  };

  reader.done = (async () => {
    const page = await request(`${baseUrl}/story/${slug}`, { dispatcher: agent, headers: { Accept: 'text/html' } });
    const html = await page.body.text();
    const cursor = CURSOR.exec(html)?.[1];
    if (page.statusCode !== 200 || cursor === undefined) throw new Error(`the story page answered ${page.statusCode} without a live blog`);
    const parser = new SseParser();
    const url = `${baseUrl}/api/stories/${storyId}/updates/stream?after=${cursor}`;
    while (!stopped) {
      const headers: Record<string, string> = { Accept: 'text/event-stream', 'Cache-Control': 'no-cache' };
      if (parser.lastEventId !== null) headers['Last-Event-ID'] = parser.lastEventId;
      try {
        const answer = await request(url, { dispatcher: agent, headers });
        current = answer.body;
        if (answer.statusCode !== 200) {
          await answer.body.dump();
          throw new Error(`the stream answered ${answer.statusCode}`);
        }
        reader.connectedAt ??= performance.now();
        for await (const piece of answer.body) {
          const at = performance.now();
          for (const event of parser.push((piece as Buffer).toString('utf8'))) {
            if (event.event !== 'changes') continue;
            for (const update of (JSON.parse(event.data) as { updates: { id: number }[] }).updates)
              if (!reader.seen.has(update.id)) reader.seen.set(update.id, at);
          }
        }
      } catch (error) {
        if (stopped) return;
        reader.failures++;
        void error;
      }
      if (stopped) return;
      // The stream ended (as the server ends each after a few minutes): reconnect as EventSource does.
      reader.reconnects++;
      await sleep(parser.retry ?? 1000);
    }
  })().catch((error: unknown) => {
    reader.failures++;
    if (!stopped) console.error(`a reader failed: ${(error as Error).message}`);
  });
  return reader;
}
