import type { Context } from 'hono';
import { isPictureWidth, PICTURE_EXTENSIONS, pictureFormatFor, PICTURE_WIDTHS } from '../../../domain/media/picture.ts';
import type { StoredObject } from '../../../domain/media/ports.ts';
import { isResizedType, keptPicture, keptPictureHead, resizeAndKeep } from '../../../services/media/resized-pictures.ts';
import { etagMatches } from '../../../media/byte-range.ts';
import type { AppEnv } from '../context.ts';

/** Like every media answer (media.ts): immutable, never a document. The format follows Accept, so caches keep one copy per Accept. */
const PICTURE_HEADERS = {
  'Cache-Control': 'public, max-age=31536000, immutable',
  'Content-Security-Policy': "default-src 'none'; sandbox",
  'X-Content-Type-Options': 'nosniff',
  'Cross-Origin-Resource-Policy': 'cross-origin',
  Vary: 'Accept',
} as const;

function plain(c: Context<AppEnv>, status: 400 | 404, text: string) {
  return c.body(text, status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
}

/** The request's execution context, when it has one (Hono throws on reading a missing one). */
function executionContextOf(c: Context<AppEnv>): Pick<ExecutionContext, 'waitUntil'> | null {
  try {
    return c.executionCtx;
  } catch {
    return null;
  }
}

/**
 * GET /media/{key}?w= (docs/product/api-pictures.md, decisions 047 and 065): an uploaded picture at
 * one of the documented widths, in the best format the Accept header allows. It is made once, when
 * the picture is uploaded (AVIF and WebP) or by its first reader (the rest), and kept in R2; each data
 * centre keeps what it serves in the edge cache (`cache`) under the width and format. Anything that
 * is not a resizable picture (a GIF, a video, no resizer bound) is left to `asStored`.
 */
export async function serveResizedPicture(
  c: Context<AppEnv>,
  key: string,
  object: StoredObject,
  cache: Cache | null,
  asStored: () => Promise<Response>,
): Promise<Response> {
  const width = Number(c.req.query('w'));
  if (!isPictureWidth(width)) return plain(c, 400, `w must be one of ${PICTURE_WIDTHS.join(', ')}`);
  if (!object.contentType.startsWith('image/')) return plain(c, 400, 'Only pictures have widths');
  const resizer = c.var.deps.pictures;
  if (!resizer || !isResizedType(object.contentType)) return asStored();

  const format = pictureFormatFor(c.req.header('Accept'), object.contentType);
  const etag = `"${object.etag.replace(/"/g, '')}-${width}-${PICTURE_EXTENSIONS[format]}"`;
  if (etagMatches(c.req.header('If-None-Match'), etag)) return c.body(null, 304, { ...PICTURE_HEADERS, ETag: etag });

  const cacheKey = new Request(`${new URL(c.req.url).origin}/__pictures/${key}?w=${width}&f=${PICTURE_EXTENSIONS[format]}`);
  const hit = await cache?.match(cacheKey);
  if (hit)
    return new Response(c.req.method === 'HEAD' ? null : hit.body, {
      status: 200,
      headers: { ...Object.fromEntries(hit.headers), 'X-Edge-Cache': 'HIT' },
    });

  const headersOf = (contentType: string, width: number | null, length?: number) => {
    const headers: Record<string, string> = { ...PICTURE_HEADERS, 'Content-Type': contentType, ETag: etag };
    if (length !== undefined) headers['Content-Length'] = String(length);
    if (width !== null) headers['X-Picture-Width'] = String(width);
    return headers;
  };

  // HEAD never resizes: it tells what is kept, or what a GET would be without its length.
  if (c.req.method === 'HEAD') {
    const kept = await keptPictureHead(c.var.deps.media, key, width, format);
    const keptWidth = Number(kept?.notes?.width);
    return kept
      ? c.body(null, 200, headersOf(kept.contentType, keptWidth > 0 ? keptWidth : null, kept.size))
      : c.body(null, 200, headersOf(format, null));
  }

  const context = executionContextOf(c);
  const inBackground = (work: Promise<unknown>) => {
    const logged = work.catch((error: unknown) => console.error('Could not keep a resized picture', error));
    if (context) context.waitUntil(logged);
  };

  const kept = await keptPicture(c.var.deps.media, key, width, format);
  if (kept) {
    // Made at upload or by an earlier reader: into this data centre's cache as it streams out.
    const [served, cached] = cache ? kept.body.tee() : [kept.body, null];
    const headers = headersOf(kept.contentType, kept.width, kept.size);
    if (cache && cached) inBackground(cache.put(cacheKey, new Response(cached, { headers })));
    return new Response(served, { status: 200, headers: { ...headers, 'X-Edge-Cache': 'MISS', 'X-Picture-Source': 'kept' } });
  }

  const picture = await resizeAndKeep({ media: c.var.deps.media, pictures: resizer }, object, width, format, inBackground);
  if (!picture) return plain(c, 404, 'Not found');
  const headers = headersOf(picture.contentType, picture.width, picture.bytes.length);
  if (cache) {
    const storing = cache.put(cacheKey, new Response(picture.bytes.slice(), { headers }));
    if (context) context.waitUntil(storing);
    else await storing;
  }
  return new Response(picture.bytes.slice(), {
    status: 200,
    headers: { ...headers, 'X-Edge-Cache': 'MISS', 'X-Picture-Source': 'resized' },
  });
}
