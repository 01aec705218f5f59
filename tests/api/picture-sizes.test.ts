import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import photo from '../fixtures/harbour-photo.jpg?inline';
import { PICTURE_WIDTHS } from '../../src/domain/media/picture.ts';
import { api, signUp } from './support/api.ts';
import { multipart, samples } from './support/media.ts';
import { siteApp } from './support/site-app.ts';

/**
 * Issue 19 item 11: /media/{key}?w= serves an uploaded picture at a documented width, in AVIF or
 * WebP as Accept allows (else its own type), never wider than it is, kept in the edge cache.
 * The resizing is the real Images binding (sharp, locally); sizes are read back with it.
 */
const photoBytes = Uint8Array.from(atob(photo.slice(photo.indexOf(',') + 1)), (c) => c.charCodeAt(0));
const BROWSER_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';

async function uploadPicture(bytes: Uint8Array): Promise<string> {
  const { token } = await signUp('reporter');
  const { body, contentType } = multipart([{ name: 'file', value: bytes, filename: 'harbour.jpg' }]);
  const res = await api('/api/upload/image', {
    method: 'POST',
    token,
    body,
    headers: { 'Content-Type': contentType, 'Content-Length': String(body.length) },
  });
  expect(res.status).toBe(201);
  return res.body.url as string;
}

/** An AVIF's size from its image spatial extents box (ISO/IEC 23008-12 'ispe'): the local Images binding cannot read AVIF back. */
function avifSize(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 4; i + 16 <= bytes.length; i++) {
    if (bytes[i] === 0x69 && bytes[i + 1] === 0x73 && bytes[i + 2] === 0x70 && bytes[i + 3] === 0x65) {
      return { format: 'image/avif', width: view.getUint32(i + 8), height: view.getUint32(i + 12) };
    }
  }
  return null;
}

async function sizeOf(bytes: Uint8Array) {
  if (new TextDecoder().decode(bytes.slice(4, 12)) === 'ftypavif') return avifSize(bytes);
  const info = await env.IMAGES.info(new Blob([bytes]).stream());
  return 'width' in info ? { format: info.format, width: info.width, height: info.height } : { format: info.format };
}

describe('resized pictures', () => {
  const site = siteApp();

  it('serve each documented width in AVIF, WebP or the picture’s own type, as Accept allows', async () => {
    const url = await uploadPicture(photoBytes);
    const avif = await site(`${url}?w=320`, { headers: { Accept: BROWSER_ACCEPT } });
    expect(avif.status).toBe(200);
    expect(avif.headers.get('content-type')).toBe('image/avif');
    expect(avif.headers.get('vary')).toBe('Accept');
    expect(avif.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await sizeOf(avif.bytes)).toEqual({ format: 'image/avif', width: 320, height: 180 });
    expect(avif.bytes.length).toBeLessThan(photoBytes.length / 10);

    const webp = await site(`${url}?w=640`, { headers: { Accept: 'image/webp,*/*' } });
    expect(webp.headers.get('content-type')).toBe('image/webp');
    expect(await sizeOf(webp.bytes)).toEqual({ format: 'image/webp', width: 640, height: 360 });

    const jpeg = await site(`${url}?w=960`, { headers: { Accept: '*/*' } });
    expect(jpeg.headers.get('content-type')).toBe('image/jpeg');
    expect(await sizeOf(jpeg.bytes)).toEqual({ format: 'image/jpeg', width: 960, height: 540 });
  });

  it('never makes a picture wider than it is: a width past it is the picture at its own width', async () => {
    const url = await uploadPicture(photoBytes);
    const widest = await site(`${url}?w=1920`, { headers: { Accept: 'image/jpeg' } });
    expect(widest.headers.get('x-picture-width')).toBe('1600');
    // Its own width in its own type: the stored bytes themselves.
    expect(widest.bytes).toEqual(photoBytes);
    const avif = await site(`${url}?w=1920`, { headers: { Accept: BROWSER_ACCEPT } });
    expect(await sizeOf(avif.bytes)).toEqual({ format: 'image/avif', width: 1600, height: 900 });
  });

  it('refuses a width it does not document, and a width for what is no picture', async () => {
    const url = await uploadPicture(photoBytes);
    for (const width of ['333', '0', '-320', 'abc', '', '320.5', '4000']) {
      const res = await site(`${url}?w=${width}`);
      expect(res.status, width).toBe(400);
      expect(res.text, width).toBe(`w must be one of ${PICTURE_WIDTHS.join(', ')}`);
    }
    expect((await site('/media/images/2026/11/00000000-0000-4000-8000-000000000000.jpg?w=320')).status).toBe(404);
    const { token } = await signUp('reporter');
    const { body, contentType } = multipart([{ name: 'file', value: samples.mp4, filename: 'clip.mp4' }]);
    const video = await api('/api/upload/video', {
      method: 'POST',
      token,
      body,
      headers: { 'Content-Type': contentType, 'Content-Length': String(body.length) },
    });
    expect((await site(`${video.body.url}?w=320`)).status).toBe(400);
  });

  it('leave a GIF as it is (its frames would be lost)', async () => {
    const url = await uploadPicture(samples.gif);
    const res = await site(`${url}?w=320`, { headers: { Accept: BROWSER_ACCEPT } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/gif');
    expect(res.bytes).toEqual(samples.gif);
  });

  it('are made once per width and format, then answered from the edge cache, and revalidated by ETag', async () => {
    const cached = siteApp({ pictureCache: await caches.open(`pictures-${crypto.randomUUID()}`) });
    const url = await uploadPicture(photoBytes);
    const first = await cached(`${url}?w=480`, { headers: { Accept: BROWSER_ACCEPT } });
    expect(first.headers.get('x-edge-cache')).toBe('MISS');
    const again = await cached(`${url}?w=480`, { headers: { Accept: BROWSER_ACCEPT } });
    expect(again.headers.get('x-edge-cache')).toBe('HIT');
    expect(again.bytes).toEqual(first.bytes);
    expect(again.headers.get('content-type')).toBe('image/avif');
    // Another format is another entry.
    const webp = await cached(`${url}?w=480`, { headers: { Accept: 'image/webp' } });
    expect(webp.headers.get('x-edge-cache')).toBe('MISS');
    expect(webp.headers.get('content-type')).toBe('image/webp');
    const etag = first.headers.get('etag')!;
    expect(etag).not.toBe(webp.headers.get('etag'));
    const revalidated = await cached(`${url}?w=480`, { headers: { Accept: BROWSER_ACCEPT, 'If-None-Match': etag } });
    expect(revalidated.status).toBe(304);
  });
});
