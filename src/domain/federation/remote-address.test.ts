import { describe, expect, it } from 'vitest';
import { checkRemoteUrl, followerInbox, hostOf, isPublicAddress, webLinkOrNull } from './remote-address.ts';

describe('where federation may send and fetch', () => {
  it('allows https to public names and addresses', () => {
    for (const url of ['https://mastodon.social/inbox', 'https://1.1.1.1/x', 'https://[2606:4700::1111]/x', 'https://example.com:8443/a']) {
      expect(checkRemoteUrl(url, false).ok, url).toBe(true);
    }
  });

  it('refuses plain http, other schemes, credentials and things that are no URL', () => {
    for (const url of [
      'http://mastodon.social/inbox',
      'ftp://example.com/',
      'https://user:pw@example.com/',
      'not a url',
      'javascript:alert(1)',
    ]) {
      expect(checkRemoteUrl(url, false).ok, url).toBe(false);
    }
  });

  it('refuses loopback, private, link-local, shared, documentation and multicast addresses, however written', () => {
    const refused = [
      'https://127.0.0.1/',
      'https://127.1.2.3/',
      'https://2130706433/', // 127.0.0.1 as one number: the URL parser writes it as 127.0.0.1
      'https://0x7f000001/',
      'https://10.0.0.5/',
      'https://172.16.0.1/',
      'https://172.31.255.255/',
      'https://192.168.1.1/',
      'https://169.254.169.254/latest/meta-data',
      'https://100.64.0.1/',
      'https://0.0.0.0/',
      'https://224.0.0.1/',
      'https://203.0.113.9/',
      'https://[::1]/',
      'https://[::]/',
      'https://[fc00::1]/',
      'https://[fd12:3456::1]/',
      'https://[fe80::1]/',
      'https://[::ffff:127.0.0.1]/',
      'https://[::ffff:7f00:1]/',
      'https://[64:ff9b::a00:1]/',
      'https://[2001:db8::1]/',
      'https://localhost/',
      'https://app.localhost/',
      'https://printer.local/',
      'https://db.internal/',
      'https://intranet/',
    ];
    for (const url of refused) expect(checkRemoteUrl(url, false).ok, url).toBe(false);
  });

  it('allows everything http(s) with FEDERATION_ALLOW_PRIVATE (tests on one machine), still not other schemes', () => {
    expect(checkRemoteUrl('http://127.0.0.1:9021/inbox', true).ok).toBe(true);
    expect(checkRemoteUrl('https://[::1]/', true).ok).toBe(true);
    expect(checkRemoteUrl('file:///etc/passwd', true).ok).toBe(false);
  });

  it('tells addresses a name resolved to apart', () => {
    expect(isPublicAddress('93.184.216.34')).toBe(true);
    expect(isPublicAddress('172.15.255.255')).toBe(true);
    expect(isPublicAddress('172.32.0.0')).toBe(true);
    expect(isPublicAddress('192.168.0.1')).toBe(false);
    expect(isPublicAddress('2a00:1450:4001:81a::200e')).toBe(true);
    expect(isPublicAddress('::ffff:10.1.1.1')).toBe(false);
    expect(isPublicAddress('not:an:address:::')).toBe(false);
  });

  it('names a server by its lower-case host and port', () => {
    expect(hostOf('https://Mastodon.Social/inbox')).toBe('mastodon.social');
    expect(hostOf('http://127.0.0.1:9021/users/a')).toBe('127.0.0.1:9021');
  });
});

describe('a follower’s inbox (decision 106)', () => {
  const actor = 'https://m.example/users/ann';
  it('is their shared inbox, else their own, only on their actor’s origin', () => {
    expect(followerInbox(actor, { shared: 'https://m.example/inbox', own: `${actor}/inbox` })).toBe('https://m.example/inbox');
    expect(followerInbox(actor, { shared: 'https://victim.example/inbox', own: `${actor}/inbox` })).toBe(`${actor}/inbox`);
    expect(followerInbox(actor, { shared: null, own: 'https://victim.example/users/ann/inbox' })).toBe(null);
    expect(followerInbox(actor, { shared: 'https://m.example:8443/inbox', own: null })).toBe(null);
    expect(followerInbox(actor, { shared: 'http://m.example/inbox', own: null })).toBe(null);
    expect(followerInbox(actor, { shared: null, own: null })).toBe(null);
  });
});

describe('links from other servers (decision 106)', () => {
  it('are http(s) addresses or nothing', () => {
    expect(webLinkOrNull('https://m.example/@ann')).toBe('https://m.example/@ann');
    expect(webLinkOrNull('http://m.example/@ann')).toBe('http://m.example/@ann');
    for (const url of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,x',
      'vbscript:x',
      'not a url',
      '',
      null,
      undefined,
    ])
      expect(webLinkOrNull(url), String(url)).toBe(null);
  });
});
