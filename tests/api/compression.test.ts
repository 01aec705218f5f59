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
  it('names a coding for text a client accepts it for; the body stays the same JSON, cached or not', async () => {
    const reporter = await signUp('reporter');
    for (let n = 0; n < 3; n++) await createStory(reporter.token, { title: `Compressed story ${n}`, status: 'published' });
    const url = '/api/stories?status=published&limit=6';
    const plain = await api(url);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.text.length).toBeGreaterThan(1024);

    for (const [accept, coding] of [['gzip, deflate, br', 'br'], ['gzip', 'gzip']] as const) {
      const res = await api(url, { headers: { 'Accept-Encoding': accept } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBe(coding);
      expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(res.headers.get('content-length')).toBeNull();
      expect(res.body).toEqual(plain.body);
    }
    // A client that accepts no coding after one that did still gets plain bytes (the edge cache stores them plain).
    expect((await api(url)).headers.get('content-encoding')).toBeNull();
  });

  it('leaves errors and HEAD requests plain', async () => {
    const headers = { 'Accept-Encoding': 'gzip, br' };
    expect((await api('/api/stories/999999', { headers })).headers.get('content-encoding')).toBeNull();
    expect((await api('/api/stories?status=published', { method: 'HEAD', headers })).headers.get('content-encoding')).toBeNull();
  });
});
