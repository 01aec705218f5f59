import { createMiddleware } from 'hono/factory';

/**
 * Pages, scripts, styles and feeds. Pictures, video and fonts are compressed already. JSON API
 * answers are left to the edge: they are small and the hottest reads, and under `wrangler dev`
 * every answer passes a local proxy that would decode and encode them again.
 */
const COMPRESSIBLE = /^(text\/|application\/(javascript|xml|rss\+xml|atom\+xml|manifest\+json)|image\/svg\+xml)/i;
/** Below this a compressed answer saves less than its framing costs. */
const MIN_BYTES = 1024;

/** The coding to answer in for this Accept-Encoding: brotli, then gzip, or none. */
export function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const weights = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    weights.set(name, q === undefined ? 1 : Number(q));
  }
  const weight = (coding: string) => weights.get(coding) ?? weights.get('*') ?? 0;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return null;
}

/**
 * The Accept-Encoding the client sent. The Workers runtime rewrites the header the worker sees to
 * `br, gzip` for every request, and keeps the client's own in `request.cf.clientAcceptEncoding`
 * (empty when it sent none); wrangler dev does the same. Without `cf` (a request made in tests)
 * the header is the client's.
 */
export function clientAcceptEncoding(request: Request): string | undefined {
  const original = (request.cf as { clientAcceptEncoding?: unknown } | undefined)?.clientAcceptEncoding;
  return typeof original === 'string' ? original : (request.headers.get('Accept-Encoding') ?? undefined);
}

/**
 * Compresses text answers (HTML, CSS, JavaScript, feeds) for clients that accept it. Naming
 * the coding in Content-Encoding is enough: the Workers runtime compresses the body as it sends it
 * (automatic body encoding), on Cloudflare and under `wrangler dev` alike. Inside the worker bodies
 * stay plain, so the edge cache stores them plain.
 */
export const compression = createMiddleware(async (c, next) => {
  await next();
  const res = c.res;
  if (c.req.method === 'HEAD' || res.status !== 200 || !res.body) return;
  const type = res.headers.get('Content-Type') ?? '';
  // An event stream is written piece by piece as things happen: a compressor would hold pieces back.
  if (res.headers.has('Content-Encoding') || !COMPRESSIBLE.test(type) || type.startsWith('text/event-stream')) return;
  const length = res.headers.get('Content-Length');
  if (length !== null && Number(length) < MIN_BYTES) return;
  // Last: reading request.cf costs the runtime a parse, so only an answer that could be compressed asks.
  const encoding = chooseEncoding(clientAcceptEncoding(c.req.raw));
  if (!encoding) return;

  c.res = new Response(res.body, res);
  const headers = c.res.headers;
  headers.delete('Content-Length');
  headers.set('Content-Encoding', encoding);
  headers.append('Vary', 'Accept-Encoding');
  // The bytes sent differ from the stored ones, so the validator may only claim they mean the same.
  const etag = headers.get('ETag');
  if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
});
