import type { Context } from 'hono';
import { isPictureWidth, pictureFormatFor, PICTURE_WIDTHS, type PictureFormat } from '../../../domain/media/picture.ts';
import type { PictureResizer, StoredObject } from '../../../domain/media/ports.ts';
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

const EXTENSIONS: Record<PictureFormat, string> = { 'image/avif': 'avif', 'image/webp': 'webp', 'image/jpeg': 'jpg', 'image/png': 'png' };

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

async function bytesOf(body: ReadableStream): Promise<Uint8Array> {
  return new Uint8Array(await new Response(body).arrayBuffer());
}

/**
 * The picture at one width in one format: resized from the original (never wider than it), or the
 * original's own bytes when that is what was asked for. A picture the resizer cannot read is served
 * as stored rather than not at all.
 */
async function render(resizer: PictureResizer, original: Uint8Array, ownType: string, width: number, format: PictureFormat) {
  const size = await resizer.dimensions(original);
  if (!size) return { body: original, contentType: ownType, width: null };
  const target = Math.min(width, size.width);
  if (target === size.width && format === ownType) return { body: original, contentType: ownType, width: target };
  try {
    const resized = await resizer.resize(original, target, format);
    return { body: await bytesOf(resized.body), contentType: resized.contentType, width: target };
  } catch (error) {
    console.error(`Could not resize a picture to ${target} px ${format}`, error);
    return { body: original, contentType: ownType, width: null };
  }
}

/**
 * GET /media/{key}?w= (docs/product/api-pictures.md, decision 047): an uploaded picture at one of
 * the documented widths, in the best format the Accept header allows, made once per data centre and
 * kept in the edge cache (`cache`) under the width and format. Anything that is not a resizable
 * picture (a GIF, a video, no resizer bound) is left to `asStored`.
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
  if (!resizer || object.contentType === 'image/gif') return asStored();

  const format = pictureFormatFor(c.req.header('Accept'), object.contentType);
  const etag = `"${object.etag.replace(/"/g, '')}-${width}-${EXTENSIONS[format]}"`;
  if (etagMatches(c.req.header('If-None-Match'), etag)) return c.body(null, 304, { ...PICTURE_HEADERS, ETag: etag });

  const cacheKey = new Request(`${new URL(c.req.url).origin}/__pictures/${key}?w=${width}&f=${EXTENSIONS[format]}`);
  const hit = await cache?.match(cacheKey);
  if (hit)
    return new Response(c.req.method === 'HEAD' ? null : hit.body, {
      status: 200,
      headers: { ...Object.fromEntries(hit.headers), 'X-Edge-Cache': 'HIT' },
    });

  const stored = await c.var.deps.media.get(key);
  if (!stored) return plain(c, 404, 'Not found');
  const picture = await render(resizer, await bytesOf(stored.body), object.contentType, width, format);
  const headers: Record<string, string> = {
    ...PICTURE_HEADERS,
    'Content-Type': picture.contentType,
    'Content-Length': String(picture.body.length),
    ETag: etag,
  };
  if (picture.width !== null) headers['X-Picture-Width'] = String(picture.width);
  if (cache) {
    const storing = cache.put(cacheKey, new Response(picture.body.slice(), { headers }));
    const context = executionContextOf(c);
    if (context) context.waitUntil(storing);
    else await storing;
  }
  return new Response(c.req.method === 'HEAD' ? null : picture.body, { status: 200, headers: { ...headers, 'X-Edge-Cache': 'MISS' } });
}
