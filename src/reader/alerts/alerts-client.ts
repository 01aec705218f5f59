/**
 * A reader's browser and the alerts API (docs/product/api-alerts.md), for the Alerts island and the
 * service worker alike: only what both a page and a worker have (fetch, the Cache API).
 */

/** What this browser follows, kept in the Cache API: the one store the page and the service worker share. */
const STORE = 'newsroom-alerts';
const TOPICS_KEY = '/alerts/topics';

export async function storedTopics(): Promise<string[] | null> {
  try {
    const cache = await caches.open(STORE);
    const stored = await cache.match(TOPICS_KEY);
    const topics: unknown = stored ? await stored.json() : null;
    return Array.isArray(topics) && topics.every((topic) => typeof topic === 'string') ? topics : null;
  } catch {
    return null;
  }
}

export async function storeTopics(topics: readonly string[] | null): Promise<void> {
  try {
    const cache = await caches.open(STORE);
    if (topics === null) await cache.delete(TOPICS_KEY);
    else await cache.put(TOPICS_KEY, new Response(JSON.stringify(topics), { headers: { 'Content-Type': 'application/json' } }));
  } catch {
    // Storage refused (a private window): the server still has the topics; the panel shows fewer ticks.
  }
}

/** The VAPID public key as the bytes PushManager.subscribe takes; null when the server has alerts off (503). */
export async function applicationServerKey(): Promise<Uint8Array<ArrayBuffer> | null> {
  const res = await fetch('/api/push/key');
  if (!res.ok) return null;
  const { publicKey } = (await res.json()) as { publicKey: string };
  const base64 = publicKey.replace(/-/g, '+').replace(/_/g, '/');
  return Uint8Array.from(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')), (c) => c.charCodeAt(0));
}

export type SaveOutcome = { ok: true; topics: string[] } | { ok: false; message: string };

/** Tells the server this subscription wants these topics (the same endpoint again replaces them). */
export async function saveSubscription(subscription: PushSubscriptionJSON, topics: readonly string[]): Promise<SaveOutcome> {
  let res: Response;
  try {
    res = await fetch('/api/push/subscriptions', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ subscription: { endpoint: subscription.endpoint, keys: subscription.keys }, topics }),
    });
  } catch {
    return { ok: false, message: 'The newsroom could not be reached. Check your connection and try again.' };
  }
  if (res.ok) return { ok: true, topics: ((await res.json()) as { topics: string[] }).topics };
  const body = (await res.json().catch(() => null)) as { error?: { message?: string; fields?: Record<string, string> } } | null;
  if (res.status === 429) return { ok: false, message: 'Too many tries from here. Wait a minute and try again.' };
  const field = body?.error?.fields ? Object.values(body.error.fields)[0] : undefined;
  return { ok: false, message: field ?? body?.error?.message ?? 'Alerts could not be turned on. Try again later.' };
}

/** Tells the server to forget this subscription. */
export async function forgetSubscription(endpoint: string): Promise<boolean> {
  try {
    const res = await fetch('/api/push/subscriptions', {
      method: 'DELETE',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ endpoint }),
    });
    return res.ok;
  } catch {
    return false;
  }
}
