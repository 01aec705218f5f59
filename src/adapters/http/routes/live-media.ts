import { Hono, type Context } from 'hono';
import { VIEWER_HEADER, VIEWER_PARAM } from '../../../media/live-protocol.ts';
import type { ViewerReport } from '../../live/viewer-tally.ts';
import type { AppEnv } from '../context.ts';
import { errorBody } from '../error-map.ts';
import { SharedFetch, type LiveAnswer } from '../live/shared-fetch.ts';
import { ViewerSightings } from '../live/viewer-sightings.ts';

/**
 * A live stream's media for viewers, over plain HTTP (docs/product/api.md "Live streams";
 * docs/decisions/025-live-delivery-over-http-segments.md):
 *   GET /api/streams/{id}/live        the manifest (JSON, cached for a second)
 *   GET /api/streams/{id}/live/init   the WebM initialisation segment (immutable)
 *   GET /api/streams/{id}/live/{n}    segment n (immutable); the next few wait until they exist
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

/**
 * Notes the viewer, then answers through the cache and the shared request. `upstream` is given the
 * isolate's viewer report to carry to the object; when the answer came without reaching the object
 * and the object has not heard from this isolate for a while, a report goes on its own.
 */
async function serve(c: Context<AppEnv>, path: string, upstream: (id: number, report: ViewerReport) => Promise<LiveAnswer>): Promise<Response> {
  if (!STREAM_ID.test(c.req.param('id') ?? '')) return c.json(errorBody('not_found', 'No such live stream'), 404);
  const id = Number(c.req.param('id'));
  sightings.see(id, c.req.query(VIEWER_PARAM) ?? c.req.header(VIEWER_HEADER));
  const url = new URL(c.req.url);
  const waitUntil = waitUntilOf(c);
  const response = await sharedFetch().get(`${url.origin}/__live/streams/${id}/${path}`, () => upstream(id, sightings.report(id)), waitUntil);
  if (sightings.due(id)) waitUntil(c.var.deps.liveRooms.report(id, sightings.report(id)).catch((error: unknown) => console.error('reporting viewers failed', error)));
  return response;
}

export const liveMediaRoutes = new Hono<AppEnv>()
  .get('/:id/live', (c) =>
    serve(c, 'manifest', async (id, report) => {
      const manifest = await c.var.deps.liveRooms.manifest(id, report);
      if (!manifest) return notFound('No such live stream');
      return { status: 200, body: JSON.stringify(manifest), contentType: 'application/json; charset=utf-8', cacheControl: MANIFEST_CACHE };
    }),
  )
  .get('/:id/live/init', (c) =>
    serve(c, 'init', async (id, report) => {
      const init = await c.var.deps.liveRooms.initSegment(id, report);
      if (!init) return notFound('This stream has no picture yet');
      return { status: 200, body: init.bytes, contentType: init.mimeType, cacheControl: IMMUTABLE };
    }),
  )
  .get('/:id/live/:n', (c) => {
    const n = c.req.param('n');
    if (!SEGMENT.test(n)) return c.json(errorBody('not_found', 'No such segment'), 404);
    return serve(c, `segment/${n}`, async (id, report) => {
      const answer = await c.var.deps.liveRooms.segment(id, Number(n), report);
      if (answer.status === 200) return { status: 200, body: answer.bytes, contentType: 'video/webm', cacheControl: IMMUTABLE };
      if (answer.status === 204) return { status: 204, body: null };
      if (answer.status === 410) return { status: 410, body: JSON.stringify(errorBody('gone', 'This segment is no longer held; start again from the manifest')), contentType: 'application/json; charset=utf-8' };
      return notFound('No such segment');
    });
  });
