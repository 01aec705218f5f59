import { ALERT_ICON_PATH } from '../../domain/alerts/alert.ts';

/**
 * What the service worker (sw.ts) shows for a breaking-news alert, and where a tap leads: plain
 * functions, so they are tested without a browser. An alert's JSON is the server's AlertMessage
 * (docs/product/api-alerts.md): `{title, body, url, icon, tag}`.
 */

/** The small monochrome picture Android shows in the status bar. */
export const ALERT_BADGE = '/icons/badge-72.png';
export const ALERT_ICON = ALERT_ICON_PATH;

/** A push must always show something (browsers require it); one we cannot read says where to look. */
const FALLBACK = { title: 'The Newsroom', body: 'There is news. Open the site for the latest.', tag: 'newsroom' };

export interface AlertNotification {
  title: string;
  options: { body: string; icon: string; badge: string; tag: string; lang: string; data: { url: string } };
}

const text = (value: unknown, max: number) => (typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, max) : null);

export function notificationFor(data: unknown, origin: string): AlertNotification {
  const alert = data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  const title = text(alert.title, 200);
  const home = new URL('/', origin).href;
  if (title === null) {
    return {
      title: FALLBACK.title,
      options: { body: FALLBACK.body, icon: ALERT_ICON, badge: ALERT_BADGE, tag: FALLBACK.tag, lang: 'en', data: { url: home } },
    };
  }
  return {
    title,
    options: {
      body: text(alert.body, 400) ?? '',
      icon: sameSite(alert.icon, origin) ?? ALERT_ICON,
      badge: ALERT_BADGE,
      // The same story alerted on two topics shows once: the second replaces the first.
      tag: text(alert.tag, 100) ?? FALLBACK.tag,
      lang: 'en',
      data: { url: sameSite(alert.url, origin) ?? home },
    },
  };
}

/** `value` as an address on this site (absolute, or a path), or null: an alert never leads elsewhere. */
export function sameSite(value: unknown, origin: string): string | null {
  if (typeof value !== 'string' || value === '') return null;
  try {
    const url = new URL(value, origin);
    return url.origin === origin ? url.href : null;
  } catch {
    return null;
  }
}

/** Where a tap on a notification leads: its story, or the home page. */
export function clickTarget(data: unknown, origin: string): string {
  const url = data && typeof data === 'object' ? (data as { url?: unknown }).url : undefined;
  return sameSite(url, origin) ?? new URL('/', origin).href;
}
