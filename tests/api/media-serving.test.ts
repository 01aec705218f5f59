import { env, exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, signUp } from './support/api.ts';
import { byteDifference, fileOf, multipart, samples } from './support/media.ts';

async function get(path: string, headers: Record<string, string> = {}, method = 'GET') {
  const res = await exports.default.fetch(new Request(`http://newsroom.test${path}`, { method, headers }));
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

describe('GET /media/{key}', () => {
  const video = fileOf(samples.mp4, 300_000);
  let url = '';

  beforeAll(async () => {
    const { token } = await signUp('reporter');
    const { body, contentType } = multipart([{ name: 'video', value: video, filename: 'clip.mp4' }]);
    const res = await api('/api/upload/video', { method: 'POST', token, body, headers: { 'Content-Type': contentType } });
    expect(res.status).toBe(201);
    url = res.body.url;
  });

  it('answers the whole object with its stored type, length, ETag and media headers', async () => {
    const res = await get(url);
    expect(res.status).toBe(200);
    expect(byteDifference(res.bytes, video)).toBe('equal');
    expect(res.headers.get('content-type')).toBe('video/mp4');
    expect(res.headers.get('content-length')).toBe(String(video.length));
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('etag')).toMatch(/^"[0-9a-f-]+"$/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
  });

  it.each([
    ['bytes=0-99', 0, 100],
    ['bytes=1000-1999', 1000, 1000],
    ['bytes=299990-', 299_990, 10],
    ['bytes=-500', 299_500, 500],
    ['bytes=299000-999999', 299_000, 1000],
    ['bytes=-999999', 0, 300_000],
  ])('answers Range %s with 206 and exactly those bytes', async (range, offset, length) => {
    const res = await get(url, { Range: range });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes ${offset}-${offset + length - 1}/${video.length}`);
    expect(res.headers.get('content-length')).toBe(String(length));
    expect(byteDifference(res.bytes, video.subarray(offset, offset + length))).toBe('equal');
  });

  it('answers 416 with the size for a range past the end', async () => {
    for (const range of ['bytes=300000-', 'bytes=400000-400010', 'bytes=-0']) {
      const res = await get(url, { Range: range });
      expect(res.status).toBe(416);
      expect(res.headers.get('content-range')).toBe(`bytes */${video.length}`);
    }
  });

  it('answers the whole object for a Range it does not serve (several ranges, other units)', async () => {
    for (const range of ['bytes=0-1,5-6', 'items=0-1']) {
      const res = await get(url, { Range: range });
      expect(res.status).toBe(200);
      expect(res.bytes.length).toBe(video.length);
    }
  });

  it('answers 304 to If-None-Match with the ETag, and honours If-Range', async () => {
    const etag = (await get(url)).headers.get('etag')!;
    const cached = await get(url, { 'If-None-Match': `"other", ${etag}` });
    expect(cached.status).toBe(304);
    expect(cached.bytes.length).toBe(0);
    expect((await get(url, { 'If-None-Match': '"something-else"' })).status).toBe(200);
    expect((await get(url, { Range: 'bytes=0-9', 'If-Range': etag })).status).toBe(206);
    expect((await get(url, { Range: 'bytes=0-9', 'If-Range': '"stale"' })).status).toBe(200);
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await get(url, { Range: 'bytes=10-19' }, 'HEAD');
    expect(res.status).toBe(206);
    expect(res.headers.get('content-length')).toBe('10');
    expect(res.bytes.length).toBe(0);
  });

  it('answers 404 for unknown keys and for anything that is not a key the server makes', async () => {
    // (A literal /media/../x never gets here: URLs are normalised before routing.)
    for (const path of [
      '/media/videos/2026/01/00000000-0000-0000-0000-000000000000.mp4',
      '/media/..%2Fwrangler.toml',
      '/media/images/2026/01/not-a-uuid.png',
      '/media/notes.txt',
      '/media/',
    ]) {
      const res = await get(path);
      expect(res.status).toBe(404);
    }
  });

  it('serves even a hostile object inert: its stored type, nosniff, sandboxed', async () => {
    // Put straight into R2 under a server-style key, as if it had slipped past the checks.
    const key = 'images/2026/01/11111111-2222-3333-4444-555555555555.png';
    await env.MEDIA.put(key, samples.html, { httpMetadata: { contentType: 'image/png' } });
    const res = await get(`/media/${key}`);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
