import { describe, expect, it } from 'vitest';
import { hostMatches, referrerSource, sourceOfHost, isReferrer } from './referrer-source.ts';

const SITE = 'newsroom.example';

describe('referrerSource', () => {
  it.each([
    ['https://www.google.com/', 'google.com', 'search'],
    ['https://www.google.co.uk/search?q=flood', 'google.co.uk', 'search'],
    ['https://google.de/', 'google.de', 'search'],
    ['https://www.bing.com/search?q=x', 'bing.com', 'search'],
    ['https://duckduckgo.com/', 'duckduckgo.com', 'search'],
    ['https://search.yahoo.com/search?p=x', 'search.yahoo.com', 'search'],
    ['android-app://com.google.android.googlequicksearchbox/', 'com.google.android.googlequicksearchbox', 'search'],
    ['https://news.google.com/articles/abc', 'news.google.com', 'news'],
    ['https://news.google.co.in/', 'news.google.co.in', 'news'],
    ['https://news.yahoo.com/x', 'news.yahoo.com', 'news'],
    ['https://flipboard.com/@news', 'flipboard.com', 'news'],
    ['https://t.co/abc', 't.co', 'social'],
    ['https://l.facebook.com/l.php?u=x', 'l.facebook.com', 'social'],
    ['https://m.facebook.com/', 'm.facebook.com', 'social'],
    ['https://www.reddit.com/r/news', 'reddit.com', 'social'],
    ['https://news.ycombinator.com/item?id=1', 'news.ycombinator.com', 'social'],
    ['https://bsky.app/profile/x', 'bsky.app', 'social'],
    ['https://www.pinterest.co.uk/pin/1', 'pinterest.co.uk', 'social'],
    ['https://example.org/blog/post', 'example.org', 'other'],
    ['https://notgoogle.com/', 'notgoogle.com', 'other'],
    ['https://google.evil.example/', 'google.evil.example', 'other'],
    ['https://mail.yahoo.com.attacker.example/', 'mail.yahoo.com.attacker.example', 'other'],
    ['https://FACEBOOK.COM./', 'facebook.com', 'social'],
  ])('%s comes from %s (%s)', (referrer, host, source) => {
    expect(referrerSource(referrer, SITE)).toEqual({ host, source });
  });

  it('is direct with no host for no referrer, an empty one, or this site', () => {
    expect(referrerSource(undefined, SITE)).toEqual({ host: null, source: 'direct' });
    expect(referrerSource(null, SITE)).toEqual({ host: null, source: 'direct' });
    expect(referrerSource('', SITE)).toEqual({ host: null, source: 'direct' });
    expect(referrerSource('  ', SITE)).toEqual({ host: null, source: 'direct' });
    expect(referrerSource('https://newsroom.example/story/a', SITE)).toEqual({ host: null, source: 'direct' });
    expect(referrerSource('https://www.newsroom.example/', SITE)).toEqual({ host: null, source: 'direct' });
    expect(referrerSource('http://127.0.0.1:8787/', '127.0.0.1')).toEqual({ host: null, source: 'direct' });
  });

  it('does not take a subdomain of this site for the site itself', () => {
    expect(referrerSource('https://blog.newsroom.example/', SITE)).toEqual({ host: 'blog.newsroom.example', source: 'other' });
  });
});

describe('the host lists', () => {
  it('match a name under any one suffix, and subdomains of exact entries', () => {
    expect(hostMatches('google.com', 'google.*')).toBe(true);
    expect(hostMatches('images.google.com.au', 'google.*')).toBe(true);
    expect(hostMatches('google', 'google.*')).toBe(false);
    expect(hostMatches('google.com.evil.example', 'google.*')).toBe(false);
    expect(hostMatches('mygoogle.com', 'google.*')).toBe(false);
    expect(hostMatches('sub.t.co', 't.co')).toBe(true);
    expect(hostMatches('xt.co', 't.co')).toBe(false);
  });

  it('try news before search before social', () => {
    expect(sourceOfHost('news.google.com')).toBe('news');
    expect(sourceOfHost('google.com')).toBe('search');
    expect(sourceOfHost('youtube.com')).toBe('social');
  });
});

describe('isReferrer', () => {
  it('takes empty text or an absolute URL with a host, nothing else', () => {
    expect(isReferrer('')).toBe(true);
    expect(isReferrer('https://www.google.com/')).toBe(true);
    expect(isReferrer('android-app://com.google.android.gm/')).toBe(true);
    expect(isReferrer('google.com')).toBe(false);
    expect(isReferrer('/story/a')).toBe(false);
    expect(isReferrer('not a url')).toBe(false);
    expect(isReferrer('mailto:someone@example.org')).toBe(false);
  });
});
