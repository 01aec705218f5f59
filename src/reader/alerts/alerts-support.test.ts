import { describe, expect, it } from 'vitest';
import { alertSupport, topicList, type BrowserFacts } from './alerts-support.ts';

const chrome: BrowserFacts = {
  serviceWorker: true,
  pushManager: true,
  notifications: true,
  permission: 'default',
  standalone: false,
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36',
  maxTouchPoints: 0,
};
const iphoneSafari: BrowserFacts = {
  serviceWorker: true,
  pushManager: false,
  notifications: false,
  permission: null,
  standalone: false,
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  maxTouchPoints: 5,
};

describe('whether a browser can take alerts', () => {
  it('is ready where there are a service worker, PushManager and notifications, unless the reader blocked them', () => {
    expect(alertSupport(chrome)).toBe('ready');
    expect(alertSupport({ ...chrome, permission: 'denied' })).toBe('blocked');
    expect(alertSupport({ ...chrome, permission: 'granted' })).toBe('ready');
  });

  it('sends Safari on iPhone and iPad to the home screen first, and says so for an iPad that looks like a Mac', () => {
    expect(alertSupport(iphoneSafari)).toBe('install-first');
    const ipad = {
      ...iphoneSafari,
      userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/18.1 Safari/605.1.15',
    };
    expect(alertSupport(ipad)).toBe('install-first');
    // Added to the home screen, iOS 16.4+ has it all.
    expect(alertSupport({ ...iphoneSafari, standalone: true, pushManager: true, notifications: true, permission: 'default' })).toBe(
      'ready',
    );
    // An old iOS on the home screen still has none of it.
    expect(alertSupport({ ...iphoneSafari, standalone: true })).toBe('unsupported');
  });

  it('says a browser without Web Push cannot take alerts', () => {
    expect(alertSupport({ ...chrome, pushManager: false })).toBe('unsupported');
    expect(alertSupport({ ...chrome, userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', pushManager: false })).toBe(
      'unsupported',
    );
  });

  it('lists topics as a sentence', () => {
    expect(topicList([])).toBe('');
    expect(topicList(['Breaking news'])).toBe('Breaking news');
    expect(topicList(['Breaking news', 'Politics', 'Courts'])).toBe('Breaking news, Politics and Courts');
  });
});
