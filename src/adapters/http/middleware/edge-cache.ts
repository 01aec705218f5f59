import type { Context, MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';

/**
 * Edge caching of what every anonymous reader sees alike (public API reads, story and home HTML,
 * feeds), in two levels:
 *
 * - the Cache API, shared by every isolate of a data centre. Entries are keyed under a
 *   generation; any successful write that can change what readers see starts a new generation,
 *   which makes every older entry unreachable at once: a story's own reads, every list page that
 *   shows it, the home page, the feeds. The Cache API is local to a data centre: elsewhere an
 *   entry lives at most `ttlSeconds`, which is why that is short.
 * - a small in-memory copy in this isolate, so a hot page costs no I/O at all. A write through
 *   this isolate empties it at once; writes through other isolates reach it within
 *   `memoryTtlSeconds`.
 *
 * Scopes (decision 055): reads that belong to one thing that changes often on its own (a live blog's
 * feed and pages) are also keyed under that scope's generation. A write that changes only that
 * thing names its scopes (SCOPES_CHANGED on the request's context) and renews only them, so a live
 * blog posting every few seconds does not empty the rest of the site's cache each time.
 *
 * Reader levels (decision 090): a story some readers see only the opening of answers with
 * ACCESS_HEADER. Reads that may be such a story (readThroughPerLevel) keep one copy per reader level
 * (anonymous, free, paid), never one per reader: the anonymous copy under the URL's own key (which
 * also holds the only copy of everything that does not vary), the others under the level's.
 */
export interface EdgeCacheConfig {
  /** The Cache API store (caches.default on Workers); null leaves only the in-memory level. */
  cache: Cache | null;
  /** Keeps one deployment's entries apart from another's: cached HTML names that deployment's asset files. */
  namespace: string;
  /** How long an entry may be served in a data centre that did not see the write. */
  ttlSeconds?: number;
  /** How long this isolate serves its own copy without asking the shared cache. */
  memoryTtlSeconds?: number;
  /** Milliseconds since the epoch (tests move it). */
  now?: () => number;
}

export const DEFAULT_EDGE_TTL_SECONDS = 60;
export const DEFAULT_MEMORY_TTL_SECONDS = 5;
/** What browsers are told: always revalidate, since a signed-in reader's answer to the same URL can differ. */
export const CLIENT_CACHE_CONTROL = 'public, max-age=0, must-revalidate';
export const EDGE_CACHE_HEADER = 'X-Edge-Cache';
/**
 * The context variable a write sets to the scopes it changed (and only they): purgeOnWrite then
 * renews those scopes' generations instead of the whole cache's.
 */
export const SCOPES_CHANGED = 'edgeCacheScopesChanged';
/** Set (to the story's access) on an answer that differs by reader level: a gated story's. */
export const ACCESS_HEADER = 'X-Story-Access';
/** A request's reader level; anything but 'anonymous' reads its own copy of answers that differ by level. */
export type LevelOf = (c: Context) => Promise<string>;

const PREFIX = '/__edge-cache';
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const MEMORY_MAX_ENTRIES = 500;
const MEMORY_MAX_ENTRY_BYTES = 512 * 1024;
/** The origins purgeAll() refreshes: a site answers under one or two (127.0.0.1 and localhost, say). */
const ORIGINS_REMEMBERED = 16;

export interface EdgeCache {
  /** Serves anonymous GETs from the cache, and stores their 200 answers. */
  readThrough: MiddlewareHandler;
  /**
   * readThrough for reads that belong to a scope (null: none), keyed under that scope's generation
   * too; `ttlSeconds` (at most the cache's own) bounds how stale they may be where the write was not seen.
   */
  scopedReadThrough: (scopeOf: (c: Context) => string | null, options?: { ttlSeconds?: number }) => MiddlewareHandler;
  /** readThrough (scoped, when `scopeOf` is given) keeping one copy per reader level of answers that carry ACCESS_HEADER. */
  readThroughPerLevel: (levelOf: LevelOf, scopeOf?: (c: Context) => string | null) => MiddlewareHandler;
  /** Starts a new generation of one scope: its reads are refreshed, everything else stays. */
  purgeScope(origin: string, scope: string): Promise<void>;
  /**
   * readThrough for an answer that must be no older than `seconds` however few writes there are
   * (the live streams' viewer counts): half of it in the Cache API, half in an isolate's memory.
   */
  readThroughWithin: (seconds: number) => MiddlewareHandler;
  /** Starts a new generation after a successful write that changes public content. */
  purgeOnWrite: (isPublicWrite: (path: string) => boolean) => MiddlewareHandler;
  purge(origin: string): Promise<void>;
  /**
   * Starts a new generation for every origin this cache has served, for a write that comes with
   * no request to say which (the publishing job). Writes through another isolate or data centre
   * reach its readers within the TTL, as for any write.
   */
  purgeAll(): Promise<void>;
}

interface StoredAnswer {
  status: number;
  headers: [string, string][];
  /** `headers` as a hit is served to a client, made once when stored rather than on every hit. */
  clientHitHeaders: [string, string][];
  body: Uint8Array;
  storedAt: number;
  /** The scope the read belongs to, so renewing that scope drops this copy from memory. */
  scope?: string | null;
  /** It carries ACCESS_HEADER: readers of other levels have copies of their own. */
  variesByLevel: boolean;
}

function newGeneration(): string {
  return `${Date.now().toString(36)}${crypto.getRandomValues(new Uint32Array(1))[0]!.toString(36)}`;
}

/** What the Cache API adds to an answer it serves, which is not part of the answer itself. */
const CACHE_API_HEADERS = new Set(['age', 'cf-cache-status', 'date']);

/** An answer's headers with its Cache-Control and X-Edge-Cache set (replacing any of the same names). */
function withCacheHeaders(headers: [string, string][], cacheControl: string, state: 'HIT' | 'MISS'): [string, string][] {
  const others = headers.filter(([name]) => !/^(cache-control|x-edge-cache)$/i.test(name));
  return [...others, ['Cache-Control', cacheControl], [EDGE_CACHE_HEADER, state]];
}

async function toStored(response: Response, storedAt: number): Promise<StoredAnswer> {
  const headers = [...response.headers].filter(([name]) => !CACHE_API_HEADERS.has(name.toLowerCase()));
  const clientHitHeaders = withCacheHeaders(headers, CLIENT_CACHE_CONTROL, 'HIT');
  const variesByLevel = response.headers.has(ACCESS_HEADER);
  return {
    status: response.status,
    headers,
    clientHitHeaders,
    body: new Uint8Array(await response.arrayBuffer()),
    storedAt,
    variesByLevel,
  };
}

function toResponse(answer: StoredAnswer, cacheControl: string, state: 'HIT' | 'MISS'): Response {
  const headers =
    cacheControl === CLIENT_CACHE_CONTROL && state === 'HIT'
      ? answer.clientHitHeaders
      : withCacheHeaders(answer.headers, cacheControl, state);
  return new Response(answer.body, { status: answer.status, headers });
}

/** Least recently used first out, bounded in entries. */
class MemoryLevel {
  private readonly entries = new Map<string, StoredAnswer>();

  get(key: string, now: number, ttlMs: number): StoredAnswer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (now - entry.storedAt >= ttlMs) return undefined;
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, entry: StoredAnswer): void {
    if (entry.body.byteLength > MEMORY_MAX_ENTRY_BYTES) return;
    this.entries.delete(key);
    this.entries.set(key, entry);
    while (this.entries.size > MEMORY_MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
  }

  clear(): void {
    this.entries.clear();
  }

  clearScope(scope: string): void {
    for (const [key, entry] of this.entries) if (entry.scope === scope) this.entries.delete(key);
  }
}

export function createEdgeCache({
  cache,
  namespace,
  ttlSeconds = DEFAULT_EDGE_TTL_SECONDS,
  memoryTtlSeconds = DEFAULT_MEMORY_TTL_SECONDS,
  now = Date.now,
}: EdgeCacheConfig): EdgeCache {
  const memory = new MemoryLevel();
  const origins = new Set<string>();
  const remember = (origin: string) => {
    origins.delete(origin);
    origins.add(origin);
    if (origins.size > ORIGINS_REMEMBERED) origins.delete(origins.values().next().value!);
  };
  const memoryTtlMs = Math.min(memoryTtlSeconds, ttlSeconds) * 1000;
  const space = `${PREFIX}/${encodeURIComponent(namespace)}`;
  const generationKey = (origin: string, scope?: string) => `${origin}${space}/generation${scope ? `/${encodeURIComponent(scope)}` : ''}`;

  const storeGeneration = async (store: Cache, origin: string, generation: string, scope?: string) => {
    await store.put(
      generationKey(origin, scope),
      new Response(generation, { headers: { 'Cache-Control': `max-age=${365 * 24 * 3600}`, 'Content-Type': 'text/plain' } }),
    );
  };

  const currentGeneration = async (store: Cache, origin: string, scope?: string): Promise<string> => {
    const stored = await store.match(generationKey(origin, scope));
    if (stored) return stored.text();
    // None yet (or evicted): a fresh generation also makes any entries made before it unreachable.
    const generation = newGeneration();
    await storeGeneration(store, origin, generation, scope);
    return generation;
  };

  const purge = async (origin: string) => {
    memory.clear();
    if (cache) await storeGeneration(cache, origin, newGeneration());
  };

  const purgeScope = async (origin: string, scope: string) => {
    memory.clearScope(scope);
    if (cache) await storeGeneration(cache, origin, newGeneration(), scope);
  };

  const purgeAll = async () => {
    memory.clear();
    await Promise.all([...origins].map((origin) => purge(origin)));
  };

  /** The shared-cache key of this URL in the current generation (and its scope's); null when the shared cache is unusable. */
  const sharedKey = async (url: URL, scope: string | null): Promise<string | null> => {
    if (!cache) return null;
    remember(url.origin);
    try {
      const [generation, scoped] = await Promise.all([
        currentGeneration(cache, url.origin),
        scope ? currentGeneration(cache, url.origin, scope) : null,
      ]);
      return `${url.origin}${space}/${generation}${scoped ? `/~${encodeURIComponent(scope!)}/${scoped}` : ''}${url.pathname}${url.search}`;
    } catch (error) {
      console.error('Edge cache unavailable', error);
      return null;
    }
  };

  /** A reader level's own shared key beside a URL's: the level goes before the path. */
  const levelKey = (key: string, url: URL, level: string) => {
    const path = `${url.pathname}${url.search}`;
    return `${key.slice(0, key.length - path.length)}/~level-${level}${path}`;
  };

  const readThroughWith = (
    scopeOf: ((c: Context) => string | null) | null,
    entryTtlSeconds: number,
    entryMemoryTtlMs = Math.min(memoryTtlMs, entryTtlSeconds * 1000),
    levelOf: LevelOf | null = null,
  ) => {
    return createMiddleware(async (c, next) => {
      // A signed-in caller's answer can hold what only they may see: never shared, never stored.
      if (c.req.method !== 'GET' || c.req.header('Authorization')) return next();
      const level = levelOf ? await levelOf(c) : 'anonymous';
      const ownLevel = level !== 'anonymous';
      // The request's URL as it came (a request has no fragment): a hit in memory parses nothing.
      const memoryKey = c.req.url;
      const url = new URL(memoryKey);
      // The URL's own copy serves this reader unless it differs by level and theirs is not anonymous.
      const fits = (answer: StoredAnswer) => !(ownLevel && answer.variesByLevel);
      const remembered = memory.get(memoryKey, now(), entryMemoryTtlMs);
      if (remembered && fits(remembered)) return toResponse(remembered, CLIENT_CACHE_CONTROL, 'HIT');
      const levelMemoryKey = ownLevel ? `${level} ${memoryKey}` : null;
      const ownCopy = levelMemoryKey ? memory.get(levelMemoryKey, now(), entryMemoryTtlMs) : undefined;
      if (ownCopy) return toResponse(ownCopy, CLIENT_CACHE_CONTROL, 'HIT');

      const scope = scopeOf ? scopeOf(c) : null;
      const key = await sharedKey(url, scope);
      const sharedHit = async (sharedKey: string, rememberAs: string) => {
        const hit = await cache!.match(sharedKey).catch(() => undefined);
        if (!hit) return null;
        const answer = { ...(await toStored(hit, now())), scope };
        memory.set(rememberAs, answer);
        return answer;
      };
      if (key) {
        const shared = remembered ?? (await sharedHit(key, memoryKey));
        if (shared && fits(shared)) return toResponse(shared, CLIENT_CACHE_CONTROL, 'HIT');
        const own = levelMemoryKey ? await sharedHit(levelKey(key, url, level), levelMemoryKey) : null;
        if (own) return toResponse(own, CLIENT_CACHE_CONTROL, 'HIT');
      }

      await next();
      if (c.res.status !== 200) return;
      const answer = { ...(await toStored(c.res, now())), scope };
      const asOwnLevel = ownLevel && answer.variesByLevel;
      memory.set(asOwnLevel ? levelMemoryKey! : memoryKey, answer);
      if (key) {
        const put = cache!
          .put(asOwnLevel ? levelKey(key, url, level) : key, toResponse(answer, `public, max-age=${entryTtlSeconds}`, 'HIT'))
          .catch((error: unknown) => console.error('Edge cache put failed', error));
        try {
          c.executionCtx.waitUntil(put);
        } catch {
          await put; // No execution context (an app called directly, as in tests): store before answering.
        }
      }
      c.res = toResponse(answer, CLIENT_CACHE_CONTROL, 'MISS');
    });
  };

  const readThrough = readThroughWith(null, ttlSeconds);
  const readThroughPerLevel = (levelOf: LevelOf, scopeOf?: (c: Context) => string | null) =>
    readThroughWith(scopeOf ?? null, ttlSeconds, undefined, levelOf);
  const scopedReadThrough = (scopeOf: (c: Context) => string | null, options: { ttlSeconds?: number } = {}) =>
    readThroughWith(scopeOf, Math.min(options.ttlSeconds ?? ttlSeconds, ttlSeconds));
  // A copy taken from the Cache API just before it expires lives on in memory: each level gets half.
  const readThroughWithin = (seconds: number) =>
    readThroughWith(null, Math.max(1, Math.ceil(Math.min(seconds, ttlSeconds) / 2)), Math.min(memoryTtlMs, (seconds * 1000) / 2));

  const purgeOnWrite = (isPublicWrite: (path: string) => boolean) =>
    createMiddleware(async (c, next) => {
      await next();
      if (READ_METHODS.has(c.req.method) || c.res.status >= 400) return;
      const scopes = c.get(SCOPES_CHANGED) as readonly string[] | undefined;
      if (!scopes && !isPublicWrite(c.req.path)) return;
      try {
        const origin = new URL(c.req.url).origin;
        await (scopes ? Promise.all(scopes.map((scope) => purgeScope(origin, scope))) : purge(origin));
      } catch (error) {
        // The write stands; readers elsewhere see it within the TTL.
        console.error('Edge cache purge failed', error);
      }
    });

  return { readThrough, readThroughWithin, scopedReadThrough, readThroughPerLevel, purgeOnWrite, purge, purgeScope, purgeAll };
}

/** No caching at all: every read goes to the origin. */
export const noEdgeCache: EdgeCache = {
  readThrough: (_c, next) => next(),
  readThroughWithin: () => (_c, next) => next(),
  scopedReadThrough: () => (_c, next) => next(),
  readThroughPerLevel: () => (_c, next) => next(),
  purgeScope: async () => undefined,
  purgeOnWrite: () => (_c, next) => next(),
  purge: async () => undefined,
  purgeAll: async () => undefined,
};
