import { EDGE_CACHE_HEADER } from '../middleware/edge-cache.ts';

/**
 * The worker's path to live media (docs/decisions/025-live-delivery-over-http-segments.md): the
 * Cache API first (shared by every isolate of a data centre), then at most one request in flight
 * per URL in this isolate, which every viewer asking meanwhile shares. So the stream's object
 * answers each URL about once per isolate (or data centre), however many viewers ask.
 *
 * X-Edge-Cache says which way an answer came: HIT (the Cache API), SHARED (another viewer's
 * request in flight), MISS (this request went to the object).
 */

export interface LiveAnswer {
  status: number;
  body: Uint8Array | string | null;
  contentType?: string;
  /** Cache-Control for browsers and for the Cache API; answers without it are never stored. */
  cacheControl?: string;
}

export type Upstream = () => Promise<LiveAnswer>;

export class SharedFetch {
  private readonly inflight = new Map<string, Promise<LiveAnswer>>();

  constructor(private readonly cache: Cache | null) {}

  async get(key: string, upstream: Upstream, waitUntil: (promise: Promise<unknown>) => void): Promise<Response> {
    const early = this.inflight.get(key);
    if (early) return toResponse(await early, 'SHARED');
    const hit = this.cache ? await this.cache.match(key).catch(() => undefined) : undefined;
    if (hit) return withState(hit, 'HIT');
    // Another viewer may have started the request while the cache was being asked.
    const pending = this.inflight.get(key);
    if (pending) return toResponse(await pending, 'SHARED');
    const request = upstream();
    this.inflight.set(key, request);
    // The shared request stays findable until its answer is in the cache, so no viewer in between asks again.
    const stored = request
      .then(async (answer) => {
        if (answer.status === 200 && answer.cacheControl && this.cache) await this.cache.put(key, toResponse(answer, 'HIT'));
      })
      .catch((error: unknown) => console.error('live media: upstream or cache failed', error))
      .finally(() => {
        if (this.inflight.get(key) === request) this.inflight.delete(key);
      });
    waitUntil(stored);
    return toResponse(await request, 'MISS');
  }
}

function toResponse(answer: LiveAnswer, state: 'HIT' | 'SHARED' | 'MISS'): Response {
  const headers = new Headers({ [EDGE_CACHE_HEADER]: state });
  if (answer.contentType) headers.set('Content-Type', answer.contentType);
  headers.set('Cache-Control', answer.cacheControl ?? 'no-store');
  return new Response(answer.status === 204 ? null : answer.body, { status: answer.status, headers });
}

function withState(response: Response, state: 'HIT'): Response {
  const headers = new Headers(response.headers);
  for (const name of ['cf-cache-status', 'age', 'date']) headers.delete(name);
  headers.set(EDGE_CACHE_HEADER, state);
  return new Response(response.body, { status: response.status, headers });
}
