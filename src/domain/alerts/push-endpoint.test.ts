import { describe, expect, it } from 'vitest';
import { isPublicHostname, pushEndpointProblem } from './push-endpoint.ts';

describe('push endpoints the server may post to', () => {
  it('takes the push services’ own addresses', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/dAPTzCpL9jE:APA91bH2',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk',
      'https://web.push.apple.com/QGuQyavXutnMd6yRsQ',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
    ])
      expect(pushEndpointProblem(endpoint, false)).toBeNull();
  });

  it('refuses names that are not public, IP literals of any kind, other ports and plain http', () => {
    for (const hostname of [
      'localhost',
      'push.localhost',
      'printer.local',
      'intranet',
      'svc.internal',
      'router.home.arpa',
      'x.test',
      '127.0.0.1',
      '10.1.2.3',
      '[::1]',
      '0x7f.1',
    ])
      expect(isPublicHostname(new URL(`https://${hostname}/`).hostname), hostname).toBe(false);
    expect(pushEndpointProblem('https://fcm.googleapis.com:444/x', false)).toMatch(/port/);
    expect(pushEndpointProblem('http://fcm.googleapis.com/x', false)).toMatch(/https/);
    expect(pushEndpointProblem(`https://fcm.googleapis.com/${'a'.repeat(2048)}`, false)).toMatch(/at most/);
  });

  it('takes http and this machine when private endpoints are allowed (local tests), never another scheme', () => {
    expect(pushEndpointProblem('http://127.0.0.1:9061/push/s1', true)).toBeNull();
    expect(pushEndpointProblem('ftp://127.0.0.1/push', true)).toMatch(/http/);
  });
});
