import type { TopicKey } from './topics.ts';

/**
 * A breaking-news alert: one story pushed to the readers of one topic (docs/product/api-alerts.md).
 * `queued` until its audience is frozen, `sending` while batches are out, `sent` when every
 * subscription has an outcome.
 */
export type AlertState = 'queued' | 'sending' | 'sent';

/** What is sent: fixed when the alert is sent. */
export interface AlertContent {
  storyId: number;
  topic: TopicKey;
  /** What the lock screen shows. */
  title: string;
  body: string;
  /** The story's address on the site, absolute. */
  url: string;
  icon: string;
  /** The VAPID `sub` (a mailto: address, RFC 8292 section 2.1). */
  contact: string;
}

/** How far it has gone: the figures grow as push services answer. */
export interface AlertProgress {
  id: number;
  state: AlertState;
  recipients: number;
  delivered: number;
  failed: number;
  removed: number;
  createdAt: string;
  finishedAt: string | null;
}

export type Alert = AlertContent & AlertProgress;

/** GET /api/alerts/{id} (docs/product/api-alerts.md): its progress, with the topic as the API spells it. */
export type AlertView = AlertProgress & { storyId: number; topic: string };

export function alertView(alert: Alert, topic: string): AlertView {
  const { id, storyId, state, recipients, delivered, failed, removed, createdAt, finishedAt } = alert;
  return { id, storyId, topic, state, recipients, delivered, failed, removed, createdAt, finishedAt };
}

/** The picture beside every alert: the site's app icon (public/icons). */
export const ALERT_ICON_PATH = '/icons/icon-192.png';

/**
 * The message every subscription receives (encrypted for each): what the service worker shows and
 * where a tap leads. `tag` is the story's: a reader who follows two topics the same story was sent
 * to sees it once, the second replacing the first on the screen.
 */
export interface AlertMessage {
  title: string;
  body: string;
  url: string;
  icon: string;
  tag: string;
}

export function alertMessage(alert: Pick<Alert, 'storyId' | 'title' | 'body' | 'url' | 'icon'>): AlertMessage {
  return { title: alert.title, body: alert.body, url: alert.url, icon: alert.icon, tag: `story-${alert.storyId}` };
}

/** `text` cut to at most `max` characters, at a word where there is one, ending in an ellipsis. */
export function shortened(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}
