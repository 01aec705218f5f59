/**
 * Whether this browser can take alerts, and what to tell the reader when it cannot (plain logic over
 * what the browser reports, tested without one). Web Push needs a service worker, PushManager and
 * notifications; on iPhone and iPad (iOS 16.4 and later) only a site added to the home screen has
 * them, so Safari there gets the guide instead.
 */
export type AlertSupport = 'ready' | 'blocked' | 'install-first' | 'unsupported';

export interface BrowserFacts {
  serviceWorker: boolean;
  pushManager: boolean;
  notifications: boolean;
  /** Notification.permission, when there is Notification. */
  permission: string | null;
  /** Running from the home screen (display-mode: standalone, or Safari's navigator.standalone). */
  standalone: boolean;
  userAgent: string;
  maxTouchPoints: number;
}

/** iPhone, iPod, or an iPad (which says "Macintosh" but has a touch screen). */
export function isAppleMobile(facts: Pick<BrowserFacts, 'userAgent' | 'maxTouchPoints'>): boolean {
  return /iPhone|iPad|iPod/.test(facts.userAgent) || (/Macintosh/.test(facts.userAgent) && facts.maxTouchPoints > 1);
}

export function alertSupport(facts: BrowserFacts): AlertSupport {
  if (facts.serviceWorker && facts.pushManager && facts.notifications) return facts.permission === 'denied' ? 'blocked' : 'ready';
  return isAppleMobile(facts) && !facts.standalone ? 'install-first' : 'unsupported';
}

/** Topics as a sentence: "Breaking news, Politics and Courts". */
export function topicList(names: readonly string[]): string {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
