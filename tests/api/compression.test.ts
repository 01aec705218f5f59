import { describe, expect, it } from 'vitest';
import { chooseEncoding } from '../../src/adapters/http/middleware/compression.ts';
import { api, createStory, signUp } from './support/api.ts';

describe('choosing a content coding from Accept-Encoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0.5, br;q=0.1', 'br'],
    ['*', 'br'],
    ['identity', null],
    ['', null],
    [undefined, null],
    ['gzip;q=0', null],
    ['deflate', null],
  ])('%j answers in %j', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});

describe('compressed answers', () => {
  it('names a coding for a feed a client accepts it for; the text stays the same', async () => {
    const reporter = await signUp('reporter');
    for (let n = 0; n < 4; n++) await createStory(reporter.token, { title: `Compressed story ${n}`, status: 'published' });
    const plain = await api('/rss.xml');
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.text.length).toBeGreaterThan(1024);

    for (const [accept, coding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const res = await api('/rss.xml', { headers: { 'Accept-Encoding': accept } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBe(coding);
      expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(res.headers.get('content-length')).toBeNull();
      expect(res.text).toBe(plain.text);
    }
  });

  it('leaves JSON API answers, errors and HEAD requests to the edge, plain', async () => {
    const headers = { 'Accept-Encoding': 'gzip, br' };
    const list = await api('/api/stories?status=published&limit=6', { headers });
    expect(list.status).toBe(200);
    expect(list.headers.get('content-encoding')).toBeNull();
    expect((await api('/api/stories/999999', { headers })).headers.get('content-encoding')).toBeNull();
    expect((await api('/rss.xml', { method: 'HEAD', headers })).headers.get('content-encoding')).toBeNull();
  });
});
