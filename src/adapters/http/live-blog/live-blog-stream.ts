import { Hono, type Context } from 'hono';
import type { LiveBlogFeed } from '../../../domain/live-blog/answers.ts';
import { NotFoundError } from '../../../domain/errors.ts';
import { feedOf, visibleLiveBlog } from '../../../services/live-blog/live-blog.ts';
import type { AppEnv } from '../context.ts';
import { errorBody } from '../error-map.ts';
import { COUNT_PATTERN, ID_PATTERN } from '../../../domain/schema-fields.ts';
import { isolateSharedFetch, type LiveAnswer } from '../live/shared-fetch.ts';
import { waitUntilOf } from '../wait-until.ts';
import { mergeBatches, REFRESH_MS, watchOf, type ChangeEvent, type LiveBlogWatch } from './live-blog-watch.ts';

/**
 * GET /api/stories/{id}/updates/stream: a published live blog's changes as Server-Sent Events
 * (docs/product/api-liveblogs.md, decision 055), what the reader's page listens to. Each event is
 * `event: changes`, `id:` the cursor, and as data what the feed answers with `after` (updates as
 * they are now, newest first, the ids of deleted ones, the cursor, the coverage). It starts after
 * `after` (or the Last-Event-ID a reconnecting EventSource sends; without either, from now), ends
 * after STREAM_MS (the browser reconnects where it left off) and says `event: gone` if the live blog
 * stops being public.
 *
 * Every reader in an isolate follows one LiveBlogWatch: the feed is read about once a second per
 * live blog per isolate, through SharedFetch (memory, the Cache API for a second, one request in
 * flight), whatever the number of readers. No session is looked at: mounted before authentication.
 */

/** Changes read at once from the feed. */
const BATCH = 100;
/** A stream lasts this long (plus up to a quarter more, so reconnections spread out). */
const STREAM_MS = 5 * 60_000;
/** How long a waiting reader sleeps between looks at the shared log. */
const LOOK_MS = 250;
/** A comment this often keeps proxies from closing an idle stream. */
const KEEPALIVE_MS = 20_000;
/** How long opening a stream waits for the first read of the live blog before answering 503. */
const OPEN_WAIT_MS = 10_000;
/** What an EventSource waits before reconnecting. */
const RETRY_MS = 1000;
/** The feed's answer for a second: how fresh the shared log and the Cache API keep it. */
const FEED_CACHE = `public, max-age=${REFRESH_MS / 1000}`;

/** Streams open in this isolate now (the benchmark reads it beside the D1 count). */
export const openStreams = { count: 0 };

const sharedFetch = isolateSharedFetch();

