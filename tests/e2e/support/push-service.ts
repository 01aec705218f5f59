import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { PushReceiver, type ReceivedPush } from '../../../scripts/lib/push-receiver/push-receiver.ts';

/**
 * Chromium's push service, on this machine. Chromium registers push subscriptions with Google's FCM,
 * which this machine cannot reach (headless, offline: `subscribe()` is refused). So the browser's
 * PushManager is given its subscriptions by the local push receiver (scripts/lib/push-receiver),
 * which holds the browser's keys as a real push service and browser do; when the server pushes, the
 * receiver checks VAPID, decrypts the message, and hands what it read to the page's real service worker
 * through the DevTools protocol (ServiceWorker.deliverPushMessage), as Chromium does with what FCM brings.
 * Everything of ours (the island, /sw.js, the server's encryption and signing) runs as it would.
 */
export class LocalPushService {
  private readonly relays = new Map<string, { cdp: CDPSession; origin: string; registrationId: () => string | null }>();
  /** Every push the receiver read, in order. */
  readonly delivered: ReceivedPush[] = [];

  private constructor(readonly receiver: PushReceiver) {
    receiver.onPush((push) => {
      this.delivered.push(push);
      const relay = this.relays.get(push.subscriptionId);
      const registrationId = relay?.registrationId();
      if (relay && registrationId !== null && registrationId !== undefined) {
        void relay.cdp.send('ServiceWorker.deliverPushMessage', {
          origin: relay.origin,
          registrationId,
          data: JSON.stringify(push.payload),
        });
      }
    });
  }

  static async start(): Promise<LocalPushService> {
    return new LocalPushService(await PushReceiver.start());
  }

  close(): Promise<void> {
    return this.receiver.close();
  }

  /**
   * Makes this context's PushManager subscribe at the receiver (keeping the subscription across page
   * loads, as a browser does), and hands pushes for it to `page`'s service worker for `origin`.
   */
  async serve(context: BrowserContext, page: Page, origin: string): Promise<void> {
    const cdp = await context.newCDPSession(page);
    let registrationId: string | null = null;
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const live = registrations.find((registration) => !registration.isDeleted);
      if (live) registrationId = live.registrationId;
    });
    await cdp.send('ServiceWorker.enable');
    await context.exposeBinding('newsroomPushSubscribe', async (_source, applicationServerKey: string) => {
      const subscription = this.receiver.subscribe({ applicationServerKey });
      this.relays.set(subscription.id, { cdp, origin, registrationId: () => registrationId });
      return subscription;
    });
    await context.addInitScript(() => {
      const STORE = 'local-push-subscription';
      const base64Url = (bytes: ArrayBuffer | ArrayBufferView) =>
        btoa(String.fromCharCode(...new Uint8Array('buffer' in bytes ? bytes.buffer : bytes)))
          .replace(/\+/g, '-')
          .replace(/\//g, '_')
          .replace(/=+$/, '');
      type Stored = { endpoint: string; keys: { p256dh: string; auth: string } };
      const asSubscription = (stored: Stored) =>
        ({
          endpoint: stored.endpoint,
          expirationTime: null,
          options: { userVisibleOnly: true, applicationServerKey: null },
          toJSON: () => ({ endpoint: stored.endpoint, expirationTime: null, keys: stored.keys }),
          unsubscribe: async () => {
            localStorage.removeItem(STORE);
            return true;
          },
        }) as unknown as PushSubscription;
      PushManager.prototype.subscribe = async function subscribe(options?: PushSubscriptionOptionsInit) {
        if (Notification.permission !== 'granted') throw new DOMException('Registration failed - permission denied', 'NotAllowedError');
        const key = options?.applicationServerKey;
        if (!key) throw new DOMException('applicationServerKey is required', 'InvalidAccessError');
        const given = typeof key === 'string' ? key : base64Url(key);
        const stored = (await (window as unknown as { newsroomPushSubscribe: (key: string) => Promise<Stored> }).newsroomPushSubscribe(
          given,
        )) as Stored;
        localStorage.setItem(STORE, JSON.stringify(stored));
        return asSubscription(stored);
      };
      PushManager.prototype.getSubscription = async function getSubscription() {
        const stored = localStorage.getItem(STORE);
        return stored ? asSubscription(JSON.parse(stored) as Stored) : null;
      };
    });
  }
}

/** The notifications the page's service worker shows now. */
export function shownNotifications(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration('/');
    const shown = registration ? await registration.getNotifications() : [];
    return shown.map((notification) => ({
      title: notification.title,
      body: notification.body,
      tag: notification.tag,
      icon: notification.icon,
      badge: notification.badge,
      data: notification.data as unknown,
    }));
  });
}
