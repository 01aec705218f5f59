import { Hono, type Context } from 'hono';
import { LIVE_GROUP_SIZE, LIVE_NEXT_HEADER, VIEWER_HEADER, VIEWER_PARAM, type LiveManifest } from '../../../media/live-protocol.ts';
import type { ViewerReport } from '../../live/viewer-tally.ts';
import type { AppEnv } from '../context.ts';
import { errorBody } from '../error-map.ts';
import { Feed } from '../live/feed.ts';
import { SharedFetch, type LiveAnswer, type StreamedAnswer } from '../live/shared-fetch.ts';
import { ViewerSightings } from '../live/viewer-sightings.ts';

/**
 * A live stream's media for viewers, over plain HTTP (docs/product/api.md "Live streams";
 * docs/decisions/025-live-delivery-over-http-segments.md):
 *   GET /api/streams/{id}/live        the manifest (JSON, cached for a second)
 *   GET /api/streams/{id}/live/init   the WebM initialisation segment (immutable)
 *   GET /api/streams/{id}/live/{n}    segment n (immutable); the next few wait until they exist
 *   GET /api/streams/{id}/live/g/{g}  segments g*G .. g*G+G-1 back to back, each written as it exists
 *   GET /api/streams/{id}/live/from/{n}  segments n to the end of n's group, the same way
 *   GET /api/streams/{id}/live/start  a join in one request: the init segment, then segments from
 *                                     the newest keyframe (`first`) to the end of its group, streamed;
 *                                     X-Live-Next names the segment where the next group starts
 * Anyone may read them, and nothing here reads D1 or checks a session: whether the stream is live
 * comes from its object or the cached manifest. Mounted before the API's authentication.
 */

const IMMUTABLE = 'public, max-age=31536000, immutable';
const MANIFEST_CACHE = 'public, max-age=1';
const STREAM_ID = /^[1-9][0-9]{0,15}$/;
const SEGMENT = /^(0|[1-9][0-9]{0,15})$/;

/** Per isolate, on purpose: the point is that viewers in one isolate share its requests and its count. */
const sightings = new ViewerSightings();
let shared: SharedFetch | null = null;

function sharedFetch(): SharedFetch {
  shared ??= new SharedFetch(typeof caches === 'undefined' ? null : caches.default);
  return shared;
}

function notFound(message: string): LiveAnswer {
  return { status: 404, body: JSON.stringify(errorBody('not_found', message)), contentType: 'application/json; charset=utf-8' };
}

function waitUntilOf(c: Context<AppEnv>): (promise: Promise<unknown>) => void {
  return (promise) => {
    try {
      c.executionCtx.waitUntil(promise);
    } catch {
      // No execution context (an app called directly, as in tests): the promise runs on by itself.
    }
  };
}

/** Before the worker commits to a 200 with a streamed body it has the group's first segment; these end it. */
function segmentFailure(status: number): LiveAnswer {
  if (status === 204) return { status: 204, body: null };
  if (status === 410) return { status: 410, body: JSON.stringify(errorBody('gone', 'This segment is no longer held; start again from the manifest')), contentType: 'application/json; charset=utf-8' };
  return notFound('No such segment');
}

/** How many times a group waits again for a segment when the object's wait ran out (a stalled publisher). */
const GROUP_RETRIES = 3;

/** Segments `from` to the end of its group: the whole group when `from` is its first. */
function spanOf(from: number): { key: string; to: number } {
  const g = Math.floor(from / LIVE_GROUP_SIZE);
  return { key: from % LIVE_GROUP_SIZE === 0 ? `group/${g}` : `from/${from}`, to: (g + 1) * LIVE_GROUP_SIZE };
}

/**
 * Opens segments from..to-1 upstream: the first decides the status; the rest are written into the
 * feed one by one as the object has them (its blocking wait per segment, looped), so the object
 * answers one request per segment per isolate whatever the number of viewers reading the span.
 */
async function openSpan(
  id: number,
  from: number,
  to: number,
  segment: (n: number) => Promise<LiveAnswer>,
  head: { bytes: Uint8Array; contentType: string } | null = null,
): Promise<LiveAnswer | StreamedAnswer> {
  const first = await segment(from);
  if (first.status !== 200 || !(first.body instanceof Uint8Array)) return first;
  const feed = new Feed();
  if (head) feed.push(head.bytes);
  feed.push(first.body);
  const complete = (async () => {
    try {
      for (let n = from + 1; n < to; n++) {
        let answer = await segment(n);
        for (let retry = 0; answer.status === 204 && retry < GROUP_RETRIES; retry++) answer = await segment(n);
        if (answer.status !== 200 || !(answer.body instanceof Uint8Array)) return false;
        feed.push(answer.body);
      }
      return true;
    } catch (error) {
      console.error(`live stream ${id}: segments ${from}-${to - 1} upstream failed`, error);
      return false;
    }
  })();
  // A span cut short ends cleanly too: it is the stream's end (a publisher gone for longer than
  // these waits has ended the stream), and the manifest tells a reader so.
  void complete.then(() => feed.end());
  return { status: 200, feed, contentType: head?.contentType ?? 'video/webm', cacheControl: IMMUTABLE, complete };
}

