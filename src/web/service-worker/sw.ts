/// <reference lib="webworker" />
/**
 * The site's service worker (/sw.js, built by scripts/vite/service-worker.ts): it shows breaking-news
 * alerts and opens the story on a tap (docs/product/api-alerts.md). Registered only when a reader
 * opens the Alerts panel. It has no fetch handler: pages load as they always do, never through it.
 */
import { storedTopics, applicationServerKey, forgetSubscription, saveSubscription } from '../../reader/alerts/alerts-client.ts';
import { clickTarget, notificationFor } from './alert-notification.ts';

declare const self: ServiceWorkerGlobalScope;

/** The Push API's event when the browser replaced a subscription (not in TypeScript's lib yet). */
interface PushSubscriptionChangeEvent extends ExtendableEvent {
  readonly oldSubscription: PushSubscription | null;
  readonly newSubscription: PushSubscription | null;
}

self.addEventListener('install', () => {
  void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('push', (event) => {
  let data: unknown = null;
  try {
    data = event.data?.json();
  } catch {
    // Not JSON: notificationFor shows the generic note (a push must always show something).
  }
  const { title, options } = notificationFor(data, self.location.origin);
  // waitUntil: the browser must see the notification shown before the event ends (Safari revokes
  // a subscription whose pushes show nothing).
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openStory(clickTarget(event.notification.data, self.location.origin)));
});

/** A window of the site already open goes to the story; otherwise a new one opens on it. */
async function openStory(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  const navigated = open ? await open.navigate(url).catch(() => null) : null;
  if (navigated) await navigated.focus().catch(() => navigated);
  else await self.clients.openWindow(url);
}

self.addEventListener('pushsubscriptionchange', (event) => {
  const change = event as PushSubscriptionChangeEvent;
  change.waitUntil(resubscribe(change));
});

/** The browser replaced this subscription (it expired, keys rotated): the new one follows the same topics. */
async function resubscribe(change: PushSubscriptionChangeEvent): Promise<void> {
  const topics = await storedTopics();
  if (!topics || topics.length === 0) return;
  const key = await applicationServerKey();
  if (key === null) return;
  const renewed =
    change.newSubscription ?? (await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }));
  const saved = await saveSubscription(renewed.toJSON(), topics);
  if (saved.ok && change.oldSubscription && change.oldSubscription.endpoint !== renewed.endpoint) {
    await forgetSubscription(change.oldSubscription.endpoint);
  }
}
