import { EDGE_CACHE_HEADER } from '../middleware/edge-cache.ts';
import { Shared } from './cross-request.ts';
import type { Feed } from './feed.ts';

/**
 * The worker's path to live media (docs/decisions/025-live-delivery-over-http-segments.md): the
 * Cache API first (shared by every isolate of a data centre), then at most one request in flight
 * per URL in this isolate, which every viewer asking meanwhile shares. So the stream's object
 * answers each URL about once per isolate (or data centre), however many viewers ask.
 *
 * In front of the Cache API, each isolate keeps its newest immutable answers in memory (a few
 * dozen segments), and the manifest for its one-second max-age: the viewers at the live edge all
 * want the same few, and the bench showed the Cache API round trip to be what limits answers per
 * second (docs/benchmarks/live-after.md).
 *
 * Viewers sharing a request read its outcome on their own timers (cross-request.ts says why).
 *
 * X-Edge-Cache says which way an answer came: HIT (memory or the Cache API), SHARED (another
 * viewer's request in flight), MISS (this request went to the object).
 */

/** The memory level's bounds: entries and bytes (segments are about 100 kB a second of video). */
const MEMORY_ENTRIES = 48;
const MEMORY_BYTES = 16 * 1024 * 1024;
/** Answers that never change are kept in memory until evicted; the manifest only for its max-age. */
const IMMUTABLE = /immutable/;
const MAX_AGE = /max-age=(\d+)/;
/** Short-lived answers held at once (about one manifest per stream on air). */
const FRESH_ENTRIES = 256;

export interface LiveAnswer {
  status: number;
  body: Uint8Array | string | null;
  contentType?: string;
  /** Cache-Control for browsers and for the Cache API; answers without it are never stored. */
  cacheControl?: string;
}

export type Upstream = () => Promise<LiveAnswer>;

/** A 200 whose body is still being written (a segment group): every reader gets the feed from its start. */
export interface StreamedAnswer {
  status: 200;
  feed: Feed;
  contentType: string;
  cacheControl: string;
  /** Resolves once the body is written: true when it is whole (then it is kept like any immutable answer). */
  complete: Promise<boolean>;
}

export class SharedFetch {
  private readonly inflight = new Map<string, Shared<LiveAnswer>>();
  private readonly streaming = new Map<string, Shared<LiveAnswer | StreamedAnswer>>();
  private readonly memory = new Map<string, LiveAnswer>();
  private memoryBytes = 0;
  private readonly fresh = new Map<string, { answer: LiveAnswer; until: number }>();

  constructor(private readonly cache: Cache | null) {}

  async get(key: string, upstream: Upstream, waitUntil: (promise: Promise<unknown>) => void): Promise<Response> {
    const { answer, state } = await this.lookup(key, upstream, waitUntil);
    return answer instanceof Response ? withState(answer, 'HIT') : toResponse(answer, state);
  }

  /** The bytes of a 200 for `key` through the same levels as get (a streamed span reads its segments so), or the failed answer. */
  async bytes(key: string, upstream: Upstream, waitUntil: (promise: Promise<unknown>) => void): Promise<LiveAnswer> {
    const { answer } = await this.lookup(key, upstream, waitUntil);
    if (!(answer instanceof Response)) return answer;
    return {
      status: answer.status,
      body: new Uint8Array(await answer.arrayBuffer()),
      contentType: answer.headers.get('Content-Type') ?? undefined,
      cacheControl: answer.headers.get('Cache-Control') ?? undefined,
    };
  }

  private async lookup(
    key: string,
    upstream: Upstream,
    waitUntil: (promise: Promise<unknown>) => void,
  ): Promise<{ answer: LiveAnswer | Response; state: 'HIT' | 'SHARED' | 'MISS' }> {
    const remembered = this.memory.get(key) ?? this.freshAnswer(key);
    if (remembered) return { answer: remembered, state: 'HIT' };
    const early = this.inflight.get(key);
    if (early) return { answer: await early.result(), state: 'SHARED' };
    const hit = this.cache ? await this.cache.match(key).catch(() => undefined) : undefined;
    if (hit) return { answer: hit, state: 'HIT' };
    // Another viewer may have started the request while the cache was being asked.
    const pending = this.inflight.get(key);
    if (pending) return { answer: await pending.result(), state: 'SHARED' };
    const request = upstream();
    const shared = new Shared(request);
    this.inflight.set(key, shared);
    // The shared request stays findable until its answer is in the cache, so no viewer in between asks again.
    const stored = request
      .then(async (answer) => {
        if (answer.status !== 200 || !answer.cacheControl) return;
        this.remember(key, answer);
        if (this.cache) await this.cache.put(key, toResponse(answer, 'HIT'));
      })
      .catch((error: unknown) => console.error('live media: upstream or cache failed', error))
      .finally(() => {
        if (this.inflight.get(key) === shared) this.inflight.delete(key);
      });
    waitUntil(stored);
    return { answer: await request, state: 'MISS' };
  }