/**
 * Notes the viewer, then answers through the cache and the shared request. `upstream` is given the
 * isolate's viewer report to carry to the object; when the answer came without reaching the object
 * and the object has not heard from this isolate for a while, a report goes on its own.
 */
async function serve(
  c: Context<AppEnv>,
  path: string,
  upstream: ((id: number, report: ViewerReport) => Promise<LiveAnswer>) | { streamed: (id: number) => Promise<LiveAnswer | StreamedAnswer> },
): Promise<Response> {
  if (!STREAM_ID.test(c.req.param('id') ?? '')) return c.json(errorBody('not_found', 'No such live stream'), 404);
  const id = Number(c.req.param('id'));
  sightings.see(id, c.req.query(VIEWER_PARAM) ?? c.req.header(VIEWER_HEADER));
  const url = new URL(c.req.url);
  const waitUntil = waitUntilOf(c);
  const key = `${url.origin}/__live/streams/${id}/${path}`;
  const response =
    typeof upstream === 'function'
      ? await sharedFetch().get(key, () => upstream(id, sightings.report(id)), waitUntil)
      : await sharedFetch().getStreamed(key, () => upstream.streamed(id), waitUntil);
  if (sightings.due(id)) waitUntil(c.var.deps.liveRooms.report(id, sightings.report(id)).catch((error: unknown) => console.error('reporting viewers failed', error)));
  return response;
}

function segmentOf(c: Context<AppEnv>, id: number) {
  return async (n: number): Promise<LiveAnswer> => {
    const answer = await c.var.deps.liveRooms.segment(id, n, sightings.report(id));
    return answer.status === 200 ? { status: 200, body: answer.bytes, contentType: 'video/webm', cacheControl: IMMUTABLE } : segmentFailure(answer.status);
  };
}

/** A streamed span of segments (a group, or a late joiner's start to the end of its group). */
function serveSpan(c: Context<AppEnv>, from: number): Promise<Response> {
  const { key, to } = spanOf(from);
  return serve(c, key, { streamed: (id) => openSpan(id, from, to, segmentOf(c, id)) });
}

function serveManifest(c: Context<AppEnv>): Promise<Response> {
  return serve(c, 'manifest', async (id, report) => {
    const manifest = await c.var.deps.liveRooms.manifest(id, report);
    if (!manifest) return notFound('No such live stream');
    return { status: 200, body: JSON.stringify(manifest), contentType: 'application/json; charset=utf-8', cacheControl: MANIFEST_CACHE };
  });
}

/**
 * A join in one request (a surge of readers arriving at once is mostly joins): where to start comes
 * from the manifest as this isolate holds it for a second; the init segment and the span from that
 * keyframe are one streamed body, shared by every viewer starting at the same keyframe. The URL
 * means something new each time, so browsers and the CDN do not keep it (the span itself is cached
 * under its keyframe).
 */
async function serveStart(c: Context<AppEnv>): Promise<Response> {
  const manifestResponse = await serveManifest(c);
  if (manifestResponse.status !== 200) return manifestResponse;
  const manifest = (await manifestResponse.json()) as LiveManifest;
  if (manifest.state !== 'live') return c.json(errorBody('gone', 'This live stream has ended'), 410);
  if (manifest.first === null) return c.body(null, 204);
  const first = manifest.first;
  const to = spanOf(first).to;
  const response = await serve(c, `start/${first}`, {
    streamed: async (id) => {
      const init = await c.var.deps.liveRooms.initSegment(id, sightings.report(id));
      if (!init) return notFound('This stream has no picture yet');
      return openSpan(id, first, to, segmentOf(c, id), { bytes: init.bytes, contentType: init.mimeType });
    },
  });
  response.headers.set('Cache-Control', 'no-store');
  if (response.status === 200) response.headers.set(LIVE_NEXT_HEADER, String(to));
  return response;
}

export const liveMediaRoutes = new Hono<AppEnv>()
  .get('/:id/live', serveManifest)
  .get('/:id/live/start', serveStart)
  .get('/:id/live/init', (c) =>
    serve(c, 'init', async (id, report) => {
      const init = await c.var.deps.liveRooms.initSegment(id, report);
      if (!init) return notFound('This stream has no picture yet');
      return { status: 200, body: init.bytes, contentType: init.mimeType, cacheControl: IMMUTABLE };
    }),
  )
  .get('/:id/live/g/:g', (c) => {
    const g = c.req.param('g');
    if (!SEGMENT.test(g)) return c.json(errorBody('not_found', 'No such segment group'), 404);
    return serveSpan(c, Number(g) * LIVE_GROUP_SIZE);
  })
  .get('/:id/live/from/:n', (c) => {
    const n = c.req.param('n');
    if (!SEGMENT.test(n)) return c.json(errorBody('not_found', 'No such segment'), 404);
    return serveSpan(c, Number(n));
  })
  .get('/:id/live/:n', (c) => {
    const n = c.req.param('n');
    if (!SEGMENT.test(n)) return c.json(errorBody('not_found', 'No such segment'), 404);
    return serve(c, `segment/${n}`, async (id, report) => {
      const answer = await c.var.deps.liveRooms.segment(id, Number(n), report);
      if (answer.status === 200) return { status: 200, body: answer.bytes, contentType: 'video/webm', cacheControl: IMMUTABLE };
      return segmentFailure(answer.status);
    });
  });
