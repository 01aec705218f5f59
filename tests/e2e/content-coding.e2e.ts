import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall, site } from './support/site.ts';

/**
 * What a plain HTTP client gets from the served build (wrangler dev on workerd, as `npm start`
 * runs it): node:http sends exactly the headers given, no Accept-Encoding unless told, and never
 * decodes, as curl without --compressed, a feed reader or a crawler.
 */
function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; encoding: string | undefined; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function decode(encoding: string | undefined, body: Buffer): string {
  if (encoding === 'br') return brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(body).toString('utf8');
  return body.toString('utf8');
}

describe('content coding on the served build', () => {
  const pages: { path: string; marker: RegExp }[] = [];

  beforeAll(async () => {
    const list = await apiCall<{ slug: string; title: string }[]>('/api/stories?status=published&limit=1');
    const story = list.body[0]!;
    pages.push(
      { path: `/story/${story.slug}`, marker: /<meta property="og:title"/ },
      { path: '/', marker: /<meta property="og:title"/ },
      { path: '/rss.xml', marker: /^<\?xml[^>]*>\s*<rss/ },
      { path: '/sitemap.xml', marker: /^<\?xml[^>]*>\s*<urlset/ },
    );
  });

  it('answers a client that sent no Accept-Encoding in plain text', async () => {
    for (const { path, marker } of pages) {
      const res = await get(`${site().baseUrl}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.encoding, path).toBeUndefined();
      expect(res.body.toString('utf8'), path).toMatch(marker);
    }
  });

  it('answers identity in plain text', async () => {
    for (const { path, marker } of pages) {
      const res = await get(`${site().baseUrl}${path}`, { 'Accept-Encoding': 'identity' });
      expect(res.encoding, path).toBeUndefined();
      expect(res.body.toString('utf8'), path).toMatch(marker);
    }
  });

  it.each([['br'], ['gzip'], ['gzip, deflate, br, zstd']])('compresses for a client that accepts %s', async (accept) => {
    for (const { path, marker } of pages) {
      const res = await get(`${site().baseUrl}${path}`, { 'Accept-Encoding': accept });
      expect(res.status, path).toBe(200);
      expect(accept.split(/,\s*/), path).toContain(res.encoding);
      expect(decode(res.encoding, res.body), path).toMatch(marker);
    }
  });
});