  /**
   * Like get, for an answer whose body is written over time: memory and the Cache API first, then
   * ONE open upstream per key in this isolate, its body fanned out to every viewer asking meanwhile
   * (late ones first get what is buffered). A whole body is then kept as an immutable answer.
   */
  async getStreamed(
    key: string,
    open: () => Promise<LiveAnswer | StreamedAnswer>,
    waitUntil: (promise: Promise<unknown>) => void,
  ): Promise<Response> {
    const remembered = this.memory.get(key);
    if (remembered) return toResponse(remembered, 'HIT');
    const early = this.streaming.get(key);
    if (early) return streamedResponse(await early.result(), 'SHARED');
    const hit = this.cache ? await this.cache.match(key).catch(() => undefined) : undefined;
    if (hit) return withState(hit, 'HIT');
    const pending = this.streaming.get(key);
    if (pending) return streamedResponse(await pending.result(), 'SHARED');
    const opening = open();
    const shared = new Shared(opening);
    this.streaming.set(key, shared);
    const stored = opening
      .then(async (opened) => {
        if (!('feed' in opened) || !(await opened.complete)) return;
        const answer: LiveAnswer = {
          status: 200,
          body: opened.feed.bytes(),
          contentType: opened.contentType,
          cacheControl: opened.cacheControl,
        };
        this.remember(key, answer);
        if (this.cache) await this.cache.put(key, toResponse(answer, 'HIT'));
      })
      .catch((error: unknown) => console.error('live media: streamed upstream or cache failed', error))
      .finally(() => {
        if (this.streaming.get(key) === shared) this.streaming.delete(key);
      });
    waitUntil(stored);
    return streamedResponse(await opening, 'MISS');
  }

  private freshAnswer(key: string): LiveAnswer | undefined {
    const entry = this.fresh.get(key);
    if (!entry) return undefined;
    if (entry.until > Date.now()) return entry.answer;
    this.fresh.delete(key);
    return undefined;
  }

  private remember(key: string, answer: LiveAnswer): void {
    const maxAge = MAX_AGE.exec(answer.cacheControl ?? '');
    if (!IMMUTABLE.test(answer.cacheControl ?? '') && maxAge) {
      this.fresh.delete(key);
      this.fresh.set(key, { answer, until: Date.now() + Number(maxAge[1]) * 1000 });
      if (this.fresh.size > FRESH_ENTRIES) this.fresh.delete(this.fresh.keys().next().value!);
      return;
    }
    if (!IMMUTABLE.test(answer.cacheControl ?? '') || typeof answer.body === 'string' || !answer.body) return;
    this.memory.set(key, answer);
    this.memoryBytes += answer.body.length;
    while (this.memory.size > MEMORY_ENTRIES || this.memoryBytes > MEMORY_BYTES) {
      const [oldest, dropped] = this.memory.entries().next().value!;
      this.memory.delete(oldest);
      this.memoryBytes -= (dropped.body as Uint8Array).length;
    }
  }
}

function toResponse(answer: LiveAnswer, state: 'HIT' | 'SHARED' | 'MISS'): Response {
  const headers = new Headers({ [EDGE_CACHE_HEADER]: state });
  if (answer.contentType && answer.status !== 204) headers.set('Content-Type', answer.contentType);
  headers.set('Cache-Control', answer.cacheControl ?? 'no-store');
  return new Response(answer.status === 204 ? null : answer.body, { status: answer.status, headers });
}

function streamedResponse(answer: LiveAnswer | StreamedAnswer, state: 'SHARED' | 'MISS'): Response {
  if (!('feed' in answer)) return toResponse(answer, state);
  const headers = new Headers({ [EDGE_CACHE_HEADER]: state, 'Content-Type': answer.contentType, 'Cache-Control': answer.cacheControl });
  return new Response(answer.feed.reader(), { status: 200, headers });
}

function withState(response: Response, state: 'HIT'): Response {
  const headers = new Headers(response.headers);
  for (const name of ['cf-cache-status', 'age', 'date']) headers.delete(name);
  headers.set(EDGE_CACHE_HEADER, state);
  return new Response(response.body, { status: response.status, headers });
}

/**
 * A SharedFetch made on first use and kept for the isolate's life. Each user (live media, live
 * blogs) holds its own, so a busy live blog's feed never pushes video segments out of memory.
 */
export function isolateSharedFetch(): () => SharedFetch {
  let shared: SharedFetch | null = null;
  return () => (shared ??= new SharedFetch(typeof caches === 'undefined' ? null : caches.default));
}
