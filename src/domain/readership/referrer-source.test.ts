import { describe, expect, it } from 'vitest';
import { hostMatches, isDnsName, referrerSource, sourceOfHost, isReferrer, viewOrigin } from './referrer-source.ts';

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
    ['https://mail.google.com/mail/u/0/', 'mail.google.com', 'email'],
    ['android-app://com.google.android.gm/', 'com.google.android.gm', 'email'],
    ['https://outlook.live.com/', 'outlook.live.com', 'email'],
    ['https://mail.yahoo.com/d/folders/1', 'mail.yahoo.com', 'email'],
    ['https://mail.proton.me/u/0/inbox', 'mail.proton.me', 'email'],
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

  it('counts a host that is no DNS name, or longer than DNS allows, as other with no host', () => {
    const label = 'a'.repeat(63);
    const longest = [label, label, label, 'a'.repeat(61)].join('.');
    expect(longest).toHaveLength(253);
    expect(referrerSource(`https://${longest}/`, SITE)).toEqual({ host: longest, source: 'other' });
    expect(referrerSource(`https://${longest}a/`, SITE)).toEqual({ host: null, source: 'other' });
    expect(referrerSource(`https://${'a'.repeat(300)}.example/`, SITE)).toEqual({ host: null, source: 'other' });
    expect(referrerSource('http://203.0.113.9/', SITE)).toEqual({ host: null, source: 'other' });
    expect(referrerSource('http://[2001:db8::1]:8080/', SITE)).toEqual({ host: null, source: 'other' });
    expect(referrerSource('https://under_score.example/', SITE)).toEqual({ host: null, source: 'other' });
  });

  it('does not take a subdomain of this site for the site itself', () => {
    expect(referrerSource('https://blog.newsroom.example/', SITE)).toEqual({ host: 'blog.newsroom.example', source: 'other' });
  });
});

describe('viewOrigin', () => {
  it('is email for a link tagged utm_medium=email, whatever the referrer, keeping the referrer’s host', () => {
    expect(viewOrigin({ referrer: '', utmMedium: 'email' }, SITE)).toEqual({ host: null, source: 'email' });
    expect(viewOrigin({ referrer: undefined, utmMedium: 'email' }, SITE)).toEqual({ host: null, source: 'email' });
    expect(viewOrigin({ referrer: 'https://mail.google.com/', utmMedium: 'email' }, SITE)).toEqual({
      host: 'mail.google.com',
      source: 'email',
    });
    // A webmail that passes the link through a redirector of its own, or a mail app with a browser of its own.
    expect(viewOrigin({ referrer: 'https://www.google.com/', utmMedium: 'email' }, SITE)).toEqual({ host: 'google.com', source: 'email' });
    expect(viewOrigin({ referrer: 'https://newsroom.example/', utmMedium: 'email' }, SITE)).toEqual({ host: null, source: 'email' });
    expect(viewOrigin({ referrer: 'http://203.0.113.9/', utmMedium: 'email' }, SITE)).toEqual({ host: null, source: 'email' });
  });

  it('reads the medium as campaign tools write it: any case, spaces around, e-mail', () => {
    for (const medium of ['EMAIL', ' Email ', 'e-mail', 'e_mail', 'e mail']) {
      expect(viewOrigin({ referrer: '', utmMedium: medium }, SITE).source).toBe('email');
    }
  });

  it('leaves any other medium, or none, to the referrer', () => {
    expect(viewOrigin({ referrer: 'https://t.co/x', utmMedium: 'social' }, SITE)).toEqual({ host: 't.co', source: 'social' });
    expect(viewOrigin({ referrer: '', utmMedium: 'newsletter-ish' }, SITE)).toEqual({ host: null, source: 'direct' });
    expect(viewOrigin({ referrer: '', utmMedium: 'emails' }, SITE)).toEqual({ host: null, source: 'direct' });
    expect(viewOrigin({ referrer: '', utmMedium: null }, SITE)).toEqual({ host: null, source: 'direct' });
    expect(viewOrigin({ referrer: 'https://www.bing.com/' }, SITE)).toEqual({ host: 'bing.com', source: 'search' });
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

describe('isDnsName', () => {
  it('takes letters, digits and hyphens in labels of at most 63, 253 in all, and no address', () => {
    for (const name of ['example.org', 'a.b.c', 'xn--mnchen-3ya.de', 'localhost', '1password.com', 'com.google.android.gm', 'a-b.c'])
      expect(isDnsName(name), name).toBe(true);
    for (const name of ['', '-a.com', 'a-.com', 'a..b', `${'a'.repeat(64)}.com`, '10.0.0.1', 'a.123', 'ex ample.org', 'a_b.org', 'é.fr'])
      expect(isDnsName(name), name).toBe(false);
  });
});
