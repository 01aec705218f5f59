import { env } from 'cloudflare:workers';
import type { AppDeps } from '../../../src/adapters/app-deps.ts';
import { buildDeps } from '../../../src/adapters/compose.ts';
import { createApp } from '../../../src/adapters/http/app.ts';
import { createEdgeCache, noEdgeCache, type EdgeCacheConfig } from '../../../src/adapters/http/middleware/edge-cache.ts';
import type { Clock } from '../../../src/domain/time.ts';

/** Stands in for the built index.html: the parts the worker rewrites, and a marker to find them by. */
export const SHELL = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Shell title</title>
    <meta name="description" content="Shell description" />
    <script type="module" crossorigin src="/assets/index-test.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/chunk-test.js">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

/**
 * The static assets the worker sits in front of, as wrangler.toml configures them (no SPA fallback):
 * index.html for "/", a script under /assets/, 404 for anything else.
 */
export async function fakeAssets(request: Request): Promise<Response> {
  const { pathname } = new URL(request.url);
  if (pathname.startsWith('/assets/')) return new Response('export {}', { headers: { 'Content-Type': 'text/javascript' } });
  if (pathname === '/' || pathname === '/index.html')
    return new Response(SHELL, { headers: { 'Content-Type': 'text/html', ETag: '"shell"' } });
  return new Response('Not Found', { status: 404 });
}

export const ORIGIN = 'http://newsroom.test';

/**
 * The whole app (API, SEO pages, assets) over this test file's D1 and R2, with a clock of the
 * test's choosing and, when given, an edge cache of its own (`edgeCache` on the result, for the
 * publishing job to refresh). `adapt` may wrap adapters to watch them (count what they are asked);
 * `env` may wrap a binding the same way.
 */
export function siteApp(
  options: { clock?: Clock; edgeCache?: EdgeCacheConfig; pictureCache?: Cache; adapt?: (deps: AppDeps) => AppDeps; env?: Env } = {},
) {
  const built = buildDeps(options.env ?? env, options.clock);
  const deps = options.adapt ? options.adapt(built) : built;
  const edgeCache = options.edgeCache ? createEdgeCache(options.edgeCache) : noEdgeCache;
  const app = createApp(deps, { assets: fakeAssets, edgeCache, pictureCache: options.pictureCache ?? null });
  const fetchPath = async (
    path: string,
    init: { method?: string; token?: string; json?: unknown; body?: string; headers?: Record<string, string> } = {},
  ) => {
    const headers: Record<string, string> = { ...init.headers };
    if (init.token) headers.Authorization = `Bearer ${init.token}`;
    if (init.json !== undefined) headers['Content-Type'] = 'application/json';
    const res = await app.fetch(
      new Request(`${ORIGIN}${path}`, {
        method: init.method ?? 'GET',
        headers,
        body: init.json === undefined ? init.body : JSON.stringify(init.json),
      }),
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    return { status: res.status, headers: res.headers, text: new TextDecoder().decode(bytes), bytes };
  };
  return Object.assign(fetchPath, { deps, edgeCache });
}
