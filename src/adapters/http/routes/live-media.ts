import { Hono, type Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import {
  HLS_CONTENT_TYPE,
  hlsMediaPlaylist,
  hlsMultivariantPlaylist,
  hlsSubtitlesPlaylist,
  type HlsVariant,
} from '../../../media/hls-playlist.ts';
import { LIVE_GROUP_SIZE, LIVE_NEXT_HEADER, VIEWER_HEADER, VIEWER_PARAM, type LiveManifest } from '../../../media/live-protocol.ts';
import type { ViewerReport } from '../../live/viewer-tally.ts';
import type { AppEnv } from '../context.ts';
import { errorBody } from '../error-map.ts';
import { Feed } from '../live/feed.ts';
import { COUNT_PATTERN, ID_PATTERN } from '../../../domain/schema-fields.ts';
import { isolateSharedFetch, type LiveAnswer, type StreamedAnswer } from '../live/shared-fetch.ts';
import { waitUntilOf } from '../wait-until.ts';
import { ViewerSightings } from '../live/viewer-sightings.ts';

/**
 * A live stream's media for viewers, over plain HTTP (docs/product/api.md "Live streams";
 * docs/decisions/025-live-delivery-over-http-segments.md):
 *   GET /api/streams/{id}/live        the manifest (JSON, cached for a second)
 *   GET /api/streams/{id}/live/init   the WebM initialisation segment (immutable)
 *   GET /api/streams/{id}/live/{n}    segment n (immutable); the next few wait until they exist
 *   GET /api/streams/{id}/live/from/{n}  segments n .. n+G-1 back to back, each written as it exists
 *   GET /api/streams/{id}/live/g/{g}  the same from g*G
 *   GET /api/streams/{id}/live.m3u8   an MP4 stream's HLS playlist (decision 041), its URIs the segments above
 *   GET /api/streams/{id}/master.m3u8 its multivariant playlist: live.m3u8 and, when captioned, the
 *                                     WebVTT SUBTITLES rendition captions.m3u8 (decision 128)
 *   GET /api/streams/{id}/captions.m3u8  the subtitles playlist; captions/{n}.vtt its WebVTT segments
 *   GET /api/streams/{id}/live/captions  the last minutes' live cues as JSON (the site's players)
 *   GET /api/streams/{id}/live/start  a join in one request: the init segment, then segments from
 *                                     the newest keyframe (`first`) on, G + phase of them (?phase=
 *                                     0..G-1), streamed; X-Live-Next names the next span's start
 * Anyone may read them, and nothing here reads D1 or checks a session: whether the stream is live
 * comes from its object or the cached manifest. Mounted before the API's authentication.
 */

const IMMUTABLE = 'public, max-age=31536000, immutable';
const MANIFEST_CACHE = 'public, max-age=1';

/** Per isolate, on purpose: the point is that viewers in one isolate share its requests and its count. */
const sightings = new ViewerSightings();
const sharedFetch = isolateSharedFetch();

function notFound(message: string): LiveAnswer {
  return { status: 404, body: JSON.stringify(errorBody('not_found', message)), contentType: 'application/json; charset=utf-8' };
}

/** Before the worker commits to a 200 with a streamed body it has the group's first segment; these end it. */
function segmentFailure(status: number, contentType?: string): LiveAnswer {
  // A 204 carries the container's media type, which a span that waits for its first segment answers with.
  if (status === 204) return { status: 204, body: null, contentType };
  if (status === 410)
    return {
      status: 410,
      body: JSON.stringify(errorBody('gone', 'This segment is no longer held; start again from the manifest')),
      contentType: 'application/json; charset=utf-8',
    };
  return notFound('No such segment');
}

/** How many times a span waits again for a segment when the object's wait ran out (a stalled publisher). */
const SPAN_RETRIES = 3;

/**
 * Opens segments from..to-1 upstream. Whether the span can be answered is known at once: its first
 * segment is held, or coming (the object says so without waiting), or not (its status). So every
 * viewer sharing the span has its answer's head at once and waits in the body, as pieces come: the
 * rest are written into the feed one by one as the object has them (its blocking wait per segment,
 * looped), one request per segment per isolate whatever the number of viewers reading the span.
 * A span whose first segment never comes (the stream ended first) ends with no media in it.
 */
async function openSpan(
  id: number,
  from: number,
  to: number,
  segment: (n: number, wait: boolean) => Promise<LiveAnswer>,
  head: { bytes: Uint8Array; contentType: string } | null = null,
): Promise<LiveAnswer | StreamedAnswer> {
  const first = await segment(from, false);
  if (first.status !== 200 && first.status !== 204) return first;
  const feed = new Feed();
  if (head) feed.push(head.bytes);
  const held = first.status === 200 && first.body instanceof Uint8Array;
  if (held) feed.push(first.body as Uint8Array);
  const complete = (async () => {
    try {
      for (let n = held ? from + 1 : from; n < to; n++) {
        let answer = await segment(n, true);
        for (let retry = 0; answer.status === 204 && retry < SPAN_RETRIES; retry++) answer = await segment(n, true);
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
  return {
    status: 200,
    feed,
    contentType: head?.contentType ?? first.contentType ?? 'application/octet-stream',
    cacheControl: IMMUTABLE,
    complete,
  };
}

/**
 * Notes the viewer, then answers through the cache and the shared request. `upstream` is given the
 * isolate's viewer report to carry to the object; when the answer came without reaching the object
 * and the object has not heard from this isolate for a while, a report goes on its own.
 */
async function serve(
  c: Context<AppEnv>,
  path: string,
  upstream:
    ((id: number, report: ViewerReport) => Promise<LiveAnswer>) | { streamed: (id: number) => Promise<LiveAnswer | StreamedAnswer> },
): Promise<Response> {
  if (!ID_PATTERN.test(c.req.param('id') ?? '')) return c.json(errorBody('not_found', 'No such live stream'), 404);
  const id = Number(c.req.param('id'));
  sightings.see(id, c.req.query(VIEWER_PARAM) ?? c.req.header(VIEWER_HEADER));
  const url = new URL(c.req.url);
  const waitUntil = waitUntilOf(c);
  const key = keyOf(url, id, path);
  const response =
    typeof upstream === 'function'
      ? await sharedFetch().get(key, () => upstream(id, sightings.report(id)), waitUntil)
      : await sharedFetch().getStreamed(key, () => upstream.streamed(id), waitUntil);
  if (sightings.due(id))
    waitUntil(
      c.var.deps.liveRooms.report(id, sightings.report(id)).catch((error: unknown) => console.error('reporting viewers failed', error)),
    );
  return response;
}

/** Where the isolate's levels keep an answer: per stream and path, never per viewer. */
function keyOf(url: URL, id: number, path: string): string {
  return `${url.origin}/__live/streams/${id}/${path}`;
}

/** Segment n from the object: waited for when it is coming (`wait`), or told 204 at once. */
function segmentFromObject(c: Context<AppEnv>, id: number) {
  return async (n: number, wait: boolean): Promise<LiveAnswer> => {
    const answer = await c.var.deps.liveRooms.segment(id, n, sightings.report(id), wait);
    return answer.status === 200
      ? { status: 200, body: answer.bytes, contentType: answer.contentType, cacheControl: IMMUTABLE }
      : segmentFailure(answer.status, answer.contentType);
  };
}

/**
 * Segment n for a span: checked at the object without waiting (the span's head), or read through
 * the isolate's levels like GET /live/{n}, so spans starting at different segments (viewers'
 * phases) share one upstream request per segment.
 */
function segmentOf(c: Context<AppEnv>, id: number) {
  const fromObject = segmentFromObject(c, id);
  const url = new URL(c.req.url);
  return (n: number, wait: boolean): Promise<LiveAnswer> =>
    wait ? sharedFetch().bytes(keyOf(url, id, `segment/${n}`), () => fromObject(n, true), waitUntilOf(c)) : fromObject(n, false);
}

/** A streamed span of G segments from `from`. */
function serveSpan(c: Context<AppEnv>, from: number): Promise<Response> {
  return serve(c, `from/${from}`, { streamed: (id) => openSpan(id, from, from + LIVE_GROUP_SIZE, segmentOf(c, id)) });
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
 * from the manifest as this isolate holds it for a second; the init segment and G + phase segments
 * from that keyframe are one streamed body, shared by every viewer joining at the same keyframe
 * with the same phase. The player picks its phase at random, so an audience that joined together
 * asks for its next spans spread over G segments, not all at one boundary (decision 025, "Phases").
 * The URL means something new each time, so browsers and the CDN do not keep it.
 */
async function serveStart(c: Context<AppEnv>): Promise<Response> {
  const phaseText = c.req.query('phase') ?? '0';
  const phase = Number(phaseText);
  if (!/^[0-9]{1,2}$/.test(phaseText) || phase >= LIVE_GROUP_SIZE) {
    return c.json(
      errorBody('validation_failed', `phase must be a whole number from 0 to ${LIVE_GROUP_SIZE - 1}`, { phase: 'Not a phase' }),
      400,
    );
  }
  const manifestResponse = await serveManifest(c);
  if (manifestResponse.status !== 200) return manifestResponse;
  const manifest = (await manifestResponse.json()) as LiveManifest;
  if (manifest.state !== 'live') return c.json(errorBody('gone', 'This live stream has ended'), 410);
  if (manifest.first === null) return c.body(null, 204);
  const first = manifest.first;
  const to = first + LIVE_GROUP_SIZE + phase;
  const response = await serve(c, `start/${first}/${phase}`, {
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

/** A blocking reload's answer holds the segment it waited for, whatever comes later: it may be kept a little longer. */
const BLOCKING_RELOAD_CACHE = 'public, max-age=6';

/**
 * The HLS playlist of an MP4 stream (docs/decisions/041-hls-from-the-same-segments.md), served like
 * the manifest: the object builds it at most once a second per isolate, whatever the audience.
 * `?_HLS_msn=M` is a blocking reload: the answer waits until segment M exists (through the same
 * shared levels as GET /live/{M}: one object request per isolate) and then holds it, under a key
 * of its own per M. `_HLS_part` is accepted and ignored: segments are not split into parts.
 */
async function servePlaylist(c: Context<AppEnv>): Promise<Response> {
  const msnText = c.req.query('_HLS_msn');
  const partText = c.req.query('_HLS_part');
  if (msnText !== undefined && !COUNT_PATTERN.test(msnText))
    return c.json(errorBody('validation_failed', '_HLS_msn must be a segment number', { _HLS_msn: 'Not a segment number' }), 400);
  if (partText !== undefined && (msnText === undefined || !COUNT_PATTERN.test(partText))) {
    return c.json(
      errorBody('validation_failed', '_HLS_part needs _HLS_msn and must be a whole number', { _HLS_part: 'Not a part number' }),
      400,
    );
  }
  const msn = msnText === undefined ? null : Number(msnText);
  if (msn !== null && ID_PATTERN.test(c.req.param('id') ?? '')) {
    const waited = await segmentOf(c, Number(c.req.param('id')))(msn, true);
    // RFC 8216bis 6.2.5.2: a segment further ahead than the next two is refused.
    if (waited.status === 404)
      return c.json(errorBody('validation_failed', '_HLS_msn is too far ahead of the stream', { _HLS_msn: 'Too far ahead' }), 400);
  }
  return serve(c, msn === null ? 'playlist' : `playlist/${msn}`, async (id, report) => {
    const playlist = await c.var.deps.liveRooms.playlist(id, report);
    if (playlist === null) return notFound('No such live stream');
    if (playlist === 'not_hls') return notHls();
    const cacheControl = msn === null || playlist.ended ? MANIFEST_CACHE : BLOCKING_RELOAD_CACHE;
    return { status: 200, body: hlsMediaPlaylist(playlist), contentType: HLS_CONTENT_TYPE, cacheControl };
  });
}

const notHls = (): LiveAnswer => ({
  status: 409,
  body: JSON.stringify(errorBody('not_hls', 'This stream is WebM, which HLS does not carry; watch it with the site’s player')),
  contentType: 'application/json; charset=utf-8',
});

/**
 * The multivariant playlist (decision 128): the media playlist, and its captions when the stream is
 * captioned. What it says is read like the manifest (once a second per isolate); it is written per
 * request, with the viewer's id on its URIs, so a native player is counted by the playlists it reads.
 */
async function serveMultivariant(c: Context<AppEnv>): Promise<Response> {
  const answer = await serve(c, 'master', async (id, report) => {
    const variant = await c.var.deps.liveRooms.variant(id, report);
    if (variant === null) return notFound('No such live stream');
    if (variant === 'not_hls') return notHls();
    return { status: 200, body: JSON.stringify(variant), contentType: 'application/json; charset=utf-8', cacheControl: MANIFEST_CACHE };
  });
  if (answer.status !== 200) return answer;
  const viewer = c.req.query(VIEWER_PARAM);
  const query = viewer && /^[\w-]{1,64}$/.test(viewer) ? `${VIEWER_PARAM}=${viewer}` : '';
  const playlist = hlsMultivariantPlaylist((await answer.json()) as HlsVariant, query);
  return new Response(playlist, {
    headers: { 'Content-Type': HLS_CONTENT_TYPE, 'Cache-Control': answer.headers.get('Cache-Control') ?? MANIFEST_CACHE },
  });
}

/**
 * The subtitles media playlist: only segments whose captions are final are listed, so it trails the
 * media playlist by the captions' lag, and players keep HOLD-BACK behind the edge. `_HLS_msn` is
 * accepted and not waited on (the playlist does not offer blocking reloads).
 */
function serveSubtitles(c: Context<AppEnv>): Promise<Response> {
  return serve(c, 'subtitles', async (id, report) => {
    const playlist = await c.var.deps.liveRooms.subtitles(id, report);
    if (playlist === null) return notFound('No such live stream');
    if (playlist === 'not_hls') return notHls();
    if (playlist === 'no_captions') return notFound('This stream has no live captions: no transcriber is configured');
    return { status: 200, body: hlsSubtitlesPlaylist(playlist), contentType: HLS_CONTENT_TYPE, cacheControl: MANIFEST_CACHE };
  });
}

/** A WebVTT segment: immutable once listed (its captions are final). */
function serveSubtitleSegment(c: Context<AppEnv>): Promise<Response> | Response {
  const file = c.req.param('file') ?? '';
  const n = file.replace(/\.vtt$/, '');
  if (!file.endsWith('.vtt') || !COUNT_PATTERN.test(n)) return c.json(errorBody('not_found', 'No such captions segment'), 404);
  return serve(c, `captions/${n}`, async (id, report) => {
    const vtt = await c.var.deps.liveRooms.subtitleSegment(id, Number(n), report);
    if (vtt === null) return notFound('No such captions segment, or its captions are not final yet');
    return { status: 200, body: vtt, contentType: 'text/vtt; charset=utf-8', cacheControl: IMMUTABLE };
  });
}

/** How far back the site's players get live cues: a player that joined reads what it is about to play. */
const RECENT_CUE_SECONDS = 120;

/** The live cues for the site's MediaSource players (a TextTrack; web/site/live/live-captions.ts), shared per isolate a second at a time. */
function serveRecentCues(c: Context<AppEnv>): Promise<Response> {
  return serve(c, 'captions', async (id, report) => {
    const recent = await c.var.deps.liveRooms.recentCues(id, RECENT_CUE_SECONDS, report);
    if (recent === null) return notFound('No such live stream');
    return { status: 200, body: JSON.stringify(recent), contentType: 'application/json; charset=utf-8', cacheControl: MANIFEST_CACHE };
  });
}

/**
 * Live media is public and carries no credentials, so any site may play it: a partner's page
 * running hls.js reads the playlist and segments from its own origin.
 */
const anyOrigin = createMiddleware(async (c, next) => {
  await next();
  c.res.headers.set('Access-Control-Allow-Origin', '*');
});

function serveInit(c: Context<AppEnv>): Promise<Response> {
  return serve(c, 'init', async (id, report) => {
    const init = await c.var.deps.liveRooms.initSegment(id, report);
    if (!init) return notFound('This stream has no picture yet');
    return { status: 200, body: init.bytes, contentType: init.mimeType, cacheControl: IMMUTABLE };
  });
}

export const liveMediaRoutes = new Hono<AppEnv>()
  .use('/:id/live', anyOrigin)
  .use('/:id/live.m3u8', anyOrigin)
  .use('/:id/master.m3u8', anyOrigin)
  .use('/:id/captions.m3u8', anyOrigin)
  .use('/:id/captions/*', anyOrigin)
  .use('/:id/live/*', anyOrigin)
  .get('/:id/live', serveManifest)
  .get('/:id/live.m3u8', servePlaylist)
  .get('/:id/master.m3u8', serveMultivariant)
  .get('/:id/captions.m3u8', serveSubtitles)
  .get('/:id/captions/:file', serveSubtitleSegment)
  .get('/:id/live/start', serveStart)
  .get('/:id/live/captions', serveRecentCues)
  // `init.mp4` and `{n}.m4s` are the names the HLS playlist gives the same objects (players such as
  // FFmpeg take only segment URLs with a media extension); they share the isolate's cache keys.
  .get('/:id/live/init', serveInit)
  .get('/:id/live/init.mp4', serveInit)
  .get('/:id/live/g/:g', (c) => {
    const g = c.req.param('g');
    if (!COUNT_PATTERN.test(g)) return c.json(errorBody('not_found', 'No such segment group'), 404);
    return serveSpan(c, Number(g) * LIVE_GROUP_SIZE);
  })
  .get('/:id/live/from/:n', (c) => {
    const n = c.req.param('n');
    if (!COUNT_PATTERN.test(n)) return c.json(errorBody('not_found', 'No such segment'), 404);
    return serveSpan(c, Number(n));
  })
  .get('/:id/live/:n', (c) => {
    const n = c.req.param('n').replace(/\.m4s$/, '');
    if (!COUNT_PATTERN.test(n)) return c.json(errorBody('not_found', 'No such segment'), 404);
    return serve(c, `segment/${n}`, (id) => segmentFromObject(c, id)(Number(n), true));
  });