const encoder = new TextEncoder();
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** One SSE event. The data is JSON, one line. */
function sse(event: string, data: unknown, id?: number): Uint8Array {
  return encoder.encode(`${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

/**
 * What changed after `after` (null: nothing, just where the feed stands now), as anyone may see it;
 * null when the live blog is not public. Read through the isolate's levels, so readers asking the
 * same share one read, and the Cache API keeps it for the rest of the data centre for a second.
 */
async function readChanges(c: Context<AppEnv>, storyId: number, after: number | null): Promise<LiveBlogFeed | null> {
  const key = `${new URL(c.req.url).origin}/__live-blog/${storyId}/changes?after=${after ?? 'now'}`;
  const answer = await sharedFetch().bytes(
    key,
    async (): Promise<LiveAnswer> => {
      try {
        const story = await visibleLiveBlog({ stories: c.var.deps.storedStories }, null, storyId);
        const feed = await feedOf(c.var.deps, story, after === null ? { limit: 1 } : { after, limit: BATCH });
        const body: LiveBlogFeed =
          after === null ? { updates: [], deleted: [], cursor: feed.cursor, more: false, coverage: feed.coverage } : feed;
        return { status: 200, body: JSON.stringify(body), contentType: 'application/json; charset=utf-8', cacheControl: FEED_CACHE };
      } catch (error) {
        if (error instanceof NotFoundError) return { status: 404, body: null };
        throw error;
      }
    },
    waitUntilOf(c),
  );
  if (answer.status !== 200 || !answer.body) return null;
  return JSON.parse(typeof answer.body === 'string' ? answer.body : new TextDecoder().decode(answer.body)) as LiveBlogFeed;
}

/** This reader refreshes the shared log, if it is the one whose turn it is. */
async function refreshIfDue(c: Context<AppEnv>, storyId: number, watch: LiveBlogWatch): Promise<void> {
  if (!watch.claimRefresh(Date.now())) return;
  const from = watch.cursor;
  try {
    const answer = await readChanges(c, storyId, from);
    watch.offer(from ?? Number(answer?.cursor ?? 0), answer, Date.now());
  } catch (error) {
    watch.refreshFailed();
    console.error(`live blog ${storyId}: reading changes failed`, error);
  }
}

function changeStream(c: Context<AppEnv>, storyId: number, watch: LiveBlogWatch, after: number | null): ReadableStream<Uint8Array> {
  const endAt = Date.now() + STREAM_MS * (1 + Math.random() / 4);
  let cursor = after ?? watch.cursor!;
  let coverage = watch.coverage;
  let sentAt = Date.now();
  let opened = false;
  let cancelled = false;
  let counted = true;
  openStreams.count++;
  const finish = () => {
    if (counted) openStreams.count--;
    counted = false;
  };

  /** The next piece for this reader, waiting (on its own timers) until there is one; null to end. */
  const next = async (): Promise<Uint8Array | null> => {
    for (;;) {
      const now = Date.now();
      if (now > endAt || cancelled) return null;
      await refreshIfDue(c, storyId, watch);
      if (watch.gone) return sse('gone', {});
      let event: ChangeEvent | null;
      if (watch.covers(cursor)) {
        event = mergeBatches(watch.since(cursor));
      } else {
        // Behind the shared log (a reader who loaded an older page): catch up from the feed itself.
        const answer = await readChanges(c, storyId, cursor);
        if (!answer) return sse('gone', {});
        event = {
          updates: answer.updates,
          deleted: answer.deleted ?? [],
          cursor: Math.max(Number(answer.cursor), cursor),
          coverage: answer.coverage,
        };
        // Nothing yet: that answer is up to a second old (the log already holds a later change), so ask again soon.
        if (event.cursor === cursor && event.coverage === coverage) event = null;
      }
      if (!event && watch.coverage !== coverage) event = { updates: [], deleted: [], cursor, coverage: watch.coverage };
      if (event) {
        cursor = event.cursor;
        coverage = event.coverage;
        sentAt = now;
        return sse('changes', event, cursor);
      }
      if (now - sentAt > KEEPALIVE_MS) {
        sentAt = now;
        return encoder.encode(': keepalive\n\n');
      }
      await sleep(LOOK_MS);
    }
  };

  return new ReadableStream<Uint8Array>({
    pull: async (controller) => {
      if (!opened) {
        opened = true;
        // The reconnection delay, and the cursor the reader starts from (its Last-Event-ID if it reconnects before any change).
        controller.enqueue(encoder.encode(`retry: ${RETRY_MS}\nid: ${cursor}\n\n`));
        return;
      }
      const piece = await next();
      if (cancelled) return;
      if (piece) controller.enqueue(piece);
      if (!piece || watch.gone) {
        finish();
        controller.close();
      }
    },
    cancel: () => {
      cancelled = true;
      finish();
    },
  });
}

export const liveBlogStreamRoutes = new Hono<AppEnv>().get('/:id/updates/stream', async (c) => {
  const idText = c.req.param('id');
  // A reconnecting EventSource repeats the URL it opened (with the first cursor) and says where it got to in Last-Event-ID.
  const afterText = c.req.header('Last-Event-ID') ?? c.req.query('after') ?? null;
  if (!ID_PATTERN.test(idText)) return c.json(errorBody('not_found', 'Live blog not found'), 404);
  if (afterText !== null && !COUNT_PATTERN.test(afterText)) {
    return c.json(
      errorBody('validation_failed', 'Some fields are not valid', { after: 'Use a cursor the feed gave, or an update id' }),
      400,
    );
  }
  const storyId = Number(idText);
  const watch = watchOf(storyId);
  // The first reader (or the first after a second) learns whether the live blog is public at all.
  const giveUpAt = Date.now() + OPEN_WAIT_MS;
  await refreshIfDue(c, storyId, watch);
  while (watch.cursor === null && !watch.gone) {
    if (Date.now() > giveUpAt) return c.json(errorBody('unavailable', 'The live blog could not be read; try again'), 503);
    await sleep(LOOK_MS);
    await refreshIfDue(c, storyId, watch);
  }
  if (watch.gone) return c.json(errorBody('not_found', 'Live blog not found'), 404);
  return new Response(changeStream(c, storyId, watch, afterText === null ? null : Number(afterText)), {
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      // Proxies that buffer (nginx) pass each event on at once.
      'X-Accel-Buffering': 'no',
    },
  });
});
