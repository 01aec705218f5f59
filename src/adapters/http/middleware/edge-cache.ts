import type { MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';

/**
 * Edge caching of what every anonymous reader sees alike (public API reads, story and home HTML,
 * feeds) with the Cache API.
 *
 * Entries are keyed under a generation. Any successful write that can change what readers see
 * starts a new generation, which makes every older entry unreachable at once: a story's own
 * reads, every list page that shows it, the home page, the feeds. The generation lives in the
 * same cache, so it is shared by every isolate of a data centre. The Cache API is local to a data
 * centre: elsewhere an entry lives at most `ttlSeconds`, which is why that is short.
 */
export interface EdgeCacheConfig {
  /** The Cache API store (caches.default on Workers); null turns edge caching off. */
  cache: Cache | null;
  /** Keeps one deployment's entries apart from another's: cached HTML names that deployment's asset files. */
  namespace: string;
  /** How long an entry may be served in a data centre that did not see the write. */
  ttlSeconds?: number;
}

export const DEFAULT_EDGE_TTL_SECONDS = 60;
/** What browsers are told: always revalidate, since a signed-in reader's answer to the same URL can differ. */
export const CLIENT_CACHE_CONTROL = 'public, max-age=0, must-revalidate';
export const EDGE_CACHE_HEADER = 'X-Edge-Cache';

const PREFIX = '/__edge-cache';
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface EdgeCache {
  /** Serves anonymous GETs from the cache, and stores their 200 answers. */
  readThrough: MiddlewareHandler;
  /** Starts a new generation after a successful write that changes public content. */
  purgeOnWrite: (isPublicWrite: (path: string) => boolean) => MiddlewareHandler;
  purge(origin: string): Promise<void>;
}

function newGeneration(): string {
  return `${Date.now().toString(36)}${crypto.getRandomValues(new Uint32Array(1))[0]!.toString(36)}`;
}

export function createEdgeCache({ cache, namespace, ttlSeconds = DEFAULT_EDGE_TTL_SECONDS }: EdgeCacheConfig): EdgeCache {
  const generationKey = (origin: string) => `${origin}${PREFIX}/${encodeURIComponent(namespace)}/generation`;

  const storeGeneration = async (store: Cache, origin: string, generation: string) => {
    await store.put(
      generationKey(origin),
      new Response(generation, { headers: { 'Cache-Control': `max-age=${365 * 24 * 3600}`, 'Content-Type': 'text/plain' } }),
    );
  };

  const currentGeneration = async (store: Cache, origin: string): Promise<string> => {
    const stored = await store.match(generationKey(origin));
    if (stored) return stored.text();
    // None yet (or evicted): a fresh generation also makes any entries made before it unreachable.
    const generation = newGeneration();
    await storeGeneration(store, origin, generation);
    return generation;
  };

  const purge = async (origin: string) => {
    if (cache) await storeGeneration(cache, origin, newGeneration());
  };

  const readThrough = createMiddleware(async (c, next) => {
    // A signed-in caller's answer can hold what only they may see: never shared, never stored.
    if (!cache || c.req.method !== 'GET' || c.req.header('Authorization')) return next();
    const url = new URL(c.req.url);
    let key: string;
    try {
      key = `${url.origin}${PREFIX}/${encodeURIComponent(namespace)}/${await currentGeneration(cache, url.origin)}${url.pathname}${url.search}`;
    } catch (error) {
      console.error('Edge cache unavailable', error);
      return next();
    }
    const hit = await cache.match(key).catch(() => undefined);
    if (hit) {
      const response = new Response(hit.body, hit);
      response.headers.set('Cache-Control', CLIENT_CACHE_CONTROL);
      response.headers.set(EDGE_CACHE_HEADER, 'HIT');
      return response;
    }
    await next();
    if (c.res.status !== 200) return;
    const stored = c.res.clone();
    const entry = new Response(stored.body, stored);
    entry.headers.set('Cache-Control', `public, max-age=${ttlSeconds}`);
    entry.headers.delete('Set-Cookie');
    const put = cache.put(key, entry).catch((error: unknown) => console.error('Edge cache put failed', error));
    try {
      c.executionCtx.waitUntil(put);
    } catch {
      await put; // No execution context (tests calling app.request): store before answering.
    }
    c.res.headers.set('Cache-Control', CLIENT_CACHE_CONTROL);
    c.res.headers.set(EDGE_CACHE_HEADER, 'MISS');
  });

  const purgeOnWrite = (isPublicWrite: (path: string) => boolean) =>
    createMiddleware(async (c, next) => {
      await next();
      if (READ_METHODS.has(c.req.method) || c.res.status >= 400 || !isPublicWrite(c.req.path)) return;
      try {
        await purge(new URL(c.req.url).origin);
      } catch (error) {
        // The write stands; readers elsewhere see it within the TTL.
        console.error('Edge cache purge failed', error);
      }
    });

  return { readThrough, purgeOnWrite, purge };
}
