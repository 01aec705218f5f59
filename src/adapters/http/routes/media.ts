import { Hono, type Context } from 'hono';
import { contentRange, etagMatches, resolveRange } from '../../../media/byte-range.ts';
import type { StoredObject } from '../../../domain/media/ports.ts';
import { isMediaKey } from '../../../media/media-keys.ts';
import type { AppEnv } from '../context.ts';
import { serveResizedPicture } from './resized-picture.ts';

/**
 * GET and HEAD /media/{key}: R2 objects through the worker. Keys are written once and never
 * reused, so responses are immutable. Media is never a document: nosniff plus a CSP that
 * sandboxes it and allows nothing, so even a file that slipped past the type check cannot run.
 */
const MEDIA_HEADERS = {
  'Cache-Control': 'public, max-age=31536000, immutable',
  'Content-Security-Policy': "default-src 'none'; sandbox",
  'X-Content-Type-Options': 'nosniff',
  'Accept-Ranges': 'bytes',
  // Videos and images are embedded by our own pages and shared links; other origins may show them too.
  'Cross-Origin-Resource-Policy': 'cross-origin',
} as const;

function notFound(c: Context<AppEnv>) {
  return c.body('Not found', 404, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
}

async function serve(c: Context<AppEnv>, withBody: boolean, pictureCache: Cache | null) {
  const { media } = c.var.deps;
  const key = c.req.path.replace(/^\/media\//, '');
  if (!isMediaKey(key)) return notFound(c);
  const object = await media.head(key);
  if (!object) return notFound(c);
  if (c.req.query('w') !== undefined) return serveResizedPicture(c, key, object, pictureCache, () => serveStored(c, key, object, withBody));
  return serveStored(c, key, object, withBody);
}

/** The object as it was stored, with ranges and revalidation. */
async function serveStored(c: Context<AppEnv>, key: string, object: StoredObject, withBody: boolean) {
  const { media } = c.var.deps;

  const headers: Record<string, string> = {
    ...MEDIA_HEADERS,
    'Content-Type': object.contentType,
    ETag: object.etag,
    'Last-Modified': new Date(object.uploaded).toUTCString(),
  };
  if (etagMatches(c.req.header('If-None-Match'), object.etag)) return c.body(null, 304, headers);

  // If-Range with an ETag that no longer matches asks for the whole object.
  const ifRange = c.req.header('If-Range');
  const range = resolveRange(ifRange && ifRange !== object.etag ? null : c.req.header('Range'), object.size);
  if (range.kind === 'unsatisfiable') {
    return c.body(null, 416, { ...headers, 'Content-Range': `bytes */${object.size}` });
  }
  const partial = range.kind === 'partial' ? { offset: range.offset, length: range.length } : undefined;
  const length = partial?.length ?? object.size;
  const status = partial ? 206 : 200;
  if (partial) headers['Content-Range'] = contentRange(partial, object.size);
  headers['Content-Length'] = String(length);
  if (!withBody) return c.body(null, status, headers);
  const found = await media.get(key, partial);
  if (!found) return notFound(c);
  return c.body(found.body, status, headers);
}

/**
 * Hono answers HEAD with the GET handler and drops the body; skip fetching it in the first place.
 * `pictureCache` keeps the resized pictures (`?w=`); null keeps none (each is made again).
 */
export const mediaRoutes = (pictureCache: Cache | null = null) =>
  new Hono<AppEnv>().get('/*', (c) => serve(c, c.req.method !== 'HEAD', pictureCache));
