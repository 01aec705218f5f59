import { describe, expect, it } from 'vitest';
import { linkOrigin, parseSiteOrigin } from './site-origin.ts';

describe('SITE_ORIGIN (decision 106)', () => {
  it('is an http(s) origin, with nothing after it', () => {
    expect(parseSiteOrigin('https://news.example')).toBe('https://news.example');
    expect(parseSiteOrigin(' https://News.Example:8443/ ')).toBe('https://news.example:8443');
    expect(parseSiteOrigin('http://127.0.0.1:8950')).toBe('http://127.0.0.1:8950');
    for (const text of [
      undefined,
      '',
      'news.example',
      'ftp://news.example',
      'https://news.example/site',
      'https://u:p@news.example',
      'https://news.example/?a=1',
    ])
      expect(parseSiteOrigin(text), String(text)).toBe(null);
  });

  it('makes links whatever Host a request came with; without it, the request’s origin', () => {
    expect(linkOrigin('https://news.example', 'http://evil.example')).toBe('https://news.example');
    expect(linkOrigin(null, 'http://127.0.0.1:8787')).toBe('http://127.0.0.1:8787');
  });
});
